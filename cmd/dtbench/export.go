package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/pipeline"
)

// exportCmd is `dtbench export`: the training and test rows of one task of
// a run (a benchmark fold, a cost split, an oracle dataset), in the
// dataset's own names, as two files derived from --out, so that the
// result can be replayed in Weka or scikit-learn.
func exportCmd() *cobra.Command {
	var run, out string
	var task int64
	var fold int
	var force bool
	cmd := &cobra.Command{
		Use:   "export --run DIR --task ID [--fold F] --out X.arff|X.csv|X.parquet",
		Short: "Write the training and test rows of one task of a run (a benchmark fold, a cost split), to replay it in Weka or scikit-learn",
		Long: "Write the rows task ID of the run folder DIR was trained and tested on (ID is the task's dataset_id in\n" +
			"the results; a benchmark task also takes --fold F, 0 to k-1) with the task's attributes and the class,\n" +
			"in the dataset's own attribute and value names, as two files beside --out: X-train.EXT and X-test.EXT.\n" +
			".arff is Weka's (weka.classifiers.trees.J48 -t X-train.arff -T X-test.arff); .csv and .parquet\n" +
			"have a first column row_id, each row's row_id in results/predictions. Training rows are in the order\n" +
			"the learners saw them, test rows in the order of results/predictions.",
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			write, err := exportWriter(out)
			if err != nil {
				return err
			}
			switch {
			case run == "":
				return input.Keyf("--run", "required: the run folder")
			case !cmd.Flags().Changed("task"):
				return input.Keyf("--task", "required: the task's id (dataset_id in the run's results)")
			case cmd.Flags().Changed("fold") && fold < 0:
				return input.Keyf("--fold", "must be >= 0, got %d", fold)
			}
			if !cmd.Flags().Changed("fold") {
				fold = -1
			}
			if inside(run, out) {
				return input.Keyf("--out", "%s is inside the run folder %s, which holds only what the run's commands wrote (its manifest lists them); write elsewhere", out, run)
			}
			paths := exportPaths(out)
			for _, p := range paths {
				if _, err := os.Stat(p); err == nil && !force {
					return input.Keyf("--out", "%s exists; pass --force to overwrite it", p)
				}
			}
			if st, err := os.Stat(filepath.Dir(out)); err != nil || !st.IsDir() {
				return input.Keyf("--out", "%s: folder %s does not exist", out, filepath.Dir(out))
			}
			rows, err := pipeline.ExportRows(run, task, fold)
			if err != nil {
				return err
			}
			if rows.Test == nil {
				return &input.Error{File: run, Err: fmt.Errorf("%s has no test rows", rows.Task)}
			}
			if err := write(paths[0], rows.Train, rows.TrainIDs); err != nil {
				return err
			}
			if err := write(paths[1], rows.Test, rows.TestIDs); err != nil {
				os.Remove(paths[0]) // both files or neither
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s\n%s\n", paths[0], paths[1])
			return exportSummary(cmd, rows, paths)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&run, "run", "", "the run folder (runs/NAME)")
	fl.Int64Var(&task, "task", 0, "the task: its dataset_id in the run's results")
	fl.IntVar(&fold, "fold", 0, "a benchmark task's fold, 0 to k-1 (required there; no other task has folds)")
	fl.StringVar(&out, "out", "", "X.arff, X.csv or X.parquet: X-train and X-test are written beside it")
	fl.BoolVar(&force, "force", false, "overwrite X-train and X-test if they exist")
	return cmd
}

// inside reports whether path lies in the folder dir.
func inside(dir, path string) bool {
	a, err1 := filepath.Abs(dir)
	b, err2 := filepath.Abs(path)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(a, b)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// exportWriter returns the writer of --out's format.
func exportWriter(out string) (func(string, *dataset.Dataset, []int64) error, error) {
	switch strings.ToLower(filepath.Ext(out)) {
	case ".arff":
		return func(p string, d *dataset.Dataset, _ []int64) error { return importer.WriteARFF(p, d) }, nil
	case ".csv":
		return importer.WriteCSV, nil
	case ".parquet":
		return func(p string, d *dataset.Dataset, ids []int64) error {
			return importer.WriteParquetRows(p, d, ids, dtbenchVersion())
		}, nil
	case "":
		if out == "" {
			return nil, input.Keyf("--out", "required: X.arff, X.csv or X.parquet")
		}
	}
	return nil, input.Keyf("--out", "%q: want X.arff, X.csv or X.parquet", out)
}

// exportPaths returns the training and test files of --out X.EXT:
// X-train.EXT and X-test.EXT.
func exportPaths(out string) [2]string {
	ext := filepath.Ext(out)
	base := strings.TrimSuffix(out, ext)
	return [2]string{base + "-train" + ext, base + "-test" + ext}
}

// exportSummary tells what was written, and how to replay it in Weka.
func exportSummary(cmd *cobra.Command, rows *pipeline.TaskRows, paths [2]string) error {
	s := rows.Train.Schema()
	names := make([]string, len(s.Features))
	for i, a := range s.Features {
		names[i] = a.Name
	}
	w := cmd.ErrOrStderr()
	fmt.Fprintf(w, "%s: %d training rows, %d test rows; attributes %s, class %s\n", rows.Task, rows.Train.Len(), rows.Test.Len(), strings.Join(names, ", "), s.Class.Name)
	fmt.Fprintf(w, "wrote %s and %s\n", paths[0], paths[1])
	if strings.EqualFold(filepath.Ext(paths[0]), ".arff") {
		_, err := fmt.Fprintf(w, "replay in Weka: java -cp /usr/share/java/weka.jar weka.classifiers.trees.J48 -t %s -T %s\n", paths[0], paths[1])
		return err
	}
	return nil
}
