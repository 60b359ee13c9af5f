package schemas

import "github.com/dtbench/dtbench/schemas/internal/pq"

// WriteOption sets how a table file is written. WithVersion is the one a
// caller sets: the dtbench version that created_by names. Every other
// choice of the writer is fixed, so the same rows and version give the
// same bytes.
type WriteOption func(*writeConfig)

// UnknownVersion is the dtbench version created_by names when the writer
// is not given one (WithVersion, or an empty version).
const UnknownVersion = "unknown"

// writeConfig is what the write options set, with its defaults.
type writeConfig struct {
	version string    // dtbench's version, for created_by
	layout  pq.Layout // rows per data page and per row group
}

// WithVersion names the dtbench version that writes a file; created_by
// is then "dtbench version <v> (build schema <the table's version>)"
// (createdBy), so that a reader can tell which dtbench wrote a file, and
// files written before a fix from those after it.
func WithVersion(v string) WriteOption {
	return func(c *writeConfig) {
		if v != "" {
			c.version = v
		}
	}
}

// withLayout cuts the file into data pages of page rows and row
// groups of group rows instead of pq.PageRows and RowGroupRows: for tests
// that need many pages and row groups from a few rows. Real runs never set
// it, so their bytes stay fixed by the constants.
func withLayout(page, group int) WriteOption {
	if page < 1 || group < 1 {
		panic("schemas: withLayout needs at least one row per page and per row group")
	}
	return func(c *writeConfig) { c.layout = pq.Layout{PageRows: page, GroupRows: group} }
}

// newWriteConfig applies opts to the defaults.
func newWriteConfig(opts []WriteOption) writeConfig {
	c := writeConfig{version: UnknownVersion, layout: pq.DefaultLayout}
	for _, o := range opts {
		o(&c)
	}
	return c
}
