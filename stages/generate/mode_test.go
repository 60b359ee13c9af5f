package generate

import (
	"errors"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/input"
)

func TestParseMode(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Mode
		ok   bool
	}{{"complete", ModeComplete, true}, {"unique", ModeUnique, true}, {"Unique", "", false}, {"", "", false}} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseMode(tc.in)
			if tc.ok {
				if err != nil || got != tc.want {
					t.Fatalf("ParseMode(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
				}
				return
			}
			var ie *input.Error
			if !errors.As(err, &ie) || ie.Key != "oracle.modes" || !strings.Contains(err.Error(), `"`+tc.in+`"`) {
				t.Fatalf("ParseMode(%q) error = %v; want an *input.Error for oracle.modes naming it", tc.in, err)
			}
		})
	}
}

// TestCheckSize checks CheckSize against what the samplers themselves do.
func TestCheckSize(t *testing.T) {
	spec := OracleSpec{Domains: []int{3, 2, 2}, Classes: 2, Depth: 2}
	o := mustOracle(t, spec, newRNG(1))
	huge := make([]int, 70)
	for i := range huge {
		huge[i] = 2
	}
	if err := CheckSize(ModeUnique, huge, 1<<40); err != nil {
		t.Errorf("CheckSize(unique, 2^70 inputs, 2^40) = %v; want nil", err)
	}
	for _, m := range []Mode{ModeComplete, ModeUnique} {
		for _, q := range []int{-1, 0, 11, 12, 13, 100} {
			check := CheckSize(m, spec.Domains, q)
			_, sample := m.Sample(o, Schema(spec), q, newRNG(2))
			if (check == nil) != (sample == nil) {
				t.Errorf("%s q=%d: CheckSize = %v but Sample error = %v", m, q, check, sample)
			}
			if check != nil && (!input.Is(check) || !strings.Contains(sample.Error(), check.Error())) {
				t.Errorf("%s q=%d: CheckSize = %q; Sample error %q", m, q, check, sample)
			}
		}
	}
	if _, err := Mode("bogus").Sample(o, Schema(spec), 1, newRNG(1)); !input.Is(err) {
		t.Errorf("Mode(bogus).Sample error = %v; want bad input", err)
	}
}
