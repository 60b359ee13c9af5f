package pq

import "slices"

// resize returns s with length n, reusing its array when large enough.
func resize[T any](s []T, n int) []T { return slices.Grow(s[:0], n)[:n] }

// fill sets every element of s to v.
func fill[T any](s []T, v T) {
	for i := range s {
		s[i] = v
	}
}
