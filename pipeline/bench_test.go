package pipeline

import (
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/evaluate"
	"github.com/dtbench/dtbench/stages/generate"
	"github.com/dtbench/dtbench/stages/train"
)

// BenchmarkDOEAgainstID3 times DOE + agreement of a depth-8 oracle (10
// binary features) against the tree ID3 learns from 3000 rows sampled from
// it: the reference case, across stages.
func BenchmarkDOEAgainstID3(b *testing.B) {
	for _, depth := range []int{5, 8} {
		b.Run(map[int]string{5: "depth5", 8: "depth8"}[depth], func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			spec := generate.OracleSpec{Domains: []int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2}, Classes: 2, Depth: depth}
			oracle, err := generate.Oracle(spec, rng)
			if err != nil {
				b.Fatal(err)
			}
			s, err := generate.Complete(oracle, generate.Schema(spec), 3000, rng)
			if err != nil {
				b.Fatal(err)
			}
			id3, _ := train.New(train.Spec{Name: "id3"})
			m, err := id3.Fit(s.Data, s.Data.All(), rng)
			if err != nil {
				b.Fatal(err)
			}
			learned := m.(train.TreeModel).Tree()
			for b.Loop() {
				if _, err := evaluate.Compare(oracle, learned); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(learned.Leaves()), "leaves")
		})
	}
}

// BenchmarkTask times one whole in-memory task of the paper grid's largest
// cell (depth 8, 3000 complete rows, 1000 test rows) with ID3, through the
// oracle study's nodes as the executor runs them: generation, fit,
// evaluation with the benchmark classifiers.
func BenchmarkTask(b *testing.B) {
	cfg, err := Load(LoadOptions{Env: []string{}, Sets: []string{"oracle.depths=[8]", "oracle.sizes=[3000]", "oracle.modes=[complete]"}})
	if err != nil {
		b.Fatal(err)
	}
	study, err := oracleStudy.build(cfg, studyEnv{})
	if err != nil {
		b.Fatal(err)
	}
	t := study.Plan.Task(0)
	nodes := study.Select(flow.StageGenerate, flow.StageTrain, flow.StageEvaluate)
	for b.Loop() {
		bag := schemas.NewBag()
		for _, n := range nodes {
			if err := n.Run(&t, bag); err != nil {
				b.Fatal(err)
			}
		}
	}
}
