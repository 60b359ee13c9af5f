package grow

import "github.com/dtbench/dtbench/dataset"

// partition divides the rows of list node r among its branches, where a
// row whose value of feature f is v goes to branch group[v]; sizes[g] is
// the number of rows of branch g. Branch g's rows take the g-th part of
// r's window, and out[g] is set to them: in the other arena, rows in
// order; in the oracle study's case (partition2), branch 0 in place and
// branch 1 in the other arena, backwards.
func (s *rowStore) partition(r rowSet, f int, group []int, sizes []int, out []rowSet) {
	side := 1 - r.side()
	pf := &s.layout.feat[f]
	W := s.layout.words
	if len(sizes) == 2 && W == 1 && !s.layout.unpacked && pf.mask == 1 {
		// A binary feature, one word per row and nothing beside it: the
		// oracle study's case, in one branch-free pass. Branch 1 is
		// written backwards, so its classes' order reverses.
		mid := r.lo + int32(sizes[0])
		out[0], out[1] = listIn(r.side(), r.rev(), r.lo, mid), listIn(side, !r.rev(), mid, r.hi)
		partition2(s.arena[r.side()].words[r.lo:r.hi], s.arena[side].words[r.lo:r.hi], pf.shift, uint64(group[0]))
		return
	}
	start := s.start[:len(sizes)]
	o := 0
	for g, n := range sizes {
		start[g] = o
		out[g] = listIn(side, r.rev(), r.lo+int32(o), r.lo+int32(o+n))
		o += n
	}
	src, dst := s.listOf(r), s.window(side, r.lo, r.hi)
	br := s.branch[:src.n]
	if pf.packed {
		// Each value's branch from a table of MaxValues entries, so
		// that neither read is bounds-checked.
		var branchOf [dataset.MaxValues]uint8
		for v, g := range group {
			branchOf[v] = uint8(g)
		}
		if W == 1 {
			words := src.words[:len(br)]
			for i, x := range words {
				br[i] = branchOf[pf.value(x)&(dataset.MaxValues-1)]
			}
		} else {
			words := src.words
			for i := range br {
				br[i] = branchOf[pf.value(words[i*W+pf.word])&(dataset.MaxValues-1)]
			}
		}
	} else {
		col := s.d.Column(f)
		for i, x := range src.idx {
			br[i] = uint8(group[col[x]])
		}
	}
	pos := s.pos[:len(sizes)]
	switch W {
	case 0:
	case 1:
		copy(pos, start)
		scatter(src.words, dst.words, br, pos)
	default:
		copy(pos, start)
		scatterWords(src.words, dst.words, W, br, pos)
	}
	if src.idx != nil {
		copy(pos, start)
		scatter(src.idx, dst.idx, br, pos)
	}
}

// partition2 moves the rows of list whose bit shift, xor flip, is 0 to
// its front, in order, and writes the others to the back of other (the
// same window in the other arena), from the end. Every row is stored at
// both cursors and only its own cursor advances, so the loop has no
// branch to mispredict; a store at the wrong cursor lands in the part of
// the window the other branch does not use in that arena, or on a slot
// a later row overwrites. It is not inlined, so that its cursors stay in
// registers.
//
//go:noinline
func partition2(list, other []uint64, shift uint, flip uint64) {
	other = other[:len(list)]
	shift &= 63
	i, j := 0, len(list)-1
	for _, x := range list {
		b := int(x>>shift&1 ^ flip)
		list[i] = x
		other[j] = x
		i += 1 - b
		j -= b
	}
}

// scatter copies src to dst stably grouped by branch: row i goes to
// slot pos[br[i]] of dst, which then advances.
func scatter[T any](src, dst []T, br []uint8, pos []int) {
	dst = dst[:len(src)]
	for i, b := range br {
		dst[pos[b]] = src[i]
		pos[b]++
	}
}

// scatterWords is scatter for rows of W lane words.
func scatterWords(src, dst []uint64, W int, br []uint8, pos []int) {
	dst = dst[:len(src)]
	for i, b := range br {
		p := pos[b] * W
		copy(dst[p:p+W], src[i*W:(i+1)*W])
		pos[b]++
	}
}
