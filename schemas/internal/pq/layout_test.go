package pq

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/klauspost/compress/zstd"
	pqzstd "github.com/parquet-go/parquet-go/compress/zstd"
)

// TestCompressPageIsParquetGos: a page compressed by the long-lived
// encoder has the bytes parquet-go's zstd codec gives it at our level, on
// empty, tiny, repetitive and random bodies up to a few blocks, called
// one after another on the same encoder.
func TestCompressPageIsParquetGos(t *testing.T) {
	codec := &pqzstd.Codec{Level: zstd.EncoderLevelFromZstd(ZstdLevel)}
	rng := rand.New(rand.NewPCG(1, 2))
	bodies := [][]byte{nil, {7}, bytes.Repeat([]byte{1, 2, 3}, 50000)}
	for _, n := range []int{100, 4096, 200_000, 600_000} {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.IntN(4)) // compressible, as codes are
		}
		bodies = append(bodies, b)
	}
	var dst []byte
	for _, body := range bodies {
		want, err := codec.Encode(nil, body)
		if err != nil {
			t.Fatal(err)
		}
		dst = compressPage(dst, body)
		if !bytes.Equal(dst, want) {
			t.Errorf("body of %d bytes: %d compressed bytes, parquet-go's codec %d, or other bytes", len(body), len(dst), len(want))
		}
	}
}
