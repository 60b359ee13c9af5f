package unixcompress

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

// TestFixtures decodes the streams ncompress made (testdata/make.sh,
// which checks each against gzip -d) and compares them with the input.
func TestFixtures(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("testdata", "text.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		file   string
		want   []byte
		clears bool // the stream has clear codes
		widest uint // the widest code it uses
	}{
		{"text.b10.Z", text, true, 10},
		{"text.b12.Z", text, true, 12},
		{"text.Z", text, false, 14},
		{"empty.Z", nil, false, 0},
		{"one.Z", []byte("x"), false, 9},
		{"noblock.Z", []byte("aaaa"), false, 9},
	} {
		t.Run(tc.file, func(t *testing.T) {
			z := open(t, tc.file)
			var got []byte
			clears, widest, free := 0, uint(0), z.free
			for {
				err := z.step()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatalf("step: %v", err)
				}
				if z.free < free {
					clears++
				}
				free = z.free
				widest = max(widest, z.bits)
				got = append(got, z.out...)
			}
			if !bytes.Equal(got, tc.want) {
				t.Fatalf("decoded %d bytes; want %d (first difference at %d)", len(got), len(tc.want), firstDiff(got, tc.want))
			}
			if (clears > 0) != tc.clears || widest != tc.widest {
				t.Errorf("%d clear codes, widest code %d bits; want clears %v, %d bits", clears, widest, tc.clears, tc.widest)
			}
			// The same through Read, a byte at a time from a reader that
			// returns half of what is asked.
			z = open(t, tc.file)
			z2, err := NewReader(iotest.HalfReader(bytes.NewReader(read(t, tc.file))))
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range []io.Reader{z, iotest.OneByteReader(z2)} {
				all, err := io.ReadAll(r)
				if err != nil || !bytes.Equal(all, tc.want) {
					t.Errorf("ReadAll: %d bytes, %v; want %d bytes", len(all), err, len(tc.want))
				}
			}
		})
	}
}

// TestErrors checks the refusals: a bad header, a code that no table can
// hold, a first code that is not a byte, and a reader's own error.
func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		header     bool // the error comes from NewReader
		want       string
	}{
		{"short", "\x1f\x9d", true, "no header"},
		{"gzip magic", "\x1f\x8b\x08\x00", true, "not compressed data (magic 0x1f 0x8b"},
		{"width 8", "\x1f\x9d\x88\x00", true, "largest code width 8 bits, want 9..16"},
		{"width 17", "\x1f\x9d\x91\x00", true, "largest code width 17 bits"},
		// 97, then 300 (the next free entry is 257).
		{"code beyond the table", "\x1f\x9d\x90" + pack(97, 300), false, "code 300 beyond the next free entry 257"},
		{"first code not a byte", "\x1f\x9d\x90" + pack(257), false, "first code 257 is not a byte"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			z, err := NewReader(strings.NewReader(tc.data))
			if !tc.header {
				if err != nil {
					t.Fatalf("NewReader: %v", err)
				}
				_, err = io.ReadAll(z)
				if !errors.Is(err, ErrCorrupt) {
					t.Errorf("error %v; want ErrCorrupt", err)
				}
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v; want one containing %q", err, tc.want)
			}
		})
	}
	boom := errors.New("boom")
	z, err := NewReader(io.MultiReader(strings.NewReader("\x1f\x9d\x90\x61"), iotest.ErrReader(boom)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(z); !errors.Is(err, boom) {
		t.Errorf("ReadAll over a failing reader: %v; want its error", err)
	}
}

// FuzzReader checks that no input makes the decoder panic or loop, and
// that what it decodes from a fixture's prefix is a prefix of the text.
func FuzzReader(f *testing.F) {
	for _, name := range []string{"text.b10.Z", "one.Z", "noblock.Z"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b[:min(len(b), 300)])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		z, err := NewReader(bytes.NewReader(data))
		if err != nil {
			return
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(z, 1<<24))
	})
}

// pack packs 9-bit codes least significant bit first.
func pack(codes ...int) string {
	var acc uint64
	var n uint
	var out []byte
	for _, c := range codes {
		acc |= uint64(c) << n
		n += 9
		for n >= 8 {
			out = append(out, byte(acc))
			acc >>= 8
			n -= 8
		}
	}
	if n > 0 {
		out = append(out, byte(acc))
	}
	return string(out)
}

func read(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func open(t *testing.T, name string) *Reader {
	t.Helper()
	z, err := NewReader(bytes.NewReader(read(t, name)))
	if err != nil {
		t.Fatalf("NewReader(%s): %v", name, err)
	}
	return z
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
