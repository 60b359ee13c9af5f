package dataset_test

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/dtbench/dtbench/dataset"
)

// Read a small ARFF file, count classes among the rows where a feature has
// a value with one AND + popcount, and write the data back as ARFF.
func Example() {
	const text = `@relation 'tiny weather'
@attribute outlook {sunny, overcast, rainy}
@attribute windy {TRUE, FALSE}
@attribute play {yes, no}
@data
sunny, FALSE, no
sunny, TRUE,  no
overcast, FALSE, yes
rainy, FALSE, yes
rainy, TRUE, no
`
	d, err := dataset.ParseARFF(strings.NewReader(text), "tiny.arff", "play")
	if err != nil {
		fmt.Println(err)
		return
	}
	s := d.Schema()
	fmt.Println(d.Len(), "rows; class counts", d.ClassCounts(d.All()))
	calm := d.ValueRows(1, 1) // windy = FALSE
	fmt.Println("calm rows", calm.Rows(nil), "play yes:", dataset.AndCount(calm, d.ClassRows(0)))
	fmt.Println("majority when calm:", s.Class.Values[d.Majority(calm)])
	if err := dataset.WriteARFF(os.Stdout, d, "tiny weather"); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 5 rows; class counts [2 3]
	// calm rows [0 2 3] play yes: 2
	// majority when calm: yes
	// @relation 'tiny weather'
	//
	// @attribute outlook {sunny,overcast,rainy}
	// @attribute windy {TRUE,FALSE}
	// @attribute play {yes,no}
	//
	// @data
	// sunny,FALSE,no
	// sunny,TRUE,no
	// overcast,FALSE,yes
	// rainy,FALSE,yes
	// rainy,TRUE,no
}

// Errors from a bad file name the file, line and byte column, and are bad
// input.
func ExampleParseARFF() {
	_, err := dataset.ParseARFF(strings.NewReader("@attribute a {x, y}\n@attribute c {p, n}\n@data\nx,p\nz,n\n"), "data.arff", "")
	fmt.Println(err)
	// Output:
	// data.arff:5:1: value "z" is not declared for attribute "a"
}

// Read an ARFF file's declarations, then its values one at a time, as the
// importer does: a numeric attribute's values come as text, a nominal
// one's with their code, a bare ? as missing.
func ExampleARFFReader() {
	const text = "@relation r\n@attribute temp numeric\n@attribute play {yes, no}\n@data\n21.5, no\n?, yes\n"
	r := dataset.NewARFFReader(strings.NewReader(text), "r.arff")
	for {
		a, err := r.Attribute()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(a.Name, a.Type, a.Values)
	}
	for {
		v, err := r.Value()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("line %d col %d: attribute %d %q missing=%v code %d\n", r.Line(), v.Col, v.Attr, v.Text, v.Missing, v.Code)
	}
	// Output:
	// temp numeric []
	// play nominal [yes no]
	// line 5 col 1: attribute 0 "21.5" missing=false code -1
	// line 5 col 7: attribute 1 "no" missing=false code 1
	// line 6 col 1: attribute 0 "?" missing=true code -1
	// line 6 col 4: attribute 1 "yes" missing=false code 0
}
