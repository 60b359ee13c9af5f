package grow

// The tables of list nodes: rows packed into lane words and grouped by
// class (rows.go), counted a class segment at a time (laneSums), or, for
// a feature left unpacked, through the rows' indices.

// binaryTable is packedTable for a binary feature and two classes:
// value 1 from the lanes, value 0 by subtraction.
func (s *Node) binaryTable(t []int, f int) {
	if !s.lanesOK {
		s.countLanes()
	}
	l := s.layout.feat[f].lane
	t[2], t[3] = s.lanes.get(0, l), s.lanes.get(1, l)
	t[0], t[1] = s.counts[0]-t[2], s.counts[1]-t[3]
}

// countLanes counts the list node's lanes, class by class.
func (s *Node) countLanes() {
	W := int32(s.layout.words)
	a := &s.store.arena[s.list.side()]
	s.lanes.count(a.words[s.list.lo*W:s.list.hi*W], int(W), s.counts, s.list.rev(), s.seg)
	s.lanesOK = true
	s.fast = s.binary && !s.lanes.wide
}

// packedTable fills t with feature f's table for a list node from its
// lane counts, counting them first if this is the node's first packed
// table; row 0 follows by subtraction.
func (s *Node) packedTable(t []int, f int) {
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
func (s *Node) listTable(t []int, f int) {
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
