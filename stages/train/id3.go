package train

import (
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
)

// ID3Options are ID3's options. Weka's Id3 has none; MaxDepth is ours, and
// its default 0 (no limit) keeps Weka's behaviour.
type ID3Options struct {
	// MaxDepth is the largest number of tests on a root-to-leaf path; 0
	// means no limit (the path ends when no feature is left).
	MaxDepth int `mapstructure:"max_depth"`
}

// Validate checks every option's range.
func (o ID3Options) Validate() error {
	if o.MaxDepth < 0 {
		return input.Keyf("max_depth", "must be >= 0 (0 = no limit), got %d", o.MaxDepth)
	}
	return nil
}

// ID3 is Quinlan's ID3 (1986), as Weka's Id3 on nominal data: at each node
// split on the feature of largest information gain, one branch per value;
// a node becomes a leaf of its majority class (ties to the lowest class
// code) when it is pure, when no feature is left untested on its path, or
// when the best gain is 0. Ties between features go to the lowest feature
// index, and a branch no training row takes predicts its parent's majority
// class (Weka's Id3 leaves it unclassified). There is no pruning.
type ID3 struct {
	Options ID3Options
}

// Fit grows an ID3 tree on the rows of d in rows. ID3 is deterministic and
// ignores rng.
func (l ID3) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (Model, error) {
	sp := &multiway{crit: &infoGain{}}
	return growModel("id3", d, rows, sp, grow.Options{MaxDepth: l.Options.MaxDepth}, rng)
}
