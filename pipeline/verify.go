package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/schemas/arrowcheck"
)

// Verification is what Verify checked, and what it reports without
// failing.
type Verification struct {
	Checked int // manifest entries checked
	// Notes are findings that do not fail the check: input files no
	// longer where the run read them (an archive does not need them).
	Notes []string
}

// Verify checks an archived run folder against its records: every file
// every manifest lists exists with the recorded rows and sha256, a table
// file's footer names the schema version its manifest records for that
// table and one this dtbench reads, and it opens with Apache Arrow's
// reader (arrowcheck.Check); every part holds rows of the chunk its name
// gives; the records agree on the state of every input their files
// depend on, and the input files the manifests keep are as they were
// (one that changed is a problem, one not found a note:
// verifyInputs); and the folder holds no file that no manifest lists
// (stray tables at any depth, temporary files a killed writer left,
// foreign files), and no link or other entry that is not a regular file
// or folder (links.go): each is reported, and nothing is read through it.
// A folder with a journal — a command still running, or
// interrupted — is reported as incomplete in one line, with the chunks
// done, the command and how to finish it (journalsState); a journal that
// changed nothing is only a note. Any problem is an *input.Error listing
// them all.
func Verify(dir string) (Verification, error) {
	var v Verification
	links, err := strangeEntries(dir)
	if err != nil {
		return v, err
	}
	if len(links) > 0 && links[0].rel == "." {
		return v, checkNoLinks(dir)
	}
	if err := isFolder(dir); err != nil {
		return v, err
	}
	var problems []string
	for _, s := range links {
		problems = append(problems, s.rel+": "+s.what+"; a run folder holds no links, and nothing is read through one: put what it stands for in its place, or delete it")
	}
	recs, err := loadRecords(dir, links)
	if err != nil {
		return v, err
	}
	if len(recs.manifests) == 0 && len(recs.journals) == 0 {
		problems = append(problems, "no manifest.json or journal: not a dtbench run folder")
		return v, &input.Error{File: dir, Err: errors.New(strings.Join(problems, "\n"))}
	}
	ok := map[recordedKey]bool{}
	for _, name := range slices.Sorted(mapKeys(recs.manifests)) {
		m := recs.manifests[name]
		for _, f := range m.Files {
			v.Checked++
			if _, linked := behind(links, f.Path); linked {
				ok[recordedKey{name, f}] = false
				continue
			}
			found := verifyEntry(dir, f, m.SchemaVersions)
			for _, p := range found {
				problems = append(problems, name+": "+p)
			}
			ok[recordedKey{name, f}] = len(found) == 0
		}
	}
	stale := staleStatistics(dir, recs, links)
	sumProblems, sumNotes := verifySums(dir, recs, ok, links)
	problems = append(problems, sumProblems...)
	inputProblems, notes := verifyInputs(recs)
	problems = append(problems, inputProblems...)
	provProblems, provNotes := verifyProvenance(dir, recs, ok)
	problems = append(problems, provProblems...)
	v.Notes = append(append(append(notes, provNotes...), sumNotes...), stale...)
	if p, note := journalsState(dir, recs); p != "" {
		problems = append(problems, p)
	} else if note != "" {
		v.Notes = append(v.Notes, note)
	}
	problems = append(problems, unlisted(dir, recs, links)...)
	if len(problems) > 0 {
		return v, &input.Error{File: dir, Err: errors.New(strings.Join(problems, "\n"))}
	}
	return v, nil
}

// verifyEntry checks one manifest entry against the file, and a table
// file's schema version against versions, the manifest's (a table it
// does not name counts as version 1, as manifests before per-table
// versions had); none when all match.
func verifyEntry(dir string, f FileEntry, versions map[string]int) []string {
	path := filepath.Join(dir, filepath.FromSlash(f.Path))
	if !strings.HasSuffix(path, ".parquet") {
		if p := verifyBytes(path, f); p != "" {
			return []string{p}
		}
		return nil
	}
	table, v, err := schemas.FooterVersion(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return []string{f.Path + ": missing"}
	case err != nil:
		return []string{fmt.Sprintf("%s: %v", f.Path, unwrapInput(err))}
	}
	var out []string
	recorded, ok := versions[table]
	if !ok {
		recorded = 1
	}
	if v != recorded {
		out = append(out, fmt.Sprintf("%s: schema version %d of %s, but the manifest records version %d", f.Path, v, table, recorded))
	}
	if reads := schemas.ReadableVersions(table); !slices.Contains(reads, v) {
		out = append(out, fmt.Sprintf("%s: schema version %d of %s, which this dtbench does not read (it reads %v)", f.Path, v, table, reads))
		if _, sum, err := hashRaw(path); err == nil && sum != f.SHA256 {
			out = append(out, fmt.Sprintf("%s: sha256 %s, manifest says %s", f.Path, sum, f.SHA256))
		}
		return out
	}
	if p := verifyBytes(path, f); p != "" {
		return append(out, p)
	}
	if err := arrowcheck.Check(path, f.Rows); err != nil {
		out = append(out, fmt.Sprintf("%s: %v", f.Path, err))
	}
	return out
}

// verifyBytes checks a file's sha256 and rows against its entry; "" when
// they match.
func verifyBytes(path string, f FileEntry) string {
	rows, sum, err := hashAny(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return f.Path + ": missing"
	case err != nil:
		return fmt.Sprintf("%s: %v", f.Path, unwrapInput(err))
	case sum != f.SHA256:
		return fmt.Sprintf("%s: sha256 %s, manifest says %s", f.Path, sum, f.SHA256)
	case rows != f.Rows:
		return fmt.Sprintf("%s: %d rows, manifest says %d", f.Path, rows, f.Rows)
	}
	return ""
}

// hashAny returns a file's rows (from its footer, for a table; 0
// otherwise) and the SHA-256 of its bytes.
func hashAny(path string) (int64, string, error) {
	if strings.HasSuffix(path, ".parquet") {
		info, err := schemas.HashFile(path)
		return info.Rows, info.SHA256, err
	}
	return hashRaw(path)
}

// hashRaw returns 0 and the SHA-256 of a file's bytes.
func hashRaw(path string) (int64, string, error) {
	_, sum, err := fileSum(path)
	return 0, sum, err
}

// fileSum streams a file once through SHA-256: its size and sum.
func fileSum(path string) (int64, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, "", err
	}
	defer f.Close() // read only
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return 0, "", fmt.Errorf("read %s: %w", path, err)
	}
	return n, hex.EncodeToString(h.Sum(nil)), nil
}

// journalsState says, in one line, how far the commands whose journals
// are in the folder got, and how to finish them: a problem (the run is
// incomplete), or only a note when every journal is one that changed
// nothing (every file it records is as a manifest lists it, and every
// chunk is there): a command stopped, or still running, before it
// changed the folder, which the next command over it removes.
func journalsState(dir string, recs *records) (problem, note string) {
	var parts, quiet []string
	for _, name := range slices.Sorted(mapKeys(recs.journals)) {
		h := recs.journals[name]
		var changed []string
		for _, f := range recs.journalFiles(name) {
			if !recs.inManifest(f) {
				changed = append(changed, f.Path)
			}
		}
		done, total := chunksDone(dir, h.Config)
		cmd := commandOf(h.Stages)
		switch {
		case len(changed) == 0 && done == total && len(recs.manifests) > 0:
			quiet = append(quiet, fmt.Sprintf("%s: %s stopped (or is still running) before it changed any file", name, cmd))
		case done < total:
			parts = append(parts, fmt.Sprintf("%s: %s, shard %s: %d of %d chunks; %s", name, cmd, h.Shard, done, total, finishing(dir, h.Stages)))
		default:
			parts = append(parts, fmt.Sprintf("%s: every chunk (%d) is there, but %s did not finish: it rewrote %s; %s", name, total, cmd, listSome(changed, 3), finishing(dir, h.Stages)))
		}
	}
	if len(parts) > 0 {
		return "run incomplete (" + strings.Join(parts, "; ") + ")", ""
	}
	if len(quiet) > 0 {
		return "", strings.Join(quiet, "; ") + "; the folder is as its manifests say, and the next command over it removes the journal"
	}
	return "", ""
}

// commandOf names the command that runs stages: run (all four, or the
// three of a shard), a stage, or "a command" for a journal that does not
// say.
func commandOf(stages []string) string {
	switch {
	case len(stages) == 0:
		return "a command"
	case len(stages) == 1:
		return "`" + stages[0] + "`"
	}
	return "`run`"
}

// finishing says how to finish the command that runs stages over dir.
func finishing(dir string, stages []string) string {
	switch {
	case len(stages) == 1 && stages[0] == flow.StageReport:
		return fmt.Sprintf("`dtbench report --run %s` finishes it", dir)
	case len(stages) == 1 && stages[0] != flow.StageGenerate:
		return fmt.Sprintf("`dtbench %s --run %s --resume` finishes it", stages[0], dir)
	case len(stages) == 1:
		return "`dtbench generate --resume` (with its config) finishes it"
	}
	return "a command is still running or was interrupted; --resume finishes it"
}

// listSome lists up to n of names, then how many more.
func listSome(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}

// chunksDone counts the chunks of cfg's plan with a part in every table
// its study writes per chunk, whichever shard wrote it.
func chunksDone(dir string, cfg *Config) (done, total int) {
	d, ok := studies.lookup(cfg.Study)
	if !ok {
		return 0, 0
	}
	study, err := d.build(cfg, studyEnv{})
	if err != nil {
		return 0, 0
	}
	defer study.Release()
	var tables []schemas.Stored
	for _, n := range study.Nodes {
		for _, w := range n.Writes {
			if t, ok := w.(schemas.Stored); ok && !n.PerRun && !t.Single() {
				tables = append(tables, t)
			}
		}
	}
	total = study.Plan.Chunks(cfg.Chunk)
	for c := range total {
		all := true
		for _, t := range tables {
			found, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(t.Name()), fmt.Sprintf("part-*-%05d.parquet", c)))
			all = all && len(found) > 0
		}
		if all {
			done++
		}
	}
	return done, total
}

// unlisted names every file of the folder no record lists, but the
// records themselves (the manifests, journals, SumsFile and its
// signature) and the links (reported as such).
func unlisted(dir string, recs *records, links []strange) []string {
	var out []string
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			out = append(out, fmt.Sprintf("%s: %v", path, err))
			return nil
		}
		if d.IsDir() {
			return nil
		}
		rel := recs.rel(path)
		if _, linked := behind(links, rel); linked {
			return nil
		}
		_, isManifest := recs.manifests[rel]
		_, isJournal := recs.journals[rel]
		switch {
		case isManifest, isJournal, rel == SumsFile, slices.Contains(sumsSignatures, rel):
		case isTemp(d.Name()):
			out = append(out, rel+": temporary file a killed writer left; the next run or --resume removes it")
		case len(recs.byPath[rel]) == 0:
			out = append(out, rel+": not in the manifest")
		}
		return nil
	})
	return out
}

// staleStatistics notes the table files of the manifests that a dtbench
// from before its Parquet statistics were right wrote (schemas.
// StatisticsRight): their rows are what the manifest records, so verify
// does not fail on them, but a reader that trusts their statistics
// answers count(col), IS NULL and IS NOT NULL wrongly. One note for all.
// A file behind a link or a special file (links) is not opened: verify
// reports it as a problem already, and a named pipe would block the read.
func staleStatistics(dir string, recs *records, links []strange) []string {
	var stale []string
	for _, name := range slices.Sorted(mapKeys(recs.manifests)) {
		for _, f := range recs.manifests[name].Files {
			if !strings.HasSuffix(f.Path, ".parquet") || slices.Contains(stale, f.Path) {
				continue
			}
			if _, linked := behind(links, f.Path); linked {
				continue
			}
			if right, err := schemas.StatisticsRight(filepath.Join(dir, filepath.FromSlash(f.Path))); err == nil && !right {
				stale = append(stale, f.Path)
			}
		}
	}
	if len(stale) == 0 {
		return nil
	}
	slices.Sort(stale)
	return []string{fmt.Sprintf("%d table files (%s) were written by a dtbench whose Parquet statistics said null_count = 0 throughout: "+
		"their rows are right, but DuckDB and polars can answer count(col), IS NULL and IS NOT NULL wrongly on them; "+
		"run the config again over the folder (without --resume) to rewrite them", len(stale), abbreviate(stale, 3))}
}

// abbreviate joins the first n of names and says how many more there are.
func abbreviate(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:n], ", ") + fmt.Sprintf(" and %d more", len(names)-n)
}
