package pipeline

import (
	"slices"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/stages/generate"
)

// A costs section read from Turney's files holds, in the resolved config,
// the spec the files gave: a changed cost file changes the config. The
// folder's config is compared with the command's without the sections
// whose files changed, so that the change is named by its file (and
// --recompute-changed can recompute what depends on it) rather than by a
// config key.

// changedFiles returns the paths of the input files read now (cur) whose
// state some record of the folder keeps differently.
func changedFiles(cur inputState, recs *records) map[string]bool {
	out := map[string]bool{}
	for _, rec := range recs.byName {
		for k, v := range cur {
			if old, ok := rec.state[k]; ok && v.file != nil && old.String() != v.String() {
				out[v.file.Path] = true
			}
		}
	}
	return out
}

// withoutChangedCosts returns a and b, or when some costs section of b
// was read from a changed file, copies of both without that section (a's
// at the same place): a is the config the folder was made by, b the
// command's.
func withoutChangedCosts(a, b *Config, changed map[string]bool) (*Config, *Config) {
	if len(changed) == 0 {
		return a, b
	}
	a, b = withCopiedCosts(a), withCopiedCosts(b)
	as, bs := costSections(a), costSections(b)
	for i, c := range bs {
		if *c == nil || !slices.ContainsFunc((*c).Files, func(f string) bool { return changed[f] }) {
			continue
		}
		*c = nil
		if i < len(as) {
			*as[i] = nil
		}
	}
	return a, b
}

// costSections returns the places of c's costs sections, in a fixed
// order: the config's, then each of its study's datasets'
// (Study.Datasets).
func costSections(c *Config) []**costs.Config {
	out := []**costs.Config{&c.Costs}
	if ds := studyDatasets(c); ds != nil {
		for i := range *ds {
			out = append(out, &(*ds)[i].Costs)
		}
	}
	return out
}

// withCopiedCosts returns a copy of c whose costs sections can be set
// without changing c.
func withCopiedCosts(c *Config) *Config {
	x := *c
	d, ok := studies.lookup(c.Study)
	if !ok || c.Section == nil {
		return &x
	}
	x.Section = d.copySection(c.Section)
	if ds := d.datasets(x.Section); ds != nil {
		*ds = slices.Clone(*ds)
	}
	return &x
}

// studyDatasets returns the place of the datasets of c's study section,
// nil for a study without (or a config without a section).
func studyDatasets(c *Config) *[]generate.DatasetSpec {
	d, ok := studies.lookup(c.Study)
	if !ok || c.Section == nil {
		return nil
	}
	return d.datasets(c.Section)
}
