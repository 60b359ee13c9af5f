package schemas

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/schemas/internal/pq"
	"github.com/parquet-go/parquet-go"
)

// DatasetRecord is one dataset of datasets/: the training rows, the
// held-out test rows (Test is nil when there are none) and, per row, the
// oracle rule (leaf) that labelled it. TrainRules and TestRules are nil for
// data without an oracle; they are written as -1.
type DatasetRecord struct {
	DatasetID  int64
	OracleID   int64
	Mode       string // complete | unique, or the import's name for real data
	Train      *dataset.Dataset
	Test       *dataset.Dataset // nil when the dataset has no held-out rows
	TrainRules []int32
	TestRules  []int32
}

// Split values of the split column.
const (
	SplitTrain = "train"
	SplitTest  = "test"
)

// NoRule is the rule column of a row no oracle labelled (real data).
const NoRule = -1

// The fixed columns of datasets/, around the feature columns.
var (
	datasetHead = []string{"dataset_id", "oracle_id", "mode", "split", "row", "rule"}
	datasetTail = []string{"class"}
)

// datasetSchema returns the Parquet schema of a datasets/ file of the
// given schema version whose features are features. Columns are in the
// documented order (a parquet.Group would sort them by name). Version 2
// (DatasetsVersion) makes every feature column optional: a nominal
// feature an int32 code, a numeric one a double, null where the value is
// missing. Version 1 files, which only dtbench before numeric attributes
// wrote, have a required int32 code per feature; they are read, never
// written. The class stays a required int32 code (the importer drops a
// row whose class is missing). The schema fixes names, types and
// repetition only; writeDatasetColumns picks the encodings: the integers
// delta-encoded, mode and split dictionary-encoded, each nominal feature
// and the class dictionary-encoded over its domain 0..Z-1, which packs a
// binary feature into one bit per row, and a numeric feature PLAIN.
func datasetSchema(features []dataset.Attribute, version int) *parquet.Schema {
	field := func(i int, name string, typ reflect.Type, optional bool) reflect.StructField {
		tag := name
		if optional {
			tag += ",optional"
		}
		return reflect.StructField{
			Name: "F" + strconv.Itoa(i),
			Type: typ,
			Tag:  reflect.StructTag(`parquet:` + strconv.Quote(tag)),
		}
	}
	i64, i32, str := reflect.TypeFor[int64](), reflect.TypeFor[int32](), reflect.TypeFor[string]()
	fields := []reflect.StructField{
		field(0, "dataset_id", i64, false),
		field(1, "oracle_id", i64, false),
		field(2, "mode", str, false),
		field(3, "split", str, false),
		field(4, "row", i32, false),
		field(5, "rule", i32, false),
	}
	for _, a := range features {
		switch {
		case version == 1:
			fields = append(fields, field(len(fields), a.Name, i32, false))
		case a.Numeric:
			fields = append(fields, field(len(fields), a.Name, reflect.TypeFor[*float64](), true))
		default:
			fields = append(fields, field(len(fields), a.Name, reflect.TypeFor[*int32](), true))
		}
	}
	fields = append(fields, field(len(fields), "class", i32, false))
	row := reflect.Zero(reflect.StructOf(fields)).Interface()
	return parquet.NewSchema(Datasets, parquet.SchemaOf(row))
}

// checkFeatureNames rejects feature names that cannot be column names of
// datasets/: empty, duplicated, containing a comma (parquet-go cannot map
// those) or equal to a fixed column.
func checkFeatureNames(names []string) error {
	seen := map[string]bool{}
	for _, c := range slices.Concat(datasetHead, datasetTail) {
		seen[c] = true
	}
	for _, n := range names {
		switch {
		case n == "":
			return fmt.Errorf("a feature has an empty name")
		case strings.ContainsRune(n, ','):
			return fmt.Errorf("feature name %q contains a comma", n)
		case seen[n]:
			return fmt.Errorf("feature name %q is used twice or clashes with a fixed column of %s", n, Datasets)
		}
		seen[n] = true
	}
	return nil
}

// datasetMeta checks the records against the first one's schema and
// returns that schema and the metadata holding it.
func datasetMeta(recs []DatasetRecord) (dataset.Schema, map[string]string, error) {
	if len(recs) == 0 {
		return dataset.Schema{}, nil, nil
	}
	if recs[0].Train == nil {
		return dataset.Schema{}, nil, fmt.Errorf("dataset %d has no training set", recs[0].DatasetID)
	}
	schema := recs[0].Train.Schema()
	names := make([]string, len(schema.Features))
	for f, a := range schema.Features {
		names[f] = a.Name
	}
	if err := checkFeatureNames(names); err != nil {
		return dataset.Schema{}, nil, err
	}
	if err := checkLabelsUTF8(schema); err != nil {
		return dataset.Schema{}, nil, err
	}
	if err := uniqueIDs("dataset id", len(recs), func(i int) int64 { return recs[i].DatasetID }); err != nil {
		return dataset.Schema{}, nil, err
	}
	for _, r := range recs {
		for _, part := range []struct {
			split string
			d     *dataset.Dataset
			rules []int32
		}{{SplitTrain, r.Train, r.TrainRules}, {SplitTest, r.Test, r.TestRules}} {
			if part.d == nil {
				if part.split == SplitTrain {
					return dataset.Schema{}, nil, fmt.Errorf("dataset %d has no training set", r.DatasetID)
				}
				if part.rules != nil {
					return dataset.Schema{}, nil, fmt.Errorf("dataset %d has test rules but no test set", r.DatasetID)
				}
				continue
			}
			if !sameSchema(part.d.Schema(), schema) {
				return dataset.Schema{}, nil, fmt.Errorf("dataset %d %s set: schema differs from dataset %d's; one file holds one schema",
					r.DatasetID, part.split, recs[0].DatasetID)
			}
			if part.rules != nil && len(part.rules) != part.d.Len() {
				return dataset.Schema{}, nil, fmt.Errorf("dataset %d %s set: %d rules for %d rows",
					r.DatasetID, part.split, len(part.rules), part.d.Len())
			}
		}
		if r.Train.Len() == 0 && (r.Test == nil || r.Test.Len() == 0) {
			return dataset.Schema{}, nil, fmt.Errorf("dataset %d has no rows", r.DatasetID)
		}
	}
	js, err := json.Marshal(schemaJSON(schema))
	if err != nil {
		return dataset.Schema{}, nil, err
	}
	return schema, map[string]string{MetaDatasetSchema: string(js)}, nil
}

// checkLabelsUTF8 rejects a schema whose names or value labels are not
// valid UTF-8: the metadata holds them as JSON, which would replace the
// bad bytes, and the file would not read back.
func checkLabelsUTF8(s dataset.Schema) error {
	for _, a := range append(slices.Clip(s.Features), s.Class) {
		if !utf8.ValidString(a.Name) {
			return fmt.Errorf("attribute name %q is not valid UTF-8", a.Name)
		}
		for _, v := range a.Values {
			if !utf8.ValidString(v) {
				return fmt.Errorf("attribute %q: value label %q is not valid UTF-8", a.Name, v)
			}
		}
	}
	return nil
}

func sameSchema(a, b dataset.Schema) bool {
	eq := func(x, y dataset.Attribute) bool {
		return x.Name == y.Name && x.Numeric == y.Numeric && slices.Equal(x.Values, y.Values)
	}
	return eq(a.Class, b.Class) && slices.EqualFunc(a.Features, b.Features, eq) && a.FeaturesAfterClass == b.FeaturesAfterClass
}

// attributeJSON and schemaJSON fix the JSON form of a dataset.Schema in the
// metadata, independent of the Go field names of package dataset.
type attributeJSON struct {
	Name    string   `json:"name"`
	Values  []string `json:"values"`
	Numeric bool     `json:"numeric,omitempty"`
}

type datasetSchemaJSON struct {
	Features []attributeJSON `json:"features"`
	Class    attributeJSON   `json:"class"`
	// FeaturesAfterClass is dataset.Schema's: left out when the class
	// was the last column, so that such a schema's JSON is as before.
	FeaturesAfterClass int `json:"features_after_class,omitempty"`
}

func schemaJSON(s dataset.Schema) datasetSchemaJSON {
	out := datasetSchemaJSON{Class: attributeJSON(s.Class), FeaturesAfterClass: s.FeaturesAfterClass}
	out.Features = make([]attributeJSON, len(s.Features))
	for i, a := range s.Features {
		out.Features[i] = attributeJSON(a)
	}
	return out
}

func (j datasetSchemaJSON) schema() dataset.Schema {
	s := dataset.Schema{Class: dataset.Attribute(j.Class), FeaturesAfterClass: j.FeaturesAfterClass}
	s.Features = make([]dataset.Attribute, len(j.Features))
	for i, a := range j.Features {
		s.Features[i] = dataset.Attribute(a)
	}
	return s
}

// WriteDatasets writes datasets to path, one row per instance: for each
// record in the order given, its training rows then its test rows. All
// records share one dataset.Schema (feature names, value and class
// labels), which goes into the metadata so that ReadDatasets rebuilds the
// datasets exactly. opts name the dtbench version (WithVersion).
func WriteDatasets(path string, recs []DatasetRecord, opts ...WriteOption) (FileInfo, error) {
	return writeDatasets(context.Background(), path, recs, opts...)
}

// writeDatasets is WriteDatasets, stopped by ctx (see writeFile).
func writeDatasets(ctx context.Context, path string, recs []DatasetRecord, opts ...WriteOption) (FileInfo, error) {
	schema, meta, err := datasetMeta(recs)
	if err != nil {
		return FileInfo{}, fmt.Errorf("write %s: %w", path, err)
	}
	var rows int64
	for _, r := range recs {
		rows += int64(r.Train.Len())
		if r.Test != nil {
			rows += int64(r.Test.Len())
		}
	}
	f := tableFile{table: Datasets, schema: datasetSchema(schema.Features, DatasetsVersion), stats: []string{datasetHead[0], datasetHead[1]}, meta: meta}
	return f.write(ctx, path, rows, opts, func(pw *pq.Writer) error {
		return writeDatasetColumns(pw, recs, schema)
	})
}
