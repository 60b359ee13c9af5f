package smo

import (
	"math/bits"

	"github.com/dtbench/dtbench/dataset"
)

// encoding is the binary coding Weka's SMO trains on, that of its
// NominalToBinary filter followed by Normalize:
//
//   - a feature of Z > 2 values becomes Z coordinates, one per value in
//     domain order, exactly one of them 1 (one-hot);
//   - a feature of two values stays one coordinate holding its code (the
//     first value is 0, the second 1); a feature of one value is one
//     coordinate that is always 0;
//   - Normalize rescales numeric attributes only, and NominalToBinary's
//     outputs are nominal, so it changes nothing: every coordinate is 0 or 1,
//     and a column that is constant in training stays as it is.
//
// Coordinates follow the features in schema order, so a row's active
// coordinates ascend with its features. Rows are packed as bitsets of words
// uint64s; the dot product of two rows, the linear kernel, is then an AND
// and a popcount per word, an exact integer as in Weka.
type encoding struct {
	dims   int     // number of coordinates
	words  int     // uint64 words per packed row
	offset []int   // offset[f]: index of (f, 0) in coord
	coord  []int32 // coord[offset[f]+v]: the coordinate set when feature f = v, or -1
}

func newEncoding(domains []int) encoding {
	e := encoding{offset: make([]int, len(domains))}
	for f, z := range domains {
		e.offset[f] = len(e.coord)
		switch {
		case z > 2:
			for range z {
				e.coord = append(e.coord, int32(e.dims))
				e.dims++
			}
		default:
			e.coord = append(e.coord, -1)
			if z == 2 {
				e.coord = append(e.coord, int32(e.dims))
			}
			e.dims++
		}
	}
	e.words = (e.dims + 63) / 64
	return e
}

// pack writes the packed rows of d listed in rows, in that order, into a
// fresh slice of len(rows)*words words.
func (e *encoding) pack(d *dataset.Dataset, rows []int) []uint64 {
	out := make([]uint64, len(rows)*e.words)
	for f := range e.offset {
		col := d.Column(f)
		cf := e.coord[e.offset[f]:]
		for i, r := range rows {
			if c := cf[col[r]]; c >= 0 {
				out[i*e.words+int(c>>6)] |= 1 << (c & 63)
			}
		}
	}
	return out
}

// dot is the linear kernel of two packed rows: the number of coordinates
// both have set.
func dot(a, b []uint64) int {
	n := 0
	for w, x := range a {
		n += bits.OnesCount64(x & b[w])
	}
	return n
}

// ones is the number of set coordinates of a packed row, its kernel with
// itself.
func ones(a []uint64) int {
	n := 0
	for _, x := range a {
		n += bits.OnesCount64(x)
	}
	return n
}
