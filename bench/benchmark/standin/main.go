// Command standin writes a stand-in for the benchmark paper's thyroid0387
// data (its intensive experiment's input), for timing the benchmark study
// without the UCI file: 9,173 rows, 2,401 positive and 6,772 negative, and
// 22 nominal attributes like thyroid's nominal ones (21 binary, one of 5
// values, as referral_source). The class leans on a few attributes, so the
// gain-ratio ranking and the trees have something to find, and is noisy,
// so J48 grows real trees. The same seed gives the same file.
//
//	go run ./bench/benchmark/standin -out bench/out/benchmark/thyroid-standin.arff
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/importer"
)

func main() {
	out := flag.String("out", "bench/out/benchmark/thyroid-standin.arff", "ARFF file to write")
	seed := flag.Uint64("seed", 1, "generator seed")
	flag.Parse()
	if err := write(*out, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "standin:", err)
		os.Exit(1)
	}
}

func write(path string, seed uint64) error {
	const rows, positive, binary = 9173, 2401, 21
	rng := rand.New(rand.NewPCG(seed, 0x7417))
	var schema dataset.Schema
	for i := range binary {
		schema.Features = append(schema.Features, dataset.Attribute{Name: fmt.Sprintf("b%02d", i+1), Values: []string{"f", "t"}})
	}
	schema.Features = append(schema.Features, dataset.Attribute{Name: "referral_source", Values: []string{"other", "SVI", "SVHC", "STMW", "SVHD"}})
	schema.Class = dataset.Attribute{Name: "class", Values: []string{"positive", "negative"}}
	x := make([][]uint8, rows)
	y := make([]uint8, rows)
	for r := range rows {
		pos := r < positive
		row := make([]uint8, binary+1)
		for f := range binary {
			p := 0.1 + 0.02*float64(f%7) // rare 't', as thyroid's flags
			if pos && f < 5 {
				p += 0.08 * float64(5-f) // the first five lean on the class
			}
			if rng.Float64() < p {
				row[f] = 1
			}
		}
		src := rng.IntN(5)
		if pos && rng.Float64() < 0.3 {
			src = 1
		}
		row[binary] = uint8(src)
		x[r] = row
		if !pos {
			y[r] = 1
		}
	}
	rng.Shuffle(rows, func(i, j int) { x[i], x[j] = x[j], x[i]; y[i], y[j] = y[j], y[i] })
	d, err := dataset.FromRows(schema, x, y)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return importer.WriteARFF(path, d)
}
