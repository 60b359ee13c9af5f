// Command fit is dtbench's side of the exact-learner comparison
// (bench/peers/exact): one process, one fit, as the peers run. It reads an
// ARFF training file, fits the exact learner with the given objective and
// no time budget, and prints the tree in the bracket form the runner
// verifies ([f,left,right] with left the branch of value 0, a leaf
// [class]), after its depth, decision nodes and whether it is proven.
//
// It links the exact learner's package alone, as each peer's CLI holds
// its solver alone: through the learner registry (package train), which
// also links the stage machinery and Parquet, the same answer costs about
// 2 ms more of start-up (5 ms against 3 ms for a 200-row dataset).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/exact"
	"github.com/dtbench/dtbench/tree"
)

func main() {
	objective := flag.String("objective", "depth-then-leaves", "the exact learner's objective: depth-then-leaves or depth")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: fit [-objective OBJ] TRAIN.arff")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *objective); err != nil {
		fmt.Fprintln(os.Stderr, "fit:", err)
		os.Exit(1)
	}
}

func run(path, objective string) error {
	opts := exact.Options{TimeBudget: "0", Objective: objective}
	if err := opts.Validate(); err != nil {
		return fmt.Errorf("-objective: %w", err)
	}
	d, err := dataset.ReadARFF(path, "class")
	if err != nil {
		return err
	}
	m, err := exact.Learner{Opts: opts}.Fit(d, d.All(), rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		return err
	}
	t := m.Tree()
	optimal := m.Optimal()
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintf(w, "DEPTH: %d\nNODES: %d\nOPTIMAL: %v\nTREE: ", t.Depth(), t.Len()-t.Leaves(), optimal)
	write(w, t, 0)
	w.WriteByte('\n')
	return w.Flush()
}

// write prints node n of t in bracket form.
func write(w *bufio.Writer, t *tree.Tree, n int) {
	w.WriteByte('[')
	if t.IsLeaf(n) {
		w.WriteString(strconv.Itoa(int(t.Class[n])))
		w.WriteByte(']')
		return
	}
	w.WriteString(strconv.Itoa(int(t.Feature[n])))
	for _, c := range t.Children(n) {
		w.WriteByte(',')
		write(w, t, int(c))
	}
	w.WriteByte(']')
}
