package schemas

// Ranks is report/ranks (the single file report/ranks.parquet): the
// benchmark study's comparison of the learners across datasets, the
// numbers of report.md's "Across datasets" section and its CD diagram.
const Ranks = "report/ranks"

// RankRow is one learner's average rank over the (dataset, scenario)
// groups, beside the tests of the comparison (Demšar, JMLR 2006; package
// friedman), which are the run's and repeat on every row: the Friedman
// test with Iman and Davenport's F, Nemenyi's critical difference, and
// Holm's test of the learner against the control (the best-ranked
// learner). With the ranks and the critical difference a reader redraws
// the CD diagram: two learners are joined when their average ranks differ
// by less than nemenyi_cd.
type RankRow struct {
	Measure     string  `parquet:"measure"`      // the measure the groups rank the learners by ("accuracy")
	Learner     string  `parquet:"learner"`      // the learner ranked
	AverageRank float64 `parquet:"average_rank"` // its mean rank over the groups (1 = the best, ties averaged)
	Groups      int64   `parquet:"groups"`       // N, the (dataset, scenario) groups
	Learners    int64   `parquet:"learners"`     // k, the learners ranked
	Alpha       float64 `parquet:"alpha"`        // the level of the tests
	QAlpha      float64 `parquet:"q_alpha"`      // Nemenyi's q_α for k learners
	NemenyiCD   float64 `parquet:"nemenyi_cd"`   // q_α·√(k(k+1)/6N)
	// FriedmanChi2 and FriedmanP are the Friedman test's χ²_F (k − 1 df)
	// and its p-value.
	FriedmanChi2 float64 `parquet:"friedman_chi2"`
	FriedmanP    float64 `parquet:"friedman_p"`
	// ImanDavenportF and ImanDavenportP are Iman and Davenport's F_F
	// (k − 1 and (k − 1)(N − 1) df) and its p-value, the test the report's
	// verdict reads.
	ImanDavenportF float64 `parquet:"iman_davenport_f"`
	ImanDavenportP float64 `parquet:"iman_davenport_p"`
	Control        string  `parquet:"control"` // the best-ranked learner (the first in config order on a tie)
	// Z, P and HolmP are the learner's test against the control: z =
	// (R_i − R_control)/√(k(k+1)/6N), its two-sided normal p and Holm's
	// adjusted p over the k − 1 comparisons; null on the control's row.
	Z     *float64 `parquet:"z,optional"`
	P     *float64 `parquet:"p,optional"`
	HolmP *float64 `parquet:"holm_p,optional"`
	// DiffersFromControl is true when Holm's test rejects at alpha and
	// the Friedman test (Iman–Davenport) rejects too; null on the
	// control's row.
	DiffersFromControl *bool `parquet:"differs_from_control,optional"`
}

var ranksTable = newFlatTable[RankRow](Ranks)

// RanksTable is report/ranks.parquet, one file per run, written by the
// benchmark study's report: one row per ranked learner, best first; no
// rows when the report has no "Across datasets" section (fewer than two
// groups or two learners that ran on every group).
var RanksTable = singleFlat(Ranks, Ranks+".parquet", ranksTable)
