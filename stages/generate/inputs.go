package generate

import (
	"slices"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/flow"
)

// Inputs returns the files the benchmark study reads (datasetInputs).
func (b *Benchmark) Inputs() []flow.Input {
	cells := map[string][]int{}
	for i, c := range b.cells {
		cells[c.Dataset] = append(cells[c.Dataset], i)
	}
	return b.data.inputs(cells)
}

// Inputs returns the files the cost study reads (datasetInputs).
func (c *Cost) Inputs() []flow.Input {
	cells := map[string][]int{}
	for i, cell := range c.cells {
		cells[cell.Dataset] = append(cells[cell.Dataset], i)
	}
	return c.data.inputs(cells)
}

// CostInputs returns the files a costs section was read from (Turney's
// cost files, the first required), each reaching the given cells (nil:
// every cell).
func CostInputs(c *costs.Config, cells []int) []flow.Input {
	if c == nil {
		return nil
	}
	var out []flow.Input
	for i, f := range c.Files {
		out = append(out, flow.Input{Path: f, Optional: i > 0, Cells: cells})
	}
	return out
}

// inputs is the one list of the files a real-data study reads besides
// its config: per dataset (config order) its data file, its names file
// and the cost files of its costs section (its own, or the config's),
// each with the cells of that dataset (cells, by dataset name). A file
// named by several datasets is listed once, with all their cells.
func (s *importSet) inputs(cells map[string][]int) []flow.Input {
	var out []flow.Input
	add := func(in flow.Input) {
		i := slices.IndexFunc(out, func(o flow.Input) bool { return o.Path == in.Path })
		if i < 0 {
			out = append(out, in)
			return
		}
		out[i].Cells = slices.Compact(slices.Sorted(slices.Values(append(out[i].Cells, in.Cells...))))
	}
	for _, spec := range s.specs {
		mine := cells[spec.Name]
		if mine == nil {
			mine = []int{} // a dataset without cells reaches none
		}
		add(flow.Input{Path: spec.Path, Cells: mine})
		if spec.Options.NamesFile != "" {
			add(flow.Input{Path: spec.Options.NamesFile, Cells: mine})
		}
		for _, in := range CostInputs(s.costsOf(spec), mine) {
			add(in)
		}
	}
	return out
}
