package exact

import (
	"errors"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
)

// TestOptionsValidate checks the options as config gives them: the
// defaults, values in range, and each bad value refused as an *input.Error
// keyed by the bare option name with the message a user reads (the
// registry prefixes learners.exact.).
func TestOptionsValidate(t *testing.T) {
	cases := []struct {
		name string
		opts Options
		key  string // "" when valid
		msg  string
	}{
		{"defaults", DefaultOptions(), "", ""},
		{"bounded", Options{MaxDepth: 3, TimeBudget: "5s", Objective: "depth"}, "", ""},
		{"no budget", Options{TimeBudget: "0", Objective: "depth-then-leaves"}, "", ""},
		{"negative depth", Options{MaxDepth: -1, TimeBudget: "1m", Objective: "depth"}, "max_depth", "must be >= 0 (0 = no bound), got -1"},
		{"negative budget", Options{TimeBudget: "-1s", Objective: "depth"}, "time_budget", `want a non-negative duration such as 90s or 2m, got "-1s"`},
		{"budget not a duration", Options{TimeBudget: "soon", Objective: "depth"}, "time_budget", `got "soon"`},
		{"no budget given", Options{Objective: "depth"}, "time_budget", `got ""`},
		{"unknown objective", Options{TimeBudget: "1m", Objective: "leaves"}, "objective", `want depth-then-leaves or depth, got "leaves"`},
		{"zero value", Options{}, "time_budget", `got ""`},
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
			if !errors.As(err, &ie) || ie.Key != tc.key || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("Validate() = %v; want an *input.Error for key %s saying %q", err, tc.key, tc.msg)
			}
		})
	}
	if o := DefaultOptions(); o.TimeBudget != "1m" || o.Objective != DepthThenLeaves.String() || o.MaxDepth != 0 {
		t.Errorf("DefaultOptions() = %+v; want a 1m budget, depth-then-leaves and no depth bound", o)
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
		{"bad option", opts(-2, DepthThenLeaves), d, d.All(), true, "max_depth"},
		{"nil dataset", opts(0, DepthThenLeaves), nil, d.All(), false, "nil dataset"},
		{"short row set", opts(0, DepthThenLeaves), d, dataset.Bitset{}, false, "row set"},
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
