package external

import (
	"encoding/json"
	"math"
	"strconv"
)

// fastReply parses, in one pass and without reflection, the shape of
// reply the shipped adapters send: an object of fit_seconds (a number),
// tree in its parallel-array form with integer entries, predictions with
// integer classes and no probabilities, space (integers), and error (a
// string without escapes). encoding/json reads such a reply at about
// 30 MB/s (0.6 ms for a 1,000-node tree); this reads it about ten times
// faster. It reports false for anything else — another key, the nodes
// form, probabilities, an escape, a float where an integer is expected —
// and parseReply then uses encoding/json, which stays the reference: the
// tests check that both agree wherever this one accepts.
func fastReply(b []byte) (replyJSON, bool) {
	var r replyJSON
	s := &scanner{b: b}
	ok := s.object(func(key string) bool {
		switch key {
		case "fit_seconds":
			v, ok := s.float()
			r.FitSeconds = &v
			return ok
		case "error":
			v, ok := s.plainString()
			r.Error = &v
			return ok
		case "space":
			var ok bool
			r.Space, ok = s.ints()
			return ok
		case "tree":
			r.Tree = &TreeJSON{}
			return s.object(func(key string) bool {
				var ok bool
				switch key {
				case "feature":
					r.Tree.Feature, ok = s.ints()
				case "class":
					r.Tree.Class, ok = s.ints()
				case "children":
					r.Tree.Children, ok = s.intLists()
				case "children_flat":
					r.Tree.ChildrenFlat, ok = s.ints()
				case "counts":
					var counts [][]int
					if counts, ok = s.intLists(); ok {
						r.Tree.Counts = toFloats(counts)
					}
				}
				return ok
			})
		case "predictions":
			r.Predictions = &predictionsJSON{}
			return s.object(func(key string) bool {
				if key != "classes" {
					return false
				}
				var ok bool
				r.Predictions.Classes, ok = s.ints()
				return ok
			})
		}
		return false
	})
	s.ws()
	return r, ok && s.i == len(b)
}

// scanner reads JSON from b at i.
type scanner struct {
	b []byte
	i int
}

func (s *scanner) ws() {
	for s.i < len(s.b) && (s.b[s.i] == ' ' || s.b[s.i] == '\t' || s.b[s.i] == '\n' || s.b[s.i] == '\r') {
		s.i++
	}
}

// next skips white space and consumes c, reporting whether it was there.
func (s *scanner) next(c byte) bool {
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// object reads {"key": value, …}, calling value for each key to read its
// value; a key seen twice is refused (encoding/json would keep the last).
func (s *scanner) object(value func(key string) bool) bool {
	if !s.next('{') {
		return false
	}
	if s.next('}') {
		return true
	}
	seen := map[string]bool{}
	for {
		s.ws()
		key, ok := s.plainString()
		if !ok || seen[key] || !s.next(':') {
			return false
		}
		seen[key] = true
		s.ws()
		if !value(key) {
			return false
		}
		if s.next(',') {
			continue
		}
		return s.next('}')
	}
}

// plainString reads a string without escapes or control characters.
func (s *scanner) plainString() (string, bool) {
	if s.i >= len(s.b) || s.b[s.i] != '"' {
		return "", false
	}
	for j := s.i + 1; j < len(s.b); j++ {
		switch c := s.b[j]; {
		case c == '"':
			out := string(s.b[s.i+1 : j])
			s.i = j + 1
			return out, true
		case c == '\\' || c < 0x20 || c >= 0x80: // escapes, controls, non-ASCII (encoding/json repairs bad UTF-8)
			return "", false
		}
	}
	return "", false
}

// int reads an integer of at most 18 digits (no fraction or exponent).
func (s *scanner) int() (int, bool) {
	s.ws()
	neg := s.i < len(s.b) && s.b[s.i] == '-'
	if neg {
		s.i++
	}
	start, v := s.i, 0
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		v = v*10 + int(s.b[s.i]-'0')
		s.i++
	}
	n := s.i - start
	if n == 0 || n > 18 || (n > 1 && s.b[start] == '0') {
		return 0, false
	}
	if s.i < len(s.b) && (s.b[s.i] == '.' || s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

// float reads a JSON number.
func (s *scanner) float() (float64, bool) {
	s.ws()
	start := s.i
	for s.i < len(s.b) && (s.b[s.i] == '-' || s.b[s.i] == '+' || s.b[s.i] == '.' || s.b[s.i] == 'e' || s.b[s.i] == 'E' ||
		(s.b[s.i] >= '0' && s.b[s.i] <= '9')) {
		s.i++
	}
	tok := s.b[start:s.i]
	if !json.Valid(tok) {
		return 0, false
	}
	v, err := strconv.ParseFloat(string(tok), 64)
	return v, err == nil && !math.IsInf(v, 0)
}

// ints reads [int, …].
func (s *scanner) ints() ([]int, bool) {
	out, ok := s.appendInts(nil)
	if out == nil {
		out = []int{}
	}
	return out, ok
}

// appendInts reads [int, …] and appends the ints to dst.
func (s *scanner) appendInts(dst []int) ([]int, bool) {
	if !s.next('[') {
		return dst, false
	}
	if s.next(']') {
		return dst, true
	}
	for {
		v, ok := s.int()
		if !ok {
			return dst, false
		}
		dst = append(dst, v)
		if s.next(',') {
			continue
		}
		return dst, s.next(']')
	}
}

// intLists reads [[int, …], …] into one backing array: a tree's
// children and counts are a thousand short lists, and one allocation
// each would cost more than the parse.
func (s *scanner) intLists() ([][]int, bool) {
	if !s.next('[') {
		return nil, false
	}
	// Room for the rest of the line's numbers, at two bytes each at least.
	flat := make([]int, 0, (len(s.b)-s.i)/4)
	ends := make([]int, 0, (len(s.b)-s.i)/8)
	if !s.next(']') {
		for {
			s.ws()
			var ok bool
			if flat, ok = s.appendInts(flat); !ok {
				return nil, false
			}
			ends = append(ends, len(flat))
			if s.next(',') {
				continue
			}
			if !s.next(']') {
				return nil, false
			}
			break
		}
	}
	out := make([][]int, len(ends))
	start := 0
	for i, end := range ends {
		out[i] = flat[start:end:end]
		start = end
	}
	return out, true
}

// toFloats converts lists of ints to lists of floats sharing one backing
// array.
func toFloats(lists [][]int) [][]float64 {
	n := 0
	for _, l := range lists {
		n += len(l)
	}
	flat := make([]float64, 0, n)
	out := make([][]float64, len(lists))
	for i, l := range lists {
		start := len(flat)
		for _, v := range l {
			flat = append(flat, float64(v))
		}
		out[i] = flat[start:len(flat):len(flat)]
	}
	return out
}
