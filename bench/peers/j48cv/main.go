// Command j48cv times a 10-fold cross-validation of dtbench's c45 on an
// ARFF file with numeric attributes and missing values kept, in Weka's
// folds (cv.Weka) with each fold's training rows in Weka's order, as
// `java weka.classifiers.trees.J48 -t FILE -x 10 -s 1` runs one, which also
// fits J48 on every row first (so does j48cv). It prints the rows
// classified correctly, the mean absolute error and the seconds taken from
// reading the file to the last prediction. bench/peers/j48-numeric.sh runs
// it against Weka.
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"runtime/pprof"
	"time"

	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/stages/train"
)

func main() {
	path := flag.String("arff", "", "the ARFF file (the class is the attribute named by -class)")
	class := flag.String("class", "class", "the class attribute")
	folds := flag.Int("folds", 10, "folds of the cross-validation")
	seed := flag.Int64("seed", 1, "Weka's -s: the seed of the folds")
	profile := flag.String("cpuprofile", "", "write a CPU profile to this file")
	flag.Parse()
	if *profile != "" {
		f, err := os.Create(*profile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "j48cv:", err)
			os.Exit(1)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "j48cv:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	if err := run(*path, *class, *folds, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "j48cv:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

func run(path, class string, k int, seed int64) error {
	start := time.Now()
	d, _, err := importer.Read(path, importer.Options{Class: class,
		Discretize: importer.Discretization{Method: importer.NoDiscretization}, Missing: importer.MissingKeep})
	if err != nil {
		return err
	}
	l := train.C45{Options: train.DefaultC45Options()}
	all := make([]int, d.Len())
	for i := range all {
		all[i] = i
	}
	if _, err := l.FitOrdered(d, all, nil); err != nil { // Weka's -t fits on every row too
		return err
	}
	f := cv.Weka(d.Labels(), k, seed)
	dist := make([]float64, d.Classes())
	var x []float64
	correct, sumAbs := 0, 0.0
	for fold := range k {
		m, err := l.FitOrdered(d, f.TrainOrder[fold], nil)
		if err != nil {
			return fmt.Errorf("fold %d: %w", fold, err)
		}
		vd := m.(train.ValuesDistributor)
		for r, of := range f.Of {
			if of != fold {
				continue
			}
			x = d.Values(r, x)
			vd.DistributionValues(x, dist)
			y := int(d.Label(r))
			if dataset.ArgMax(dist) == y {
				correct++
			}
			e := 0.0
			for c, p := range dist {
				if c == y {
					p--
				}
				e += math.Abs(p)
			}
			sumAbs += e / float64(len(dist))
		}
	}
	fmt.Printf("correct %d mae %.4f seconds %.3f\n", correct, sumAbs/float64(d.Len()), time.Since(start).Seconds())
	return nil
}
