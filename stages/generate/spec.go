package generate

import (
	"slices"
	"strconv"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
)

// MaxOracleLeaves bounds the number of leaves an oracle may have, so that a
// mistyped depth fails at validation instead of exhausting memory. The
// paper's deepest oracles (depth 8, binary) have 256 leaves.
const MaxOracleLeaves = 1 << 22

// OracleSpec says what oracle to draw: len(Domains) features with
// Domains[f] values each (2..dataset.MaxValues), Classes classes
// (2..dataset.MaxValues) and rules of Depth tests, 1 <= Depth <= len(Domains).
type OracleSpec struct {
	Domains []int
	Classes int
	Depth   int
}

// Validate checks the spec and returns an *input.Error whose key is the
// config key at fault (oracle.features, oracle.domain, oracle.classes or
// oracle.depths) and whose message names the bad value.
func (s OracleSpec) Validate() error {
	m := len(s.Domains)
	if m < 1 {
		return input.Keyf("oracle.features", "must be >= 1, got %d", m)
	}
	for f, z := range s.Domains {
		if z < 2 || z > dataset.MaxValues {
			return input.Keyf("oracle.domain", "feature f%d has %d values, want 2..%d", f, z, dataset.MaxValues)
		}
	}
	if s.Classes < 2 || s.Classes > dataset.MaxValues {
		return input.Keyf("oracle.classes", "must be in 2..%d, got %d", dataset.MaxValues, s.Classes)
	}
	if s.Depth < 1 || s.Depth > m {
		return input.Keyf("oracle.depths", "depth %d outside 1..%d (the number of features)", s.Depth, m)
	}
	if n := s.maxLeaves(); n > MaxOracleLeaves {
		return input.Keyf("oracle.depths", "depth %d allows oracles of %d leaves or more, the limit is %d", s.Depth, n, MaxOracleLeaves)
	}
	return nil
}

// maxLeaves returns the product of the Depth largest domains, the most
// leaves an oracle of the spec can have, saturated just past MaxOracleLeaves.
func (s OracleSpec) maxLeaves() int {
	top := append([]int(nil), s.Domains...)
	// Selection of the Depth largest; specs are small.
	n := 1
	for i := 0; i < s.Depth; i++ {
		best := i
		for j := i + 1; j < len(top); j++ {
			if top[j] > top[best] {
				best = j
			}
		}
		top[i], top[best] = top[best], top[i]
		n *= top[i]
		if n > MaxOracleLeaves {
			return MaxOracleLeaves + 1
		}
	}
	return n
}

// MaxNodes returns the most nodes an oracle of the spec can have: every
// path tests the Depth largest domains. A valid spec's oracles have at
// most MaxOracleLeaves leaves, so the count fits an int.
func (s OracleSpec) MaxNodes() int { return s.nodes(func(a, b int) int { return b - a }) }

// minNodes returns the fewest nodes an oracle of the spec can have: every
// path tests the Depth smallest domains; with equal domains, the number.
func (s OracleSpec) minNodes() int { return s.nodes(func(a, b int) int { return a - b }) }

// nodes is the node count of a complete tree whose levels split on the
// domains in the order cmp sorts them: Σ_{d=0..Depth} Π of the first d.
func (s OracleSpec) nodes(cmp func(a, b int) int) int {
	z := slices.SortedFunc(slices.Values(s.Domains), cmp)
	level, total := 1, 1
	for d := range min(s.Depth, len(z)) {
		level *= z[d]
		total += level
	}
	return total
}

// Schema returns the dataset schema of the spec: features "f0".."f{m-1}"
// with value labels "0".."Z-1", and the class "class" with labels "0".."K-1".
func Schema(s OracleSpec) dataset.Schema {
	sc := dataset.Schema{
		Features: make([]dataset.Attribute, len(s.Domains)),
		Class:    dataset.Attribute{Name: "class", Values: codeLabels(s.Classes)},
	}
	for f, z := range s.Domains {
		sc.Features[f] = dataset.Attribute{Name: "f" + strconv.Itoa(f), Values: codeLabels(z)}
	}
	return sc
}

// codeLabels returns "0".."n-1".
func codeLabels(n int) []string {
	out := make([]string, max(n, 0))
	for i := range out {
		out[i] = strconv.Itoa(i)
	}
	return out
}
