package tree

// Distribution writes to dst (len Classes) the class probabilities the
// tree gives input x, as Weka's J48 computes them: the class counts of
// the leaf x reaches, normalized; where x would enter a branch that no
// training row took (zero counts), the counts of the node above it — the
// parent's distribution. A tree without counts puts probability 1 on its
// prediction.
func (t *Tree) Distribution(x []uint8, dst []float64) {
	clear(dst)
	if len(t.Counts) == 0 {
		dst[t.Predict(x)] = 1
		return
	}
	n := 0
	for t.Feature[n] != Leaf {
		next := int(t.Child[int(t.Offset[n])+int(x[t.Feature[n]])])
		if countsTotal(t.NodeCounts(next)) == 0 {
			break
		}
		n = next
	}
	counts := t.NodeCounts(n)
	total := countsTotal(counts)
	if total == 0 {
		dst[t.Class[t.Apply(x)]] = 1
		return
	}
	for c, k := range counts {
		dst[c] = float64(k) / float64(total)
	}
}

func countsTotal(counts []int32) int64 {
	var n int64
	for _, c := range counts {
		n += int64(c)
	}
	return n
}
