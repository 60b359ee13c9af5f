package smo

// smoSet is Weka's SMOset: a set of example indices with O(1) membership,
// insertion and deletion, kept as a doubly linked list into which new
// members are inserted at the front. The iteration order (most recently
// inserted first) decides ties when SMO picks bLow and bUp, so it is
// reproduced exactly.
type smoSet struct {
	in         []bool
	next, prev []int32
	first      int32
	n          int
}

func newSMOSet(size int) smoSet {
	return smoSet{in: make([]bool, size), next: make([]int32, size), prev: make([]int32, size), first: -1}
}

// reset empties the set for size elements, reusing its storage.
func (s *smoSet) reset(size int) {
	s.in = grow(s.in, size)
	clear(s.in)
	s.next = grow(s.next, size)
	s.prev = grow(s.prev, size)
	s.first, s.n = -1, 0
}

func (s *smoSet) contains(i int32) bool { return s.in[i] }

func (s *smoSet) insert(i int32) {
	if s.in[i] {
		return
	}
	if s.n == 0 {
		s.first = i
		s.next[i] = -1
		s.prev[i] = -1
	} else {
		s.prev[s.first] = i
		s.next[i] = s.first
		s.prev[i] = -1
		s.first = i
	}
	s.in[i] = true
	s.n++
}

func (s *smoSet) delete(i int32) {
	if !s.in[i] {
		return
	}
	if s.first == i {
		s.first = s.next[i]
	} else {
		s.next[s.prev[i]] = s.next[i]
	}
	if s.next[i] != -1 {
		s.prev[s.next[i]] = s.prev[i]
	}
	s.in[i] = false
	s.n--
}

// grow returns s resliced to length n, reallocating when its capacity is
// smaller.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
