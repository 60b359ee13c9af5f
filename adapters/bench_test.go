package adapters

import (
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/generate"
	"github.com/dtbench/dtbench/stages/train/external"
	"github.com/dtbench/dtbench/stages/train/external/externaltest"
)

func TestMain(m *testing.M) {
	externaltest.RunIfAdapter()
	os.Exit(m.Run())
}

// benchData returns training and held-out rows over 10 binary features
// drawn uniformly from a random depth-8 oracle (the oracle paper's
// deepest), so the learned trees have the paper's sizes.
func benchData(b testing.TB, n, test int) (*dataset.Dataset, *dataset.Dataset) {
	b.Helper()
	spec := generate.OracleSpec{Domains: []int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2}, Classes: 2, Depth: 8}
	oracle, err := generate.Oracle(spec, rand.New(rand.NewPCG(1, 0)))
	if err != nil {
		b.Fatal(err)
	}
	schema := generate.Schema(spec)
	train, err := generate.Complete(oracle, schema, n, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		b.Fatal(err)
	}
	held, err := generate.Complete(oracle, schema, test, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		b.Fatal(err)
	}
	return train.Data, held.Data
}

// BenchmarkProtocolOverhead fits 10 binary features × 3000 rows of a
// depth-8 oracle (and 1000 held-out rows to predict) through each
// adapter, one warm process:
// ns/op is the whole fit as dtbench sees it (request, adapter, reply,
// parse); adapter-ns/op the fit time the adapter reports (fit_seconds:
// scikit-learn's fit, Weka's buildClassifier); overhead-ns/op the rest,
// the protocol's cost: encoding, pipes, the adapter's decoding and tree
// translation, the reply's parse and checks; overhead-p50-ns the median
// of that per fit, which the stalls of a shared machine (a fit now and then
// waiting a millisecond for a processor) move less than the mean.
func BenchmarkProtocolOverhead(b *testing.B) {
	train, test := benchData(b, 3000, 1000)
	for _, tc := range []struct {
		name string
		cmd  func(testing.TB) []string
	}{
		{"fake-go-stump", func(testing.TB) []string { return externaltest.Command(externaltest.Tree) }},
		{"sklearn-entropy", func(t testing.TB) []string { return sklearnCommand(t, "--criterion", "entropy") }},
		{"weka-j48u", func(t testing.TB) []string { return wekaCommand(t, "weka.classifiers.trees.J48", "-U") }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			l := external.New(tc.name, external.Spec{Command: tc.cmd(b), Timeout: external.Duration(time.Minute), MaxFailures: 1}, nil)
			defer l.Close()
			rng := rand.New(rand.NewPCG(1, 1))
			q := external.Query{Data: test}
			for range 20 { // start the process and warm its JIT or caches
				if _, err := l.Fit(train, train.All(), rng, q); err != nil {
					b.Fatal(err)
				}
			}
			var adapter, wall time.Duration
			var overheads []time.Duration
			for b.Loop() {
				start := time.Now()
				m, err := l.Fit(train, train.All(), rng, q)
				took := time.Since(start)
				if err != nil {
					b.Fatal(err)
				}
				own := time.Duration(m.(interface{ AdapterNanos() int64 }).AdapterNanos())
				wall, adapter = wall+took, adapter+own
				overheads = append(overheads, took-own)
			}
			n := float64(b.N)
			b.ReportMetric(float64(adapter.Nanoseconds())/n, "adapter-ns/op")
			b.ReportMetric(float64((wall-adapter).Nanoseconds())/n, "overhead-ns/op")
			slices.Sort(overheads)
			b.ReportMetric(float64(overheads[len(overheads)/2].Nanoseconds()), "overhead-p50-ns")
		})
	}
}
