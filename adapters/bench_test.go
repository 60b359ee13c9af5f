package adapters

import (
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/external"
	"github.com/dtbench/dtbench/stages/train/external/externaltest"
)

func TestMain(m *testing.M) {
	externaltest.RunIfAdapter()
	os.Exit(m.Run())
}

// benchData is n rows over m binary features whose class is a depth-5
// rule of them (so trees have some size), drawn from seed.
func benchData(b testing.TB, n, m int, seed uint64) *dataset.Dataset {
	b.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	s := dataset.Schema{Class: dataset.Attribute{Name: "class", Values: []string{"0", "1"}}}
	for f := range m {
		s.Features = append(s.Features, dataset.Attribute{Name: "f" + string(rune('a'+f)), Values: []string{"0", "1"}})
	}
	x := make([][]uint8, n)
	y := make([]uint8, n)
	for r := range x {
		x[r] = make([]uint8, m)
		for f := range x[r] {
			x[r][f] = uint8(rng.IntN(2))
		}
		v := x[r]
		y[r] = (v[0] & v[1]) | (v[2] ^ v[3]&v[4])
	}
	d, err := dataset.FromRows(s, x, y)
	if err != nil {
		b.Fatal(err)
	}
	return d
}

// BenchmarkProtocolOverhead fits 10 binary features × 3000 rows (and
// 1000 held-out rows to predict) through each adapter, one warm process:
// ns/op is the whole fit as dtbench sees it (request, adapter, reply,
// parse); adapter-ns/op the fit time the adapter reports (fit_seconds:
// scikit-learn's fit, Weka's buildClassifier); overhead-ns/op the rest,
// the protocol's cost: encoding, pipes, the adapter's decoding and tree
// translation, the reply's parse and checks.
func BenchmarkProtocolOverhead(b *testing.B) {
	train, test := benchData(b, 3000, 10, 1), benchData(b, 1000, 10, 2)
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
			for b.Loop() {
				start := time.Now()
				m, err := l.Fit(train, train.All(), rng, q)
				wall += time.Since(start)
				if err != nil {
					b.Fatal(err)
				}
				adapter += time.Duration(m.(interface{ AdapterNanos() int64 }).AdapterNanos())
			}
			n := float64(b.N)
			b.ReportMetric(float64(adapter.Nanoseconds())/n, "adapter-ns/op")
			b.ReportMetric(float64((wall-adapter).Nanoseconds())/n, "overhead-ns/op")
		})
	}
}
