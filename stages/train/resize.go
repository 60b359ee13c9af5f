package train

// resize returns s with length n, reusing its memory when it is large
// enough. The content is unspecified. (The growing engine keeps its own
// copy: an internal package of one generic line is not worth having.)
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}
