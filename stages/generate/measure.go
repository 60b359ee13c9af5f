package generate

// The real-data studies cannot know their rows per task from the config
// alone (a dataset's rows are known once it is read); once the import's
// Check has read the datasets, MeasuredRows gives them, for the memory
// and disk estimate (flow.Footprint.Measure).

// MeasuredRows returns the most rows one task holds (a scenario's quotas,
// or the whole dataset), the mean over the plan's tasks and the most
// classes of a dataset, and true; false before the datasets are read.
func (b *Benchmark) MeasuredRows() (most int64, mean float64, classes int, ok bool) {
	if b.data.imported == nil {
		return 0, 0, 0, false
	}
	var sum float64
	for _, c := range b.cells {
		i := b.data.index(c.Dataset)
		classes = max(classes, b.data.imported[i].Classes())
		n := int64(b.data.imported[i].Len())
		if c.Scenario != AllRows {
			n = 0
			for _, s := range b.data.specs[i].Scenarios {
				if s.Name == c.Scenario {
					for _, q := range s.Quotas {
						n += int64(q.Rows)
					}
				}
			}
		}
		most = max(most, n)
		sum += float64(n)
	}
	if len(b.cells) > 0 {
		mean = sum / float64(len(b.cells)) // every cell has the same repetitions
	}
	return most, mean, classes, true
}

// MeasuredRows returns the most rows one task holds (its dataset: the
// split holds every row), the mean over the plan's tasks and the most
// classes of a dataset, and true; false before the datasets are read.
func (c *Cost) MeasuredRows() (most int64, mean float64, classes int, ok bool) {
	if c.data.imported == nil {
		return 0, 0, 0, false
	}
	var sum float64
	for _, cell := range c.cells {
		d := c.data.imported[c.data.index(cell.Dataset)]
		classes = max(classes, d.Classes())
		n := int64(d.Len())
		most = max(most, n)
		sum += float64(n)
	}
	if len(c.cells) > 0 {
		mean = sum / float64(len(c.cells))
	}
	return most, mean, classes, true
}

// index returns the config index of the dataset named name (cells name
// only configured datasets).
func (s *importSet) index(name string) int {
	for i := range s.specs {
		if s.specs[i].Name == name {
			return i
		}
	}
	panic("generate: no dataset " + name)
}
