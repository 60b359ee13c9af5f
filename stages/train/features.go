package train

import "github.com/dtbench/dtbench/input"

// featureChecker is a learner whose options depend on the data's number
// of features, checked before any work starts.
type featureChecker interface {
	checkFeatures(m int) error
}

// checkFeatures refuses K above the number of features: with K ≥ m every
// feature is examined anyway, so a larger K is a mistake in the config.
func (l RandomTree) checkFeatures(m int) error {
	if l.Options.K > m {
		return input.Keyf("k", "%d is more than the %d features", l.Options.K, m)
	}
	return nil
}

// CheckFeatures checks the options of learner l, configured under name,
// that depend on the number of features m of the study's data, as an
// *input.Error keyed learners.<name>.<option>.
func CheckFeatures(name string, l Learner, m int) error {
	if c, ok := l.(featureChecker); ok {
		if err := c.checkFeatures(m); err != nil {
			return validateOptions(name, errorOptions{err})
		}
	}
	return nil
}

// errorOptions lets validateOptions key an option error found elsewhere.
type errorOptions struct{ err error }

func (e errorOptions) Validate() error { return e.err }

// checkFeatures refuses K above the number of features, as RandomTree's
// does: the forest's trees take its K.
func (l RandomForest) checkFeatures(m int) error {
	return RandomTree{Options: l.Options.treeOptions()}.checkFeatures(m)
}
