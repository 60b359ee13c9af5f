package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/pipeline"
	"github.com/dtbench/dtbench/tree"
)

func treeCmd() *cobra.Command {
	var id int64
	var format string
	cmd := &cobra.Command{
		Use:   "tree FILE.parquet [--id ID]",
		Short: "Print one tree of an oracles/ or models/ part file as text, Graphviz DOT, SVG or PNG, or list its trees",
		Long: "Print the tree with tree_id ID of an oracles/ or models/ part file of a run folder, with the names of\n" +
			"its attributes, their values and the classes (a benchmark or cost model: from the run's imported\n" +
			"dataset, the task's attribute subset; the oracle study: from the datasets part of the same chunk)\n" +
			"and a first line saying what it is: the learner, the dataset, scenario and subset (or the\n" +
			"misclassification cost, or the grid cell), the repetition and the fold. Without --id, list the\n" +
			"file's trees. --format svg and png render the DOT with Graphviz's dot, which must be on PATH.",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return input.Keyf("arguments", "tree takes one Parquet file, got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(treeFormats, format) {
				return input.Keyf("--format", "want %s, got %q", strings.Join(treeFormats, ", "), format)
			}
			dot := ""
			if format == "svg" || format == "png" {
				var err error
				if dot, err = exec.LookPath("dot"); err != nil {
					return input.Keyf("--format", "%s needs Graphviz's dot, which is not on PATH: install Graphviz (Debian: apt-get install graphviz), "+
						"or print --format dot and render it elsewhere", format)
				}
			}
			trees, err := pipeline.ReadTrees(args[0])
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("id") {
				return listTrees(cmd, trees)
			}
			i := slices.IndexFunc(trees, func(ti pipeline.TreeInfo) bool { return ti.ID == id })
			if i < 0 {
				return input.Filef(args[0], 0, "no tree with tree_id %d (run without --id to list them)", id)
			}
			t := trees[i].Tree
			names, err := pipeline.TreeLabels(args[0], trees[i])
			if err != nil {
				return err
			}
			switch format {
			case "dot":
				return tree.WriteDOT(cmd.OutOrStdout(), t, names)
			case "svg", "png":
				var src bytes.Buffer
				if err := tree.WriteDOT(&src, t, names); err != nil {
					return err
				}
				return render(cmd, dot, format, src.Bytes())
			}
			return tree.WriteText(cmd.OutOrStdout(), t, names)
		},
	}
	cmd.Flags().Int64Var(&id, "id", 0, "tree_id of the tree (the oracle id, or the model id in models/)")
	cmd.Flags().StringVar(&format, "format", "text", strings.Join(treeFormats, ", ")+" (svg and png need Graphviz's dot)")
	return cmd
}

// treeFormats are the values of tree --format.
var treeFormats = []string{"text", "dot", "svg", "png"}

// render pipes DOT source through Graphviz's dot (at path dot) into the
// command's output as format.
func render(cmd *cobra.Command, dot, format string, src []byte) error {
	var out, stderr bytes.Buffer
	run := exec.CommandContext(cmd.Context(), dot, "-T"+format)
	run.Stdin = bytes.NewReader(src)
	run.Stdout, run.Stderr = &out, &stderr
	if err := run.Run(); err != nil {
		return fmt.Errorf("render the tree with %s -T%s: %w: %s", dot, format, err, strings.TrimSpace(stderr.String()))
	}
	_, err := cmd.OutOrStdout().Write(out.Bytes())
	return err
}

// listTrees prints one line per tree: its id, learner, dataset and size.
func listTrees(cmd *cobra.Command, trees []pipeline.TreeInfo) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%-10s %-12s %-10s %s\n", "tree_id", "learner", "dataset", "leaves")
	for _, t := range trees {
		learner := t.Learner
		if learner == "" {
			learner = "(oracle)"
		}
		fmt.Fprintf(&b, "%-10d %-12s %-10d %d\n", t.ID, learner, t.DatasetID, t.Tree.Leaves())
	}
	_, err := fmt.Fprint(cmd.OutOrStdout(), b.String())
	return err
}
