package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/stages/train"
)

// learners maps the comparison's learner keys to our learner specs: the
// oracle study's settings (C4.5 and CART unpruned, as Weka's J48 -U and
// SimpleCart -U).
var learners = map[string]train.Spec{
	"id3":        {Name: "id3"},
	"c45":        {Name: "c45", Options: map[string]any{"pruning": "none"}},
	"cart":       {Name: "cart", Options: map[string]any{"pruning": "none"}},
	"randomtree": {Name: "randomtree"},
	"naivebayes": {Name: "naivebayes"},
	"exact":      {Name: "exact"},
	// The numeric comparison (numeric.sh), as Weka's NaiveBayes -K, -D,
	// SMO and SMO -N 1.
	"naivebayes-k": {Name: "naivebayes", Options: map[string]any{"kernel": true}},
	"naivebayes-d": {Name: "naivebayes", Options: map[string]any{"discretize": true}},
	"smo":          {Name: "smo"},
	"smo-n1":       {Name: "smo", Options: map[string]any{"standardize": true}},
}

// loadKey is the pseudo-learner under which gofit reports the cost of
// building our dataset (columns and row bitsets) from parsed columns,
// which every fit above relies on and does not pay.
const loadKey = "_dataset"

func main() {
	manifest := flag.String("manifest", "bench/out/peers/datasets.tsv", "datasets.tsv written by export")
	names := flag.String("learners", "id3,c45,cart,randomtree,naivebayes,exact", "comma-separated learner keys")
	tiersFlag := flag.String("tiers", "", "comma-separated tiers to run (default: all in the manifest)")
	cfg := timing{}
	flag.IntVar(&cfg.N, "n", 21, "timed fits per (learner, dataset) at most")
	flag.IntVar(&cfg.Warmup, "warmup", 3, "untimed warm-up fits per (learner, dataset) at most")
	flag.Float64Var(&cfg.Budget, "budget", 5, "seconds of timed fits per (learner, dataset) before stopping early (at least one fit)")
	round := flag.Int("round", 1, "round number written to the output (run.sh repeats rounds)")
	header := flag.Bool("header", true, "print the TSV header line")
	flag.BoolVar(&numeric, "numeric", false, "read the ARFF files with numeric attributes and missing values kept (the importer's discretize: none, missing: keep); the class is the attribute named class")
	flag.Parse()

	w := bufio.NewWriter(os.Stdout)
	err := run(w, *manifest, split(*names), split(*tiersFlag), cfg, *round, *header)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gofit:", err)
		os.Exit(1)
	}
}

// run fits every learner on every dataset of the manifest and writes one
// result row per (learner, dataset).
func run(w io.Writer, manifest string, names, tiers []string, cfg timing, round int, header bool) error {
	entries, err := readManifest(manifest, tiers)
	if err != nil {
		return err
	}
	type built struct {
		key string
		l   train.Learner
	}
	var ls []built
	for _, key := range names {
		spec, ok := learners[key]
		if !ok {
			return fmt.Errorf("unknown learner key %q", key)
		}
		l, err := train.New(spec)
		if err != nil {
			// Learners are still being written; say why and go on.
			fmt.Fprintf(os.Stderr, "gofit: skip %s: %v\n", key, err)
			continue
		}
		ls = append(ls, built{key, l})
	}
	if header {
		fmt.Fprintln(w, resultHeader)
	}
	for _, e := range entries {
		d, load, err := loadTrain(e.TrainARFF, cfg)
		if err != nil {
			return err
		}
		test, err := readARFF(e.TestARFF)
		if err != nil {
			return fmt.Errorf("read test set: %w", err)
		}
		writeResult(w, result{Peer: "ours", Key: loadKey, Model: "dataset.New", Tier: e.Tier, Seed: e.Seed,
			Round: round, Stats: load, Accuracy: -1})
		for _, b := range ls {
			var model train.Model
			i := uint64(0)
			fit := func() error {
				i++
				m, err := b.l.Fit(d, d.All(), rand.New(rand.NewPCG(uint64(e.Seed), i)))
				model = m
				return err
			}
			st, err := cfg.measure(fit)
			if err != nil {
				return fmt.Errorf("fit %s on %s: %w", b.key, e.TrainARFF, err)
			}
			writeResult(w, result{Peer: "ours", Key: b.key, Model: describe(learners[b.key]), Tier: e.Tier,
				Seed: e.Seed, Round: round, Stats: st, Accuracy: accuracy(model, test)})
		}
	}
	return nil
}

// loadTrain reads a training ARFF and times dataset.New on its columns,
// the part of loading that builds the row bitsets our learners use.
func loadTrain(path string, cfg timing) (*dataset.Dataset, stats, error) {
	d, err := readARFF(path)
	if err != nil {
		return nil, stats{}, fmt.Errorf("read training set: %w", err)
	}
	if numeric {
		return d, stats{}, nil // dataset.NewMixed is timed with the import
	}
	cols := make([][]uint8, d.NumFeatures())
	for f := range cols {
		cols[f] = d.Column(f)
	}
	st, err := cfg.measure(func() error {
		_, err := dataset.New(d.Schema(), cols, d.Labels())
		return err
	})
	if err != nil {
		return nil, stats{}, fmt.Errorf("build dataset %s: %w", path, err)
	}
	return d, st, nil
}

// numeric is -numeric: ARFF files keep numbers and missing values.
var numeric bool

// readARFF reads a nominal ARFF file, or with -numeric one with numbers
// and missing values, its class the attribute named class.
func readARFF(path string) (*dataset.Dataset, error) {
	if !numeric {
		return dataset.ReadARFF(path, "class")
	}
	d, _, err := importer.Read(path, importer.Options{Class: "class",
		Discretize: importer.Discretization{Method: importer.NoDiscretization}, Missing: importer.MissingKeep})
	return d, err
}

// accuracy is the share of test rows model classifies correctly.
func accuracy(model train.Model, test *dataset.Dataset) float64 {
	if test.Len() == 0 {
		return -1
	}
	if vm, ok := model.(train.ValuesModel); ok && (test.HasNumeric() || test.HasMissing()) {
		var x []float64
		right := 0
		for r := range test.Len() {
			x = test.Values(r, x)
			if vm.PredictValues(x) == int(test.Label(r)) {
				right++
			}
		}
		return float64(right) / float64(test.Len())
	}
	x := make([]uint8, test.NumFeatures())
	right := 0
	for r := range test.Len() {
		if model.Predict(test.Row(r, x)) == int(test.Label(r)) {
			right++
		}
	}
	return float64(right) / float64(test.Len())
}

// describe renders a spec as name{k=v,...} with sorted options.
func describe(s train.Spec) string {
	if len(s.Options) == 0 {
		return s.Name
	}
	var kv []string
	for k, v := range s.Options {
		kv = append(kv, fmt.Sprintf("%s=%v", k, v))
	}
	slices.Sort(kv)
	return s.Name + "{" + strings.Join(kv, ",") + "}"
}

// split splits a comma-separated list, dropping empty items.
func split(s string) []string {
	var out []string
	for item := range strings.SplitSeq(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// timing says how many fits to run and for how long.
type timing struct {
	N      int     // timed fits at most
	Warmup int     // warm-up fits at most
	Budget float64 // seconds; timed fits stop once past it (after one fit at least)
}

// stats are the timed fits of one (learner, dataset).
type stats struct {
	Fits   int
	Median time.Duration
	Min    time.Duration
}

// measure runs fit Warmup times untimed (stopping early after half the
// budget), then up to N timed times (stopping early after the budget), and
// returns the median and minimum wall time. The rule is the same in
// WekaBench.java and sklearn_bench.py.
func (c timing) measure(fit func() error) (stats, error) {
	start := time.Now()
	for i := 0; i < c.Warmup; i++ {
		if err := fit(); err != nil {
			return stats{}, err
		}
		if time.Since(start).Seconds() >= c.Budget/2 {
			break
		}
	}
	var times []time.Duration
	start = time.Now()
	for len(times) < max(c.N, 1) {
		t0 := time.Now()
		if err := fit(); err != nil {
			return stats{}, err
		}
		times = append(times, time.Since(t0))
		if time.Since(start).Seconds() >= c.Budget {
			break
		}
	}
	slices.Sort(times)
	return stats{Fits: len(times), Median: median(times), Min: times[0]}, nil
}

// median of sorted times: the middle one, or the mean of the middle two.
func median(sorted []time.Duration) time.Duration {
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}
