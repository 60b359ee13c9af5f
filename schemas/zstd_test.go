package schemas

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/apache/arrow/go/v17/parquet/compress"
	"github.com/klauspost/compress/zstd"
)

// TestZstdCodecSameBytes compares the registered codec with what Arrow's
// own codec does for every page: a fresh encoder with the same options.
func TestZstdCodecSameBytes(t *testing.T) {
	codec, err := compress.GetCodec(compress.Codecs.Zstd)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := codec.(*pooledZstd); !ok {
		t.Fatalf("registered zstd codec is %T; want *pooledZstd", codec)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	inputs := [][]byte{nil, []byte("a"), bytes.Repeat([]byte("train"), 5000)}
	for _, n := range []int{100, 70_000, 1 << 20} {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.IntN(4)) // compressible noise
		}
		inputs = append(inputs, b)
	}
	for _, level := range []int{1, 3, compress.DefaultCompressionLevel, 9} {
		for i, in := range inputs {
			for range 2 { // the second call reuses the encoder
				fresh, err := zstd.NewWriter(nil, zstd.WithZeroFrames(true), zstd.WithEncoderLevel(arrowZstdLevel(level)))
				if err != nil {
					t.Fatal(err)
				}
				want := fresh.EncodeAll(in, nil)
				if got := codec.EncodeLevel(nil, in, level); !bytes.Equal(got, want) {
					t.Fatalf("level %d input %d: pooled codec gives %d bytes, a fresh encoder %d", level, i, len(got), len(want))
				}
				if back := codec.Decode(nil, want); !bytes.Equal(back, in) && len(in) > 0 {
					t.Fatalf("level %d input %d: round trip differs", level, i)
				}
			}
		}
	}
}
