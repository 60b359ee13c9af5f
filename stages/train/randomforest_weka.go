package train

import (
	"strings"
	"unicode/utf16"

	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// Weka's random streams for RandomTree and RandomForest (Bagging) on data
// with numbers or missing values, so that, fit on rows in Weka's order
// (FitOrdered), they draw what Weka 3.6.14 draws and grow its trees.

// javaIntN adapts cv.JavaRandom to the port's draws (nextInt(n)).
type javaIntN struct{ r *cv.JavaRandom }

func (j javaIntN) IntN(n int) int { return int(j.r.IntN(int32(n))) }

// wekaRandomOf is Instances.getRandomNumberGenerator(seed) over the
// instances rows (dataset rows of d, in order): java.util.Random(seed)
// picks an instance, and the generator is reseeded with the hash of its
// text (Instance.toStringNoWeight, String.hashCode) plus seed.
func wekaRandomOf(d *dataset.Dataset, rows []int, seed int64) *cv.JavaRandom {
	r := cv.NewJavaRandom(seed)
	pick := rows[r.IntN(int32(len(rows)))]
	return cv.NewJavaRandom(int64(javaHash(wekaInstanceText(d, pick))) + seed)
}

// wekaInstanceText is Instance.toStringNoWeight of row r, the class at
// its place among the source's columns (dataset.Schema.ClassPosition):
// numbers as Utils.doubleToString(v, 6), labels as Utils.quote writes
// them, ? where missing.
func wekaInstanceText(d *dataset.Dataset, r int) string {
	s := d.Schema()
	var sb strings.Builder
	class := func() { sb.WriteString(wekaQuote(s.Class.Values[d.Label(r)])) }
	classAt := s.ClassPosition()
	for f := range d.NumFeatures() {
		if f == classAt {
			class()
			sb.WriteByte(',')
		} else if f > 0 {
			sb.WriteByte(',')
		}
		switch {
		case d.IsNumeric(f):
			if x := d.Numbers(f)[r]; x != x {
				sb.WriteByte('?')
			} else {
				sb.WriteString(tree.WekaDouble(x, 6))
			}
		case d.Value(f, r) == dataset.MissingCode:
			sb.WriteByte('?')
		default:
			sb.WriteString(wekaQuote(s.Features[f].Values[d.Value(f, r)]))
		}
	}
	if classAt == d.NumFeatures() {
		if classAt > 0 {
			sb.WriteByte(',')
		}
		class()
	}
	return sb.String()
}

// wekaQuote is Utils.quote: special characters backquoted, and the label
// in single quotes when it had one, or holds {, }, a comma or a space, or
// is ? or empty.
func wekaQuote(s string) string {
	quote := false
	if strings.ContainsAny(s, "\n\r'\"\\\t%\u001e") {
		s = strings.NewReplacer("\\", "\\\\", "'", "\\'", "\t", "\\t", "\n", "\\n", "\r", "\\r", "\"", "\\\"", "%", "\\%", "\u001e", "\\u001E").Replace(s)
		quote = true
	}
	if quote || strings.ContainsAny(s, "{}, ") || s == "?" || s == "" {
		s = "'" + s + "'"
	}
	return s
}

// javaHash is String.hashCode of s (over its UTF-16 code units).
func javaHash(s string) int32 {
	var h int32
	for _, c := range utf16.Encode([]rune(s)) {
		h = 31*h + int32(c)
	}
	return h
}

// wekaBag is Instances.resampleWithWeights(random, sampled) on the
// instances rows (all of weight 1), as Weka's Bagging draws a bag: the
// alias method (Walker) over the weights, one random.nextDouble per
// instance drawn; the bag holds len(rows) rows in draw order.
func wekaBag(rows []int, random *cv.JavaRandom) []int {
	m := len(rows)
	bag := make([]int, 0, m)
	if m == 0 {
		return bag
	}
	p := make([]float64, m)
	for i := range p {
		p[i] = 1
	}
	wekaNormalize(p, wekaSum(p))
	q := make([]float64, m)
	a := make([]int, m)
	w := make([]int, m)
	nn, np := -1, m
	for i := range m {
		q[i] = float64(m) * p[i]
		if q[i] < 1 {
			nn++
			w[nn] = i
		} else {
			np--
			w[np] = i
		}
	}
	if nn > -1 && np < m {
		for s := 0; s < m-1; s++ {
			i, j := w[s], w[np]
			a[i] = j
			q[j] += q[i] - 1
			if q[j] < 1 {
				np++
			}
			if np >= m {
				break
			}
		}
	}
	for i := range m {
		q[i] += float64(i)
	}
	for range m {
		u := float64(m) * random.Float64()
		i := int(u)
		if u < q[i] {
			bag = append(bag, rows[i])
		} else {
			bag = append(bag, rows[a[i]])
		}
	}
	return bag
}
