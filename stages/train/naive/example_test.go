package naive_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/naive"
)

// toy is a small weather-like table: outlook {sunny, rainy}, windy {no, yes},
// class play {yes, no}.
func toy() *dataset.Dataset {
	schema := dataset.Schema{
		Features: []dataset.Attribute{
			{Name: "outlook", Values: []string{"sunny", "rainy"}},
			{Name: "windy", Values: []string{"no", "yes"}},
		},
		Class: dataset.Attribute{Name: "play", Values: []string{"yes", "no"}},
	}
	x := [][]uint8{{0, 0}, {0, 0}, {0, 1}, {1, 0}, {1, 1}, {1, 1}, {0, 0}}
	y := []uint8{0, 0, 1, 0, 1, 1, 1}
	d, err := dataset.FromRows(schema, x, y)
	if err != nil {
		panic(err)
	}
	return d
}

func ExampleNaiveBayes() {
	d := toy()
	m, err := naive.NaiveBayes{}.Fit(d, d.All(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	x := []uint8{0, 1} // sunny, windy
	// P(yes) ∝ 4/9 · 3/5 · 1/5, P(no) ∝ 5/9 · 3/6 · 4/6
	fmt.Printf("posterior %.4f, class %d\n", m.Posterior(x), m.Predict(x))
	// Output: posterior [0.2236 0.7764], class 1
}

func ExampleIntuitive() {
	d := toy()
	m, err := naive.Intuitive{}.Fit(d, d.All(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	// (sunny, no) was seen 3 times: twice yes, once no.
	fmt.Println(m.Antecedents(), m.Predict([]uint8{0, 0}))
	// Output: 4 0
}

func ExampleMajority() {
	d := toy()
	m, err := naive.Majority{}.Fit(d, d.All(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Predict([]uint8{1, 0})) // 4 rows of "no" to 3 of "yes"
	// Output: 1
}

func ExampleRandom() {
	d := toy()
	m, err := naive.Random{}.Fit(d, d.All(), rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	// μ_X on an evaluation set with 5 "yes" and 5 "no" rows: (3/7 + 4/7) / 2.
	fmt.Printf("priors %.4f, expected accuracy %.2f\n", m.Priors(), m.ExpectedAccuracy([]int{5, 5}))
	// Output: priors [0.4286 0.5714], expected accuracy 0.50
}
