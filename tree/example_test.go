package tree_test

import (
	"fmt"
	"os"

	"github.com/dtbench/dtbench/tree"
)

// Build Quinlan's PlayTennis tree, classify one day and print the tree the
// way Weka's Id3 does.
func ExampleWriteText() {
	// Features: outlook {sunny, overcast, rainy}, humidity {high, normal},
	// windy {TRUE, FALSE}; classes {yes, no}.
	names := tree.Names{
		Features: []string{"outlook", "humidity", "windy"},
		Values:   [][]string{{"sunny", "overcast", "rainy"}, {"high", "normal"}, {"TRUE", "FALSE"}},
		Classes:  []string{"yes", "no"},
	}
	b := tree.NewBuilder([]int{3, 2, 2}, 2)
	root := b.Root()
	b.SetCounts(root, []int{9, 5})
	byOutlook := b.SplitMultiway(root, 0)
	byHumidity := b.SplitMultiway(byOutlook[0], 1)
	b.SetLeaf(byHumidity[0], 1)
	b.SetLeaf(byHumidity[1], 0)
	b.SetLeaf(byOutlook[1], 0)
	byWind := b.SplitMultiway(byOutlook[2], 2)
	b.SetLeaf(byWind[0], 1)
	b.SetLeaf(byWind[1], 0)
	for n, c := range [][]int{{2, 3}, {4, 0}, {3, 2}, {0, 3}, {2, 0}, {0, 2}, {3, 0}} {
		b.SetCounts(n+1, c)
	}
	t := b.Tree()
	if err := t.Validate(); err != nil {
		fmt.Println(err)
		return
	}

	day := []uint8{2, 0, 1} // rainy, high humidity, no wind
	fmt.Println("play:", names.Class(t.Predict(day)), "path:", t.Path(t.Apply(day)))
	if err := tree.WriteText(os.Stdout, t, names); err != nil {
		fmt.Println(err)
	}
	// Output:
	// play: yes path: [0 3 7]
	// outlook = sunny
	// |  humidity = high: no (3)
	// |  humidity = normal: yes (2)
	// outlook = overcast: yes (4)
	// outlook = rainy
	// |  windy = TRUE: no (2)
	// |  windy = FALSE: yes (3)
}
