package tree

import (
	"math"
	"strconv"
	"strings"
)

// WekaDouble formats v as Weka's Utils.doubleToString(v, decimals) does:
// rounded half up (away from zero) to that many decimals, trailing zeros
// and a bare point dropped ("127", "0.5", "-1.25"); a value too large for
// a long after scaling is written as Java writes a double. J48 writes its
// thresholds so, with 6 decimals.
func WekaDouble(v float64, decimals int) string {
	temp := v * math.Pow(10, float64(decimals))
	if math.Abs(temp) >= 9.223372036854776e18 || math.IsNaN(temp) {
		return javaDouble(v)
	}
	var p int64
	if temp > 0 {
		p = int64(temp + 0.5)
	} else {
		p = -int64(math.Abs(temp) + 0.5)
	}
	digits := strconv.FormatInt(p, 10)
	if decimals == 0 {
		return digits
	}
	neg := p < 0
	if neg {
		digits = digits[1:]
	}
	if len(digits) <= decimals {
		digits = strings.Repeat("0", decimals-len(digits)+1) + digits
	}
	whole, frac := digits[:len(digits)-decimals], strings.TrimRight(digits[len(digits)-decimals:], "0")
	s := whole
	if frac != "" {
		s += "." + frac
	}
	if neg && p != 0 {
		s = "-" + s
	}
	return s
}

// roundDouble is Weka's Utils.roundDouble: v rounded to decimals places,
// halves up (Math.round, which saturates at a long's range).
func roundDouble(v float64, decimals int) float64 {
	mask := math.Pow(10, float64(decimals))
	// Math.round saturates at the range of a long.
	r := min(max(math.Floor(v*mask+0.5), math.MinInt64), math.MaxInt64)
	return r / mask
}

// javaDouble writes v as Java's Double.toString does: "3.0", "0.25",
// "1.0E7", "1.5E-4", the shortest digits that read back as v.
func javaDouble(v float64) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "Infinity"
	case math.IsInf(v, -1):
		return "-Infinity"
	case v == 0:
		if math.Signbit(v) {
			return "-0.0"
		}
		return "0.0"
	}
	if a := math.Abs(v); a >= 1e-3 && a < 1e7 {
		s := strconv.FormatFloat(v, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(v, 'e', -1, 64) // 1.5e-04
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e)
}
