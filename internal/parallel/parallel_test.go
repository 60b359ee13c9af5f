package parallel

import (
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
)

// TestForRunsEveryPieceAndReturnsTheLowestError: every index runs once,
// and of several failures the lowest index's error is returned.
func TestForRunsEveryPieceAndReturnsTheLowestError(t *testing.T) {
	for _, n := range []int{0, 1, 7, 100} {
		var ran atomic.Int64
		seen := make([]atomic.Int32, n)
		err := For(n, func(i int) error {
			ran.Add(1)
			seen[i].Add(1)
			if i%3 == 2 {
				return fmt.Errorf("piece %d", i)
			}
			return nil
		})
		if ran.Load() != int64(n) {
			t.Errorf("n %d: %d pieces ran", n, ran.Load())
		}
		for i := range seen {
			if seen[i].Load() != 1 {
				t.Errorf("n %d: piece %d ran %d times", n, i, seen[i].Load())
			}
		}
		want := ""
		if n > 2 {
			want = "piece 2"
		}
		if (err == nil) != (want == "") || (err != nil && err.Error() != want) {
			t.Errorf("n %d: error %v, want %q", n, err, want)
		}
	}
	if err := For(3, func(int) error { return nil }); !errors.Is(err, nil) {
		t.Errorf("no failure: %v", err)
	}
}
