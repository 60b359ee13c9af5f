package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// node is a binary decision tree read from a tool's output: a leaf with
// class c (f < 0), or a test of feature f with the branches of value 0
// and 1.
type node struct {
	f, c      int
	zero, one *node
}

func (n *node) depth() int {
	if n.f < 0 {
		return 0
	}
	return 1 + max(n.zero.depth(), n.one.depth())
}

// decisions returns the number of decision (internal) nodes.
func (n *node) decisions() int {
	if n.f < 0 {
		return 0
	}
	return 1 + n.zero.decisions() + n.one.decisions()
}

func (n *node) predict(x []uint8) int {
	for n.f >= 0 {
		if n.f >= len(x) {
			return -1
		}
		if x[n.f] == 0 {
			n = n.zero
		} else {
			n = n.one
		}
	}
	return n.c
}

// data are the rows of a training file in DL8.5's text format.
type data struct {
	x [][]uint8
	y []int
}

func readDL(path string) (*data, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	defer f.Close()
	d := &data{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		y, err := strconv.Atoi(fields[0])
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
		x := make([]uint8, len(fields)-1)
		for i, s := range fields[1:] {
			v, err := strconv.Atoi(s)
			if err != nil || v < 0 || v > 1 {
				return nil, fmt.Errorf("read %s: feature value %q", path, s)
			}
			x[i] = uint8(v)
		}
		d.x, d.y = append(d.x, x), append(d.y, y)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return d, nil
}

// errors returns how many rows of d the tree misclassifies.
func (d *data) errors(t *node) int {
	n := 0
	for i, x := range d.x {
		if t.predict(x) != d.y[i] {
			n++
		}
	}
	return n
}

// parseBrackets reads the bracket form of STreeD, our fit and the
// MurTree print added at build time: [f,zero,one] or a leaf [c].
func parseBrackets(s string) (*node, error) {
	p := &bracketParser{s: strings.TrimSpace(s)}
	n, err := p.node()
	if err == nil && p.i != len(p.s) {
		err = fmt.Errorf("trailing text at %d", p.i)
	}
	if err != nil {
		return nil, fmt.Errorf("parse tree %.40q: %w", s, err)
	}
	return n, nil
}

type bracketParser struct {
	s string
	i int
}

func (p *bracketParser) node() (*node, error) {
	if !p.eat('[') {
		return nil, fmt.Errorf("want [ at %d", p.i)
	}
	v, err := p.int()
	if err != nil {
		return nil, err
	}
	if p.eat(']') {
		return &node{f: -1, c: v}, nil
	}
	n := &node{f: v}
	if !p.eat(',') {
		return nil, fmt.Errorf("want , at %d", p.i)
	}
	if n.zero, err = p.node(); err != nil {
		return nil, err
	}
	if !p.eat(',') {
		return nil, fmt.Errorf("want , at %d", p.i)
	}
	if n.one, err = p.node(); err != nil {
		return nil, err
	}
	if !p.eat(']') {
		return nil, fmt.Errorf("want ] at %d", p.i)
	}
	return n, nil
}

func (p *bracketParser) eat(c byte) bool {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *bracketParser) int() (int, error) {
	p.eat(' ')
	j := p.i
	for j < len(p.s) && (p.s[j] >= '0' && p.s[j] <= '9' || p.s[j] == '-') {
		j++
	}
	v, err := strconv.Atoi(p.s[p.i:j])
	p.i = j
	return v, err
}

// parseDL85 reads DL8.5's JSON tree: {"feat": f, "left": …, "right": …}
// with "left" the branch of value 1, or a leaf {"value": c, "error": e}.
func parseDL85(s string) (*node, error) {
	p := &bracketParser{s: s}
	n, err := p.dl85()
	if err != nil {
		return nil, fmt.Errorf("parse dl8.5 tree: %w", err)
	}
	return n, nil
}

func (p *bracketParser) dl85() (*node, error) {
	key := func() string {
		i := strings.IndexByte(p.s[p.i:], '"')
		if i < 0 {
			return ""
		}
		j := strings.IndexByte(p.s[p.i+i+1:], '"')
		k := p.s[p.i+i+1 : p.i+i+1+j]
		p.i += i + j + 2
		p.eat(':')
		return k
	}
	if !p.eat('{') {
		return nil, fmt.Errorf("want { at %d", p.i)
	}
	switch key() {
	case "feat":
		f, err := p.int()
		if err != nil {
			return nil, err
		}
		n := &node{f: f}
		p.eat(',')
		if key() != "left" {
			return nil, fmt.Errorf("want left at %d", p.i)
		}
		if n.one, err = p.dl85(); err != nil {
			return nil, err
		}
		p.eat(',')
		if key() != "right" {
			return nil, fmt.Errorf("want right at %d", p.i)
		}
		if n.zero, err = p.dl85(); err != nil {
			return nil, err
		}
		p.eat('}')
		return n, nil
	case "value":
		c, err := p.int()
		if err != nil {
			return nil, err
		}
		if i := strings.IndexByte(p.s[p.i:], '}'); i >= 0 {
			p.i += i + 1
		}
		return &node{f: -1, c: c}, nil
	}
	return nil, fmt.Errorf("unknown key at %d", p.i)
}

// parseInferDT reads InferDT's text tree (-x): a line "fF>0" or "!fF>0"
// opens the branch of value 1 or 0 of a test, indented by "| " per level,
// and a line ending ": c" is a leaf of that branch.
func parseInferDT(lines []string) (*node, error) {
	type frame struct {
		n     *node
		level int
	}
	root := &node{f: -2}
	set := func(parent *node, neg bool, child *node) {
		if neg {
			parent.zero = child
		} else {
			parent.one = child
		}
	}
	stack := []frame{{root, -1}}
	for _, line := range lines {
		level := 0
		for strings.HasPrefix(line, "| ") {
			line, level = line[2:], level+1
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		neg := strings.HasPrefix(line, "!")
		line = strings.TrimPrefix(line, "!")
		test, leaf, isLeaf := strings.Cut(line, ":")
		f, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(test, "f"), ">0"))
		if err != nil {
			return nil, fmt.Errorf("parse inferdt line %q", line)
		}
		for len(stack) > 0 && stack[len(stack)-1].level >= level {
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			return nil, fmt.Errorf("parse inferdt: bad indentation at %q", line)
		}
		parent := stack[len(stack)-1].n
		if parent.f == -2 { // the root test, met first on its value-1 or value-0 branch
			parent.f = f
		}
		if parent.f != f {
			return nil, fmt.Errorf("parse inferdt: branch of f%d under a test of f%d", f, parent.f)
		}
		var child *node
		if isLeaf {
			c, err := strconv.Atoi(strings.TrimSpace(leaf))
			if err != nil {
				return nil, fmt.Errorf("parse inferdt leaf %q", line)
			}
			child = &node{f: -1, c: c}
		} else {
			child = &node{f: -2}
			stack = append(stack, frame{child, level})
		}
		set(parent, neg, child)
	}
	var check func(n *node) error
	check = func(n *node) error {
		if n == nil || n.f == -2 {
			return fmt.Errorf("parse inferdt: incomplete tree")
		}
		if n.f < 0 {
			return nil
		}
		if err := check(n.zero); err != nil {
			return err
		}
		return check(n.one)
	}
	if err := check(root); err != nil {
		return nil, err
	}
	return root, nil
}
