package info

import "testing"

func TestGini(t *testing.T) {
	tests := []struct {
		name   string
		counts []int
		want   float64
	}{
		{"play tennis", []int{9, 5}, 90.0 / 196},   // 1 − (81+25)/196
		{"uniform three", []int{3, 3, 3}, 2.0 / 3}, // 1 − 3·(1/9)
		{"pure", []int{0, 8}, 0},
		{"empty", []int{0, 0}, 0},
		{"no classes", nil, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Gini(tc.counts); !near(got, tc.want, tol) {
				t.Errorf("Gini(%v) = %.15g; want %.15g", tc.counts, got, tc.want)
			}
		})
	}
}

func TestGiniGain(t *testing.T) {
	tests := []struct {
		name  string
		table []int
		k     int
		want  float64
	}{
		// Gini(S) = 90/196; high (3,4) and normal (6,1) have Gini 24/49 and
		// 12/49, weighted 18/49 = 72/196; the gain is 18/196.
		{"humidity", humidityTable, 2, 18.0 / 196},
		// outlook: sunny 12/25, overcast 0, rainy 12/25, weighted
		// (5·12/25 + 5·12/25)/14 = 24/70; gain 90/196 − 24/70.
		{"outlook", outlookTable, 2, 90.0/196 - 24.0/70},
		// Three classes: the node (2, 2, 3) has Gini 1 − 17/49 = 32/49; the
		// branches (2, 1, 0) and (0, 1, 3), Gini 4/9 and 3/8, weigh 3/7 and
		// 4/7: 4/21 + 3/14 = 17/42; the empty branch adds nothing. The gain
		// is 32/49 − 17/42 = 73/294.
		{"three classes", threeClass, 3, 73.0 / 294},
		{"perfect", []int{4, 0, 0, 4}, 2, 0.5},
		{"independent", []int{2, 6, 2, 6}, 2, 0},
		{"empty", []int{0, 0, 0, 0}, 2, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := GiniGain(tc.table, tc.k); !near(got, tc.want, tol) {
				t.Errorf("GiniGain(%v) = %.15g; want %.15g", tc.table, got, tc.want)
			}
		})
	}
}
