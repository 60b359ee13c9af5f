package tree

import (
	"fmt"
	"io"
	"math/bits"
	"strconv"
	"strings"
)

// WriteText writes t as indented text in the manner of Weka's Id3 and J48
// output, one line per branch:
//
//	outlook = sunny
//	|  humidity = high: no (3)
//	|  humidity = normal: yes (2)
//	outlook = overcast: yes (4)
//	outlook in {rainy, foggy}: no (5/1)
//
// A branch that several values share reads "f in {a, b}". When t has
// counts, a leaf shows its training rows in parentheses and, after a
// slash, how many of them its class gets wrong (J48's "(n/errors)"). A
// tree that is a single leaf prints ": class (n)". Branches appear in the
// order of their smallest value. t is validated first, and an invalid tree
// is an error, not a panic. Labels are written as they are, except that
// line breaks and other control characters (tab aside) are escaped as in Go
// ("\n", "\x01"), so every branch stays on one line. A title (names.Title)
// comes first, on a line of its own, then an empty line.
func WriteText(w io.Writer, t *Tree, names Names) error {
	if err := t.Validate(); err != nil {
		return fmt.Errorf("write tree text: %w", err)
	}
	var sb strings.Builder
	if names.Title != "" {
		sb.WriteString(textLabel(names.Title) + "\n\n")
	}
	if t.IsLeaf(0) {
		sb.WriteString(": " + textLabel(leafLabel(t, 0, names)) + "\n")
	} else {
		writeTextNode(&sb, t, 0, 0, names)
	}
	if _, err := io.WriteString(w, sb.String()); err != nil {
		return fmt.Errorf("write tree text: %w", err)
	}
	return nil
}

// writeTextNode writes the branches of internal node n at the given depth.
func writeTextNode(sb *strings.Builder, t *Tree, n, depth int, names Names) {
	f := int(t.Feature[n])
	for _, br := range t.Branches(n) {
		for range depth {
			sb.WriteString("|  ")
		}
		sb.WriteString(textLabel(names.Feature(f)))
		sb.WriteString(condition(f, br.Values, names))
		if t.IsLeaf(br.Child) {
			sb.WriteString(": " + textLabel(leafLabel(t, br.Child, names)) + "\n")
			continue
		}
		sb.WriteByte('\n')
		writeTextNode(sb, t, br.Child, depth+1, names)
	}
}

// condition renders " = a" for one value and " in {a, b}" for several.
func condition(f int, mask uint64, names Names) string {
	labels := valueLabels(f, mask, names)
	for i, l := range labels {
		labels[i] = textLabel(l)
	}
	if len(labels) == 1 {
		return " = " + labels[0]
	}
	return " in {" + strings.Join(labels, ", ") + "}"
}

// valueLabels returns the labels of the values in mask, in code order.
func valueLabels(f int, mask uint64, names Names) []string {
	labels := make([]string, 0, bits.OnesCount64(mask))
	for m := mask; m != 0; m &= m - 1 {
		labels = append(labels, names.Value(f, bits.TrailingZeros64(m)))
	}
	return labels
}

// leafLabel returns leaf n's class label and, when t has counts, " (n)" or
// " (n/errors)".
func leafLabel(t *Tree, n int, names Names) string {
	c := int(t.Class[n])
	counts := t.NodeCounts(n)
	if counts == nil {
		return names.Class(c)
	}
	total := 0
	for _, k := range counts {
		total += int(k)
	}
	if wrong := total - int(counts[c]); wrong > 0 {
		return fmt.Sprintf("%s (%d/%d)", names.Class(c), total, wrong)
	}
	return fmt.Sprintf("%s (%d)", names.Class(c), total)
}

// textLabel escapes the control characters of s other than tab.
func textLabel(s string) string {
	if !strings.ContainsFunc(s, isLineControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if !isLineControl(r) {
			b.WriteRune(r)
			continue
		}
		q := strconv.QuoteRune(r) // '\n' or '\x01'
		b.WriteString(q[1 : len(q)-1])
	}
	return b.String()
}

func isLineControl(r rune) bool { return (r < 0x20 && r != '\t') || r == 0x7f }

// WriteDOT writes t as a Graphviz digraph: internal nodes are ellipses
// labelled with their feature, leaves are filled boxes labelled with their
// class (and "(n)" or "(n/errors)" when t has counts), and each edge is
// labelled with the values that lead along it, comma-separated. Node n is
// named "n<n>"; nodes are written in id order and each node's edges in the
// order of their smallest value, so the output is a function of t and names
// alone; a title (names.Title) is the graph's label, at the top. t is
// validated first.
func WriteDOT(w io.Writer, t *Tree, names Names) error {
	if err := t.Validate(); err != nil {
		return fmt.Errorf("write tree dot: %w", err)
	}
	var sb strings.Builder
	sb.WriteString("digraph tree {\n")
	if names.Title != "" {
		fmt.Fprintf(&sb, "\tlabel=%s;\n\tlabelloc=t;\n\tfontname=\"Helvetica\";\n", dotQuote(names.Title))
	}
	sb.WriteString("\tnode [fontname=\"Helvetica\"];\n")
	sb.WriteString("\tedge [fontname=\"Helvetica\"];\n")
	for n := range t.Len() {
		if t.IsLeaf(n) {
			fmt.Fprintf(&sb, "\tn%d [label=%s, shape=box, style=filled];\n", n, dotQuote(leafLabel(t, n, names)))
			continue
		}
		f := int(t.Feature[n])
		fmt.Fprintf(&sb, "\tn%d [label=%s];\n", n, dotQuote(names.Feature(f)))
		for _, br := range t.Branches(n) {
			label := strings.Join(valueLabels(f, br.Values, names), ", ")
			fmt.Fprintf(&sb, "\tn%d -> n%d [label=%s];\n", n, br.Child, dotQuote(label))
		}
	}
	sb.WriteString("}\n")
	if _, err := io.WriteString(w, sb.String()); err != nil {
		return fmt.Errorf("write tree dot: %w", err)
	}
	return nil
}

// dotQuote returns s as a DOT double-quoted string: backslashes and quotes
// are escaped, a newline becomes DOT's centred line break \n, and other
// control characters become spaces, so any label is shown literally.
func dotQuote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\\' || r == '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20 || r == 0x7f:
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
