package importer

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/dtbench/dtbench/input"
)

// ReadNames reads the names of the n columns of a headerless data file
// from the UCI .names file at path (see ParseNames). Errors are
// *input.Error values naming that file.
func ReadNames(path string, n int) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, &input.Error{File: path, Key: "names_file", Err: err}
	}
	if err := input.UTF8(path, 1, string(b)); err != nil {
		return nil, err
	}
	names, err := ParseNames(string(trimBOM(b)), n)
	if err != nil {
		return nil, &input.Error{File: path, Err: err}
	}
	return names, nil
}

// ParseNames finds the names of a data file's n columns, class included,
// in the text of a UCI .names file. These files are prose written for
// people, so it looks for a list of exactly n names, in this order, and
// takes the first it finds:
//
//  1. In the "Attribute Information" section (a line such as
//     "7. Attribute Information:", up to the next line that starts with a
//     section number), a run of entries numbered 1..n, each
//     "3. name: …" or "-- 3. #9 (name)" (heart-disease's style); names
//     may hold blanks ("9. LIVER BIG: no, yes" gives "LIVER BIG").
//  2. In that section, n unnumbered entries "name: …" (crx's "A1: b, a.").
//  3. The last paragraph of the file as a comma-separated list of n names,
//     bare or quoted (car's and hepatitis' appended lists).
//  4. C4.5 declarations: n−1 lines "name: type." starting at the left
//     margin (adult's), which list no class: the class is then the last
//     column, named "class".
//
// It checks that the names are distinct.
func ParseNames(text string, n int) ([]string, error) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var found []int
	try := func(names []string, want int) bool {
		if len(names) > 0 && !slices.Contains(found, len(names)) {
			found = append(found, len(names))
		}
		return len(names) == want
	}
	section := attributeSection(lines)
	var names []string
	numbered, plain := sectionEntries(section)
	for _, run := range numbered {
		if try(run, n) {
			names = run
			break
		}
	}
	if names == nil && try(plain, n) {
		names = plain
	}
	if list := trailingList(lines); names == nil && try(list, n) {
		names = list
	}
	if decl := c45Declarations(lines); names == nil && try(decl, n-1) {
		names = append(decl, "class")
	}
	if names == nil {
		slices.Sort(found)
		lists := "found no list at all"
		if len(found) > 0 {
			counts := make([]string, len(found))
			for i, c := range found {
				counts[i] = strconv.Itoa(c)
			}
			lists = "lists found had " + strings.Join(counts, ", ") + " names"
		}
		return nil, fmt.Errorf("no list of %d column names found (%s): "+
			"looked for entries numbered 1..%d or \"name:\" entries in the Attribute Information section, "+
			"a comma-separated list at the end, and C4.5 \"name: type.\" declarations; give the names in options instead",
			n, lists, n)
	}
	seen := map[string]bool{}
	for _, name := range names {
		if seen[name] {
			return nil, fmt.Errorf("column name %s listed twice", input.Excerpt(name))
		}
		seen[name] = true
	}
	return names, nil
}

var (
	sectionStart  = regexp.MustCompile(`(?i)^\s*\d+\.\s*attribute\s+(information|info|values|descriptions?)\b`)
	sectionHeader = regexp.MustCompile(`^\d+\.\s`)
	// "-- 1. #3  (age)" (heart-disease)
	hashEntry = regexp.MustCompile(`^\s*(?:--\s*)?(\d+)\.\s+#\d+\s+\(([^)]+)\)`)
	// "1. top-left-square: {x,o,b}", "9. LIVER BIG: no, yes"
	numberedEntry = regexp.MustCompile(`^\s*(?:--\s*)?(\d+)\.\s+([^:\s][^:]*?)\s*:`)
	// "A1:	b, a."
	plainEntry = regexp.MustCompile(`^\s+([A-Za-z_][^\s:]*)\s*:`)
	// "age: continuous." at the left margin (C4.5)
	c45Entry = regexp.MustCompile(`^([A-Za-z_][^\s:|]*)\s*:\s*\S`)
)

// attributeSection returns the lines of the Attribute Information
// section, without its heading; nil when there is none.
func attributeSection(lines []string) []string {
	for i, l := range lines {
		if !sectionStart.MatchString(l) {
			continue
		}
		end := i + 1
		for end < len(lines) && !sectionHeader.MatchString(lines[end]) {
			end++
		}
		return lines[i+1 : end]
	}
	return nil
}

// sectionEntries returns the runs of entries numbered 1, 2, … in a
// section, and its unnumbered "name:" entries.
func sectionEntries(section []string) (runs [][]string, plain []string) {
	var run []string
	for _, l := range section {
		m := hashEntry.FindStringSubmatch(l)
		if m == nil {
			m = numberedEntry.FindStringSubmatch(l)
		}
		if m == nil {
			if p := plainEntry.FindStringSubmatch(l); p != nil {
				plain = append(plain, p[1])
			}
			continue
		}
		k, _ := strconv.Atoi(m[1]) // the pattern matched digits
		name := strings.TrimSpace(m[2])
		switch {
		case k == len(run)+1:
			run = append(run, name)
		case k == 1:
			runs = append(runs, run)
			run = []string{name}
		}
	}
	return append(runs, run), plain
}

// trailingList reads the last paragraph of lines as a comma-separated
// list of names, each bare (no blank, no colon) or quoted; nil when it is
// not one.
func trailingList(lines []string) []string {
	end := len(lines)
	for end > 0 && strings.TrimSpace(lines[end-1]) == "" {
		end--
	}
	start := end
	for start > 0 && strings.TrimSpace(lines[start-1]) != "" {
		start--
	}
	para := strings.TrimSpace(strings.Join(lines[start:end], " "))
	para = strings.TrimSuffix(para, ".")
	if para == "" {
		return nil
	}
	var names []string
	for _, item := range strings.Split(para, ",") {
		item = strings.TrimSpace(item)
		if len(item) >= 2 && (item[0] == '"' || item[0] == '\'') && item[len(item)-1] == item[0] {
			item = item[1 : len(item)-1]
			if item == "" {
				return nil
			}
		} else if item == "" || strings.ContainsAny(item, " \t:") {
			return nil
		}
		names = append(names, item)
	}
	return names
}

// c45Declarations returns the names of C4.5's "name: type." lines,
// skipping "|" comments.
func c45Declarations(lines []string) []string {
	var names []string
	for _, l := range lines {
		if i := strings.IndexByte(l, '|'); i >= 0 {
			l = l[:i]
		}
		if m := c45Entry.FindStringSubmatch(l); m != nil {
			names = append(names, m[1])
		}
	}
	return names
}
