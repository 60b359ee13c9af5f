//go:build amd64

package exact

import "golang.org/x/sys/cpu"

// useAVX512 says whether splitTriples1 and conflictScores run their
// AVX-512 kernels, which take eight features or rows a step where the Go
// loops take one: the CPU must have AVX-512 F, BW, DQ and VPOPCNTDQ, and
// BMI2. Tests switch it to compare the kernels with the loops.
var useAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512DQ &&
	cpu.X86.HasAVX512VPOPCNTDQ && cpu.X86.HasBMI2

// splitTriples1AVX512 is splitTriples1's loop over the triples: fw holds
// the q free features' words (at most 64 points), k0 the points of class
// 0, signs laneSigns, and m the nine matrices of pairWords.all, which it reads and updates
// as the loop does.
//
//go:noescape
func splitTriples1AVX512(fw *uint64, q int, k0, signs uint64, m *uint64)

// closeRowsAVX512 sets bit j of masks[i], for i < ⌈n/8⌉, when rows[8i+j]
// differs from rp in at most limit bits, and clears the others.
//
//go:noescape
func closeRowsAVX512(rp uint64, rows *uint64, n int, limit uint64, masks *uint8)
