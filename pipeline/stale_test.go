package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"

	"github.com/dtbench/dtbench/schemas"
)

// asOldWriter rewrites the footer of the Parquet file at rel in the run
// folder dir so that it names the dtbench that wrote null_count = 0
// throughout ("dtbench schema N" in created_by), and records the new bytes
// in the folder's manifest.json, as a run made by that dtbench would have.
func asOldWriter(t *testing.T, dir, rel string) {
	t.Helper()
	path := filepath.Join(dir, filepath.FromSlash(rel))
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n := int(binary.LittleEndian.Uint32(b[len(b)-8:]))
	start := len(b) - 8 - n
	var md format.FileMetaData
	proto := new(thrift.CompactProtocol)
	if err := thrift.Unmarshal(proto, b[start:len(b)-8], &md); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(md.CreatedBy, "dtbench version ") {
		t.Fatalf("%s: created_by %q is not this dtbench's", rel, md.CreatedBy)
	}
	md.CreatedBy = "dtbench schema 1"
	footer, err := thrift.Marshal(proto, &md)
	if err != nil {
		t.Fatal(err)
	}
	out := append(append([]byte{}, b[:start]...), footer...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(footer)))
	out = append(out, "PAR1"...)
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	mpath := filepath.Join(dir, "manifest.json")
	m, err := readManifest(mpath)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(out)
	found := false
	for i := range m.Files {
		if m.Files[i].Path == rel {
			m.Files[i].SHA256, found = hex.EncodeToString(sum[:]), true
		}
	}
	if !found {
		t.Fatalf("manifest lists no %s", rel)
	}
	js, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mpath, append(js, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A resumed run holds no part whose statistics an older dtbench wrote
// wrong: --resume recomputes its chunk (the bytes of a clean run), and
// verify names such files without failing (their rows are right).
func TestResumeRewritesStaleStatistics(t *testing.T) {
	cfg := smallConfig(t)
	clean := deterministicFiles(t, run(t, cfg, Options{Out: t.TempDir()}))

	out := t.TempDir()
	dir := run(t, cfg, Options{Out: out})
	const rel = "results/evaluations/part-0-00001.parquet"
	asOldWriter(t, dir, rel)
	if right, err := schemas.StatisticsRight(filepath.Join(dir, rel)); err != nil || right {
		t.Fatalf("StatisticsRight of the rewritten part = %v, %v; want false", right, err)
	}
	v, err := Verify(dir)
	if err != nil {
		t.Fatalf("verify fails on a part with stale statistics: %v", err)
	}
	if len(v.Notes) != 1 || !strings.Contains(v.Notes[0], rel) || !strings.Contains(v.Notes[0], "null_count") {
		t.Fatalf("verify notes %q; want one naming %s and its null counts", v.Notes, rel)
	}

	if _, err := Run(context.Background(), cfg, Options{Out: out, Resume: true}); err != nil {
		t.Fatal(err)
	}
	if right, err := schemas.StatisticsRight(filepath.Join(dir, rel)); err != nil || !right {
		t.Fatalf("after --resume, StatisticsRight = %v, %v; want the part rewritten", right, err)
	}
	sameFiles(t, "resumed over a stale part", clean, deterministicFiles(t, dir))
	v, err = Verify(dir)
	if err != nil || len(v.Notes) != 0 {
		t.Fatalf("verify after --resume: notes %q, %v", v.Notes, err)
	}
}
