//go:build !amd64

package exact

// triplesAVX512 is false off amd64: splitTriples1 runs its Go loop.
var triplesAVX512 = false

func splitTriples1AVX512(fw *uint64, q int, k0, signs uint64, m *uint64) {
	panic("exact: splitTriples1AVX512 off amd64")
}
