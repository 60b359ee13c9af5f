package exact

import (
	"errors"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
)

func TestOptionsValidate(t *testing.T) {
	cases := []struct {
		name string
		opts Options
		key  string // "" when valid
	}{
		{"defaults", Options{}, ""},
		{"bounded", Options{MaxDepth: 3, TimeBudget: 5e9}, ""},
		{"negative depth", Options{MaxDepth: -1}, "learners.exact.max_depth"},
		{"negative budget", Options{TimeBudget: -1}, "learners.exact.time_budget"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.opts.Validate()
			if tc.key == "" {
				if err != nil {
					t.Fatalf("Validate() = %v; want nil", err)
				}
				return
			}
			var ie *input.Error
			if !errors.As(err, &ie) || ie.Key != tc.key {
				t.Fatalf("Validate() = %v; want an *input.Error for key %s", err, tc.key)
			}
		})
	}
}

func TestFitRejectsBadArguments(t *testing.T) {
	d := newData(t, []int{2}, 2, [][]uint8{{0}, {1}}, []uint8{0, 1})
	cases := []struct {
		name  string
		opts  Options
		d     *dataset.Dataset
		rows  dataset.Bitset
		input bool // bad user input (exit status 2)
		want  string
	}{
		{"bad option", Options{MaxDepth: -2}, d, d.All(), true, "max_depth"},
		{"nil dataset", Options{}, nil, d.All(), false, "nil dataset"},
		{"short row set", Options{}, d, dataset.Bitset{}, false, "row set"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Learner{Opts: tc.opts}.Fit(tc.d, tc.rows, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Fit error = %v; want one mentioning %q", err, tc.want)
			}
			if input.Is(err) != tc.input {
				t.Fatalf("input.Is(%v) = %v; want %v", err, input.Is(err), tc.input)
			}
		})
	}
}
