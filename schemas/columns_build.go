package schemas

import "slices"

// Helpers of the table writers, which build whole columns for pqWriter.

// resize returns s with length n, reusing its array when large enough.
func resize[T any](s []T, n int) []T { return slices.Grow(s[:0], n)[:n] }

// fill sets every element of s to v.
func fill[T any](s []T, v T) {
	for i := range s {
		s[i] = v
	}
}

// writeColumns runs the column writes in order after err, the error of
// starting the row group, stopping at the first error.
func writeColumns(err error, columns ...func() error) error {
	for _, col := range columns {
		if err != nil {
			return err
		}
		err = col()
	}
	return err
}

// dictionary returns the distinct values of v(0..n-1) in order of first
// appearance and each one's index among them.
func dictionary(n int, v func(i int) string) (dict []string, index []int32) {
	seen := map[string]int32{}
	index = make([]int32, n)
	for i := range n {
		s := v(i)
		id, ok := seen[s]
		if !ok {
			id = int32(len(dict))
			seen[s] = id
			dict = append(dict, s)
		}
		index[i] = id
	}
	return dict, index
}
