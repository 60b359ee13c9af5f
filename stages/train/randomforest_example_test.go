package train_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/dtbench/dtbench/stages/train"
)

// ExampleRandomForest builds a forest of 10 trees (Weka 3.6's default;
// dtbench's, as Weka 3.8's, is 100) from the registry and fits it on the
// PlayTennis data. Each tree is a RandomTree grown on its own bootstrap
// sample, so the trees differ and their root counts sum to the 14 draws,
// repeats included; the forest's class probabilities are the mean of the
// trees' leaf distributions, and its prediction their argmax.
func ExampleRandomForest() {
	d := playTennis()
	learner, err := train.New(train.Spec{Name: "randomforest", Options: map[string]any{"trees": 10}})
	if err != nil {
		fmt.Println(err)
		return
	}
	model, err := learner.Fit(d, d.All(), rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	forest := model.(*train.ForestModel)
	names := d.Schema().Features
	for i, t := range forest.Trees()[:3] {
		fmt.Printf("tree %d: root %s, root counts %v\n", i, names[t.Feature[0]].Name, t.NodeCounts(0))
	}

	day := []uint8{0, 2, 1, 0} // sunny, cool, normal humidity, windy
	p := make([]float64, d.Classes())
	forest.Distribution(day, p)
	fmt.Printf("sunny, cool, normal humidity, windy: p(yes) = %.3f, p(no) = %.3f: %s\n",
		p[0], p[1], d.Schema().Class.Values[forest.Predict(day)])

	_, err = train.New(train.Spec{Name: "randomforest", Options: map[string]any{"trees": 0}})
	fmt.Println(err)
	// Output:
	// tree 0: root humidity, root counts [9 5]
	// tree 1: root outlook, root counts [10 4]
	// tree 2: root temperature, root counts [9 5]
	// sunny, cool, normal humidity, windy: p(yes) = 0.600, p(no) = 0.400: yes
	// learners.randomforest.trees: must be >= 1, got 0
}
