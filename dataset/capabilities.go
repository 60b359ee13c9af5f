package dataset

import "fmt"

// Capabilities say what data a learner takes beyond nominal features
// without missing values, as Weka's Capabilities do. They live here, beside
// the data they describe, so that learners in any package (stages/train
// and its subpackages) can state them without importing each other.
type Capabilities struct {
	Numeric bool // numeric features, as numbers
	Missing bool // missing values, handled as the learner's Weka counterpart does
}

// Admit returns an error naming learner and the first feature of d that
// c does not take (a numeric one, or one with a missing value), saying
// what to do instead; nil when c takes all of d.
func (c Capabilities) Admit(learner string, d *Dataset) error {
	for f, a := range d.schema.Features {
		if a.Numeric && !c.Numeric {
			return fmt.Errorf("learner %s takes nominal features only, and %s is numeric: discretize it (discretize: equal-frequency or equal-width) or leave %s out", learner, a.Name, learner)
		}
		if d.miss[f] != nil && !c.Missing {
			return fmt.Errorf("learner %s does not handle missing values, and %s has %d: import with missing: category or missing: drop, or leave %s out", learner, a.Name, d.miss[f].Count(), learner)
		}
	}
	return nil
}
