package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// entry is one line of export's datasets.tsv.
type entry struct {
	Tier      string
	Seed      int
	TrainARFF string
	TestARFF  string
}

// readManifest reads datasets.tsv, keeping the tiers listed (all when
// tiers is empty). Columns are found by header name, so export may add
// columns.
func readManifest(path string, tiers []string) ([]entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read manifest: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() {
		return nil, fmt.Errorf("read manifest %s: no header", path)
	}
	col := map[string]int{}
	for i, name := range strings.Split(sc.Text(), "\t") {
		col[name] = i
	}
	for _, name := range []string{"tier", "seed", "train_arff", "test_arff"} {
		if _, ok := col[name]; !ok {
			return nil, fmt.Errorf("read manifest %s: no column %q", path, name)
		}
	}
	var out []entry
	for line := 2; sc.Scan(); line++ {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) < len(col) {
			return nil, fmt.Errorf("read manifest %s:%d: %d fields, want %d", path, line, len(fields), len(col))
		}
		seed, err := strconv.Atoi(fields[col["seed"]])
		if err != nil {
			return nil, fmt.Errorf("read manifest %s:%d: seed: %w", path, line, err)
		}
		e := entry{Tier: fields[col["tier"]], Seed: seed, TrainARFF: fields[col["train_arff"]], TestARFF: fields[col["test_arff"]]}
		if len(tiers) == 0 || slices.Contains(tiers, e.Tier) {
			out = append(out, e)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read manifest %s: %w", path, err)
	}
	return out, nil
}

// resultHeader is the TSV header shared by gofit, WekaBench and
// sklearn_bench.py; run.sh's join reads these columns by name.
const resultHeader = "peer\tlearner\tmodel\ttier\tseed\tround\tfits\tmedian_ms\tmin_ms\taccuracy"

// result is one output line: one learner timed on one dataset.
type result struct {
	Peer     string
	Key      string
	Model    string
	Tier     string
	Seed     int
	Round    int
	Stats    stats
	Accuracy float64 // -1 when not applicable
}

// writeResult writes r as a TSV line in resultHeader's columns.
func writeResult(w io.Writer, r result) {
	acc := "NA"
	if r.Accuracy >= 0 {
		acc = strconv.FormatFloat(r.Accuracy, 'f', 4, 64)
	}
	fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%s\t%s\t%s\n", r.Peer, r.Key, r.Model, r.Tier, r.Seed, r.Round,
		r.Stats.Fits, ms(r.Stats.Median), ms(r.Stats.Min), acc)
}

// ms formats d in milliseconds with microsecond resolution.
func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d.Nanoseconds())/1e6, 'f', 4, 64)
}
