package flow

import (
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

func TestCheckWiring(t *testing.T) {
	memory := schemas.NewSlot[int]("memory")
	run := func(*Task, *schemas.Bag) error { return nil }
	oracle := Study{Nodes: []Node{
		{Stage: StageGenerate, Writes: []schemas.Ref{schemas.OracleTable, schemas.DatasetTable}, Run: run},
		{Stage: StageTrain, Reads: []schemas.Ref{schemas.DatasetTable}, Writes: []schemas.Ref{schemas.ModelTable, memory}, Run: run, Reload: run,
			ReloadReads: []schemas.Ref{schemas.ModelTable}},
		{Stage: StageEvaluate, Reads: []schemas.Ref{schemas.OracleTable, schemas.DatasetTable, memory}, Writes: []schemas.Ref{schemas.EvaluationTable}, Run: run},
		{Stage: StageReport, PerRun: true, Reads: []schemas.Ref{schemas.EvaluationTable}, Writes: []schemas.Ref{schemas.SummaryTable}, Run: run},
	}}
	names := func(ts []schemas.Stored) string {
		var out []string
		for _, t := range ts {
			out = append(out, t.Name())
		}
		return strings.Join(out, ",")
	}
	cases := []struct {
		stages   []string
		fromDisk string
		reload   []int
	}{
		{Stages, "", nil},
		{[]string{StageGenerate}, "", nil},
		{[]string{StageTrain}, "datasets", nil},
		{[]string{StageEvaluate}, "oracles,datasets,models", []int{1}},
		{[]string{StageReport}, "results/evaluations", nil},
	}
	for _, tc := range cases {
		fromDisk, reload, err := oracle.CheckWiring(tc.stages)
		if err != nil {
			t.Errorf("%v: %v", tc.stages, err)
			continue
		}
		if got := names(fromDisk); got != tc.fromDisk {
			t.Errorf("%v: from disk %s, want %s", tc.stages, got, tc.fromDisk)
		}
		if len(reload) != len(tc.reload) || (len(reload) > 0 && reload[0] != tc.reload[0]) {
			t.Errorf("%v: reload %v, want %v", tc.stages, reload, tc.reload)
		}
	}

	bad := []struct {
		name  string
		study Study
		want  string
	}{
		{"missing producer", Study{Nodes: []Node{
			{Stage: StageTrain, Reads: []schemas.Ref{schemas.DatasetTable}, Run: run},
		}}, "no node writes"},
		{"two producers", Study{Nodes: []Node{
			{Stage: StageGenerate, Writes: []schemas.Ref{schemas.DatasetTable}, Run: run},
			{Stage: StageTrain, Writes: []schemas.Ref{schemas.DatasetTable}, Run: run},
		}}, "two producers"},
		{"memory slot without reload", Study{Nodes: []Node{
			{Stage: StageTrain, Writes: []schemas.Ref{memory}, Run: run},
			{Stage: StageEvaluate, Reads: []schemas.Ref{memory}, Run: run},
		}}, "in memory"},
		{"read before write", Study{Nodes: []Node{
			{Stage: StageGenerate, Reads: []schemas.Ref{schemas.ModelTable}, Run: run},
			{Stage: StageTrain, Writes: []schemas.Ref{schemas.ModelTable}, Run: run},
		}}, "later node"},
	}
	for _, tc := range bad {
		stages := []string{StageEvaluate}
		if tc.name != "memory slot without reload" {
			stages = Stages
		}
		if _, _, err := tc.study.CheckWiring(stages); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.name, err, tc.want)
		}
	}
}
