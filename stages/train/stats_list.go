package train

// The tables and gains of list nodes: rows packed into lane words and
// grouped by class (rows.go), counted a class segment at a time
// (laneSums), or, for a feature left unpacked, through the rows' indices.

// gain returns the information gain of feature f's split at the node,
// InfoGain(s.Table(f), s.Classes()) bit for bit. With two classes and a
// binary feature it is infoGain2x2's sum with the node's terms n log2 n −
// Σ_c n_c log2 n_c computed once per node (the table's column sums are the
// node's class counts).
func (s *nodeStats) gain(f int) float64 {
	if s.binary && s.bits == nil {
		// Every feature binary in lane f of one lane word, two classes,
		// a list node: the table straight from the lane slots.
		if !s.lanesOK {
			s.countLanes()
		}
		if !s.lanes.wide {
			sl := s.lanes.slots[:6]
			j, sh := f%3, uint(9*(f/3))
			c, d := int(sl[j]>>sh&511), int(sl[3+j]>>sh&511)
			a, b := s.counts[0]-c, s.counts[1]-d
			t := s.tab[4*f : 4*f+4]
			t[0], t[1], t[2], t[3] = a, b, c, d
			s.stamp[f] = s.epoch
			return s.gain2x2(a, b, c, d)
		}
	}
	if s.k != 2 || s.domains[f] != 2 {
		return InfoGain(s.Table(f), s.k)
	}
	t := s.tab[s.off[f] : s.off[f]+4]
	if s.stamp[f] != s.epoch {
		s.stamp[f] = s.epoch
		if pf := &s.layout.feat[f]; s.bits == nil && pf.packed {
			// binaryTable, inline
			if !s.lanesOK {
				s.countLanes()
			}
			t[2], t[3] = s.lanes.get(0, pf.lane), s.lanes.get(1, pf.lane)
			t[0], t[1] = s.counts[0]-t[2], s.counts[1]-t[3]
		} else {
			s.fill(t, f)
		}
	}
	return s.gain2x2(t[0], t[1], t[2], t[3])
}

// gain2x2 is gain's sum for the two-class table [a b; c d] of a binary
// feature at the node.
func (s *nodeStats) gain2x2(a, b, c, d int) float64 {
	n := a + b + c + d
	tab := s.xlogx
	if n >= len(tab) {
		return infoGainSlow([]int{a, b, c, d}, 2)
	}
	if n == 0 {
		return 0
	}
	if !s.baseOK {
		s.base = tab[n] - (tab[a+c] + tab[b+d])
		s.baseOK = true
	}
	xvc := tab[a] + tab[b] + tab[c] + tab[d]
	xv := tab[a+b] + tab[c+d]
	return max(0, (s.base-xv+xvc)/float64(n))
}

// binaryTable is packedTable for a binary feature and two classes:
// value 1 from the lanes, value 0 by subtraction.
func (s *nodeStats) binaryTable(t []int, f int) {
	if !s.lanesOK {
		s.countLanes()
	}
	l := s.layout.feat[f].lane
	t[2], t[3] = s.lanes.get(0, l), s.lanes.get(1, l)
	t[0], t[1] = s.counts[0]-t[2], s.counts[1]-t[3]
}

// countLanes counts the list node's lanes, class by class.
func (s *nodeStats) countLanes() {
	W := int32(s.layout.words)
	a := &s.store.arena[s.list.side()]
	s.lanes.count(a.words[s.list.lo*W:s.list.hi*W], int(W), s.counts, s.list.rev(), s.seg)
	s.lanesOK = true
}

// packedTable fills t with feature f's table for a list node from its
// lane counts, counting them first if this is the node's first packed
// table; row 0 follows by subtraction.
func (s *nodeStats) packedTable(t []int, f int) {
	if len(t) == 4 {
		s.binaryTable(t, f)
		return
	}
	if !s.lanesOK {
		s.countLanes()
	}
	base := s.layout.feat[f].lane
	k := s.k
	clear(t)
	rest := t[:k]
	copy(rest, s.counts)
	for v := 1; v < s.domains[f]; v++ {
		l := base + v - 1
		row := t[v*k : (v+1)*k]
		for c := range row {
			if s.counts[c] > 0 {
				x := s.lanes.get(c, l)
				row[c] = x
				rest[c] -= x
			}
		}
	}
}

// listTable fills t with feature f's table for a list node, in one pass
// over its rows' column values through their indices. With two values
// and two classes (the oracle study's case) it sums codes in registers instead of incrementing counters in
// memory: n1 = Σ x_f counts value 1, n11 = Σ x_f·y counts value 1 and
// class 1, and the other cells follow from the node's counts.
func (s *nodeStats) listTable(t []int, f int) {
	col, lab := s.d.Column(f), s.labels
	if s.k == 2 && s.domains[f] == 2 {
		// Two accumulator pairs halve the loop's dependency chains.
		n1, n11, m1, m11 := 0, 0, 0, 0
		list := s.store.listOf(s.list).idx
		for len(list) >= 2 {
			x, y := int(col[list[0]]), int(col[list[1]])
			n1 += x
			n11 += x & int(lab[list[0]])
			m1 += y
			m11 += y & int(lab[list[1]])
			list = list[2:]
		}
		for _, r := range list {
			x := int(col[r])
			n1 += x
			n11 += x & int(lab[r])
		}
		n1, n11 = n1+m1, n11+m11
		t[2], t[3] = n1-n11, n11
		t[0], t[1] = s.counts[0]-t[2], s.counts[1]-t[3]
		return
	}
	clear(t)
	k := s.k
	for _, r := range s.store.listOf(s.list).idx {
		t[int(col[r])*k+int(lab[r])]++
	}
}
