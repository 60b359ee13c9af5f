package costs

import (
	"math"
	"os"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/dtbench/dtbench/tree"
)

// TestReadmeGroupExample holds the README's costs example to Turney's
// heart-disease .expense file: with its tests and groups, the first
// cholesterol test on a path costs Turney's full 7.27 (not 7.27 plus the
// blood draw again), fasting blood sugar alone his full 5.20, and both
// together 7.27 + 3.10, the blood drawn once.
func TestReadmeGroupExample(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	at := strings.Index(text, "```yaml\ncosts:")
	if at < 0 {
		t.Fatal("README.md has no costs example")
	}
	block := text[at+len("```yaml\n"):]
	block = block[:strings.Index(block, "```")]
	var doc struct {
		Costs map[string]any `yaml:"costs"`
	}
	if err := yaml.Unmarshal([]byte(block), &doc); err != nil {
		t.Fatalf("README's costs example: %v", err)
	}
	delete(doc.Costs, "uci") // a path on the reader's machine
	delete(doc.Costs, "rename")
	sec, err := Decode("costs", doc.Costs)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := sec.Resolve("costs", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	m, err := cfg.Spec.Resolve([]string{"age", "chol", "fbs"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	m.Matrix = [][]float64{{0, 0}, {0, 0}} // tests only
	for f := range m.Tests {
		m.Tests[f].Delayed = false // the example's delay orders the subtree at once; here one path at a time
	}
	// age, then chol on one branch and fbs on the other, and fbs below chol.
	bld := tree.NewBuilder([]int{2, 2, 2}, 2)
	k := bld.SplitMultiway(bld.Root(), 0)
	c := bld.SplitMultiway(k[0], 1)
	bld.SetLeaf(c[0], 0)
	cf := bld.SplitMultiway(c[1], 2)
	bld.SetLeaf(cf[0], 0)
	bld.SetLeaf(cf[1], 1)
	f := bld.SplitMultiway(k[1], 2)
	bld.SetLeaf(f[0], 0)
	bld.SetLeaf(f[1], 1)
	tc, err := m.ForTree(bld.Tree())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		row  []uint8
		want float64
	}{
		{"age, chol", []uint8{0, 0, 0}, 1 + 7.27},
		{"age, chol, fbs", []uint8{0, 1, 0}, 1 + 7.27 + 3.10},
		{"age, fbs", []uint8{1, 0, 0}, 1 + 5.20},
	} {
		if got := tc.Case(c.row, 0); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: charged %.2f; Turney's prices give %.2f", c.name, got, c.want)
		}
	}
}
