package smo_test

import (
	"fmt"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/smo"
)

// weather is Quinlan's nominal weather data (Weka's weather.nominal.arff).
func weather() *dataset.Dataset {
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

// The machine Weka 3.6 prints for this data (java weka.classifiers.functions.SMO
// -t weather.nominal.arff): outlook one-hot (3 weights), temperature one-hot (3),
// humidity and windy as their codes, and the bias.
func Example() {
	d := weather()
	m, err := smo.Learner{Options: smo.DefaultOptions()}.Fit(d, d.All(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	w, b, _ := m.Machine(0, 1)
	fmt.Printf("w = %.4f\nb = %.4f\n", w, b)

	x := []uint8{0, 1, 0, 0} // sunny, mild, high, windy
	dist := make([]float64, 2)
	m.Distribution(x, dist)
	fmt.Println("class", m.Predict(x), "votes", dist)
	// Output:
	// w = [0.5430 -1.0266 0.4837 0.2834 -0.2614 -0.0219 -1.0219 -0.7872]
	// b = -0.1354
	// class 1 votes [0 1]
}

// With probabilities, each pair's output goes through a logistic model fitted
// to the training outputs (Platt scaling, Weka's -M).
func ExampleOptions_probabilities() {
	d := weather()
	o := smo.DefaultOptions()
	o.Probabilities = true
	m, err := smo.Learner{Options: o}.Fit(d, d.All(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	dist := make([]float64, 2)
	m.Distribution([]uint8{2, 1, 1, 1}, dist) // rainy, mild, normal, not windy
	fmt.Printf("class %d, P = %.3f\n", m.Predict([]uint8{2, 1, 1, 1}), dist)
	// Output: class 0, P = [1.000 0.000]
}
