package train

import "testing"

// BenchmarkRandomTree times Weka's default RandomTree (K = ⌊log2 m⌋ + 1);
// target about 300 µs at 10 features × 3000 rows and under 30 ms at
// 20 × 100,000.
func BenchmarkRandomTree(b *testing.B) {
	benchLearner(b, RandomTree{Options: DefaultRandomTreeOptions()})
}
