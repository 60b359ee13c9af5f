package schemas

import "testing"

// TestEveryMeasureHasADirection: MeasureBetter names exactly the
// measures, each +1, −1 or 0, so that a new measure cannot be compared
// (or left out of comparisons) without a decision.
func TestEveryMeasureHasADirection(t *testing.T) {
	if len(MeasureBetter) != len(MeasureColumns) {
		t.Errorf("MeasureBetter has %d entries for %d measures", len(MeasureBetter), len(MeasureColumns))
	}
	for _, c := range MeasureColumns {
		b, ok := MeasureBetter[c.Name]
		if !ok || b < -1 || b > 1 {
			t.Errorf("measure %s: direction %d, %v", c.Name, b, ok)
		}
	}
}
