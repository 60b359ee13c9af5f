package schemas

import (
	"sync"

	"github.com/apache/arrow/go/v17/parquet/compress"
	"github.com/klauspost/compress/zstd"
)

// Arrow's zstd codec builds a new encoder for every page it compresses at a
// given level, which costs about 0.25 ms and 1 MB of garbage per page: a
// results file of a few dozen rows took 6 ms of CPU, most of it there. This
// codec keeps one encoder per level and delegates everything else to
// Arrow's codec. The encoders are built with the same options as Arrow's,
// and EncodeAll carries no state between calls, so the bytes are the same
// (TestZstdCodecSameBytes checks it).
//
// Arrow keeps its codecs in an unguarded map meant to be filled from init
// functions, so this is registered in init, before any goroutine can read
// the map. It affects every Arrow Parquet writer in the process, which is
// the intent: they all get the same bytes, faster.
func init() {
	base, err := compress.GetCodec(compress.Codecs.Zstd)
	if err != nil {
		return // no zstd in Arrow: nothing to speed up
	}
	compress.RegisterCodec(compress.Codecs.Zstd, &pooledZstd{Codec: base})
}

// pooledZstd is Arrow's zstd codec with one reusable encoder per level.
type pooledZstd struct {
	compress.Codec
	mu       sync.Mutex
	encoders map[int]*zstd.Encoder
}

// EncodeLevel compresses src at level as Arrow's codec does.
func (z *pooledZstd) EncodeLevel(dst, src []byte, level int) []byte {
	return z.encoder(level).EncodeAll(src, dst[:0])
}

// encoder returns the shared encoder of level, building it on first use.
// EncodeAll is safe for concurrent use.
func (z *pooledZstd) encoder(level int) *zstd.Encoder {
	z.mu.Lock()
	defer z.mu.Unlock()
	if e, ok := z.encoders[level]; ok {
		return e
	}
	e, err := zstd.NewWriter(nil, zstd.WithZeroFrames(true), zstd.WithEncoderLevel(arrowZstdLevel(level)))
	if err != nil {
		// Options are constants; NewWriter fails only on invalid ones.
		panic("schemas: zstd encoder: " + err.Error())
	}
	if z.encoders == nil {
		z.encoders = map[int]*zstd.Encoder{}
	}
	z.encoders[level] = e
	return e
}

// arrowZstdLevel maps a level as Arrow's codec does.
func arrowZstdLevel(level int) zstd.EncoderLevel {
	if level == compress.DefaultCompressionLevel {
		return zstd.SpeedDefault
	}
	return zstd.EncoderLevelFromZstd(level)
}
