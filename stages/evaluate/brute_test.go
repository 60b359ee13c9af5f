package evaluate

import (
	"math"
	"testing"

	"github.com/dtbench/dtbench/tree"
)

// This file holds the two brute-force references the walk is checked
// against. Neither shares code with walk.

// pair is an (oracle leaf, learned leaf) pair.
type pair struct{ o, l int }

// leafBoxes returns, for every leaf of t that some input reaches, the
// per-feature value sets its path allows: the intersection, along
// tree.Path, of the values leading from each node to the next. Leaves no
// input reaches (an empty set) are left out.
func leafBoxes(t *tree.Tree) map[int][]uint64 {
	boxes := map[int][]uint64{}
	for n := range t.Len() {
		if !t.IsLeaf(n) {
			continue
		}
		box := make([]uint64, len(t.Domains))
		for f, z := range t.Domains {
			box[f] = fullMask(z)
		}
		path := t.Path(n)
		for i := 0; i+1 < len(path); i++ {
			p, c := path[i], path[i+1]
			f := int(t.Feature[p])
			var to uint64
			for v, ch := range t.Children(p) {
				if int(ch) == c {
					to |= 1 << v
				}
			}
			box[f] &= to
		}
		reachable := true
		for _, s := range box {
			if s == 0 {
				reachable = false
			}
		}
		if reachable {
			boxes[n] = box
		}
	}
	return boxes
}

// pathPairs decides compatibility of every (oracle leaf, learned leaf) pair
// by intersecting the two paths' value constraints, and returns the
// compatible pairs with whether their classes match.
func pathPairs(oracle, learned *tree.Tree) map[pair]bool {
	ob, lb := leafBoxes(oracle), leafBoxes(learned)
	out := map[pair]bool{}
	for o, obox := range ob {
		for l, lbox := range lb {
			ok := true
			for f := range obox {
				if obox[f]&lbox[f] == 0 {
					ok = false
					break
				}
			}
			if ok {
				out[pair{o, l}] = oracle.Class[o] == learned.Class[l]
			}
		}
	}
	return out
}

// enumerate runs both trees on every input and returns the share of inputs
// on which they agree and, per pair of leaves reached, how many inputs
// reach it; total is the number of inputs.
func enumerate(oracle, learned *tree.Tree) (agreement float64, inputs map[pair]int, total int) {
	m := len(oracle.Domains)
	x := make([]uint8, m)
	inputs = map[pair]int{}
	same := 0
	for {
		o, l := oracle.Apply(x), learned.Apply(x)
		inputs[pair{o, l}]++
		if oracle.Class[o] == learned.Class[l] {
			same++
		}
		total++
		f := 0
		for ; f < m; f++ {
			x[f]++
			if int(x[f]) < oracle.Domains[f] {
				break
			}
			x[f] = 0
		}
		if f == m {
			return float64(same) / float64(total), inputs, total
		}
	}
}

// checkBruteForce compares the walk of oracle and learned with both
// references: the pairs it reports (each exactly once), their count, the
// consistent count, each pair's share and the agreement.
func checkBruteForce(t *testing.T, oracle, learned *tree.Tree) {
	t.Helper()
	got, err := Compare(oracle, learned)
	if err != nil {
		t.Fatalf("Compare: %v", err)
	}
	seen := map[pair]float64{}
	sumShares := 0.0
	walked := walk(oracle, learned, func(o, l int, share float64) {
		if _, dup := seen[pair{o, l}]; dup {
			t.Errorf("pair (%d, %d) visited twice", o, l)
		}
		seen[pair{o, l}] = share
		sumShares += share
	})
	if walked != got {
		t.Errorf("walk = %+v; Compare = %+v", walked, got)
	}

	byPath := pathPairs(oracle, learned)
	wantConsistent := int64(0)
	for p, same := range byPath {
		if same {
			wantConsistent++
		}
		if _, ok := seen[p]; !ok {
			t.Errorf("compatible pair %v (by paths) not visited", p)
		}
	}
	for p := range seen {
		if _, ok := byPath[p]; !ok {
			t.Errorf("visited pair %v is not compatible by paths", p)
		}
	}
	if got.Compatible != int64(len(byPath)) || got.Consistent != wantConsistent {
		t.Errorf("Compare = %d consistent / %d compatible; paths give %d / %d",
			got.Consistent, got.Compatible, wantConsistent, len(byPath))
	}

	agree, inputs, total := enumerate(oracle, learned)
	if len(inputs) != len(byPath) {
		t.Errorf("enumeration reaches %d pairs; paths give %d", len(inputs), len(byPath))
	}
	for p, n := range inputs {
		if want := float64(n) / float64(total); math.Abs(seen[p]-want) > 1e-12 {
			t.Errorf("share of pair %v = %.15g; enumeration gives %d/%d = %.15g", p, seen[p], n, total, want)
		}
	}
	if math.Abs(got.Agreement-agree) > 1e-12 {
		t.Errorf("Agreement = %.15g; enumeration gives %.15g", got.Agreement, agree)
	}
	if math.Abs(sumShares-1) > 1e-12 {
		t.Errorf("pair shares sum to %.15g; want 1", sumShares)
	}
}
