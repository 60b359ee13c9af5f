// Package importer reads real datasets — CSV (or blank-separated), Weka
// ARFF and Parquet files, each optionally gzip- or Unix-compressed (.Z) —
// into dtbench's dataset.Dataset: numeric columns discretized (the
// default, as the entropy paper did), or kept as numbers with discretize:
// none, for the learners that split on them. Read is the entry point;
// Options say how, and the Report says what was done.
//
// Conventions, stated once:
//   - Columns are named, and options pick them by name (the class, columns
//     to drop, columns to read as nominal); a name the file lacks is an
//     error listing the names it has. Features keep the file's column
//     order, with the class and dropped columns taken out.
//   - Codes follow labels in a fixed order, so the same file and options
//     always give the same dataset: declared values in declaration order
//     (ARFF nominal; false, true for Parquet booleans); otherwise distinct
//     values in order of first appearance among the kept rows, as Weka's
//     CSVLoader orders them, or in ascending numeric order (ties by text)
//     when they are all numbers (a numeric class, a column listed in
//     Options.Nominal), as Weka's NumericToNominal orders them; bins in
//     ascending order; the missing category last.
//   - ARFF is read through dataset.ARFFReader, the one reader of its
//     syntax, which ParseARFF uses too; this package adds what the types
//     mean (numbers, dates, strings, missing values).
//   - A column is discretized when it holds numbers: ARFF numeric, real,
//     integer and date attributes, Parquet integers, floats, dates and
//     timestamps, and CSV columns whose every value in the file is a
//     decimal number. Options.Nominal keeps chosen ones nominal. The class
//     is never discretized, and always nominal.
//   - With discretize: none (NoDiscretization) those columns are numeric
//     attributes instead (dataset.Attribute.Numeric, float64 as the file
//     writes them), dates as milliseconds since 1970 in UTC, the numbers
//     Weka holds; exactly the columns Weka's CSVLoader and ArffLoader
//     type numeric or date.
//   - Cut points are exactly Weka 3.6's (unsupervised Discretize: -F -B 5
//     by default, as the benchmark paper used; equal width on request),
//     computed on the kept rows' non-missing values. A value v falls in
//     the first bin whose upper edge is >= v. Bins are labelled
//     "(-inf, 3.5]", "(3.5, 7.25]", "(7.25, inf)" (BinLabels, FormatCut):
//     Weka's numbers with a comma for its hyphen. Dates are milliseconds
//     since 1970 in UTC, cut like numbers, their edges written in RFC 3339.
//   - A missing value (CSV: the marker, default "?", or an empty field;
//     ARFF: a bare ?; Parquet: a null or a NaN) is its own value, labelled
//     "?", in any column that has one among the kept rows (missing:
//     category, the default); with missing: drop, rows with a missing
//     value in a kept column are dropped instead; with missing: keep it
//     stays missing, as Weka's ? is: dataset.MissingCode in a nominal
//     column (whose domain gets no "?"), NaN in a numeric one. A number
//     has no category: discretize: none with missing: category refuses a
//     numeric column with a missing value, naming the key. Rows with a
//     missing class are always dropped. A quoted "?" is a value, not a
//     missing one.
//   - WriteParquet, WriteARFF and WriteCSV write numbers as numbers (a
//     DOUBLE column; ARFF numeric) and a value kept missing as a null (in
//     an optional column, only where a column has one) or a bare ?.
//   - ARFF string attributes and CSV or Parquet text become nominal with
//     their distinct values; more than dataset.MaxValues is an error
//     naming the column and the line where the first value too many
//     appears.
//   - Every error caused by the file or the options is an *input.Error
//     naming the file and the line (or, for Parquet, the row and column),
//     or the option key, so the CLI exits with status 2.
//   - Text is UTF-8: every line of a CSV, ARFF or .names file, and every
//     Parquet string and column name, is checked as it is read, and a byte
//     that is not UTF-8 is an error at its line and byte column.
//   - A message quotes the file only through input.Excerpt, and quotes
//     nothing of a file that fails from its first line (an ARFF file
//     without a header keyword first, a CSV whose first record has one
//     field, a file without the Parquet magic): a password file named as
//     a dataset is not printed.
package importer
