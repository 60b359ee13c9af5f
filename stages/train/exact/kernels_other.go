//go:build !amd64

package exact

// useAVX512 is false off amd64: purity2 and conflictScores run their Go
// loops.
var useAVX512 = false

func splitTriples1AVX512(fw *uint64, q int, k0, signs uint64, m *uint64) {
	panic("exact: splitTriples1AVX512 off amd64")
}

func closeRowsAVX512(rp uint64, rows *uint64, n int, limit uint64, masks *uint8) {
	panic("exact: closeRowsAVX512 off amd64")
}

func pairWordsAVX512(fw *uint64, q int, k0 uint64, one0, oneN *uint64, n0, n uint64, units *[3]uint64, m *uint64, cells *uint8, qs int) {
	panic("exact: pairWordsAVX512 off amd64")
}

func cellsAVX512(q int, m *uint64, cells *uint8, qs int, consts *[6]uint64) {
	panic("exact: cellsAVX512 off amd64")
}
