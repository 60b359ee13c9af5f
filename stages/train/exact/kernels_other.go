//go:build !amd64 || purego

package exact

// useAVX512 is false off amd64, and under the purego build tag (the
// kernels are then not built): purity2 and conflictScores run their Go
// loops, which every CPU runs and the kernels are checked against.
var useAVX512 = false

func splitTriples1AVX512(fw *uint64, q int, k0, signs uint64, m *uint64) {
	panic("exact: splitTriples1AVX512 without the kernels (off amd64 or purego)")
}

func closeRowsAVX512(rp uint64, rows *uint64, n int, limit uint64, masks *uint8) {
	panic("exact: closeRowsAVX512 without the kernels (off amd64 or purego)")
}

func pairWordsAVX512(fw *uint64, q int, k0 uint64, one0, oneN *uint64, n0, n uint64, units *[3]uint64, m *uint64, cells *uint8, qs int) {
	panic("exact: pairWordsAVX512 without the kernels (off amd64 or purego)")
}

func cellsAVX512(q int, m *uint64, cells *uint8, qs int, consts *[6]uint64) {
	panic("exact: cellsAVX512 without the kernels (off amd64 or purego)")
}
