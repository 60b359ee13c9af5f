package dataset

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// WriteARFF writes d as an ARFF file in the layout Weka writes: the
// relation, one @attribute line per feature and then the class (so the class
// is the last attribute, which ReadARFF picks when no class name is given),
// and one data line per row. A nominal attribute lists its values, a
// numeric one is "numeric" and its values are written in the shortest
// decimal form that reads back as the same float64 (FormatNumber); a
// missing value, nominal or numeric, is a bare ?. Names and labels are quoted only when they need
// it (see quoteARFF), so ParseARFF of the output gives back an equal
// dataset. A schema that ARFF cannot express — two attributes with one name,
// a label listed twice in a domain, a name or label (or the relation) that
// is not UTF-8, which ARFFReader refuses — is an error, and nothing is
// written.
func WriteARFF(w io.Writer, d *Dataset, relation string) error {
	s := d.Schema()
	attrs := append(append([]Attribute(nil), s.Features...), s.Class)
	if !utf8.ValidString(relation) {
		return fmt.Errorf("write arff: relation %q is not UTF-8", relation)
	}
	names := make(map[string]bool, len(attrs))
	for _, a := range attrs {
		if names[a.Name] {
			return fmt.Errorf("write arff: two attributes named %q", a.Name)
		}
		if !utf8.ValidString(a.Name) {
			return fmt.Errorf("write arff: attribute name %q is not UTF-8", a.Name)
		}
		names[a.Name] = true
		seen := make(map[string]bool, len(a.Values))
		for _, v := range a.Values {
			if seen[v] {
				return fmt.Errorf("write arff: attribute %q lists value %q twice", a.Name, v)
			}
			if !utf8.ValidString(v) {
				return fmt.Errorf("write arff: attribute %q has value %q, which is not UTF-8", a.Name, v)
			}
			seen[v] = true
		}
	}

	// Quote every label once, not once per row.
	quoted := make([][]string, len(attrs))
	for i, a := range attrs {
		quoted[i] = make([]string, len(a.Values))
		for v, label := range a.Values {
			quoted[i][v] = quoteARFF(label)
		}
	}

	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "@relation %s\n\n", quoteARFF(relation))
	for i, a := range attrs {
		if a.Numeric {
			fmt.Fprintf(bw, "@attribute %s numeric\n", quoteARFF(a.Name))
			continue
		}
		fmt.Fprintf(bw, "@attribute %s {%s}\n", quoteARFF(a.Name), strings.Join(quoted[i], ","))
	}
	bw.WriteString("\n@data\n")
	cols := make([][]uint8, len(attrs))
	nums := make([][]float64, len(attrs))
	for f := range s.Features {
		if d.IsNumeric(f) {
			nums[f] = d.Numbers(f)
		} else {
			cols[f] = d.Column(f)
		}
	}
	cols[len(attrs)-1] = d.Labels()
	var buf []byte
	for r := range d.Len() {
		for i, col := range cols {
			if i > 0 {
				bw.WriteByte(',')
			}
			switch {
			case nums[i] != nil && math.IsNaN(nums[i][r]), col != nil && col[r] == MissingCode:
				bw.WriteByte('?')
			case nums[i] != nil:
				buf = AppendNumber(buf[:0], nums[i][r])
				bw.Write(buf)
			default:
				bw.WriteString(quoted[i][col[r]])
			}
		}
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write arff: %w", err)
	}
	return nil
}

// AppendNumber appends x in the shortest decimal form that parses back
// (strconv.ParseFloat, Java's Double.parseDouble) as the same float64:
// positional from 1e-6 up to 1e21 (a date's milliseconds since 1970 read
// as an integer, 1325376000000), with an exponent outside. x must be
// finite.
func AppendNumber(dst []byte, x float64) []byte {
	if a := math.Abs(x); a != 0 && (a < 1e-6 || a >= 1e21) {
		return strconv.AppendFloat(dst, x, 'g', -1, 64)
	}
	return strconv.AppendFloat(dst, x, 'f', -1, 64)
}

// quoteARFF returns s as an ARFF name or value: bare when it is safe, else
// in single quotes. It quotes what Weka's Utils.quote quotes — the empty
// string, "?", and anything with a blank, a control character or one of
// , { } ' " % \ — escaping \ ' " % newline, return and tab with a backslash
// as Weka does. Other control characters are written as they are.
func quoteARFF(s string) string {
	if s != "" && s != "?" && !strings.ContainsFunc(s, needsQuote) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('\'')
	for i := range len(s) {
		switch c := s[i]; c {
		case '\\', '\'', '"', '%':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('\'')
	return b.String()
}

func needsQuote(r rune) bool {
	return r <= ' ' || r == 0x7f || strings.ContainsRune(",{}'\"%\\", r)
}
