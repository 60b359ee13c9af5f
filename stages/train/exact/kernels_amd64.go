//go:build amd64 && !purego

package exact

import "golang.org/x/sys/cpu"

// useAVX512 says whether purity2 (its pairs, triples and cells) and
// conflictScores run their AVX-512 kernels (kernels_amd64.s), which take
// eight features or rows a step where the Go loops take one: the CPU must
// have AVX-512 F, BW, DQ and VPOPCNTDQ, and BMI2. Tests switch it to
// compare the kernels with the loops (forEachPath).
var useAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512DQ &&
	cpu.X86.HasAVX512VPOPCNTDQ && cpu.X86.HasBMI2

// splitTriples1AVX512 is splitTriples1's loop over the triples: fw holds
// the q free features' words (at most 64 points), k0 the points of class
// 0, signs laneSigns, and m the nine matrices of pairWords.all, which it
// reads and updates as the loop does.
//
//go:noescape
func splitTriples1AVX512(fw *uint64, q int, k0, signs uint64, m *uint64)

// closeRowsAVX512 sets bit j of masks[i], for i < ⌈n/8⌉, when rows[8i+j]
// differs from rp in at most limit bits, and clears the others.
//
//go:noescape
func closeRowsAVX512(rp uint64, rows *uint64, n int, limit uint64, masks *uint8)

// pairWordsAVX512 is purity2's loop over the pairs for at most 64 points:
// fw and k0 as for splitTriples1AVX512, one0 and oneN the features' counts
// of points with value 1 (class 0, all), n0 and n the totals, units the
// words acWord(1, 0), acWord(0, 1) and bcWord(1), m pairWords.all, and
// cells the byte matrix of purity2, of stride qs (≥ q rounded up to
// eight, with eight bytes to spare past its last row).
//
//go:noescape
func pairWordsAVX512(fw *uint64, q int, k0 uint64, one0, oneN *uint64, n0, n uint64, units *[3]uint64, m *uint64, cells *uint8, qs int)

// cellsAVX512 is fitCells: q free features, m pairWords.all, cells the
// byte matrix (stride qs), consts the masks and products of splitCells.
//
//go:noescape
func cellsAVX512(q int, m *uint64, cells *uint8, qs int, consts *[6]uint64)
