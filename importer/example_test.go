package importer_test

import (
	"fmt"
	"log"
	"path/filepath"

	"github.com/dtbench/dtbench/importer"
)

// Read a CSV file with a header row, as the benchmark paper prepared its
// data: numeric columns cut into 5 equal-frequency bins (Weka's
// Discretize -F -B 5), a missing value kept as the value "?".
func ExampleRead() {
	d, rep, err := importer.Read(filepath.Join("testdata", "weather.csv"),
		importer.Options{Class: "play", Header: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d rows, %d features, class %s %q\n", d.Len(), d.NumFeatures(), d.Schema().Class.Name, d.Schema().Class.Values)
	for f, a := range d.Schema().Features {
		c := rep.Features[f]
		fmt.Printf("%s (%s, %d missing): %q\n", a.Name, c.Kind, c.Missing, a.Values)
		if c.Discretized {
			fmt.Printf("  cuts %v\n", c.Cuts)
		}
	}
	fmt.Println("row 3:", d.Row(3, nil), "class", d.Label(3))
	// Output:
	// 14 rows, 4 features, class play ["no" "yes"]
	// outlook (text, 1 missing): ["sunny" "overcast" "rainy" "?"]
	// temperature (numeric, 1 missing): ["(-inf, 68.5]" "(68.5, 71.5]" "(71.5, 73.5]" "(73.5, 80.5]" "(80.5, inf)" "?"]
	//   cuts [68.5 71.5 73.5 80.5]
	// relative humidity (numeric, 0 missing): ["(-inf, 72.5]" "(72.5, 82.5]" "(82.5, 88]" "(88, 93]" "(93, inf)"]
	//   cuts [72.5 82.5 88 93]
	// windy (text, 0 missing): ["FALSE" "TRUE"]
	// row 3: [2 5 4 0] class 1
}

// Read a headerless UCI file, its column names taken from the .names file
// that comes with it, dropping the rows with a missing value.
func ExampleRead_namesFile() {
	_, rep, err := importer.Read(filepath.Join("testdata", "weather.data"), importer.Options{
		Class:     "play",
		NamesFile: filepath.Join("testdata", "weather.names"),
		Missing:   importer.MissingDrop,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d rows read, %d dropped, %d kept\n", rep.Rows, rep.DroppedMissing, rep.Kept())
	fmt.Println("temperature cuts:", rep.Features[1].Cuts)
	// Output:
	// 14 rows read, 2 dropped, 12 kept
	// temperature cuts: [66.5 71.5 73.5 80.5]
}

func ExampleBinLabels() {
	fmt.Printf("%q\n", importer.BinLabels([]float64{3.5, 7.25}, false))
	fmt.Printf("%q\n", importer.BinLabels(nil, false))
	// Output:
	// ["(-inf, 3.5]" "(3.5, 7.25]" "(7.25, inf)"]
	// ["(-inf, inf)"]
}
