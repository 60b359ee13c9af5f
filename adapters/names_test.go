package adapters

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/generate"
	"github.com/dtbench/dtbench/stages/train"
	"github.com/dtbench/dtbench/stages/train/external"
	"github.com/dtbench/dtbench/tree"
)

// TestWekaReadsAnyNames: the Weka adapter reads the request's JSON from its
// bytes, so names and labels that need escapes or are not ASCII must come
// through it intact: its diagnostic op echo must give back exactly the
// schema it was sent. The same rows are fitted under plain names and under
// names with quotes, backslashes, control characters, accents, emoji and a
// 2,000-character feature name (longer than the reader's raw-string
// threshold); each classifier must build the same tree under both, and its
// walked tree must predict as Weka does (-Ddtbench.check). SimpleCart finds
// a split's branch from its value labels, so a misread label would show
// there too.
func TestWekaReadsAnyNames(t *testing.T) {
	spec := generate.OracleSpec{Domains: []int{3, 3, 3, 3}, Classes: 3, Depth: 3}
	oracle, err := generate.Oracle(spec, rand.New(rand.NewPCG(5, 0)))
	if err != nil {
		t.Fatal(err)
	}
	plain := generate.Schema(spec)
	sample, err := generate.Complete(oracle, plain, 300, rand.New(rand.NewPCG(5, 1)))
	if err != nil {
		t.Fatal(err)
	}
	// Each feature's labels collide if the reader mistakes what they
	// test: escapes dropped (a"b → ab) or kept (a\"b), UTF-8 read as Latin-1
	// (é → Ã©), \u escapes left as text; Weka refuses an attribute with
	// duplicate labels, so any of these fails the fit.
	fancy := dataset.Schema{
		Features: []dataset.Attribute{
			{Name: `say "hi"`, Values: []string{`a"b`, `ab`, `a\"b`}},
			{Name: `back\slash`, Values: []string{"é", "Ã©", "✓ 😀"}},
			{Name: "bell\u0007 and \u00e9", Values: []string{"\u2028", `\u2028`, "\u0007"}},
			{Name: strings.Repeat("long ", 400), Values: []string{"0", "1", strings.Repeat("v", 1500)}},
		},
		Class: dataset.Attribute{Name: "klasse ß", Values: []string{"ja", "nein", `vielleicht "?"`}},
	}
	echoed := wekaEcho(t, fancy)
	if !reflect.DeepEqual(echoed, fancy) {
		t.Errorf("the adapter read the schema as\n%#v\nnot\n%#v", echoed, fancy)
	}
	rows := func(s dataset.Schema) *dataset.Dataset {
		x := make([][]uint8, sample.Data.Len())
		for r := range x {
			x[r] = sample.Data.Row(r, nil)
		}
		d, err := dataset.FromRows(s, x, sample.Data.Labels())
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, classifier := range [][]string{
		{"weka.classifiers.trees.J48", "-U"},
		{"weka.classifiers.trees.SimpleCart", "-U"},
	} {
		cmd := wekaCommand(t, classifier...)
		cmd = append([]string{cmd[0], "-Ddtbench.check=true"}, cmd[1:]...)
		var trees []*tree.Tree
		for _, s := range []dataset.Schema{plain, fancy} {
			l := external.New(classifier[0], external.Spec{Command: cmd, Timeout: external.Duration(time.Minute), MaxFailures: 1}, nil)
			d := rows(s)
			m, err := l.Fit(d, d.All(), rand.New(rand.NewPCG(1, 1)), external.Query{})
			l.Close()
			if err != nil {
				t.Fatalf("%s on %q: %v", classifier[0], s.Features[0].Name, err)
			}
			tm, ok := m.(interface{ Tree() *tree.Tree })
			if !ok {
				t.Fatalf("%s replied without a tree", classifier[0])
			}
			trees = append(trees, tm.Tree())
		}
		if trees[0].Len() < 3 {
			t.Errorf("%s: a %d-node tree; the test wants splits", classifier[0], trees[0].Len())
		}
		if !sameTree(trees[0], trees[1]) {
			t.Errorf("%s builds another tree under the escaped names:\nplain:\n%s\nescaped:\n%s", classifier[0], text(trees[0]), text(trees[1]))
		}
	}
}

// wekaEcho sends the Weka adapter (J48) the schema in an echo request and
// returns the schema it replies with, as it read it.
func wekaEcho(t *testing.T, s dataset.Schema) dataset.Schema {
	t.Helper()
	schema, err := external.EncodeSchema(s)
	if err != nil {
		t.Fatal(err)
	}
	req, err := json.Marshal(map[string]any{"op": "echo", "schema": json.RawMessage(schema)})
	if err != nil {
		t.Fatal(err)
	}
	cmd := wekaCommand(t, "weka.classifiers.trees.J48")
	c := exec.Command(cmd[0], cmd[1:]...)
	c.Stdin = bytes.NewReader(append(req, '\n'))
	c.Stderr = os.Stderr
	out, err := c.Output()
	if err != nil {
		t.Fatalf("echo: %v", err)
	}
	var reply struct {
		Schema json.RawMessage `json:"schema"`
		Error  string          `json:"error"`
	}
	if err := json.Unmarshal(out, &reply); err != nil || reply.Schema == nil {
		t.Fatalf("echo reply %.200q: %v %s", out, err, reply.Error)
	}
	got, err := external.DecodeSchema(reply.Schema)
	if err != nil {
		t.Fatalf("echo reply: %v", err)
	}
	return got
}

// TestWekaLongRequest: a request line many times the Weka adapter's 64 KB
// read buffer (30,000 rows of 20 binary features, 1 MB of base64 with the
// held-out rows) comes through its byte reader whole: J48 -U builds from it
// the tree our c45 with pruning: none grows on the same rows.
func TestWekaLongRequest(t *testing.T) {
	spec := generate.OracleSpec{Domains: make([]int, 20), Classes: 2, Depth: 6}
	for i := range spec.Domains {
		spec.Domains[i] = 2
	}
	oracle, err := generate.Oracle(spec, rand.New(rand.NewPCG(6, 0)))
	if err != nil {
		t.Fatal(err)
	}
	sample, err := generate.Complete(oracle, generate.Schema(spec), 30000, rand.New(rand.NewPCG(6, 1)))
	if err != nil {
		t.Fatal(err)
	}
	d := sample.Data
	l := external.New("weka-j48u", external.Spec{Command: wekaCommand(t, "weka.classifiers.trees.J48", "-U"), Timeout: external.Duration(time.Minute), MaxFailures: 1}, nil)
	defer l.Close()
	m, err := l.Fit(d, d.All(), rand.New(rand.NewPCG(1, 1)), external.Query{Data: d})
	if err != nil {
		t.Fatal(err)
	}
	weka := m.(interface{ Tree() *tree.Tree }).Tree()
	o := train.DefaultC45Options()
	o.Pruning = train.PruningNone
	cm, err := train.C45{Options: o}.Fit(d, d.All(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ours := cm.(interface{ Tree() *tree.Tree }).Tree()
	if weka.Len() < 100 || !sameTree(weka, ours) {
		t.Errorf("J48 -U through the adapter: %d nodes; our c45: %d nodes, the same tree: %v", weka.Len(), ours.Len(), sameTree(weka, ours))
	}
}
