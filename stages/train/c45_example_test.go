package train_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/dtbench/dtbench/stages/train"
)

// ExampleC45 builds C4.5 from the registry with J48's defaults (pruned)
// and fits it on the PlayTennis data: J48's published tree, with the
// (yes, no) counts of the training rows at each leaf. Pruning keeps every
// split here; a confidence outside (0, 0.5] is an input error.
func ExampleC45() {
	d := playTennis()
	learner, err := train.New(train.Spec{Name: "c45"})
	if err != nil {
		fmt.Println(err)
		return
	}
	model, err := learner.Fit(d, d.All(), rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	printTree(model.(train.TreeModel).Tree(), d.Schema(), 0, "")

	_, err = train.New(train.Spec{Name: "c45", Options: map[string]any{"confidence": 0.75}})
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
	// learners.c45.confidence: must be in (0, 0.5], got 0.75
}
