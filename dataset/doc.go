// Package dataset holds dtbench's nominal dataset: the one data type every
// stage and learner shares.
//
// Conventions, stated once:
//   - Every feature is nominal. Feature f has a domain of Domain(f) values
//     coded 0..Domain(f)-1; the class has Classes() values coded the same
//     way. Labels for the codes are kept beside them (Attribute.Values) and
//     never used in computation.
//   - Codes fit in a byte and a domain has at most MaxValues values, so a set
//     of values is one uint64 mask (bit v set = value v possible).
//   - Storage is column-major: Column(f)[row] is the code of feature f in row.
//   - For every (feature, value) and every class the dataset keeps a Bitset
//     over rows. Split statistics are then AND + popcount over those bitsets
//     and a row subset, and no learner copies rows. A Bitset for n rows has
//     (n+63)/64 words and no bit set past row n-1; the binary operations
//     take operands of equal length.
//   - Row subsets are Bitsets too: Fit(d, rows, rng) trains on the rows whose
//     bit is set, so cross-validation folds and held-out splits cost nothing.
//   - A Dataset is immutable once built; slices it returns must not be
//     modified.
//   - ARFFReader is dtbench's one reader of ARFF syntax: ReadARFF and
//     ParseARFF read Weka's nominal ARFF through it, and the importer
//     (importer.Read) every attribute type. Every error it returns for a
//     bad file is an *input.Error naming the file, line and byte column.
//     WriteARFF writes ARFF that reads back to an equal dataset.
package dataset
