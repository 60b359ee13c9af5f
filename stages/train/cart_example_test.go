package train_test

import (
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/dtbench/dtbench/stages/train"
	"github.com/dtbench/dtbench/tree"
)

// ExampleCART builds CART from the registry, unpruned as the oracle study
// runs it, and fits it on the PlayTennis data: binary splits on value
// subsets, a feature tested again on the values left (outlook), and the
// (rows/errors) of each leaf. With SimpleCart's defaults (cost-complexity
// pruning by 5-fold cross-validation) the tree is pruned back.
func ExampleCART() {
	d := playTennis()
	names := tree.NamesOf(d.Schema())
	for _, run := range []struct {
		name string
		opts map[string]any
	}{{"unpruned", map[string]any{"pruning": "none"}}, {"SimpleCart's defaults", nil}} {
		learner, err := train.New(train.Spec{Name: "cart", Options: run.opts})
		if err != nil {
			fmt.Println(err)
			return
		}
		model, err := learner.Fit(d, d.All(), rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(run.name + ":")
		if err := tree.WriteText(os.Stdout, model.(train.TreeModel).Tree(), names); err != nil {
			fmt.Println(err)
		}
	}

	_, err := train.New(train.Spec{Name: "cart", Options: map[string]any{"pruning": "rep"}})
	fmt.Println(err)
	// Output:
	// unpruned:
	// outlook in {sunny, rainy}
	// |  humidity = high
	// |  |  outlook in {sunny, overcast}: no (3)
	// |  |  outlook = rainy: yes (2/1)
	// |  humidity = normal
	// |  |  windy = TRUE: yes (2/1)
	// |  |  windy = FALSE: yes (3)
	// outlook = overcast: yes (4)
	// SimpleCart's defaults:
	// outlook in {sunny, rainy}
	// |  humidity = high: no (5/1)
	// |  humidity = normal: yes (5/1)
	// outlook = overcast: yes (4)
	// learners.cart.pruning: must be "none" or "ccp", got "rep"
}
