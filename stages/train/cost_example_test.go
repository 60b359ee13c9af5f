package train_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/stages/train"
)

// A cost-sensitive learner is built from config like any other, then
// given the dataset's cost model before it fits: on Quinlan's weather
// data, EG2 with unit costs tests outlook first; with outlook costing 50
// (a forecast to buy) and humidity and windy sharing a sensor's common
// cost of 2, it starts with humidity.
func ExampleWithCosts() {
	d := playTennis()
	l, err := train.New(train.Spec{Name: "eg2", Options: map[string]any{"pruning": "none"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	spec := &costs.Spec{
		Tests:  map[string]float64{"outlook": 50, "temperature": 5, "humidity": 1, "windy": 1},
		Groups: map[string]costs.GroupSpec{"sensor": {Common: 2, Members: []string{"humidity", "windy"}}},
		Matrix: [][]float64{{0, 10}, {10, 0}},
	}
	var names []string
	for _, a := range d.Schema().Features {
		names = append(names, a.Name)
	}
	model, err := spec.Resolve(names, d.Classes())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range []*costs.Model{nil, model} {
		fit, err := train.WithCosts(l, m).Fit(d, d.All(), rand.New(rand.NewPCG(1, 1)))
		if err != nil {
			fmt.Println(err)
			return
		}
		t := fit.(train.TreeModel).Tree()
		fmt.Println("root:", names[t.Feature[0]])
	}
	// Output:
	// root: outlook
	// root: humidity
}
