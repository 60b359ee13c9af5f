package exact

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestIndexFindsWhatItHolds fills the index through lookupN with random
// keys of every length from 1 to 30 bytes, past several rehashes, and
// checks that every key finds its own entry, that a second lookup creates
// nothing, and that absent keys are not found. Keys of one length that
// differ in a single byte, anywhere, must stay apart: the hash reads a
// short tail through the bytes before it.
func TestIndexFindsWhatItHolds(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for m := 1; m <= 30; m++ {
		d := randomData(t, rng, binaryDomains(m), 2, 4, true)
		s := newSearcher(newProblem(d, d.All()), false, m, time.Time{}, false)
		n := 3000
		if m == 1 {
			n = 256 // every key of one byte
		}
		keys := map[string]int32{}
		for len(keys) < n {
			for i := range s.buf {
				s.buf[i] = byte(rng.IntN(256))
			}
			if m == 1 {
				s.buf[0] = byte(len(keys))
			}
			if _, dup := keys[string(s.buf)]; dup {
				continue
			}
			before := s.count
			id := s.lookupN(1, nil)
			if id != before || s.count != before+1 {
				t.Fatalf("m=%d: new key got entry %d of %d", m, id, s.count)
			}
			keys[string(s.buf)] = id
		}
		if len(s.index.slots) < 2*n {
			t.Fatalf("m=%d: %d slots for %d keys", m, len(s.index.slots), n)
		}
		for k, id := range keys {
			copy(s.buf, k)
			if got := s.lookupN(1, nil); got != id || s.count != int32(n) {
				t.Fatalf("m=%d: key of entry %d found %d (%d entries)", m, id, got, s.count)
			}
			// The same key with one byte changed is another key.
			i := rng.IntN(m)
			s.buf[i]++
			got, ok := s.find(s.buf, hashKey(s.buf))
			if want, held := keys[string(s.buf)]; ok != held || got != want {
				t.Fatalf("m=%d: key with byte %d changed found entry %d (%v), want %d (%v)", m, i, got, ok, want, held)
			}
		}
	}
}
