package generate

import "testing"

func TestDescribe(t *testing.T) {
	o := OracleConfig{Features: 10, Domains: []int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2}, Classes: 2, Depths: []int{5, 6, 7, 8},
		Modes: []Mode{ModeComplete, ModeUnique}, Sizes: map[Mode][]int{ModeComplete: {100, 200, 300, 400}, ModeUnique: {50, 100}},
		Repetitions: 100, TestSize: 1000}
	want := "10 features with 2 values each, 2 classes; depths 5–8 (4); complete mode sizes 100–400 (4), unique mode sizes 50, 100; " +
		"100 repetitions; 1000 test rows; label noise 0"
	if got := o.Describe(); got != want {
		t.Errorf("Describe() = %q; want %q", got, want)
	}
	o.Domains = []int{2, 3}
	o.Features = 2
	if got := o.Describe(); got[:27] != "2 features with 2, 3 values" {
		t.Errorf("Describe() = %q; want the domains listed", got)
	}
}
