package schemas

import (
	"path/filepath"
	"testing"
)

// TestKeptBuffersAreBounded: writing an oracle grid's chunk of datasets
// (100 × 3,000 rows of 10 binary features, two row groups) and of models
// (2,048 ID3-sized trees) leaves buffers small enough to keep for the next
// file, and they are what the next write gets; the bound is what keeps a
// very wide table's buffer from being held.
func TestKeptBuffersAreBounded(t *testing.T) {
	dir := t.TempDir()
	if _, err := WriteDatasets(filepath.Join(dir, "d.parquet"), benchDatasets(t, 100)); err != nil {
		t.Fatal(err)
	}
	d := datasetBufs.Get()
	if d.bytes() == 0 || d.bytes() > keptBufferBytes {
		t.Errorf("after an oracle chunk the kept dataset buffer holds %d bytes; want some, at most %d", d.bytes(), keptBufferBytes)
	}
	datasetBufs.Put(d)
	trees, _ := benchTrees(2048, true)
	recs := make([]ModelRecord, len(trees))
	for i, tr := range trees {
		recs[i] = ModelRecord{ModelID: int64(i), Learner: "id3", DatasetID: int64(i), Tree: tr}
	}
	if _, err := WriteModels(filepath.Join(dir, "m.parquet"), recs); err != nil {
		t.Fatal(err)
	}
	c := nodeColumnsPool.Get()
	if c.bytes() == 0 || c.bytes() > keptBufferBytes {
		t.Errorf("after 2,048 trees the kept node columns hold %d bytes; want some, at most %d", c.bytes(), keptBufferBytes)
	}
	nodeColumnsPool.Put(c)
	t.Logf("kept: a dataset row group buffer of %d bytes, node columns of %d bytes", d.bytes(), c.bytes())
	wide := &datasetColumnsBuf{nums: [][]float64{make([]float64, keptBufferBytes/8+1)}}
	datasetBufs.Put(wide)
	for range keptBuffers + 1 {
		if datasetBufs.Get() == wide {
			t.Fatal("a buffer over the bound was kept")
		}
	}
}
