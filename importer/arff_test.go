package importer

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dtbench/dtbench/input"
)

// TestReadARFFStringsDates reads string and date attributes, quoted names
// and values (both quote characters, escapes, commas and % inside
// quotes), comments after values, and a quoted '?' class value.
func TestReadARFFStringsDates(t *testing.T) {
	d, rep, err := Read(filepath.Join("testdata", "visits.arff"), Options{Class: "outcome"})
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	s := d.Schema()
	day := func(s string) string { return s + "T00:00:00Z" }
	want := [][]string{
		{"Ann Lee", "Bob, Jr.", "Cy", "Dee"},
		{"(-inf, " + day("2021-03-03") + "]", "(" + day("2021-03-03") + ", " + day("2021-03-07") + "]",
			"(" + day("2021-03-07") + ", 2021-03-10T12:00:00Z]", "(2021-03-10T12:00:00Z, " + day("2021-03-16") + "]",
			"(" + day("2021-03-16") + ", inf)", "?"},
		{`said "fine"`, "a % sign: %", "it's", "plain words", "?"},
	}
	for f, w := range want {
		if got := s.Features[f].Values; !slices.Equal(got, w) {
			t.Errorf("feature %s: values %q; want %q", s.Features[f].Name, got, w)
		}
	}
	if names := []string{s.Features[0].Name, s.Features[1].Name, s.Features[3].Name}; !slices.Equal(names, []string{"patient name", "visit day", "seen at"}) {
		t.Errorf("names %q", names)
	}
	if got := s.Class.Values; !slices.Equal(got, []string{"got better", "got worse", "?"}) {
		t.Errorf("class values %q", got)
	}
	if got := d.Labels(); !slices.Equal(got, []uint8{0, 1, 2, 0, 1, 0}) {
		t.Errorf("class codes %v", got)
	}
	if got := d.Column(1); !slices.Equal(got, []uint8{0, 1, 5, 2, 3, 4}) {
		t.Errorf("visit day codes %v", got)
	}
	kinds := []Kind{String, Date, String, Date}
	for f, c := range rep.Features {
		if c.Kind != kinds[f] || c.Discretized != (kinds[f] == Date) {
			t.Errorf("feature %s: kind %v, discretized %v; want %v", c.Name, c.Kind, c.Discretized, kinds[f])
		}
	}
	march3 := float64(time.Date(2021, 3, 3, 0, 0, 0, 0, time.UTC).UnixMilli())
	if c := rep.Features[1].Cuts; len(c) != 4 || c[0] != march3 {
		t.Errorf("visit day cuts %v; want 4, the first %v", c, march3)
	}
	seen := rep.Features[3].Cuts // 09:30 on the 1st and 17:00 on the 5th
	mid := float64(time.Date(2021, 3, 3, 13, 15, 0, 0, time.UTC).UnixMilli())
	if len(seen) == 0 || seen[0] != mid {
		t.Errorf("seen at cuts %v; want the first at %v", seen, mid)
	}
}

func TestReadARFFSparse(t *testing.T) {
	path := filepath.Join("testdata", "sparse.arff")
	_, _, err := Read(path, Options{Class: "class"})
	var ie *input.Error
	if !errors.As(err, &ie) || ie.File != path || ie.Line != 6 || !strings.Contains(err.Error(), "sparse ARFF rows") {
		t.Errorf("Read(%s) = %v; want an *input.Error at line 6 rejecting sparse rows", path, err)
	}
}

// TestDatePatterns parses dates with Java SimpleDateFormat patterns.
func TestDatePatterns(t *testing.T) {
	ms := func(y, mo, d, h, mi, s, milli int) float64 {
		return float64(time.Date(y, time.Month(mo), d, h, mi, s, milli*1e6, time.UTC).UnixMilli())
	}
	cases := []struct {
		pattern, value string
		want           float64
		err            string
	}{
		{defaultDatePattern, "2021-03-01T09:30:15", ms(2021, 3, 1, 9, 30, 15, 0), ""},
		{"yyyy-MM-dd", "2021-3-1", ms(2021, 3, 1, 0, 0, 0, 0), ""},
		{"yyyyMMdd", "20210301", ms(2021, 3, 1, 0, 0, 0, 0), ""},
		{"dd/MM/yy HH:mm:ss.SSS", "01/03/21 23:59:59.250", ms(2021, 3, 1, 23, 59, 59, 250), ""},
		{"dd/MM/yy", "01/03/85", ms(1985, 3, 1, 0, 0, 0, 0), ""},
		{"d MMM yyyy h:mm a", "1 Mar 2021 9:05 PM", ms(2021, 3, 1, 21, 5, 0, 0), ""},
		{"EEE, d MMMM yyyy", "Monday, 1 March 2021", ms(2021, 3, 1, 0, 0, 0, 0), ""},
		{"h a", "12 AM", ms(1970, 1, 1, 0, 0, 0, 0), ""},
		{"yyyy-MM-dd'T'HH:mmZ", "2021-03-01T09:30+0100", ms(2021, 3, 1, 8, 30, 0, 0), ""},
		{"yyyy-MM-dd'T'HH:mmX", "2021-03-01T09:30Z", ms(2021, 3, 1, 9, 30, 0, 0), ""},
		{"yyyy-MM-dd'T'HH:mmXXX", "2021-03-01T09:30-02:30", ms(2021, 3, 1, 12, 0, 0, 0), ""},
		{"'at' HH 'o''clock'", "at 07 o'clock", ms(1970, 1, 1, 7, 0, 0, 0), ""},
		{"yyyy-MM-dd", "2021-13-01", 0, "out of range"},
		{"yyyy-MM-dd", "2021-03-01x", 0, `unexpected "x" at the end`},
		{"yyyy-MM-dd", "2021/03/01", 0, `want "-"`},
		{"yyyy-MM-dd", "", 0, "want digits for yyyy"},
		{"HH:mm", "25:00", 0, "out of range"},
		{"h a", "13 PM", 0, "hour outside 1..12"},
		{"MMM", "Foo", 0, "want MMM"},
		{"yyyy-MM-ddZ", "2021-03-01+01", 0, "want Z"},
	}
	for _, tc := range cases {
		p, err := compileDatePattern(tc.pattern)
		if err != nil {
			t.Fatalf("compileDatePattern(%q): %v", tc.pattern, err)
		}
		got, err := p.parse(tc.value)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("parse(%q, %q) = %v, %v; want error containing %q", tc.pattern, tc.value, got, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("parse(%q, %q) = %v, %v; want %v (%v)", tc.pattern, tc.value, got, err, tc.want,
				time.UnixMilli(int64(tc.want)).UTC())
		}
	}
	for _, bad := range []string{"yyyy-QQ", "'open", "yyyy-ww"} {
		if _, err := compileDatePattern(bad); err == nil {
			t.Errorf("compileDatePattern(%q) succeeded; want an error", bad)
		}
	}
}
