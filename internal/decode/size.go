package decode

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
)

var byteSize = regexp.MustCompile(`^\s*([0-9]+(?:\.[0-9]+)?)\s*([KMGT]i?B|B)?\s*$`)

// Size reads a size in bytes as config writes it: a whole number of
// bytes, or a number with a unit (B, KB, MB, GB, TB in powers of 1000;
// KiB, MiB, GiB, TiB in powers of 1024), as in 8GiB or 500MB. It reports
// false for anything else, and for a size under 1 byte or past int64.
func Size(v any) (int64, bool) {
	if n, ok := Int(v); ok {
		if n < 1 {
			return 0, false
		}
		return int64(n), true
	}
	s, ok := v.(string)
	m := byteSize.FindStringSubmatch(s)
	if !ok || m == nil {
		return 0, false
	}
	x, _ := strconv.ParseFloat(m[1], 64)
	unit := map[string]float64{"": 1, "B": 1, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12,
		"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40}[m[2]]
	if b := x * unit; b >= 1 && b < math.MaxInt64 {
		return int64(b), true
	}
	return 0, false
}

// HumanSize writes a byte count with a binary unit, for messages:
// "512 B", "1.5 KiB", "8.0 GiB".
func HumanSize(b float64) string {
	for _, u := range []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB"} {
		if b < 1024 || u == "PiB" {
			if u == "B" {
				return fmt.Sprintf("%.0f B", b)
			}
			return fmt.Sprintf("%.1f %s", b, u)
		}
		b /= 1024
	}
	return ""
}
