package importer

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// MissingLabel labels the missing category.
const MissingLabel = "?"

// wekaDecimals is how many decimals Weka's Discretize prints in its labels.
const wekaDecimals = 6

// BinLabels returns the labels of the bins that cuts (ascending, distinct)
// make: "(-inf, c0]", "(c0, c1]", …, "(cN, inf)", or "(-inf, inf)" for no
// cut. Numbers are written by FormatCut with the fewest decimals, from 6
// up, that tell every cut of the column apart, so labels are distinct and
// read like Weka's, whose "(-inf-c0]" has a hyphen where these have a
// comma and a blank. Date columns (date true; cuts in milliseconds since
// 1970) write their cuts as RFC 3339 times in UTC to the nanosecond.
func BinLabels(cuts []float64, date bool) []string {
	if len(cuts) == 0 {
		return []string{"(-inf, inf)"}
	}
	edges := formatCuts(cuts, date)
	labels := make([]string, len(cuts)+1)
	labels[0] = "(-inf, " + edges[0] + "]"
	for j := 1; j < len(cuts); j++ {
		labels[j] = "(" + edges[j-1] + ", " + edges[j] + "]"
	}
	labels[len(cuts)] = "(" + edges[len(cuts)-1] + ", inf)"
	return labels
}

// formatCuts writes every cut of a column with one precision, the first
// that tells neighbours apart.
func formatCuts(cuts []float64, date bool) []string {
	if date {
		if s := formatDates(cuts); s != nil && distinctNeighbours(s) {
			return s
		}
	}
	for d := wekaDecimals; d <= 20; d++ {
		s := make([]string, len(cuts))
		for i, c := range cuts {
			s[i] = FormatCut(c, d)
		}
		if distinctNeighbours(s) {
			return s
		}
	}
	s := make([]string, len(cuts))
	for i, c := range cuts {
		s[i] = strconv.FormatFloat(c, 'g', -1, 64) // shortest exact form: always distinct
	}
	return s
}

func distinctNeighbours(s []string) bool {
	for i := 1; i < len(s); i++ {
		if s[i] == s[i-1] {
			return false
		}
	}
	return true
}

// FormatCut writes x in fixed-point notation with at most decimals
// decimals and no trailing zeros, rounding as Weka's
// Utils.doubleToString(x, decimals) does: x·10^decimals rounded half away
// from zero. With decimals = 6, 21.625 is "21.625", 1/3 is "0.333333",
// 2.0 is "2" and -0.0000004 is "0". Where x·10^decimals is 2^53 or more,
// so that the product Weka rounds has lost digits (Weka writes 1e12+0.5
// as 1000000000000.499968), it writes x's shortest exact decimal form
// instead, or that correctly rounded to decimals when it has more.
func FormatCut(x float64, decimals int) string {
	scale := math.Pow(10, float64(decimals))
	temp := x * scale
	if !(math.Abs(temp) < 1<<53) {
		s := strconv.FormatFloat(x, 'f', -1, 64)
		if i := strings.IndexByte(s, '.'); i >= 0 && len(s)-i-1 > decimals {
			s = trimZeros(strconv.FormatFloat(x, 'f', decimals, 64))
		}
		return s
	}
	var p int64
	if temp > 0 {
		p = int64(temp + 0.5)
	} else {
		p = -int64(math.Abs(temp) + 0.5)
	}
	if p == 0 {
		return "0"
	}
	neg := p < 0
	if neg {
		p = -p
	}
	digits := strconv.FormatInt(p, 10)
	if len(digits) <= decimals {
		digits = strings.Repeat("0", decimals-len(digits)+1) + digits
	}
	s := digits[:len(digits)-decimals] + "." + digits[len(digits)-decimals:]
	s = trimZeros(s)
	if neg {
		s = "-" + s
	}
	return s
}

// trimZeros drops trailing zeros after a decimal point, and the point.
func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// Milliseconds since 1970 of the first and last instants RFC 3339 writes
// (years 0000 to 9999).
const (
	minDateMillis = -62167219200000
	maxDateMillis = 253402300799999
)

// formatDates writes cuts in milliseconds since 1970 as RFC 3339 UTC
// times, or returns nil when one is outside the years 0000–9999.
func formatDates(cuts []float64) []string {
	s := make([]string, len(cuts))
	for i, ms := range cuts {
		if !(ms >= minDateMillis && ms <= maxDateMillis) {
			return nil
		}
		sec := math.Floor(ms / 1000)
		nsec := math.Round((ms - sec*1000) * 1e6)
		s[i] = time.Unix(int64(sec), int64(nsec)).UTC().Format(time.RFC3339Nano)
	}
	return s
}
