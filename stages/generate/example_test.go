package generate_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/dtbench/dtbench/stages/generate"
)

// An oracle study draws an oracle, a training sample and a held-out test
// sample from one generator seeded by the task.
func Example() {
	rng := rand.New(rand.NewPCG(1, 2))
	spec := generate.OracleSpec{Domains: []int{2, 2, 2, 2, 2, 2}, Classes: 2, Depth: 3}
	oracle, err := generate.Oracle(spec, rng)
	if err != nil {
		fmt.Println(err)
		return
	}
	schema := generate.Schema(spec)
	train, err := generate.Unique(oracle, schema, 20, rng)
	if err != nil {
		fmt.Println(err)
		return
	}
	test, err := generate.Complete(oracle, schema, 1000, rng)
	if err != nil {
		fmt.Println(err)
		return
	}
	covered := map[int32]bool{}
	for _, leaf := range train.Rules {
		covered[leaf] = true
	}
	fmt.Printf("oracle: depth %d, %d rules\n", oracle.Depth(), oracle.Leaves())
	fmt.Printf("train: %d distinct rows covering %d rules\n", train.Data.Len(), len(covered))
	fmt.Printf("test: %d rows\n", test.Data.Len())

	_, err = generate.Unique(oracle, schema, 65, rng)
	fmt.Println(err)
	// Output:
	// oracle: depth 3, 8 rules
	// train: 20 distinct rows covering 8 rules
	// test: 1000 rows
	// unique sample: oracle.sizes: unique mode: size 65 exceeds the 64 distinct inputs
}

// Noise flips about p of the training labels to another class.
func ExampleAddNoise() {
	rng := rand.New(rand.NewPCG(3, 4))
	spec := generate.OracleSpec{Domains: []int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2}, Classes: 2, Depth: 5}
	oracle, _ := generate.Oracle(spec, rng)
	clean, _ := generate.Complete(oracle, generate.Schema(spec), 3000, rng)
	noisy := generate.AddNoise(clean, 0.1, rng)
	flipped := 0
	for r := range clean.Data.Len() {
		if clean.Data.Label(r) != noisy.Data.Label(r) {
			flipped++
		}
	}
	fmt.Println(flipped > 240 && flipped < 360)
	// Output: true
}
