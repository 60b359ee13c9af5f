// Command exact times dtbench's exact learner against STreeD, MurTree,
// DL8.5 and InferDT, built from source outside the repository (see
// README.md beside this file), on the oracle datasets export writes. Every
// tool runs as one process per call, interleaved per dataset, within a
// cap per answer; every returned tree is checked against its training
// rows. It prints per cell and mode the median CPU and wall time, depth
// and decision nodes of each tool and the CPU ratios to dtbench.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

func main() {
	manifest := flag.String("manifest", "bench/out/peers-exact/data/datasets.tsv", "datasets.tsv written by export")
	only := flag.String("tiers", "", "comma-separated tiers of the manifest (default: all)")
	modes := flag.String("modes", "depth,size", "depth (minimum depth) and/or size (then fewest nodes)")
	names := flag.String("tools", "dtbench,STreeD,MurTree,DL8.5,InferDT", "tools to run")
	capSec := flag.Float64("cap", 30, "seconds of wall time per answer (a tool's whole loop on one dataset)")
	rounds := flag.Int("rounds", 1, "times every answer is timed; the medians are over datasets and rounds")
	binDir := flag.String("bin", "/work/peers-build/bin", "directory of the peers' executables streed, murtree, dl85, inferdt")
	fit := flag.String("fit", "bench/out/peers-exact/bin/fit", "our fit executable (bench/peers/exact/fit)")
	details := flag.String("details", "", "write every answer to this TSV file")
	flag.Parse()
	b := bins{fit: *fit, streed: filepath.Join(*binDir, "streed"), murtree: filepath.Join(*binDir, "murtree"),
		dl85: filepath.Join(*binDir, "dl85"), inferdt: filepath.Join(*binDir, "inferdt")}
	cfg := config{modes: split(*modes), tools: split(*names), limit: time.Duration(*capSec * float64(time.Second)), rounds: *rounds}
	if err := compare(os.Stdout, *manifest, split(*only), b, cfg, *details); err != nil {
		fmt.Fprintln(os.Stderr, "exact:", err)
		os.Exit(1)
	}
}

type config struct {
	modes, tools []string
	limit        time.Duration
	rounds       int
}

func split(s string) []string {
	var out []string
	for f := range strings.SplitSeq(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// entry is one dataset of the manifest.
type entry struct {
	tier  string
	seed  int
	files dsFiles
}

func readManifest(path string, tiers []string) ([]entry, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read manifest: %w", err)
	}
	lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
	col := map[string]int{}
	for i, name := range strings.Split(lines[0], "\t") {
		col[name] = i
	}
	for _, name := range []string{"tier", "seed", "rows", "train_arff", "train_csv", "train_dl"} {
		if _, ok := col[name]; !ok {
			return nil, fmt.Errorf("read manifest %s: no column %q", path, name)
		}
	}
	var out []entry
	for i, line := range lines[1:] {
		f := strings.Split(line, "\t")
		if len(f) < len(col) {
			return nil, fmt.Errorf("read manifest %s:%d: %d fields, want %d", path, i+2, len(f), len(col))
		}
		seed, err1 := strconv.Atoi(f[col["seed"]])
		rows, err2 := strconv.Atoi(f[col["rows"]])
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("read manifest %s:%d: bad seed or rows", path, i+2)
		}
		e := entry{tier: f[col["tier"]], seed: seed, files: dsFiles{arff: f[col["train_arff"]], csv: f[col["train_csv"]], dl: f[col["train_dl"]], rows: rows}}
		if len(tiers) == 0 || slices.Contains(tiers, e.tier) {
			out = append(out, e)
		}
	}
	return out, nil
}

// result is one checked answer.
type result struct {
	tier, mode, tool string
	seed, round      int
	cost             cost
	capped           bool
	err              error
	depth, nodes     int
	errors           int // training rows the tree misclassifies
	flag             string
}

func compare(w io.Writer, manifest string, tiers []string, b bins, cfg config, details string) error {
	entries, err := readManifest(manifest, tiers)
	if err != nil {
		return err
	}
	var all []tool
	for _, t := range tools() {
		if slices.Contains(cfg.tools, t.name) {
			all = append(all, t)
		}
	}
	var results []result
	turn := 0
	for round := range cfg.rounds {
		for _, e := range entries {
			d, err := readDL(e.files.dl)
			if err != nil {
				return err
			}
			for _, mode := range cfg.modes {
				var rs []result
				// Rotate the order of the tools from one answer to the next.
				for i := range all {
					t := all[(i+turn)%len(all)]
					ask, ok := t.modes[mode]
					if !ok {
						continue
					}
					a := ask(b, e.files, cfg.limit)
					r := result{tier: e.tier, mode: mode, tool: t.name, seed: e.seed, round: round, cost: a.cost, err: a.err}
					switch {
					case a.err == errCap:
						r.capped = true
					case a.err != nil:
						r.flag = "failed: " + a.err.Error()
					case a.tree == nil:
						r.flag = "no tree"
					default:
						r.depth, r.nodes, r.errors = a.tree.depth(), a.tree.decisions(), d.errors(a.tree)
						if r.errors != 0 {
							r.flag = fmt.Sprintf("tree misclassifies %d training rows", r.errors)
						}
					}
					rs = append(rs, r)
					fmt.Fprintf(os.Stderr, "%s s%d %s %-8s cpu %7.3fs wall %7.3fs depth %d nodes %d %s\n",
						e.tier, e.seed, mode, t.name, r.cost.cpu.Seconds(), r.cost.wall.Seconds(), r.depth, r.nodes, status(r))
				}
				turn++
				flagDisagreements(rs)
				results = append(results, rs...)
			}
		}
	}
	if details != "" {
		if err := writeDetails(details, results); err != nil {
			return err
		}
	}
	return writeTables(w, results, cfg, entries)
}

func status(r result) string {
	if r.capped {
		return "CAPPED"
	}
	return r.flag
}

// flagDisagreements marks, among the answers for one dataset and mode,
// every verified tree deeper than the shallowest verified one and, in
// size mode, every one with more decision nodes than the fewest at that
// depth. Our learner is not exempt.
func flagDisagreements(rs []result) {
	ok := func(r result) bool { return !r.capped && r.flag == "" }
	depth := 1 << 30
	for _, r := range rs {
		if ok(r) {
			depth = min(depth, r.depth)
		}
	}
	nodes := 1 << 30
	for _, r := range rs {
		if ok(r) && r.depth == depth {
			nodes = min(nodes, r.nodes)
		}
	}
	for i, r := range rs {
		switch {
		case !ok(r):
		case r.depth > depth:
			rs[i].flag = fmt.Sprintf("depth %d, another tool's verified tree has %d", r.depth, depth)
		case r.mode == "size" && r.tool != "InferDT" && r.nodes > nodes:
			rs[i].flag = fmt.Sprintf("%d decision nodes, another tool's verified tree has %d", r.nodes, nodes)
		}
	}
}

func writeDetails(path string, results []result) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	bw := bufio.NewWriter(f)
	fmt.Fprintln(bw, "tier\tseed\tround\tmode\ttool\tcpu_s\twall_s\tprocesses\tcapped\tdepth\tnodes\ttrain_errors\tflag")
	for _, r := range results {
		fmt.Fprintf(bw, "%s\t%d\t%d\t%s\t%s\t%.4f\t%.4f\t%d\t%v\t%d\t%d\t%d\t%s\n", r.tier, r.seed, r.round, r.mode, r.tool,
			r.cost.cpu.Seconds(), r.cost.wall.Seconds(), r.cost.procs, r.capped, r.depth, r.nodes, r.errors, r.flag)
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
