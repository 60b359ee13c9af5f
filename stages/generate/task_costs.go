package generate

import (
	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// setTaskCosts stores a task's cost model (nil: none) in its bag.
func setTaskCosts(bag *schemas.Bag, m *costs.Model) {
	if m == nil {
		flow.TaskCosts.Set(bag, nil)
		return
	}
	flow.TaskCosts.Set(bag, []costs.Model{*m})
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
