package unixcompress

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// Magic is the first two bytes of a .Z file.
var Magic = [2]byte{0x1f, 0x9d}

const (
	minBits   = 9
	maxBits   = 16
	blockMode = 0x80
	bitsMask  = 0x1f
	clearCode = 256
)

// ErrCorrupt reports a code that no table of the stream can hold.
var ErrCorrupt = errors.New("unixcompress: corrupt input")

// Reader decompresses a .Z stream.
type Reader struct {
	r       *bufio.Reader
	err     error // sticky: io.EOF at the end of the codes
	block   bool
	maxBits uint
	maxCode int // 1 << maxBits: table entries never reach it

	bits    uint // current code width
	limit   int  // the last entry this width can name
	free    int  // next free table entry
	inGroup int  // codes read in the current group of eight
	old     int  // previous code, -1 before the first
	fin     byte // first byte of the previous code's string

	acc   uint64 // bit buffer, least significant bits first
	nacc  uint
	atEOF bool

	prefix []uint16
	suffix []byte
	stack  []byte // the string of the current code, reversed
	out    []byte // decoded bytes not yet returned
}

// NewReader reads the header of a .Z stream from r and returns a Reader
// of its decompressed bytes.
func NewReader(r io.Reader) (*Reader, error) {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReader(r)
	}
	var h [3]byte
	if _, err := io.ReadFull(br, h[:]); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, errors.New("unixcompress: no header (the file is shorter than 3 bytes)")
		}
		return nil, err
	}
	if h[0] != Magic[0] || h[1] != Magic[1] {
		return nil, fmt.Errorf("unixcompress: not compressed data (magic %#02x %#02x, want 0x1f 0x9d)", h[0], h[1])
	}
	mb := uint(h[2] & bitsMask)
	if mb < minBits || mb > maxBits {
		return nil, fmt.Errorf("unixcompress: largest code width %d bits, want %d..%d", mb, minBits, maxBits)
	}
	z := &Reader{r: br, block: h[2]&blockMode != 0, maxBits: mb, maxCode: 1 << mb, old: -1,
		prefix: make([]uint16, 1<<mb), suffix: make([]byte, 1<<mb)}
	for i := range 256 {
		z.suffix[i] = byte(i)
	}
	z.restart()
	z.free = 256
	if z.block {
		z.free = 257
	}
	return z, nil
}

// restart sets the width back to 9 bits.
func (z *Reader) restart() {
	z.bits = minBits
	z.limit = 1<<minBits - 1
}

// Read implements io.Reader.
func (z *Reader) Read(p []byte) (int, error) {
	for len(z.out) == 0 {
		if z.err != nil {
			return 0, z.err
		}
		z.err = z.step()
	}
	n := copy(p, z.out)
	z.out = z.out[n:]
	return n, nil
}

// step decodes one code into z.out (which is left empty by a clear code).
func (z *Reader) step() error {
	z.out = z.out[:0]
	if z.free > z.limit {
		if err := z.skipGroup(); err != nil {
			return err
		}
		z.bits++
		if z.bits == z.maxBits {
			z.limit = z.maxCode
		} else {
			z.limit = 1<<z.bits - 1
		}
	}
	code, err := z.code()
	if err != nil {
		return err
	}
	if z.old < 0 {
		if code >= 256 {
			return fmt.Errorf("%w: first code %d is not a byte", ErrCorrupt, code)
		}
		z.old, z.fin = code, byte(code)
		z.out = append(z.out, byte(code))
		return nil
	}
	if code == clearCode && z.block {
		clear(z.prefix[:256])
		z.free = 256
		if err := z.skipGroup(); err != nil {
			return err
		}
		z.restart()
		return nil
	}
	in := code
	z.stack = z.stack[:0]
	if code >= z.free {
		if code > z.free {
			return fmt.Errorf("%w: code %d beyond the next free entry %d", ErrCorrupt, code, z.free)
		}
		z.stack = append(z.stack, z.fin) // the KwKwK case: the code being made
		code = z.old
	}
	for code >= 256 {
		z.stack = append(z.stack, z.suffix[code])
		code = int(z.prefix[code])
	}
	z.fin = z.suffix[code]
	z.stack = append(z.stack, z.fin)
	for i := len(z.stack) - 1; i >= 0; i-- {
		z.out = append(z.out, z.stack[i])
	}
	if z.free < z.maxCode {
		z.prefix[z.free] = uint16(z.old)
		z.suffix[z.free] = z.fin
		z.free++
	}
	z.old = in
	return nil
}

// code reads the next code of the current width; io.EOF when fewer bits
// than a code remain.
func (z *Reader) code() (int, error) {
	if err := z.fill(z.bits); err != nil {
		return 0, err
	}
	c := int(z.acc & (1<<z.bits - 1))
	z.acc >>= z.bits
	z.nacc -= z.bits
	z.inGroup = (z.inGroup + 1) % 8
	return c, nil
}

// skipGroup skips the padding to the end of the current group of eight
// codes, and starts a new group.
func (z *Reader) skipGroup() error {
	if z.inGroup == 0 {
		return nil
	}
	for n := 8 - z.inGroup; n > 0; n-- {
		if err := z.fill(z.bits); err != nil {
			return err
		}
		z.acc >>= z.bits
		z.nacc -= z.bits
	}
	z.inGroup = 0
	return nil
}

// fill makes at least n bits available, or returns io.EOF (the bits left
// are the end's padding) or the underlying reader's error.
func (z *Reader) fill(n uint) error {
	for z.nacc < n {
		if z.atEOF {
			return io.EOF
		}
		b, err := z.r.ReadByte()
		if err != nil {
			if errors.Is(err, io.EOF) {
				z.atEOF = true
				continue
			}
			return err
		}
		z.acc |= uint64(b) << z.nacc
		z.nacc += 8
	}
	return nil
}
