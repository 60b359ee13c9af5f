package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/input"
)

// importCmd is `dtbench import`: one file in, the nominal dataset the
// benchmark study would train on out, as Parquet with its value labels
// (importer.WriteParquet), and a summary of what was done on stderr.
func importCmd() *cobra.Command {
	var o importer.Options
	var out string
	var force bool
	var classMap []string
	cmd := &cobra.Command{
		Use:   "import FILE... --class NAME --out FILE.parquet|FILE.arff|FILE.csv",
		Short: "Import a CSV, ARFF or Parquet file (optionally .gz or .Z) as the dataset a study trains on",
		Long: "Read FILE as the benchmark study's datasets entries do (the same options, as flags), discretize its\n" +
			"numeric and date columns (5 equal-frequency bins by default, Weka's Discretize -F -B 5 cut points;\n" +
			"--discretize none keeps them numeric, dates as milliseconds since 1970), and write the dataset to\n" +
			"--out as Parquet: one string column per nominal attribute, a DOUBLE per numeric one, the class last,\n" +
			"with every nominal column's labels in code order in the file's metadata, so that importing the output\n" +
			"again with the same options gives the same codes and the same bytes. --missing keep keeps missing\n" +
			"values missing (Parquet nulls). With --out FILE.arff it writes an ARFF for Weka instead (numeric\n" +
			"attributes, ? where missing), with FILE.csv a CSV with a header row. A summary of the columns goes\n" +
			"to stderr. Several files (or a quoted glob pattern, expanded in sorted order) are read as one table, their\n" +
			"rows in order, as a dataset entry's paths are: the same format and columns in each.",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return input.Keyf("arguments", "import takes the data file (or files) to read, got none")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, rule := range classMap {
				i := strings.LastIndex(rule, "=")
				if i < 0 {
					return input.Keyf("--class-map", "%q: want REGEX=LABEL", rule)
				}
				o.ClassMap = append(o.ClassMap, importer.ClassRule{Match: rule[:i], Label: rule[i+1:]})
			}
			if err := importer.CheckBins("--bins", o.Discretize.Bins); err != nil {
				return err
			}
			files, err := importer.Expand("arguments", args)
			if err != nil {
				return err
			}
			for _, f := range files {
				if err := checkImportOut(f, out, force); err != nil {
					return err
				}
			}
			d, report, err := importer.ReadFiles(files, o)
			if err != nil {
				return err
			}
			write := func(p string, d *dataset.Dataset) error { return importer.WriteParquet(p, d, dtbenchVersion()) }
			switch strings.ToLower(filepath.Ext(out)) {
			case ".arff":
				write = importer.WriteARFF
			case ".csv":
				write = func(p string, d *dataset.Dataset) error { return importer.WriteCSV(p, d, nil) }
			}
			if err := write(out, d); err != nil {
				return err
			}
			return writeImportReport(cmd.ErrOrStderr(), report, d.Schema(), out)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&o.Class, "class", "", "name of the class column (required)")
	fl.StringVar(&out, "out", "", "the file to write: .parquet, or .arff for Weka (required; refused if it exists, unless --force)")
	fl.BoolVar(&force, "force", false, "overwrite --out if it exists")
	fl.IntVar(&o.Discretize.Bins, "bins", importer.DefaultBins, "bins per numeric column")
	fl.StringVar(&o.Discretize.Method, "discretize", importer.EqualFrequency, "equal-frequency, equal-width, or none (keep numbers)")
	fl.StringArrayVar(&classMap, "class-map", nil, "recode the class: REGEX=LABEL, repeated; first match wins, labels in rule order")
	fl.StringSliceVar(&o.Drop, "drop", nil, "columns to leave out, comma-separated")
	fl.StringSliceVar(&o.Nominal, "nominal", nil, "numeric-looking columns to read as nominal, comma-separated")
	fl.StringVar(&o.Missing, "missing", importer.MissingCategory, "category (a missing value is a value '?'), drop (drop rows with one) or keep (missing stays missing)")
	fl.StringVar(&o.Format, "format", "", "csv, whitespace (fields separated by blanks), arff or parquet (default: from the file name)")
	fl.BoolVar(&o.Header, "header", false, "CSV: the first row names the columns")
	fl.StringSliceVar(&o.Names, "names", nil, "CSV without a header: the column names, comma-separated")
	fl.StringVar(&o.NamesFile, "names-file", "", "CSV without a header: a UCI .names file with the column names")
	fl.StringVar(&o.Delimiter, "delimiter", "", "CSV field delimiter (default ,)")
	fl.StringVar(&o.Quote, "quote", "", `CSV quote character (default "), or none`)
	fl.StringVar(&o.MissingMarker, "missing-marker", "", "CSV text of a missing value (default ?)")
	return cmd
}

// checkImportOut refuses an --out that is missing, not .parquet, the input
// itself, or an existing file without --force, before anything is read.
func checkImportOut(in, out string, force bool) error {
	switch {
	case out == "":
		return input.Keyf("--out", "required: the Parquet file to write")
	case !slices.Contains([]string{".parquet", ".arff", ".csv"}, strings.ToLower(filepath.Ext(out))):
		return input.Keyf("--out", "%q: want a .parquet file name (or .arff, for Weka, or .csv)", out)
	}
	if a, err := filepath.Abs(in); err == nil {
		if b, err := filepath.Abs(out); err == nil && a == b {
			return input.Keyf("--out", "%q is the input file", out)
		}
	}
	if _, err := os.Stat(out); err == nil && !force {
		return input.Keyf("--out", "%s exists; pass --force to overwrite it", out)
	}
	if st, err := os.Stat(filepath.Dir(out)); err != nil || !st.IsDir() {
		return input.Keyf("--out", "%s: folder %s does not exist", out, filepath.Dir(out))
	}
	return nil
}

// writeImportReport prints what the import did: rows kept and dropped, and
// per column its kind and its values or bins.
func writeImportReport(w io.Writer, r importer.Report, s dataset.Schema, out string) error {
	var b strings.Builder
	gz := ""
	if r.Compression != "" {
		gz = ", " + r.Compression
	}
	fmt.Fprintf(&b, "read %s (%s%s): %d rows", r.File, r.Format, gz, r.Rows)
	if len(r.Files) > 1 {
		parts := make([]string, len(r.Files))
		for i, f := range r.Files {
			parts[i] = fmt.Sprintf("%d", f.Rows)
		}
		fmt.Fprintf(&b, " (%s)", strings.Join(parts, " + "))
	}
	fmt.Fprintf(&b, ", %d kept", r.Kept())
	if r.DroppedClass > 0 {
		fmt.Fprintf(&b, ", %d dropped for a missing class", r.DroppedClass)
	}
	if r.DroppedMissing > 0 {
		fmt.Fprintf(&b, ", %d dropped for a missing value", r.DroppedMissing)
	}
	b.WriteString("\n")
	if len(r.DroppedColumns) > 0 {
		fmt.Fprintf(&b, "dropped columns: %s\n", strings.Join(r.DroppedColumns, ", "))
	}
	column := func(role string, c importer.Column, a dataset.Attribute) {
		fmt.Fprintf(&b, "%-8s %-24s %-8s", role, c.Name, c.Kind)
		if c.Numeric {
			b.WriteString(" kept numeric")
			if c.Missing > 0 {
				fmt.Fprintf(&b, " (%d missing, kept missing)", c.Missing)
			}
			b.WriteString("\n")
			return
		}
		what := "values"
		if c.Discretized {
			what = "bins"
		}
		shown := a.Values
		if len(shown) > 8 {
			shown = shown[:8]
		}
		fmt.Fprintf(&b, " %d %s: %s", len(a.Values), what, strings.Join(shown, " | "))
		if len(shown) < len(a.Values) {
			b.WriteString(" | …")
		}
		if c.Missing > 0 {
			fmt.Fprintf(&b, " (%d missing", c.Missing)
			if r.Missing == importer.MissingKeep {
				b.WriteString(", kept missing")
			}
			b.WriteString(")")
		}
		b.WriteString("\n")
	}
	column("class", r.Class, s.Class)
	for f, c := range r.Features {
		column("feature", c, s.Features[f])
	}
	fmt.Fprintf(&b, "wrote %s: %d rows, %d features and the class\n", out, r.Kept(), len(r.Features))
	_, err := io.WriteString(w, b.String())
	return err
}
