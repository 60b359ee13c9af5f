package exact

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// index is an open-addressing hash table (linear probing) from closure
// keys to entry ids. The keys live in the searcher's key arena, so an
// insertion allocates nothing and a lookup compares bytes in place.
//
// A slot holds, beside the entry id, the low 32 bits of its key's hash:
// its tag. A probe compares tags first, so a key that is not in the table
// — most lookups of a search, which creates most of its entries — reads
// no key at all, and a rehash places every entry by its tag without
// reading or hashing keys again. Tables stay below 2^32 slots, so a
// slot's position is its tag masked.
type index struct {
	slots []uint64 // tag<<32 | (entry id + 1); 0 marks an empty slot
	used  int
}

// slotOf packs an entry id and its key's hash into a slot.
func slotOf(id int32, hash uint64) uint64 { return hash<<32 | uint64(id+1) }

// slotID returns the entry id of a used slot.
func slotID(slot uint64) int32 { return int32(uint32(slot)) - 1 }

// sameTag reports whether a used slot's tag is that of hash.
func sameTag(slot, hash uint64) bool { return uint32(slot>>32) == uint32(hash) }

// hashKey mixes a key eight bytes at a time; a tail shorter than eight
// bytes is read as the key's last eight, which overlap the words before.
func hashKey(key []byte) uint64 {
	h := uint64(len(key)) * 0x9e3779b97f4a7c15
	rest := key
	for len(rest) >= 8 {
		h = bits.RotateLeft64((h^binary.LittleEndian.Uint64(rest))*0xbf58476d1ce4e5b9, 31)
		rest = rest[8:]
	}
	var last uint64
	switch {
	case len(rest) == 0:
	case len(key) >= 8:
		last = binary.LittleEndian.Uint64(key[len(key)-8:])
	default:
		var tail [8]byte
		copy(tail[:], rest)
		last = binary.LittleEndian.Uint64(tail[:])
	}
	h = (h ^ last) * 0x94d049bb133111eb
	return h ^ h>>29
}

// find returns the entry with key, whose hash is hash, or false.
func (s *searcher) find(key []byte, hash uint64) (int32, bool) {
	if len(s.index.slots) == 0 {
		return 0, false
	}
	mask := uint64(len(s.index.slots) - 1)
	for i := hash & mask; ; i = (i + 1) & mask {
		slot := s.index.slots[i]
		if slot == 0 {
			return 0, false
		}
		if id := slotID(slot); sameTag(slot, hash) && bytes.Equal(s.key(id), key) {
			return id, true
		}
	}
}

// insert adds entry id, whose key (of hash hash) is in the arena and
// absent from the table, growing the table to keep it at most half full.
func (s *searcher) insert(id int32, hash uint64) {
	ix := &s.index
	if 2*(ix.used+1) > len(ix.slots) {
		old := ix.slots
		ix.slots = make([]uint64, max(1024, 2*len(old)))
		for _, slot := range old {
			if slot != 0 {
				s.place(slot)
			}
		}
	}
	s.place(slotOf(id, hash))
	ix.used++
}

// place puts a slot in the first free position of its probe sequence.
func (s *searcher) place(slot uint64) {
	mask := uint64(len(s.index.slots) - 1)
	i := slot >> 32 & mask
	for s.index.slots[i] != 0 {
		i = (i + 1) & mask
	}
	s.index.slots[i] = slot
}
