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
	costs, err := readEntries(files[0], true, false)
	if err != nil {
		return nil, err
	}
	delays, err := readEntries(files[1], false, false)
	if err != nil {
		return nil, err
	}
	groups, err := readEntries(files[2], false, true)
	if err != nil {
		return nil, err
	}
	expenses, err := readEntries(files[3], false, false)
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
		c, err := parseCost(e.value)
		if err != nil {
			return nil, input.Filef(costs.file, e.line, "test %q: %v", e.name, err)
		}
		full[e.name] = c
		s.Tests[e.name] = c
	}
	known := func(f *entryFile, e entry) error {
		if _, ok := full[e.name]; !ok {
			return input.Filef(f.file, e.line, "test %q has no entry in %s", e.name, costs.file)
		}
		return nil
	}
	for _, e := range delays.entries {
		if err := known(delays, e); err != nil {
			return nil, err
		}
		switch strings.ToLower(e.value) {
		case "delayed":
			s.Delayed = append(s.Delayed, e.name)
		case "immediate":
		default:
			return nil, input.Filef(delays.file, e.line, "test %q: want immediate or delayed, got %q", e.name, e.value)
		}
	}
	discounted := map[string]float64{}
	for _, e := range expenses.entries {
		if err := known(expenses, e); err != nil {
			return nil, err
		}
		parts := strings.Split(e.value, ",")
		if len(parts) != 2 {
			return nil, input.Filef(expenses.file, e.line, "test %q: want \"full, discounted\", got %q", e.name, e.value)
		}
		f, err := parseCost(parts[0])
		if err != nil {
			return nil, input.Filef(expenses.file, e.line, "test %q: full cost: %v", e.name, err)
		}
		d, err := parseCost(parts[1])
		if err != nil {
			return nil, input.Filef(expenses.file, e.line, "test %q: discounted cost: %v", e.name, err)
		}
		if !near(f, full[e.name]) {
			return nil, input.Filef(expenses.file, e.line, "test %q: full cost %v differs from its cost %v in %s", e.name, f, full[e.name], costs.file)
		}
		if d > f {
			return nil, input.Filef(expenses.file, e.line, "test %q: discounted cost %v exceeds its full cost %v", e.name, d, f)
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
			return nil, input.Filef(groups.file, e.line, "test %q of group %q has no entry in %s (its discounted cost gives the group's common cost)", e.name, g, expenses.file)
		}
		common := round9(full[e.name] - d)
		gs, seen := s.Groups[g]
		if seen && !near(gs.Common, common) {
			return nil, input.Filef(expenses.file, expenses.lines()[e.name], "test %q: full − discounted = %v, but group %q's common cost is %v (from %q)", e.name, common, g, gs.Common, first[g])
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
			return nil, input.Filef(expenses.file, e.line, "test %q has a discounted cost %v below its full cost %v but no group in %s", e.name, discounted[e.name], full[e.name], groups.file)
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
	if strings.Contains(head.value, ":") {
		return nil, input.Filef(groups.file, head.line, "the first line must list the groups (\"A, B.\"), got %q", head.value)
	}
	defined := map[string]bool{}
	var names []string
	for g := range strings.SplitSeq(head.value, ",") {
		g = strings.TrimSpace(g)
		if g == "" {
			return nil, input.Filef(groups.file, head.line, "empty group name in %q", head.value)
		}
		defined[g] = true
		names = append(names, g)
	}
	for _, e := range groups.entries[1:] {
		if err := known(groups, e); err != nil {
			return nil, err
		}
		if !defined[e.value] {
			return nil, input.Filef(groups.file, e.line, "test %q: group %q is not defined (groups: %s)", e.name, e.value, strings.Join(names, ", "))
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

// readEntries reads a cost file's entries. A missing file is an error
// when required, else an empty entryFile. With header, the first line is
// kept as an entry without a name (the .group file's list of groups). A
// line without a colon, an empty name or value, or a name given twice is
// an error naming the line.
func readEntries(path string, required, header bool) (*entryFile, error) {
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
		text := sc.Text()
		if i := strings.IndexByte(text, '|'); i >= 0 {
			text = text[:i]
		}
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		text = strings.TrimSpace(strings.TrimSuffix(text, "."))
		name, value, ok := strings.Cut(text, ":")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		switch {
		case header && len(out.entries) == 0:
			out.entries = append(out.entries, entry{value: text, line: line})
			continue
		case !ok:
			return nil, input.Filef(path, line, "want \"test: value\", got %q", sc.Text())
		case name == "" || value == "":
			return nil, input.Filef(path, line, "want \"test: value\", got %q", sc.Text())
		}
		if prev, dup := seen[name]; dup {
			return nil, input.Filef(path, line, "test %q listed again (first at line %d)", name, prev)
		}
		seen[name] = line
		out.entries = append(out.entries, entry{name: name, value: value, line: line})
	}
	if err := sc.Err(); err != nil {
		return nil, &input.Error{File: path, Err: err}
	}
	return out, nil
}

// parseCost parses a cost: a finite number ≥ 0.
func parseCost(s string) (float64, error) {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "."))
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("want a number, got %q", s)
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
