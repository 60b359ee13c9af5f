package pipeline

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/tree"
)

// TreeInfo is one tree of an oracles/ or models/ part.
type TreeInfo struct {
	ID        int64  // tree_id: the oracle id, or the model id
	Learner   string // "" for an oracle
	DatasetID int64  // the dataset it was grown on (an oracle's own id)
	Fold      int32  // a benchmark model's fold; schemas.NoFold otherwise
	Tree      *tree.Tree
}

// ReadTrees reads every tree of an oracles/ or models/ part file, telling
// the two apart by the table its footer names.
func ReadTrees(path string) ([]TreeInfo, error) {
	table, err := schemas.TableOf(path)
	if err != nil {
		return nil, err
	}
	var out []TreeInfo
	switch table {
	case schemas.Models:
		recs, err := schemas.ModelTable.Read(path)
		if err != nil {
			return nil, err
		}
		for _, r := range recs {
			out = append(out, TreeInfo{ID: r.ModelID, Learner: r.Learner, DatasetID: r.DatasetID, Fold: r.Fold, Tree: r.Tree})
		}
	case schemas.Oracles:
		recs, err := schemas.OracleTable.Read(path)
		if err != nil {
			return nil, err
		}
		for _, r := range recs {
			out = append(out, TreeInfo{ID: r.ID, DatasetID: r.ID, Fold: schemas.NoFold, Tree: r.Tree})
		}
	default:
		return nil, input.Filef(path, 0, "holds table %q, not %s or %s", table, schemas.Oracles, schemas.Models)
	}
	return out, nil
}

// TreeNames returns the names of the features, values and classes of the
// trees of an oracle study's part file: those of the datasets part of the
// same chunk (runs/<name>/datasets/<same file name>), or the zero Names
// (codes) when there is none beside it.
func TreeNames(path string) (tree.Names, error) {
	sibling := filepath.Join(filepath.Dir(filepath.Dir(path)), filepath.FromSlash(schemas.Datasets), filepath.Base(path))
	if _, err := os.Stat(sibling); err != nil {
		return tree.Names{}, nil
	}
	s, ok, err := schemas.ReadDatasetSchema(sibling)
	if err != nil {
		return tree.Names{}, fmt.Errorf("names for %s: %w", path, err)
	}
	if !ok {
		return tree.Names{}, nil
	}
	return tree.NamesOf(s), nil
}
