//go:build amd64

package exact

import "golang.org/x/sys/cpu"

// triplesAVX512 says whether splitTriples1 runs its AVX-512 kernel, which
// takes eight third features a step where the Go loop takes one: the CPU
// must have AVX-512 F, BW, DQ and VPOPCNTDQ, and BMI2. Tests switch it to
// compare the kernel with the loop.
var triplesAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512DQ &&
	cpu.X86.HasAVX512VPOPCNTDQ && cpu.X86.HasBMI2

// splitTriples1AVX512 is splitTriples1's loop over the triples: fw holds
// the q free features' words (at most 64 points), k0 the points of class
// 0, signs laneSigns, and m the nine matrices of pairWords.all, which it reads and updates
// as the loop does.
//
//go:noescape
func splitTriples1AVX512(fw *uint64, q int, k0, signs uint64, m *uint64)
