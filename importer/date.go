package importer

import (
	"fmt"
	"strings"
	"time"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
)

// defaultDatePattern is Weka's date format when an ARFF date attribute
// names none (the ARFF reader gives it then).
const defaultDatePattern = dataset.ARFFDefaultDateFormat

// datePattern is a compiled Java SimpleDateFormat pattern.
type datePattern struct {
	fields []dateField
}

// dateField is a run of one pattern letter (count times), or literal text
// (letter 0).
type dateField struct {
	letter  byte
	count   int
	literal string
}

// dateLetters are the pattern letters supported: year, month, day, hour
// (0–23 and 1–12), minute, second, millisecond, AM/PM, day name, and the
// zones Z (-0800) and X (Z, -08, -0800, -08:00).
const dateLetters = "yMdHhmsSaEZX"

// compileDatePattern compiles a Java SimpleDateFormat pattern. Letters
// outside dateLetters are errors; other characters and 'quoted' text are
// literal, ” is a quote.
func compileDatePattern(p string) (*datePattern, error) {
	var d datePattern
	lit := func(s string) {
		if n := len(d.fields); n > 0 && d.fields[n-1].letter == 0 {
			d.fields[n-1].literal += s
			return
		}
		d.fields = append(d.fields, dateField{literal: s})
	}
	for i := 0; i < len(p); {
		c := p[i]
		switch {
		case c == '\'':
			if i+1 < len(p) && p[i+1] == '\'' {
				lit("'")
				i += 2
				continue
			}
			var b strings.Builder
			j := i + 1
			for ; j < len(p); j++ {
				if p[j] != '\'' {
					b.WriteByte(p[j])
					continue
				}
				if j+1 < len(p) && p[j+1] == '\'' { // '' inside quotes is a quote too
					b.WriteByte('\'')
					j++
					continue
				}
				break
			}
			if j >= len(p) {
				return nil, fmt.Errorf("unterminated quote")
			}
			lit(b.String())
			i = j + 1
		case (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'):
			if strings.IndexByte(dateLetters, c) < 0 {
				return nil, fmt.Errorf("pattern letter %q is not supported (supported: %s)", c, dateLetters)
			}
			j := i
			for j < len(p) && p[j] == c {
				j++
			}
			d.fields = append(d.fields, dateField{letter: c, count: j - i})
			i = j
		default:
			lit(string(c))
			i++
		}
	}
	return &d, nil
}

func isNumericField(f dateField) bool {
	return f.letter != 0 && strings.IndexByte("yMdHhmsS", f.letter) >= 0 && !(f.letter == 'M' && f.count >= 3)
}

// parse reads s by the pattern, in UTC unless it holds a zone, and returns
// milliseconds since 1970-01-01T00:00:00Z. Unlike Java's lenient default
// it rejects out-of-range fields (month 13, February 30). A two-digit
// year yy is 19yy from 69 up, 20yy below (Go's rule, not Java's sliding
// window, so the result does not depend on today's date).
func (d *datePattern) parse(s string) (float64, error) {
	year, month, day := 1970, 1, 1
	hour, minute, sec, milli := 0, 0, 0, 0
	pm, hasAMPM, hour12 := false, false, false
	zone := 0 // seconds east of UTC
	rest := s
	bad := func(what string) (float64, error) {
		return 0, fmt.Errorf("%s does not match the date format: %s", input.Excerpt(s), what)
	}
	for k, f := range d.fields {
		if f.letter == 0 {
			if !strings.HasPrefix(rest, f.literal) {
				return bad("want " + input.Excerpt(f.literal))
			}
			rest = rest[len(f.literal):]
			continue
		}
		if isNumericField(f) {
			width := len(rest)
			if k+1 < len(d.fields) && isNumericField(d.fields[k+1]) {
				width = f.count // adjacent numbers: each takes its pattern width
			}
			n, used := leadingDigits(rest, width)
			if used == 0 {
				return bad(fmt.Sprintf("want digits for %s", strings.Repeat(string(f.letter), f.count)))
			}
			rest = rest[used:]
			switch f.letter {
			case 'y':
				year = n
				if f.count == 2 && used == 2 {
					year = 2000 + n
					if n >= 69 {
						year = 1900 + n
					}
				}
			case 'M':
				month = n
			case 'd':
				day = n
			case 'H':
				hour = n
			case 'h':
				hour, hour12 = n, true
			case 'm':
				minute = n
			case 's':
				sec = n
			case 'S':
				milli = n
			}
			continue
		}
		var ok bool
		switch f.letter {
		case 'M':
			month, rest, ok = matchName(rest, monthNames)
			month++
		case 'E':
			_, rest, ok = matchName(rest, dayNames)
		case 'a':
			var i int
			i, rest, ok = matchName(rest, []string{"AM", "PM"})
			pm, hasAMPM = i == 1, true
		case 'Z', 'X':
			zone, rest, ok = parseZone(rest, f.letter == 'X')
		}
		if !ok {
			return bad(fmt.Sprintf("want %s", strings.Repeat(string(f.letter), f.count)))
		}
	}
	if rest != "" {
		return bad("unexpected " + input.Excerpt(rest) + " at the end")
	}
	if hour12 {
		if hour < 1 || hour > 12 {
			return bad("hour outside 1..12")
		}
		hour %= 12
		if pm {
			hour += 12
		}
	} else if hasAMPM && pm && hour < 12 {
		hour += 12
	}
	t := time.Date(year, time.Month(month), day, hour, minute, sec, milli*int(time.Millisecond), time.FixedZone("", zone))
	if t.Year() != year || int(t.Month()) != month || t.Day() != day || t.Hour() != hour ||
		t.Minute() != minute || t.Second() != sec || milli > 999 {
		return bad("a field is out of range")
	}
	return float64(t.UnixMilli()), nil
}

// leadingDigits reads up to width ASCII digits (at most 9) from s.
func leadingDigits(s string, width int) (n, used int) {
	for used < len(s) && used < width && used < 9 && s[used] >= '0' && s[used] <= '9' {
		n = n*10 + int(s[used]-'0')
		used++
	}
	return n, used
}

var (
	monthNames = []string{"January", "February", "March", "April", "May", "June", "July",
		"August", "September", "October", "November", "December"}
	dayNames = []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}
)

// matchName matches a full name or its three-letter form, in any case.
func matchName(s string, names []string) (int, string, bool) {
	for i, name := range names {
		if len(s) >= len(name) && strings.EqualFold(s[:len(name)], name) {
			return i, s[len(name):], true
		}
	}
	for i, name := range names {
		if short := name[:min(3, len(name))]; len(s) >= len(short) && strings.EqualFold(s[:len(short)], short) {
			return i, s[len(short):], true
		}
	}
	return 0, s, false
}

// parseZone reads -0800 (and, for X, Z, -08 and -08:00).
func parseZone(s string, iso bool) (int, string, bool) {
	if iso && strings.HasPrefix(s, "Z") {
		return 0, s[1:], true
	}
	if s == "" || (s[0] != '+' && s[0] != '-') {
		return 0, s, false
	}
	sign := 1
	if s[0] == '-' {
		sign = -1
	}
	h, used := leadingDigits(s[1:], 2)
	if used != 2 {
		return 0, s, false
	}
	rest := s[3:]
	m := 0
	if iso && strings.HasPrefix(rest, ":") {
		rest = rest[1:]
	}
	if mm, used := leadingDigits(rest, 2); used == 2 {
		m, rest = mm, rest[2:]
	} else if !iso {
		return 0, s, false
	}
	if h > 23 || m > 59 {
		return 0, s, false
	}
	return sign * (h*3600 + m*60), rest, true
}
