package generate

import (
	"fmt"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// OracleCosts gives each task of the oracle study its cost model (config
// costs): a fixed model, its spec resolved against the features f0 … f{m−1}
// once, or one drawn per task from the task's own cost generator, so that
// the oracle draws are those of a run without costs. Build it with
// NewOracleCosts; without a costs section it gives none.
type OracleCosts struct {
	fixed *costs.Model
	draw  *costs.DrawOptions
	m, k  int
}

// NewOracleCosts checks the costs section against the oracle grid: a
// spec must name the features f0 … f{m−1} (or give a default) and its
// matrix be K×K.
func NewOracleCosts(o *OracleConfig, c *costs.Config) (*OracleCosts, error) {
	oc := &OracleCosts{m: o.Features, k: o.Classes}
	switch {
	case c == nil:
	case c.Draw != nil:
		if mat := c.Draw.Matrix; mat != nil && len(mat) != o.Classes {
			return nil, input.Keyf("costs.matrix", "must be %d×%d for oracle.classes = %d, got %d rows", o.Classes, o.Classes, o.Classes, len(mat))
		}
		oc.draw = c.Draw
	case c.Spec != nil:
		names := make([]string, o.Features)
		for f := range names {
			names[f] = fmt.Sprintf("f%d", f)
		}
		m, err := c.Spec.Resolve(names, o.Classes)
		if err != nil {
			return nil, err
		}
		oc.fixed = m
	}
	return oc, nil
}

// For returns task t's cost model, nil without costs.
func (oc *OracleCosts) For(t *flow.Task) (*costs.Model, error) {
	if oc.draw != nil {
		return costs.Draw(t.SharedRand("costs/"+t.Key), oc.m, oc.k, *oc.draw)
	}
	return oc.fixed, nil
}

// Node sets each task's flow.TaskCosts: the one model, or none. A
// staged command computes it again (the same draw).
func (oc *OracleCosts) Node() flow.Node {
	run := func(t *flow.Task, bag *schemas.Bag) error {
		m, err := oc.For(t)
		if err != nil {
			return err
		}
		setTaskCosts(bag, m)
		return nil
	}
	return flow.Node{Stage: flow.StageGenerate, Writes: []schemas.Ref{flow.TaskCosts}, Run: run, Reload: run}
}
