package smo

// unboundSet is Weka's SMOset for I0, the examples with 0 < α < C, kept
// as a dense array for fast iteration. Weka's SMOset is a linked list into
// which a new member is inserted at the front, and its iteration order
// decides ties when SMO picks bLow and bUp: among equal errors the first
// member in list order wins. List order is the order of decreasing
// insertion time (a deletion does not reorder the others, and inserting
// a member already present does nothing), so each member carries the time
// of its insertion and a tie goes to the latest; this is the same choice,
// without the pointer chasing.
type unboundSet struct {
	pos     []int32  // pos[i]: index of example i in members, or -1
	stamp   []uint64 // stamp[i]: when example i was last inserted
	members []int32
	rows    []uint64 // rows[k]: the packed row of members[k], for one-word rows
	clock   uint64
}

// reset empties the set for n examples, reusing its storage.
func (s *unboundSet) reset(n int) {
	s.pos = grow(s.pos, n)
	for i := range s.pos {
		s.pos[i] = -1
	}
	s.stamp = grow(s.stamp, n)
	s.members = s.members[:0]
	s.rows = s.rows[:0]
	s.clock = 0
}

func (s *unboundSet) contains(i int32) bool { return s.pos[i] >= 0 }

// insert adds example i, whose packed row is row when rows are one word.
func (s *unboundSet) insert(i int32, row uint64) {
	if s.pos[i] >= 0 {
		return
	}
	s.pos[i] = int32(len(s.members))
	s.members = append(s.members, i)
	s.rows = append(s.rows, row)
	s.clock++
	s.stamp[i] = s.clock
}

func (s *unboundSet) delete(i int32) {
	k := s.pos[i]
	if k < 0 {
		return
	}
	last := len(s.members) - 1
	j := s.members[last]
	s.members[k], s.rows[k] = j, s.rows[last]
	s.pos[j] = k
	s.members, s.rows = s.members[:last], s.rows[:last]
	s.pos[i] = -1
}

// grow returns s resliced to length n, reallocating when its capacity is
// smaller.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
