package train_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train"
	"github.com/dtbench/dtbench/tree"
)

// playTennis is Quinlan's weather data: outlook, temperature, humidity,
// windy → play.
func playTennis() *dataset.Dataset {
	schema := dataset.Schema{
		Features: []dataset.Attribute{
			{Name: "outlook", Values: []string{"sunny", "overcast", "rainy"}},
			{Name: "temperature", Values: []string{"hot", "mild", "cool"}},
			{Name: "humidity", Values: []string{"high", "normal"}},
			{Name: "windy", Values: []string{"TRUE", "FALSE"}},
		},
		Class: dataset.Attribute{Name: "play", Values: []string{"yes", "no"}},
	}
	x := [][]uint8{
		{0, 0, 0, 1}, {0, 0, 0, 0}, {1, 0, 0, 1}, {2, 1, 0, 1}, {2, 2, 1, 1}, {2, 2, 1, 0}, {1, 2, 1, 0},
		{0, 1, 0, 1}, {0, 2, 1, 1}, {2, 1, 1, 1}, {0, 1, 1, 0}, {1, 1, 0, 0}, {1, 0, 1, 1}, {2, 1, 0, 0},
	}
	y := []uint8{1, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1}
	d, err := dataset.FromRows(schema, x, y)
	if err != nil {
		panic(err)
	}
	return d
}

// printTree writes node n of t and its subtree, one test value per line.
func printTree(t *tree.Tree, s dataset.Schema, n int, indent string) {
	if t.IsLeaf(n) {
		fmt.Printf("%s (%v)\n", s.Class.Values[t.Class[n]], t.NodeCounts(n))
		return
	}
	f := t.Feature[n]
	fmt.Println(s.Features[f].Name)
	for v, c := range t.Children(n) {
		fmt.Printf("%s  %s: ", indent, s.Features[f].Values[v])
		printTree(t, s, int(c), indent+"  ")
	}
}

// ExampleID3 builds ID3 from the registry, as the pipeline does from
// config, and fits it on the PlayTennis data: the textbook tree, with the
// (yes, no) counts of the training rows at each leaf.
func ExampleID3() {
	d := playTennis()
	learner, err := train.New(train.Spec{Name: "id3"})
	if err != nil {
		fmt.Println(err)
		return
	}
	model, err := learner.Fit(d, d.All(), rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	t := model.(train.TreeModel).Tree()
	printTree(t, d.Schema(), 0, "")

	day := []uint8{0, 2, 1, 0} // sunny, cool, normal humidity, windy
	fmt.Println("sunny, cool, normal humidity, windy:", d.Schema().Class.Values[model.Predict(day)])

	// Bad options are input errors naming their config key.
	_, err = train.New(train.Spec{Name: "id3", Options: map[string]any{"max_depth": -2}})
	fmt.Println(err)
	// Output:
	// outlook
	//   sunny: humidity
	//     high: no ([0 3])
	//     normal: yes ([2 0])
	//   overcast: yes ([4 0])
	//   rainy: windy
	//     TRUE: no ([0 2])
	//     FALSE: yes ([3 0])
	// sunny, cool, normal humidity, windy: yes
	// learners.id3.max_depth: must be >= 0 (0 = no limit), got -2
}
