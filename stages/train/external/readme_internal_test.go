package external

import (
	"bufio"
	"bytes"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// readmeExample is the data of adapters/README.md's protocol-2 example:
// three training rows of credit-approval's A1, A2 and A9 (one missing
// A1, one missing A2), and one held-out row with A9 missing.
func readmeExample(t *testing.T) (train, test *dataset.Dataset) {
	t.Helper()
	s := dataset.Schema{
		Features: []dataset.Attribute{{Name: "A1", Values: []string{"b", "a"}}, {Name: "A2", Numeric: true}, {Name: "A9", Values: []string{"t", "f"}}},
		Class:    dataset.Attribute{Name: "A16", Values: []string{"+", "-"}},
	}
	m := dataset.MissingCode
	train, err := dataset.NewMixed(s, [][]uint8{{0, 1, m}, nil, {0, 1, 0}}, [][]float64{nil, {30.83, math.NaN(), 24.5}, nil}, []uint8{0, 1, 0})
	if err != nil {
		t.Fatal(err)
	}
	test, err = dataset.NewMixed(s, [][]uint8{{1}, nil, {m}}, [][]float64{nil, {58.67}, nil}, []uint8{1})
	if err != nil {
		t.Fatal(err)
	}
	return train, test
}

// readmeLines returns the lines of adapters/README.md's code block that
// follows the line holding marker.
func readmeLines(t *testing.T, marker string) []string {
	t.Helper()
	b, err := os.ReadFile("../../../adapters/README.md")
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	var out []string
	state := 0 // 0: before the marker, 1: before the block, 2: in it
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case state == 0 && strings.Contains(line, marker):
			state = 1
		case state == 1 && strings.HasPrefix(line, "```"):
			state = 2
		case state == 2 && strings.HasPrefix(line, "```"):
			return out
		case state == 2:
			out = append(out, line)
		}
	}
	t.Fatalf("adapters/README.md has no code block after %q", marker)
	return nil
}

// TestREADMEProtocol2Example: the protocol-2 request line of
// adapters/README.md is what dtbench sends for its data, byte for byte,
// and its reply line parses into a model that answers the held-out row
// with the class and probabilities the README says.
func TestREADMEProtocol2Example(t *testing.T) {
	train, test := readmeExample(t)
	req, err := encodeFit(train, train.All(), nil, 1234567, Query{Data: test}, false)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.TrimSuffix(string(req.buf), "\n")
	req.release()
	lines := readmeLines(t, "<!-- protocol 2 example -->")
	if len(lines) != 2 {
		t.Fatalf("README example has %d lines; want a request and a reply", len(lines))
	}
	if lines[0] != got {
		t.Errorf("README's request line\n%s\nis not what dtbench sends:\n%s", lines[0], got)
	}
	m, err := parseReply([]byte(lines[1]), &fitContext{domains: train.Domains(), classes: 2, query: Query{Data: test}, values: true})
	if err != nil {
		t.Fatalf("README's reply line: %v", err)
	}
	x := test.Values(0, nil)
	p := m.(*Probabilities)
	dist := make([]float64, 2)
	p.DistributionValues(x, dist)
	if c := p.PredictValues(x); c != 1 || dist[1] != 0.75 {
		t.Errorf("README's reply: class %d, probabilities %v; want class 1 (-) at 0.75", c, dist)
	}
}
