package costs

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/dtbench/dtbench/input"
)

// ReadUCI reads Turney's cost files for the UCI datasets (1995, in the
// UCI archive's costs/ folders), given their common path without the
// extension (.../costs/heart-disease):
//
//   - NAME.cost, required: "test: cost", the cost of each test alone;
//   - NAME.delay: "test: immediate" or "test: delayed" (immediate when
//     absent);
//   - NAME.group: a first line listing the group names ("A, B, C."), then
//     "test: group";
//   - NAME.expense: "test: full, discounted", the cost of a test when it
//     is the first of its group ordered and when it is a later one.
//
// Lines may end in "."; blank lines and "|" comments are skipped. A
// group's common cost is full − discounted, which must be the same for
// every member (Turney's files give heart-disease's group C 87.30 − 1.00
// = 86.30); a member's Cost is its discounted cost. The spec has no
// matrix and no default: the caller sets them. Errors are *input.Error
// naming the file and line: a line that does not parse, a negative cost,
// a test listed twice or missing from NAME.cost, a group used but not
// listed, a member without an .expense entry, a full cost that is not the
// .cost one, a discount outside a group, or members whose discounts
// differ.
func ReadUCI(base string) (*Spec, error) {
	files := UCIFiles(base)
	costs, err := readEntries(files[0], true, costValues)
	if err != nil {
		return nil, err
	}
	delays, err := readEntries(files[1], false, delayValues)
	if err != nil {
		return nil, err
	}
	groups, err := readEntries(files[2], false, groupValues)
	if err != nil {
		return nil, err
	}
	expenses, err := readEntries(files[3], false, expenseValues)
	if err != nil {
		return nil, err
	}
	s := &Spec{Tests: map[string]float64{}, src: &source{
		costFile: costs.file, costLine: costs.lines(),
		groupFile: groups.file, groupLine: groups.lines(),
		delayFile: delays.file, delayLine: delays.lines(),
	}}
	full := map[string]float64{}
	for _, e := range costs.entries {
		c, _ := parseCost(e.value) // readEntries checked it
		full[e.name] = c
		s.Tests[e.name] = c
	}
	known := func(f *entryFile, e entry) error {
		if _, ok := full[e.name]; !ok {
			return input.Filef(f.file, e.line, "test %s has no entry in %s", input.Excerpt(e.name), costs.file)
		}
		return nil
	}
	for _, e := range delays.entries {
		if err := known(delays, e); err != nil {
			return nil, err
		}
		if strings.EqualFold(e.value, "delayed") {
			s.Delayed = append(s.Delayed, e.name)
		}
	}
	discounted := map[string]float64{}
	for _, e := range expenses.entries {
		if err := known(expenses, e); err != nil {
			return nil, err
		}
		f, d, _ := parseExpense(e.value) // readEntries checked it
		if !near(f, full[e.name]) {
			return nil, input.Filef(expenses.file, e.line, "test %s: full cost %v differs from its cost %v in %s", input.Excerpt(e.name), f, full[e.name], costs.file)
		}
		if d > f {
			return nil, input.Filef(expenses.file, e.line, "test %s: discounted cost %v exceeds its full cost %v", input.Excerpt(e.name), d, f)
		}
		discounted[e.name] = d
	}
	member, err := groupsOf(groups, known)
	if err != nil {
		return nil, err
	}
	s.Groups = map[string]GroupSpec{}
	first := map[string]string{} // group → the member its common cost came from
	for _, e := range groups.entries[min(1, len(groups.entries)):] {
		g := member[e.name]
		d, ok := discounted[e.name]
		if !ok {
			return nil, input.Filef(groups.file, e.line, "test %s of group %s has no entry in %s (its discounted cost gives the group's common cost)", input.Excerpt(e.name), input.Excerpt(g), expenses.file)
		}
		common := round9(full[e.name] - d)
		gs, seen := s.Groups[g]
		if seen && !near(gs.Common, common) {
			return nil, input.Filef(expenses.file, expenses.lines()[e.name], "test %s: full − discounted = %v, but group %s's common cost is %v (from %s)", input.Excerpt(e.name), common, input.Excerpt(g), gs.Common, input.Excerpt(first[g]))
		}
		if !seen {
			gs.Common, first[g] = common, e.name
		}
		gs.Members = append(gs.Members, e.name)
		s.Groups[g] = gs
		s.Tests[e.name] = round9(d)
	}
	for _, e := range expenses.entries {
		if _, grouped := member[e.name]; !grouped && !near(full[e.name], discounted[e.name]) {
			return nil, input.Filef(expenses.file, e.line, "test %s has a discounted cost %v below its full cost %v but no group in %s", input.Excerpt(e.name), discounted[e.name], full[e.name], groups.file)
		}
	}
	return s, nil
}

// UCIFiles returns the files ReadUCI reads for base: NAME.cost, which
// must exist, then NAME.delay, NAME.group and NAME.expense, which may
// not. It is the one list of them: a run records each one's fingerprint
// (or its absence) among its inputs.
func UCIFiles(base string) []string {
	return []string{base + ".cost", base + ".delay", base + ".group", base + ".expense"}
}

// groupsOf reads the .group file's entries: the first line lists the
// groups, the others map tests to them. It returns each test's group.
func groupsOf(groups *entryFile, known func(*entryFile, entry) error) (map[string]string, error) {
	member := map[string]string{}
	if len(groups.entries) == 0 {
		return member, nil
	}
	head := groups.entries[0]
	defined := map[string]bool{}
	var names []string
	for g := range strings.SplitSeq(head.value, ",") {
		g = strings.TrimSpace(g)
		defined[g] = true
		names = append(names, g)
	}
	for _, e := range groups.entries[1:] {
		if err := known(groups, e); err != nil {
			return nil, err
		}
		if !defined[e.value] {
			return nil, input.Filef(groups.file, e.line, "test %s: group %s is not defined (groups: %s)", input.Excerpt(e.name), input.Excerpt(e.value), input.Excerpt(strings.Join(names, ", ")))
		}
		member[e.name] = e.value
	}
	return member, nil
}

// entry is one line of a cost file: "name: value" (name "" for a line
// without a colon, the .group file's first line).
type entry struct {
	name, value string
	line        int
}

// entryFile is a cost file's entries in file order.
type entryFile struct {
	file    string
	entries []entry
}

func (f *entryFile) lines() map[string]int {
	m := make(map[string]int, len(f.entries))
	for _, e := range f.entries {
		m[e.name] = e.line
	}
	return m
}

// values says what the values of one kind of cost file must be.
type values struct {
	want  string            // what a value must be, for messages
	valid func(string) bool // whether a value is one
	// header: the first line lists the groups ("A, B, C."), which the
	// .group file has
	header bool
}

var (
	costValues    = values{want: "a cost, a number >= 0", valid: func(v string) bool { _, err := parseCost(v); return err == nil }}
	delayValues   = values{want: "immediate or delayed", valid: func(v string) bool { return strings.EqualFold(v, "immediate") || strings.EqualFold(v, "delayed") }}
	groupValues   = values{want: "a group", valid: func(string) bool { return true }, header: true}
	expenseValues = values{want: "\"full, discounted\", two costs", valid: func(v string) bool { _, _, err := parseExpense(v); return err == nil }}
)

// readEntries reads a cost file's entries. A missing file is an error
// when required, else an empty entryFile. With kind.header, the first
// line is kept as an entry without a name (the .group file's list of
// groups). A line that is not UTF-8, without a colon, with an empty name
// or a value that is not of kind, or a name given twice is an error
// naming the line and column. Such an error quotes nothing of a file
// whose first line fails (it is no cost file: a password file named by
// mistake, say), and only an excerpt of a later line.
func readEntries(path string, required bool, kind values) (*entryFile, error) {
	out := &entryFile{file: path}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) && !required {
		return out, nil
	}
	if err != nil {
		return nil, &input.Error{File: path, Err: err}
	}
	defer f.Close()
	seen := map[string]int{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		raw := sc.Text()
		if err := input.UTF8(path, line, raw); err != nil {
			return nil, err
		}
		text := raw
		if i := strings.IndexByte(text, '|'); i >= 0 {
			text = text[:i]
		}
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		text = strings.TrimSpace(strings.TrimSuffix(text, "."))
		start := strings.Index(raw, text) + 1 // the entry's column
		if kind.header && len(out.entries) == 0 {
			if strings.Contains(text, ":") || hasEmpty(strings.Split(text, ",")) {
				return nil, out.refuse(line, start, "the list of groups (\"A, B, C.\")", text)
			}
			out.entries = append(out.entries, entry{value: text, line: line})
			continue
		}
		colon := strings.IndexByte(text, ':')
		if colon < 0 {
			return nil, out.refuse(line, start, "\"test: value\"", text)
		}
		name, value := strings.TrimSpace(text[:colon]), strings.TrimSpace(text[colon+1:])
		col := start + colon + 1 + len(text[colon+1:]) - len(strings.TrimLeft(text[colon+1:], " \t"))
		switch {
		case name == "":
			return nil, out.refuse(line, start, "a test's name before the colon", text)
		case !kind.valid(value):
			return nil, out.refuse(line, col, kind.want+" after the test's name", value)
		}
		if prev, dup := seen[name]; dup {
			return nil, input.At(path, line, start, "test %s listed again (first at line %d)", input.Excerpt(name), prev)
		}
		seen[name] = line
		out.entries = append(out.entries, entry{name: name, value: value, line: line})
	}
	if err := sc.Err(); err != nil {
		return nil, &input.Error{File: path, Err: err}
	}
	return out, nil
}

// refuse returns the error for a line of f that does not hold what it
// wants: it quotes nothing when no entry came before (the file is not a
// cost file from its first line), else an excerpt of got.
func (f *entryFile) refuse(line, col int, want, got string) error {
	if len(f.entries) == 0 {
		return input.At(f.file, line, col, "want %s; this does not read as one of Turney's cost files from its first line", want)
	}
	return input.At(f.file, line, col, "want %s, got %s", want, input.Excerpt(got))
}

// hasEmpty reports whether a list's items include a blank one.
func hasEmpty(items []string) bool {
	for _, x := range items {
		if strings.TrimSpace(x) == "" {
			return true
		}
	}
	return false
}

// parseExpense parses an .expense value: "full, discounted".
func parseExpense(s string) (full, discounted float64, err error) {
	f, d, ok := strings.Cut(s, ",")
	if !ok || strings.Contains(d, ",") {
		return 0, 0, errors.New(`want "full, discounted"`)
	}
	if full, err = parseCost(f); err != nil {
		return 0, 0, err
	}
	if discounted, err = parseCost(d); err != nil {
		return 0, 0, err
	}
	return full, discounted, nil
}

// parseCost parses a cost: a finite number ≥ 0.
func parseCost(s string) (float64, error) {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "."))
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, errors.New("want a number")
	}
	if !(x >= 0) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("cost must be finite and >= 0, got %v", x)
	}
	return x, nil
}

// near reports whether two costs read from files are the same amount:
// within 1e-9 relative (a decimal subtraction's rounding).
func near(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*max(1, math.Abs(a), math.Abs(b))
}

// round9 rounds a cost to 9 decimals, so that 87.30 − 1.00 is 86.3.
func round9(x float64) float64 { return math.Round(x*1e9) / 1e9 }
