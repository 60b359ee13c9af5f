package generate

import (
	"encoding/binary"
	"math/rand/v2"

	"github.com/dtbench/dtbench/tree"
)

// Complete's fast path for binary features: when every feature is binary
// and the input space is small next to the sample, each row's input index
// Σ_f x_f·2^f is computed while its bits are drawn, and its leaf is looked
// up in a table of every input's leaf, which is cheaper to fill than
// walking the tree for every row.

// maxTableFeatures bounds the table at 2^20 entries (4 MiB).
const maxTableFeatures = 20

// binaryFast reports whether Complete takes the fast path for q rows.
func binaryFast(domains []int, q int) bool {
	if len(domains) > maxTableFeatures {
		return false
	}
	for _, z := range domains {
		if z != 2 {
			return false
		}
	}
	return 1<<len(domains) <= 4*q
}

// spread8[b] holds the eight bits of byte b as eight bytes, bit j in byte
// j: eight binary codes at once, ready for one 8-byte store.
var spread8 = func() (t [256]uint64) {
	for b := range t {
		for j := range 8 {
			t[b] |= uint64(b>>j&1) << (8 * j)
		}
	}
	return t
}()

// fillBinary fills binary columns of q rows each, drawing exactly as
// fillUniform does (column by column, 64 rows per rng.Uint64, low bits
// first), and returns table[i] for each row, i being the row's input index
// Σ_f x_f·2^f. It works eight rows at a time: a random byte becomes eight
// codes through spread8, and the same eight codes shifted by f mod 8 are
// or-ed into a plane that gathers features 8p..8p+7 of those rows, one
// byte per row.
func fillBinary(cols [][]uint8, q int, rng *rand.Rand, table []int32) []int32 {
	groups := (q + 7) / 8
	np := (len(cols) + 7) / 8
	planes := make([]uint64, np*groups)
	for f, col := range cols {
		plane := planes[f/8*groups : (f/8+1)*groups]
		shift := uint(f % 8)
		for i := 0; i < q; i += 64 {
			u := rng.Uint64()
			for r := i; r < min(i+64, q); r += 8 {
				s := spread8[byte(u)]
				u >>= 8
				if r+8 <= q {
					binary.LittleEndian.PutUint64(col[r:], s)
				} else {
					for j := range col[r:] {
						col[r+j] = byte(s >> (8 * j))
					}
				}
				plane[r/8] |= s << shift
			}
		}
	}
	out := make([]int32, q)
	for r := range out {
		g, shift := r/8, 8*uint(r%8)
		i := 0
		for p := np - 1; p >= 0; p-- {
			i = i<<8 | int(byte(planes[p*groups+g]>>shift))
		}
		out[r] = table[i]
	}
	return out
}

// binaryLeafTable returns the leaf of every input of t, whose features
// are all binary, by input index Σ_f x_f·2^f. A depth-first walk carries
// the index bits its path fixes; at a leaf every setting of the other bits
// (the free features) is written, so each entry is written once.
func binaryLeafTable(t *tree.Tree) []int32 {
	m := len(t.Domains)
	table := make([]int32, 1<<m)
	all := uint32(1)<<m - 1
	var walk func(n int32, base, fixed uint32)
	walk = func(n int32, base, fixed uint32) {
		f := t.Feature[n]
		if f == tree.Leaf {
			free := all &^ fixed
			for s := free; ; s = (s - 1) & free {
				table[base|s] = n
				if s == 0 {
					return
				}
			}
		}
		kids := t.Children(int(n))
		bit := uint32(1) << f
		switch {
		case fixed&bit != 0: // tested again: only the path's value goes on
			walk(kids[(base>>f)&1], base, fixed)
		case kids[0] == kids[1]: // both values lead on: still free
			walk(kids[0], base, fixed)
		default:
			walk(kids[0], base, fixed|bit)
			walk(kids[1], base|bit, fixed|bit)
		}
	}
	walk(0, 0, 0)
	return table
}
