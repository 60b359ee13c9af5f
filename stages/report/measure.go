package report

import "github.com/dtbench/dtbench/schemas"

// Measure names one summarised measure: an evaluation column and the Stat
// of schemas.Summary that holds its summary.
type Measure int

// The measures of schemas.Summary, in its field order.
const (
	DOE Measure = iota
	Agreement
	Accuracy
	AccX
	AccV
	AccI
	GammaX
	GammaV
	GammaI
	TreeDepth
	TreeLeaves

	numMeasures = int(TreeLeaves) + 1
)

// measureColumns are the evaluation column names, indexed by Measure.
var measureColumns = [numMeasures]string{
	"doe", "agreement", "accuracy", "acc_x", "acc_v", "acc_i",
	"gamma_x", "gamma_v", "gamma_i", "tree_depth", "tree_leaves",
}

// String returns the measure's evaluation column name, e.g. "doe".
func (m Measure) String() string {
	if m < 0 || int(m) >= numMeasures {
		return "Measure(?)"
	}
	return measureColumns[m]
}

// Of returns the Stat of s that summarises m. It panics on a Measure
// outside the declared constants, which is a programmer bug.
func (m Measure) Of(s *schemas.Summary) *schemas.Stat {
	switch m {
	case DOE:
		return &s.DOE
	case Agreement:
		return &s.Agreement
	case Accuracy:
		return &s.Accuracy
	case AccX:
		return &s.AccX
	case AccV:
		return &s.AccV
	case AccI:
		return &s.AccI
	case GammaX:
		return &s.GammaX
	case GammaV:
		return &s.GammaV
	case GammaI:
		return &s.GammaI
	case TreeDepth:
		return &s.TreeDepth
	case TreeLeaves:
		return &s.TreeLeaves
	}
	panic("report: unknown Measure " + m.String())
}

// value returns e's value of m and whether it is non-null.
func (m Measure) value(e *schemas.Evaluation) (float64, bool) {
	switch m {
	case DOE:
		return floatValue(e.DOE)
	case Agreement:
		return floatValue(e.Agreement)
	case Accuracy:
		return floatValue(e.Accuracy)
	case AccX:
		return floatValue(e.AccX)
	case AccV:
		return floatValue(e.AccV)
	case AccI:
		return floatValue(e.AccI)
	case GammaX:
		return floatValue(e.GammaX)
	case GammaV:
		return floatValue(e.GammaV)
	case GammaI:
		return floatValue(e.GammaI)
	case TreeDepth:
		return intValue(e.TreeDepth)
	case TreeLeaves:
		return intValue(e.TreeLeaves)
	}
	panic("report: unknown Measure " + m.String())
}

func floatValue(p *float64) (float64, bool) {
	if p == nil {
		return 0, false
	}
	return *p, true
}

func intValue(p *int32) (float64, bool) {
	if p == nil {
		return 0, false
	}
	return float64(*p), true
}
