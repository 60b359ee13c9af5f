package generate

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/decode"
)

// Selection is benchmark.select, or a dataset entry's own select: how many
// of a dataset's attributes, the top ones by gain ratio, its subsets are
// made of. SelectAll is every attribute of the dataset, a number known
// once the dataset is read (NewBenchmark reads it then).
type Selection int

// SelectAll is select: all.
const SelectAll Selection = 0

// selectAllWord is how SelectAll is written in config and JSON.
const selectAllWord = "all"

// String is the config's spelling: the number, or "all".
func (s Selection) String() string {
	if s == SelectAll {
		return selectAllWord
	}
	return strconv.Itoa(int(s))
}

// MarshalJSON writes a number as before select: all existed (so the JSON
// of a config without it is unchanged), SelectAll as "all".
func (s Selection) MarshalJSON() ([]byte, error) {
	if s == SelectAll {
		return json.Marshal(selectAllWord)
	}
	return json.Marshal(int(s))
}

// UnmarshalJSON reads what MarshalJSON writes.
func (s *Selection) UnmarshalJSON(b []byte) error {
	var raw any
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	v, err := resolveSelect("select", raw)
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// resolveSelect reads a select value under key: a whole number ≥ 1 (a
// string of one, as --set gives it) or "all".
func resolveSelect(key string, raw any) (Selection, error) {
	if s, ok := raw.(string); ok {
		if s == selectAllWord {
			return SelectAll, nil
		}
		if n, err := strconv.Atoi(s); err == nil {
			raw = n
		}
	}
	n, ok := decode.Int(raw)
	if !ok || n < 1 {
		return 0, input.Keyf(key, "want a whole number of attributes >= 1, or %s, got %v", selectAllWord, raw)
	}
	return Selection(n), nil
}

// selectKey is the config key a dataset's select comes from.
func selectKey(spec DatasetSpec) string {
	if spec.SelectKey != "" {
		return spec.SelectKey
	}
	return "benchmark.select"
}

// resolveSelects sets b.selects: per dataset, its entry's select or
// benchmark.select, SelectAll replaced by the dataset's attribute count
// (the dataset read for it), each checked against its subsets.
func (b *Benchmark) resolveSelects() error {
	b.selects = make([]int, len(b.cfg.Datasets))
	for i, spec := range b.cfg.Datasets {
		sel := b.cfg.Select
		if spec.Select != nil {
			sel = *spec.Select
		}
		if sel == SelectAll {
			d, err := b.data.read(i)
			if err != nil {
				return err
			}
			sel = Selection(d.NumFeatures())
			if err := checkSubsetCount(selectKey(spec), fmt.Sprintf("dataset %s's %d attributes (select: all)", spec.Name, sel), spec.Subsets, int(sel)); err != nil {
				return err
			}
		}
		b.selects[i] = int(sel)
	}
	return nil
}
