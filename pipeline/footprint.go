package pipeline

import (
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// assumedClasses is the number of classes the footprint assumes for real
// data before it is read (the config alone cannot know them); the
// measured footprint counts the datasets' own.
const assumedClasses = 4

// countPredictions adds results/predictions to a study's footprint, when
// the run writes it: per row of a task, tested predictions by each of
// learners learners (tested: the share of a task's rows a learner
// classifies, 1 for a cross-validation, which classifies every row once),
// each held in memory as schemas.PredictionBytes while its task is
// computed and until its chunk is written, and taking
// schemas.PredictionDiskBytes on disk.
func countPredictions(fp *flow.Footprint, out Outputs, learners int, tested float64, classes int, costed bool) {
	if !out.Predictions {
		return
	}
	per := float64(learners) * tested
	mem := per * schemas.PredictionBytes(classes, costed)
	fp.HeldBytes += mem
	fp.WorkBytes += mem
	fp.DiskBytes += per * schemas.PredictionDiskBytes
}

// measured is a Footprint.Measure: base (the study's footprint without
// predictions) with the rows and classes rows measures once the study's
// data is read, and the predictions counted by count for those classes.
func measured(base flow.Footprint, count func(fp *flow.Footprint, classes int), rows func() (int64, float64, int, bool)) func() (flow.Footprint, bool) {
	return func() (flow.Footprint, bool) {
		most, mean, classes, ok := rows()
		if !ok {
			return flow.Footprint{}, false
		}
		m := base
		m.MaxRows, m.MeanRows = most, mean
		count(&m, classes)
		return m, true
	}
}
