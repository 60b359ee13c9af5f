package main

import (
	"github.com/spf13/cobra"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/tree"
)

func treeCmd() *cobra.Command {
	var id int64
	var format string
	cmd := &cobra.Command{
		Use:   "tree FILE.parquet --id ID",
		Short: "Print one tree of an oracles/ or models/ part file as text or Graphviz DOT",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return input.Keyf("arguments", "tree takes one Parquet file, got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "dot" {
				return input.Keyf("--format", "want text or dot, got %q", format)
			}
			t, err := findTree(args[0], id)
			if err != nil {
				return err
			}
			if format == "dot" {
				return tree.WriteDOT(cmd.OutOrStdout(), t, tree.Names{})
			}
			return tree.WriteText(cmd.OutOrStdout(), t, tree.Names{})
		},
	}
	cmd.Flags().Int64Var(&id, "id", 0, "tree_id of the tree (the oracle id, or the model id in models/)")
	cmd.Flags().StringVar(&format, "format", "text", "text or dot")
	return cmd
}

// findTree reads a models part (falling back to an oracles part) and
// returns the tree with the given id.
func findTree(path string, id int64) (*tree.Tree, error) {
	models, err := schemas.ReadModels(path)
	if err == nil {
		for _, m := range models {
			if m.ModelID == id {
				return m.Tree, nil
			}
		}
		return nil, input.Filef(path, 0, "no model with tree_id %d", id)
	}
	oracles, err2 := schemas.ReadOracles(path)
	if err2 != nil {
		return nil, err
	}
	for _, o := range oracles {
		if o.ID == id {
			return o.Tree, nil
		}
	}
	return nil, input.Filef(path, 0, "no oracle with tree_id %d", id)
}
