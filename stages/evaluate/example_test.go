package evaluate_test

import (
	"fmt"

	"github.com/dtbench/dtbench/stages/evaluate"
	"github.com/dtbench/dtbench/tree"
)

// An oracle with a three-way test on f0 and a learned tree with CART's
// binary subset split {0} | {1, 2}: four leaf pairs are compatible, three
// consistent, and the trees agree on 5 of the 6 inputs.
func ExampleCompare() {
	domains := []int{3, 2} // f0 ∈ {0,1,2}, f1 ∈ {0,1}

	ob := tree.NewBuilder(domains, 2)
	f0 := ob.SplitMultiway(ob.Root(), 0)
	ob.SetLeaf(f0[0], 0)
	ob.SetLeaf(f0[1], 1)
	f1 := ob.SplitMultiway(f0[2], 1)
	ob.SetLeaf(f1[0], 0)
	ob.SetLeaf(f1[1], 1)

	lb := tree.NewBuilder(domains, 2)
	kids := lb.Split(lb.Root(), 0, []int{0, 1, 1})
	lb.SetLeaf(kids[0], 0)
	lb.SetLeaf(kids[1], 1)

	e, err := evaluate.Compare(ob.Tree(), lb.Tree())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("compatible %d, consistent %d, DOE %.3f, agreement %.3f\n",
		e.Compatible, e.Consistent, e.DOE(), e.Agreement)
	// Output: compatible 4, consistent 3, DOE 0.750, agreement 0.833
}

// A learner at 90% accuracy removes three quarters of the majority
// benchmark's errors when that benchmark scores 60%, and loses a share of
// the hits of a benchmark that scores 95%.
func ExampleGamma() {
	majority := evaluate.MajorityAccuracy([]int{60, 40}, []int{6, 4})
	fmt.Printf("μ_V %.2f, γ^V %.3f\n", majority, evaluate.Gamma(0.9, majority))
	fmt.Printf("γ against 0.95: %.3f\n", evaluate.Gamma(0.9, 0.95))
	fmt.Printf("μ_X %.2f\n", evaluate.RandomAccuracy([]int{60, 40}, []int{6, 4}))
	// Output:
	// μ_V 0.60, γ^V 0.750
	// γ against 0.95: -0.053
	// μ_X 0.52
}
