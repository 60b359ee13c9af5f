package schemas

// Stat summarises one measure over the evaluation rows of a group: N rows
// where the measure is not null, their mean, sample standard deviation and
// the two-sided 95% confidence interval of the mean (Student's t with N-1
// degrees of freedom). With N = 0 every float is NaN and written as null;
// with N = 1 the SD and the interval are null.
type Stat struct {
	N      int64
	Mean   float64
	SD     float64
	CILow  float64
	CIHigh float64
}

// Summary is one row of report/summary: the evaluations of one learner in
// one cell of the grid (features, depth, mode, size). Each Stat is written
// as the columns <name>_n, <name>_mean, <name>_sd, <name>_ci_low,
// <name>_ci_high, with <name> the measure's evaluation column.
type Summary struct {
	Learner  string
	Features int32
	Depth    int32
	Mode     string
	Size     int32
	Count    int64 // evaluation rows in the group

	DOE        Stat // doe
	Agreement  Stat // agreement
	Accuracy   Stat // accuracy
	AccX       Stat // acc_x
	AccV       Stat // acc_v
	AccI       Stat // acc_i
	GammaX     Stat // gamma_x
	GammaV     Stat // gamma_v
	GammaI     Stat // gamma_i
	TreeDepth  Stat // tree_depth
	TreeLeaves Stat // tree_leaves
}
