package exact

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// index is an open-addressing hash table (linear probing) from closure
// keys to entry ids. The keys live in the searcher's key arena, so an
// insertion allocates nothing and a lookup compares bytes in place.
type index struct {
	slots []int32 // entry id + 1; 0 marks an empty slot
	used  int
}

// hashKey mixes a key eight bytes at a time.
func hashKey(key []byte) uint64 {
	h := uint64(len(key)) * 0x9e3779b97f4a7c15
	for len(key) >= 8 {
		h = bits.RotateLeft64((h^binary.LittleEndian.Uint64(key))*0xbf58476d1ce4e5b9, 31)
		key = key[8:]
	}
	var tail [8]byte
	copy(tail[:], key)
	h = (h ^ binary.LittleEndian.Uint64(tail[:])) * 0x94d049bb133111eb
	return h ^ h>>29
}

// find returns the entry with key, or false.
func (s *searcher) find(key []byte) (int32, bool) {
	if len(s.index.slots) == 0 {
		return 0, false
	}
	mask := uint64(len(s.index.slots) - 1)
	for i := hashKey(key) & mask; ; i = (i + 1) & mask {
		id := s.index.slots[i] - 1
		if id < 0 {
			return 0, false
		}
		if bytes.Equal(s.key(id), key) {
			return id, true
		}
	}
}

// insert adds entry id, whose key is in the arena and absent from the
// table, growing the table to keep it at most half full.
func (s *searcher) insert(id int32) {
	ix := &s.index
	if 2*(ix.used+1) > len(ix.slots) {
		// Rehash in entry order, which reads the keys in their order.
		ix.slots = make([]int32, max(1024, 2*len(ix.slots)))
		for old := range id {
			s.place(old)
		}
	}
	s.place(id)
	ix.used++
}

// place puts id in the first free slot of its probe sequence.
func (s *searcher) place(id int32) {
	mask := uint64(len(s.index.slots) - 1)
	i := hashKey(s.key(id)) & mask
	for s.index.slots[i] != 0 {
		i = (i + 1) & mask
	}
	s.index.slots[i] = id + 1
}
