package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// A manifest keeps every file's sha256, but nothing vouches for the
// manifest: whoever rewrites a part and its entry goes unnoticed. For an
// archive, `dtbench verify --write-sums` writes SumsFile beside the
// manifests, once the folder verifies: the sha256 of every manifest and of
// every file they list, in the format of coreutils' sha256sum, so that
// `sha256sum -c SHA256SUMS` run in the folder checks it with no dtbench at
// hand, and a signature of it (gpg --detach-sign, minisign -S) vouches
// for the folder, manifests included. verify checks it whenever it is
// there.
//
// No manifest lists SumsFile: it lists the manifests, and is written by a
// command (verify) that writes no manifest. Like the manifests it is a
// record of the folder, not one of its files. A command that rewrites
// files leaves it as it was, so that verify names what changed since it
// was written; to seal the new state, delete it (and its signature) and
// run verify --write-sums again.

// SumsFile is the name of a run folder's detached checksum list.
const SumsFile = "SHA256SUMS"

// sumsSignatures are the names a signature of SumsFile takes beside it
// (gpg --armor --detach-sign, gpg --detach-sign, minisign -S). verify
// counts them as the user's, notes them, and does not check them.
var sumsSignatures = []string{SumsFile + ".asc", SumsFile + ".sig", SumsFile + ".minisig"}

// sumLine is one line of sha256sum's output: 64 hex digits, a blank, a
// blank or * (text or binary mode), the name; a leading backslash says
// the name is escaped (\\, \n, \r).
var sumLine = regexp.MustCompile(`^(\\?)([0-9a-f]{64}) [ *](.+)$`)

// sumEntry is one line of a SumsFile.
type sumEntry struct {
	path, sum string
	line      int
}

// WriteSums writes the run folder dir's SumsFile once the folder passes
// Verify (whose result it returns): the manifests' sha256 and their
// files', which Verify has just matched with the bytes. It returns the
// number of files listed. A folder that fails Verify, an existing
// SumsFile that no longer matches included, gets none.
func WriteSums(dir string) (Verification, int, error) {
	v, err := Verify(dir)
	if err != nil {
		return v, 0, err
	}
	recs, err := readRecords(dir)
	if err != nil {
		return v, 0, err
	}
	sums := map[string]string{}
	for name, m := range recs.manifests {
		_, sum, err := fileSum(filepath.Join(dir, name))
		if err != nil {
			return v, 0, err
		}
		sums[name] = sum
		for _, f := range m.Files {
			sums[f.Path] = f.SHA256
		}
	}
	var b bytes.Buffer
	for _, p := range slices.Sorted(mapKeys(sums)) {
		b.WriteString(formatSum(sums[p], p))
	}
	if _, err := schemas.WriteText(filepath.Join(dir, SumsFile), b.Bytes()); err != nil {
		return v, 0, err
	}
	return v, len(sums), nil
}

// formatSum is sha256sum's line for a file.
func formatSum(sum, path string) string {
	if !strings.ContainsAny(path, "\\\n\r") {
		return sum + "  " + path + "\n"
	}
	esc := strings.NewReplacer(`\`, `\\`, "\n", `\n`, "\r", `\r`).Replace(path)
	return `\` + sum + "  " + esc + "\n"
}

// parseSums reads a SumsFile's lines; a line that is not sha256sum's is
// a problem naming it (and quoting nothing: the file may be anything).
func parseSums(b []byte) ([]sumEntry, []string) {
	var out []sumEntry
	var problems []string
	unesc := strings.NewReplacer(`\\`, `\`, `\n`, "\n", `\r`, "\r")
	for i, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		m := sumLine.FindStringSubmatch(line)
		if m == nil {
			problems = append(problems, fmt.Sprintf("%s:%d: not a line of sha256sum (64 hex digits, two blanks, a path)", SumsFile, i+1))
			continue
		}
		p := m[3]
		if m[1] != "" {
			p = unesc.Replace(p)
		}
		out = append(out, sumEntry{path: p, sum: m[2], line: i + 1})
	}
	return out, problems
}

// verifySums checks the folder's SumsFile, when there is one, against
// the bytes and the records: every file it lists has its sum (for a file
// whose manifest entry Verify matched, ok, the entry's sum is the
// file's), and it lists every manifest and every file they list. It
// reads nothing outside the folder or through a link.
func verifySums(dir string, recs *records, ok map[recordedKey]bool, links []strange) (problems, notes []string) {
	if _, linked := behind(links, SumsFile); linked {
		return nil, nil // reported as a link
	}
	for _, sig := range sumsSignatures {
		if _, err := os.Lstat(filepath.Join(dir, sig)); err == nil {
			notes = append(notes, fmt.Sprintf("%s: a signature of %s, which dtbench does not check: check it with gpg --verify or minisign -V", sig, SumsFile))
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, SumsFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, notes
	}
	if err != nil {
		return []string{fmt.Sprintf("%s: %v", SumsFile, err)}, notes
	}
	if at := input.InvalidUTF8(string(b)); at >= 0 {
		return []string{fmt.Sprintf("%s: not a checksum list: byte %d is not UTF-8", SumsFile, at+1)}, notes
	}
	entries, problems := parseSums(b)
	notes = append(notes, fmt.Sprintf("%s lists %d files", SumsFile, len(entries)))
	matched := map[string]string{} // path → the sum of its verified manifest entry
	for k, good := range ok {
		if good {
			matched[k.file.Path] = k.file.SHA256
		}
	}
	var wanted []string // the manifests and their files
	for name, m := range recs.manifests {
		wanted = append(wanted, name)
		for _, f := range m.Files {
			wanted = append(wanted, f.Path)
		}
	}
	slices.Sort(wanted)
	wanted = slices.Compact(wanted)
	listed := map[string]bool{}
	for _, e := range entries {
		listed[e.path] = true
		name := e.path // a path the records know is named as it is, any other quoted
		if _, known := slices.BinarySearch(wanted, e.path); !known {
			name = input.Excerpt(e.path)
		}
		where := fmt.Sprintf("%s:%d: %s", SumsFile, e.line, name)
		if !filepath.IsLocal(filepath.FromSlash(e.path)) {
			problems = append(problems, where+": not a path inside the run folder; not read")
			continue
		}
		if _, linked := behind(links, e.path); linked {
			continue // reported as a link
		}
		sum, found := matched[e.path]
		if _, isManifest := recs.manifests[e.path]; isManifest || !found {
			_, s, err := fileSum(filepath.Join(dir, filepath.FromSlash(e.path)))
			switch {
			case errors.Is(err, fs.ErrNotExist):
				problems = append(problems, where+": missing")
				continue
			case err != nil:
				problems = append(problems, fmt.Sprintf("%s: %v", where, err))
				continue
			}
			sum = s
		}
		if sum != e.sum {
			problems = append(problems, fmt.Sprintf("%s: sha256 %s, %s says %s", where, sum, SumsFile, e.sum))
		}
	}
	for _, p := range wanted {
		if !listed[p] {
			problems = append(problems, fmt.Sprintf("%s does not list %s", SumsFile, p))
		}
	}
	if len(problems) > 0 {
		problems = append(problems, fmt.Sprintf("%s: the folder changed since %s was written (or it was edited); if the changes are yours (a rerun), delete it and its signature, and run dtbench verify --write-sums again", SumsFile, SumsFile))
	}
	return problems, notes
}
