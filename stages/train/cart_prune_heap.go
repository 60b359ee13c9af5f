package train

// The weakest-link heap of cartPruner: its inner nodes in the order of
// SimpleCart's nodeToPrune, indexed (at) so that a node whose alpha or
// leaf count changes is moved in place. Every key change is followed at
// once by fix, so the heap never holds two stale keys.

// weakest returns the inner node of least alpha (ties: more leaves, then
// preorder), or false when the tree is a single leaf.
func (p *cartPruner) weakest() (int32, bool) {
	if len(p.heap) == 0 {
		return 0, false
	}
	return p.heap[0], true
}

// before reports whether inner node a comes before b in SimpleCart's
// nodeToPrune: least alpha, then more leaves, then preorder.
func (p *cartPruner) before(a, b int32) bool {
	if p.alpha[a] != p.alpha[b] {
		return p.alpha[a] < p.alpha[b]
	}
	if p.leaves[a] != p.leaves[b] {
		return p.leaves[a] > p.leaves[b]
	}
	return p.pos[a] < p.pos[b]
}

// fix restores node i's place in the heap after its alpha or leaf count
// changed.
func (p *cartPruner) fix(i int32) {
	if !p.heapOn || p.at[i] < 0 {
		return
	}
	if j := int(p.at[i]); !p.down(j) {
		p.up(j)
	}
}

// remove takes node i out of the heap, if there.
func (p *cartPruner) remove(i int32) {
	if !p.heapOn || p.at[i] < 0 {
		return
	}
	j, last := int(p.at[i]), len(p.heap)-1
	p.at[i] = -1
	if j != last {
		x := p.heap[last]
		p.heap[j] = x
		p.at[x] = int32(j)
	}
	p.heap = p.heap[:last]
	if j != last && !p.down(j) {
		p.up(j)
	}
}

func (p *cartPruner) up(j int) {
	h := p.heap
	x := h[j]
	for j > 0 {
		parent := (j - 1) / 2
		if !p.before(x, h[parent]) {
			break
		}
		h[j] = h[parent]
		p.at[h[j]] = int32(j)
		j = parent
	}
	h[j] = x
	p.at[x] = int32(j)
}

// down sifts heap entry j down and reports whether it moved.
func (p *cartPruner) down(j int) bool {
	h := p.heap
	x, start := h[j], j
	for {
		c := 2*j + 1
		if c >= len(h) {
			break
		}
		if c+1 < len(h) && p.before(h[c+1], h[c]) {
			c++
		}
		if !p.before(h[c], x) {
			break
		}
		h[j] = h[c]
		p.at[h[j]] = int32(j)
		j = c
	}
	h[j] = x
	p.at[x] = int32(j)
	return j != start
}
