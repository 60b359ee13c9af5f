package input

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestErrorNamesWhere(t *testing.T) {
	for _, tc := range []struct {
		err  *Error
		want string
	}{
		{&Error{File: "a.csv", Err: errors.New("bad")}, "a.csv: bad"},
		{&Error{File: "a.csv", Line: 3, Err: errors.New("bad")}, "a.csv:3: bad"},
		{&Error{File: "a.csv", Line: 3, Col: 7, Err: errors.New("bad")}, "a.csv:3:7: bad"},
		{&Error{File: "a.csv", Col: 7, Err: errors.New("bad")}, "a.csv: bad"}, // a column without its line says nothing
		{&Error{Key: "oracle.depths", Err: errors.New("bad")}, "oracle.depths: bad"},
		{&Error{File: "c.yaml", Line: 2, Key: "seed", Err: errors.New("bad")}, "c.yaml:2: seed: bad"},
		{&Error{Err: errors.New("bad")}, "bad"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("%#v.Error() = %q; want %q", tc.err, got, tc.want)
		}
	}
}

func TestExcerpt(t *testing.T) {
	long := strings.Repeat("a", 40)
	for _, tc := range []struct{ in, want string }{
		{"", `""`},
		{"chol", `"chol"`},
		{"tab\there", `"tab\there"`},
		{"bell\x07", `"bell\a"`},
		{"\xff\xfe", `"\xff\xfe"`},
		{"café", `"café"`},
		{long, `"` + long[:ExcerptBytes] + `"…`},
		// Cut at a character boundary: byte 32 is inside "é" (2 bytes from 31).
		{strings.Repeat("a", 31) + "é" + "tail", `"` + strings.Repeat("a", 31) + `"…`},
		{"line one\nline two", `"line one\nline two"`},
	} {
		if got := Excerpt(tc.in); got != tc.want {
			t.Errorf("Excerpt(%q) = %s; want %s", tc.in, got, tc.want)
		}
	}
}

// TestExcerptIsShortAndPrintable: whatever the bytes, an excerpt is
// valid UTF-8 without control characters, and quotes at most
// ExcerptBytes bytes of its input.
func TestExcerptIsShortAndPrintable(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		b := make([]byte, rng.IntN(100))
		for i := range b {
			b[i] = byte(rng.UintN(256))
		}
		got := Excerpt(string(b))
		if !utf8.ValidString(got) {
			t.Fatalf("Excerpt(%q) = %q: not UTF-8", b, got)
		}
		for _, r := range got {
			if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
				t.Fatalf("Excerpt(%q) = %q holds control character %U", b, got, r)
			}
		}
		quoted, cut := strings.CutSuffix(got, "…")
		body, err := strconv.Unquote(quoted)
		if err != nil || !strings.HasPrefix(string(b), body) || len(body) > ExcerptBytes || cut != (len(body) < len(b)) {
			t.Fatalf("Excerpt(%q) = %s: not a quoted prefix of at most %d bytes, marked when cut", b, got, ExcerptBytes)
		}
	}
}

func TestUTF8NamesLineAndColumn(t *testing.T) {
	for _, tc := range []struct {
		text       string
		first      int
		line, col  int
		byteShown  string
		wantNoFail bool
	}{
		{"a,b\n1,2\n", 1, 0, 0, "", true},
		{"café,b\n", 1, 0, 0, "", true},
		{"caf\xe9,b\n", 1, 1, 4, "0xe9", false},
		{"a,b\n1,\xff\n", 1, 2, 3, "0xff", false},
		{"x\xe9", 7, 7, 2, "0xe9", false},        // a line given alone, with its number
		{"ok\n\n\xc3(", 1, 3, 1, "0xc3", false},  // a lead byte without its continuation
		{"\xed\xa0\x80", 1, 1, 1, "0xed", false}, // a surrogate half is not UTF-8
	} {
		err := UTF8("f.csv", tc.first, tc.text)
		if tc.wantNoFail {
			if err != nil {
				t.Errorf("UTF8(%q) = %v; want nil", tc.text, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.File != "f.csv" || e.Line != tc.line || e.Col != tc.col || !strings.Contains(e.Error(), tc.byteShown) {
			t.Errorf("UTF8(%q) = %v; want f.csv:%d:%d naming %s", tc.text, err, tc.line, tc.col, tc.byteShown)
		}
	}
}

// TestUTF8FindsTheInsertedByte: one invalid byte put into valid
// multi-line text is found where it was put, its line and column counted
// independently from the insertion point.
func TestUTF8FindsTheInsertedByte(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	alphabet := []string{"a", "b", ",", "\n", "é", "日", " "}
	for range 1000 {
		var b strings.Builder
		for range rng.IntN(60) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		valid := b.String()
		// Insert at a character boundary.
		var bounds []int
		for i := range valid {
			bounds = append(bounds, i)
		}
		bounds = append(bounds, len(valid))
		at := bounds[rng.IntN(len(bounds))]
		text := valid[:at] + "\xfe" + valid[at:]
		wantLine, wantCol := 1, 1
		for _, c := range []byte(valid[:at]) {
			if c == '\n' {
				wantLine, wantCol = wantLine+1, 1
			} else {
				wantCol++
			}
		}
		var e *Error
		if err := UTF8("f", 1, text); !errors.As(err, &e) || e.Line != wantLine || e.Col != wantCol {
			t.Fatalf("UTF8(%q) = %v; want line %d column %d", text, err, wantLine, wantCol)
		}
		if InvalidUTF8(text) != at {
			t.Fatalf("InvalidUTF8(%q) = %d; want %d", text, InvalidUTF8(text), at)
		}
	}
}
