package tree

import (
	"bufio"
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
//
// A line deeper than MaxTextBars levels starts with its depth in brackets,
// "[depth 40] ", instead of its bars: bars on every line would make the
// text of a tree n levels deep about 1.5·n² bytes (15 GB for the 100,000
// levels an external learner can return), and the bracket keeps the output
// linear in the tree's size. The text is written as it is made, through a
// buffer, without recursion: time and memory are linear in the tree's size
// whatever its depth.
func WriteText(w io.Writer, t *Tree, names Names) error {
	if err := t.Validate(); err != nil {
		return fmt.Errorf("write tree text: %w", err)
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if names.Title != "" {
		bw.WriteString(textLabel(names.Title) + "\n\n")
	}
	if t.IsLeaf(0) {
		bw.WriteString(": " + textLabel(leafLabel(t, 0, names)) + "\n")
	} else if err := writeTextBranches(bw, t, names); err != nil {
		return fmt.Errorf("write tree text: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write tree text: %w", err)
	}
	return nil
}

// MaxTextBars is the deepest level whose lines WriteText indents with
// Weka's bars ("|  " a level); deeper lines start with "[depth d] ".
const MaxTextBars = 32

// writeTextBranches writes a line for every branch of the tree under its
// internal root, depth first, with an explicit stack (a tree can be
// deeper than a goroutine's stack should grow). It stops at the first
// failed write (bufio's error is sticky).
func writeTextBranches(w *bufio.Writer, t *Tree, names Names) error {
	type frame struct {
		node     int
		branches []Branch
		next     int // the next branch to write
	}
	stack := []frame{{node: 0, branches: t.Branches(0)}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next == len(top.branches) {
			stack = stack[:len(stack)-1]
			continue
		}
		br := top.branches[top.next]
		top.next++
		writeIndent(w, len(stack)-1)
		f := int(t.Feature[top.node])
		w.WriteString(textLabel(names.Feature(f)))
		w.WriteString(branchCondition(t, top.node, br.Values, names))
		if t.IsLeaf(br.Child) {
			w.WriteString(": " + textLabel(leafLabel(t, br.Child, names)))
		} else {
			stack = append(stack, frame{node: br.Child, branches: t.Branches(br.Child)})
		}
		if err := w.WriteByte('\n'); err != nil {
			return err
		}
	}
	return nil
}

// writeIndent writes the indentation of a line at depth: Weka's bars up
// to MaxTextBars levels, the depth in brackets beyond.
func writeIndent(w *bufio.Writer, depth int) {
	if depth > MaxTextBars {
		w.WriteString("[depth " + strconv.Itoa(depth) + "] ")
		return
	}
	for range depth {
		w.WriteString("|  ")
	}
}

// branchCondition renders the condition of the branch of node n that
// mask selects: " <= 127" or " > 127" at a numeric node (J48's
// Utils.doubleToString(threshold, 6)), else condition's.
func branchCondition(t *Tree, n int, mask uint64, names Names) string {
	if !t.IsNumericNode(n) {
		return condition(int(t.Feature[n]), mask, names)
	}
	return " " + numericLabel(t, n, mask)
}

// numericLabel returns "<= 127" for mask 1 (the first branch) of numeric
// node n and "> 127" for the second.
func numericLabel(t *Tree, n int, mask uint64) string {
	th := WekaDouble(t.Threshold[n], 6)
	if mask == 1 {
		return "<= " + th
	}
	return "> " + th
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
// " (n/errors)"; when t has weights, J48's " (n.0/e.0)": both rounded to two
// decimals and written as Java writes a double, the errors left out when
// not above 1e-6 (Utils.gr).
func leafLabel(t *Tree, n int, names Names) string {
	c := int(t.Class[n])
	if w := t.NodeWeights(n); w != nil {
		total := sumFloats(w)
		label := names.Class(c) + " (" + javaDouble(roundDouble(total, 2))
		if wrong := total - w[c]; wrong > emptyWeight {
			label += "/" + javaDouble(roundDouble(wrong, 2))
		}
		return label + ")"
	}
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
// labelled with the values that lead along it, comma-separated, or at a
// numeric node with "<= 127" and "> 127". Node n is
// named "n<n>"; nodes are written in id order and each node's edges in the
// order of their smallest value, so the output is a function of t and names
// alone; a title (names.Title) is the graph's label, at the top. t is
// validated first.
func WriteDOT(w io.Writer, t *Tree, names Names) error {
	if err := t.Validate(); err != nil {
		return fmt.Errorf("write tree dot: %w", err)
	}
	sb := bufio.NewWriterSize(w, 64<<10)
	sb.WriteString("digraph tree {\n")
	if names.Title != "" {
		fmt.Fprintf(sb, "\tlabel=%s;\n\tlabelloc=t;\n\tfontname=\"Helvetica\";\n", dotQuote(names.Title))
	}
	sb.WriteString("\tnode [fontname=\"Helvetica\"];\n")
	sb.WriteString("\tedge [fontname=\"Helvetica\"];\n")
	for n := range t.Len() {
		if t.IsLeaf(n) {
			fmt.Fprintf(sb, "\tn%d [label=%s, shape=box, style=filled];\n", n, dotQuote(leafLabel(t, n, names)))
			continue
		}
		f := int(t.Feature[n])
		fmt.Fprintf(sb, "\tn%d [label=%s];\n", n, dotQuote(names.Feature(f)))
		for _, br := range t.Branches(n) {
			var label string
			if t.IsNumericNode(n) {
				label = numericLabel(t, n, br.Values)
			} else {
				label = strings.Join(valueLabels(f, br.Values, names), ", ")
			}
			fmt.Fprintf(sb, "\tn%d -> n%d [label=%s];\n", n, br.Child, dotQuote(label))
		}
		if _, err := sb.Write(nil); err != nil { // bufio's sticky error: stop at the first failed write
			return fmt.Errorf("write tree dot: %w", err)
		}
	}
	sb.WriteString("}\n")
	if err := sb.Flush(); err != nil {
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
