package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// cost is what the processes of one answer took: CPU (user + system, of
// the process and its children) and wall time, summed over the processes
// a tool's loop ran.
type cost struct {
	cpu, wall time.Duration
	procs     int
}

func (c *cost) add(o cost) { c.cpu, c.wall, c.procs = c.cpu+o.cpu, c.wall+o.wall, c.procs+o.procs }

// errCap says the cap per answer ran out.
var errCap = errors.New("cap reached")

// exec runs one process within what is left of the cap and returns its
// standard output and cost.
func run(left time.Duration, name string, args ...string) (string, cost, error) {
	if left <= 0 {
		return "", cost{}, errCap
	}
	ctx, cancel := context.WithTimeout(context.Background(), left)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	start := time.Now()
	err := cmd.Run()
	c := cost{wall: time.Since(start), procs: 1}
	if ps := cmd.ProcessState; ps != nil {
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
			c.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	}
	if ctx.Err() != nil {
		return out.String(), c, errCap
	}
	if err != nil {
		return out.String(), c, fmt.Errorf("%s %s: %w: %s", name, strings.Join(args, " "), err, lastLine(stderr.String()+out.String()))
	}
	return out.String(), c, nil
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// answer is a tool's tree for one dataset and mode, with what it cost.
type answer struct {
	tree *node
	cost cost
	err  error // errCap, or the tool failed
}

// dataset is one exported training file in the formats the tools read.
type dsFiles struct {
	arff, csv, dl string
	rows          int
}

// tool is a peer or our fit: how it answers each mode.
type tool struct {
	name  string
	modes map[string]func(b bins, f dsFiles, capLeft time.Duration) answer
}

// bins are the executables.
type bins struct{ fit, streed, murtree, dl85, inferdt string }

var treeLine = regexp.MustCompile(`(?m)^(?:TREE|Tree 0): (.*)$`)

func bracketTree(out string) (*node, error) {
	m := treeLine.FindStringSubmatch(out)
	if m == nil {
		return nil, nil
	}
	return parseBrackets(m[1])
}

// ours runs our fit with the given objective.
func ours(objective string) func(b bins, f dsFiles, left time.Duration) answer {
	return func(b bins, f dsFiles, left time.Duration) answer {
		out, c, err := run(left, b.fit, "-objective", objective, f.arff)
		if err != nil {
			return answer{cost: c, err: err}
		}
		t, err := bracketTree(out)
		if t == nil && err == nil {
			err = errors.New("no tree printed")
		}
		return answer{tree: t, cost: c, err: err}
	}
}

// depthLoop runs try at depths 1, 2, … until it returns a tree, within
// the cap, summing the costs.
func depthLoop(left time.Duration, try func(d int, left time.Duration) (*node, cost, error)) answer {
	var total cost
	for d := 1; d <= 64; d++ {
		t, c, err := try(d, left-total.wall)
		total.add(c)
		if err != nil || t != nil {
			return answer{tree: t, cost: total, err: err}
		}
	}
	return answer{cost: total, err: errors.New("no tree at any depth")}
}

func streedDepth(d int, b bins, f dsFiles, left time.Duration) (*node, cost, error) {
	out, c, err := run(left, b.streed, "-file", f.dl, "-max-depth", strconv.Itoa(d), "-max-num-nodes", strconv.Itoa(1<<d-1), "-upper-bound", "0", "-verbose", "1")
	if err != nil {
		return nil, c, err
	}
	t, err := bracketTree(out)
	return t, c, err
}

func murtreeTry(d, nodes int, b bins, f dsFiles, left time.Duration) (*node, cost, error) {
	out, c, err := run(left, b.murtree, "-file", f.dl, "-max-depth", strconv.Itoa(d), "-max-num-nodes", strconv.Itoa(nodes), "-upper-bound", "0", "-verbose", "1")
	if err != nil {
		return nil, c, err
	}
	if !strings.Contains(out, "MISCLASSIFICATION SCORE: 0\n") {
		return nil, c, nil
	}
	t, err := bracketTree(out)
	return t, c, err
}

func murtreeDepth(d int, b bins, f dsFiles, left time.Duration) (*node, cost, error) {
	return murtreeTry(d, 1<<d-1, b, f, left)
}

var dl85Error = regexp.MustCompile(`(?m)^Error: (\d+)`)
var dl85Tree = regexp.MustCompile(`(?m)^Tree: (.*)$`)

func dl85Depth(d int, b bins, f dsFiles, left time.Duration) (*node, cost, error) {
	out, c, err := run(left, b.dl85, f.dl, strconv.Itoa(d))
	if err != nil {
		return nil, c, err
	}
	m := dl85Error.FindStringSubmatch(out)
	if m == nil {
		return nil, c, fmt.Errorf("dl85: no error line: %s", lastLine(out))
	}
	if m[1] != "0" {
		return nil, c, nil
	}
	tm := dl85Tree.FindStringSubmatch(out)
	if tm == nil {
		return nil, c, errors.New("dl85: no tree line")
	}
	t, err := parseDL85(tm[1])
	return t, c, err
}

func inferdt(depthOnly bool) func(b bins, f dsFiles, left time.Duration) answer {
	return func(b bins, f dsFiles, left time.Duration) answer {
		args := []string{"-x", f.csv, "infer"}
		if depthOnly {
			args = append([]string{"-d"}, args...)
		}
		out, c, err := run(left, b.inferdt, args...)
		if err != nil {
			return answer{cost: c, err: err}
		}
		var lines []string
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, "f") && (strings.Contains(l, ">0")) {
				lines = append(lines, l)
			}
		}
		t, err := parseInferDT(lines)
		return answer{tree: t, cost: c, err: err}
	}
}

// streedSize is STreeD's depth loop, then at the depth found the
// cost-complex accuracy task with a cost per decision node below one error
// over all 2^d − 1 nodes, so errors come first and nodes second.
func streedSize(b bins, f dsFiles, left time.Duration) answer {
	a := depthLoop(left, func(d int, l time.Duration) (*node, cost, error) { return streedDepth(d, b, f, l) })
	if a.err != nil || a.tree == nil {
		return a
	}
	d := a.tree.depth()
	alpha := 0.5 / float64(f.rows) / float64(int(1)<<d)
	out, c, err := run(left-a.cost.wall, b.streed, "-file", f.dl, "-task", "cost-complex-accuracy", "-max-depth", strconv.Itoa(d), "-max-num-nodes", strconv.Itoa(1<<d-1),
		"-cost-complexity", strconv.FormatFloat(alpha, 'g', -1, 64), "-verbose", "1")
	a.cost.add(c)
	if err != nil {
		return answer{cost: a.cost, err: err}
	}
	t, err := bracketTree(out)
	if t == nil && err == nil {
		err = errors.New("no tree printed")
	}
	return answer{tree: t, cost: a.cost, err: err}
}

// murtreeSize is MurTree's depth loop, then a binary search on
// -max-num-nodes at the depth found for the fewest decision nodes.
func murtreeSize(b bins, f dsFiles, left time.Duration) answer {
	a := depthLoop(left, func(d int, l time.Duration) (*node, cost, error) { return murtreeDepth(d, b, f, l) })
	if a.err != nil || a.tree == nil {
		return a
	}
	d, best := a.tree.depth(), a.tree
	lo, hi := d, best.decisions() // a tree of depth d has at least d decision nodes
	for lo < hi {
		mid := (lo + hi) / 2
		t, c, err := murtreeTry(d, mid, b, f, left-a.cost.wall)
		a.cost.add(c)
		if err != nil {
			return answer{cost: a.cost, err: err}
		}
		if t != nil {
			best, hi = t, min(mid, t.decisions())
		} else {
			lo = mid + 1
		}
	}
	return answer{tree: best, cost: a.cost}
}

// tools are the contestants of each mode: "depth" (minimum depth) and
// "size" (minimum depth, then fewest nodes).
func tools() []tool {
	loop := func(try func(d int, b bins, f dsFiles, left time.Duration) (*node, cost, error)) func(b bins, f dsFiles, left time.Duration) answer {
		return func(b bins, f dsFiles, left time.Duration) answer {
			return depthLoop(left, func(d int, l time.Duration) (*node, cost, error) { return try(d, b, f, l) })
		}
	}
	return []tool{
		{"dtbench", map[string]func(bins, dsFiles, time.Duration) answer{"depth": ours("depth"), "size": ours("depth-then-leaves")}},
		{"STreeD", map[string]func(bins, dsFiles, time.Duration) answer{"depth": loop(streedDepth), "size": streedSize}},
		{"MurTree", map[string]func(bins, dsFiles, time.Duration) answer{"depth": loop(murtreeDepth), "size": murtreeSize}},
		{"DL8.5", map[string]func(bins, dsFiles, time.Duration) answer{"depth": loop(dl85Depth)}},
		{"InferDT", map[string]func(bins, dsFiles, time.Duration) answer{"depth": inferdt(true), "size": inferdt(false)}},
	}
}
