package chart

import (
	"image/png"
	"io"
	"sync"

	"gonum.org/v1/plot/vg/vgimg"
)

// pngCanvas is vgimg's image canvas written as PNG at zlib's fastest
// level, with the encoder's buffers reused across figures. A report's
// figures are most of a small run's time, and vgimg.PngCanvas's default
// level spent most of that compressing: the pixels are the same, the file
// a little larger.
type pngCanvas struct {
	*vgimg.Canvas
}

// pngEncoder is the one encoder every figure's PNG goes through; Encode
// is safe for concurrent use (its state is per call, its buffers pooled).
var pngEncoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: new(pngBuffers)}

// pngBuffers is a png.EncoderBufferPool on a sync.Pool: figures are
// rendered side by side.
type pngBuffers struct{ pool sync.Pool }

func (p *pngBuffers) Get() *png.EncoderBuffer {
	b, _ := p.pool.Get().(*png.EncoderBuffer)
	return b
}

func (p *pngBuffers) Put(b *png.EncoderBuffer) { p.pool.Put(b) }

// WriteTo writes the canvas' image to w as PNG (io.WriterTo).
func (c pngCanvas) WriteTo(w io.Writer) (int64, error) {
	cw := &countingWriter{w: w}
	err := pngEncoder.Encode(cw, c.Image())
	return cw.n, err
}

// countingWriter counts the bytes written through it, for WriteTo's count.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
