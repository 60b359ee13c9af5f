// Package externaltest is a fake external learner for tests: the running
// test binary itself, started again with Arg as its first argument, speaks
// dtbench's adapter protocol in one of a few modes, some of them faulty.
// A test package that uses it calls RunIfAdapter first in its TestMain.
package externaltest

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/dtbench/dtbench/dataset"
)

// Arg, as a process's first argument, makes RunIfAdapter act as the
// adapter.
const Arg = "dtbench-fake-adapter"

// The modes of the fake adapter.
const (
	Tree     = "tree"     // a stump on feature seed mod m, with counts: deterministic under the seed
	Predict  = "predict"  // predictions only (held-out rows and space), with probabilities
	Slow     = "slow"     // as Tree after sleeping the duration given as the next argument
	Crash    = "crash"    // exits with status 3 on every fit, after a line on stderr
	Garbage  = "garbage"  // replies to a fit with a line that is not JSON
	Error    = "error"    // replies to a fit with {"error": …}
	NoHello  = "nohello"  // replies to the handshake with a line that is not JSON
	FlakyArg = "flaky"    // crashes on a fit when the file named by the next argument is absent (creating it), else as Tree
	SlowOnce = "slowonce" // sleeps the next argument's duration on a fit when the file named after it is absent (creating it), else as Tree
	Version  = "version"  // as Tree, with the version the file named by the next argument holds (its first line), the stump's feature shifted by the version's length
	// Huge replies to a fit with {"error": "xxx…"}, the error the next
	// argument's number of bytes long.
	Huge = "huge"
	// SlowHello sleeps the next argument's duration before it answers
	// the handshake, then acts as Tree; it writes nothing on its standard
	// error (the others announce their pid), so that dtbench's refusal is
	// the one line a command prints.
	SlowHello = "slowhello"
	// Noisy writes a line of the next argument's number of bytes on its
	// standard error before each fit, then acts as Tree.
	Noisy = "noisy"
	// ErrorSome replies {"error": …} to a fit whose seed is a multiple of
	// the next argument, else as Tree: some fits of a run fail, the same
	// ones every time.
	ErrorSome = "errorsome"
	// Values speaks protocol 2 and announces numeric features and
	// missing values (the next argument, when given, takes one back:
	// "nonumeric" or "nomissing"). On rows in the values form it replies
	// with predictions: class ValuesClass of each held-out row, with
	// probability 0.75; on base64 codes it acts as Predict.
	Values = "values"
	// ValuesTree is Values that replies with a one-leaf tree whatever
	// the form of the rows: a protocol-2 adapter that breaks the rule on
	// the values form.
	ValuesTree = "valuestree"
)

// ValuesClass is the class the fake adapter in mode Values gives an
// instance in the values form (nil where missing) of k classes with seed:
// (⌊1000·Σ values⌋ + 7·missing + seed) mod k, so that a test can check
// that every number and every missing value came through exactly.
func ValuesClass(x []*float64, k int, seed int64) int {
	sum, missing := 0.0, 0
	for _, v := range x {
		if v == nil {
			missing++
			continue
		}
		sum += *v
	}
	c := (int64(math.Floor(1000*sum)) + 7*int64(missing) + seed) % int64(k)
	if c < 0 {
		c += int64(k)
	}
	return int(c)
}

// Command returns the command line that runs the current test binary as
// the fake adapter in mode, with mode's arguments.
func Command(mode string, args ...string) []string {
	return append([]string{os.Args[0], Arg, mode}, args...)
}

// RunIfAdapter acts as the fake adapter and exits when the process was
// started by Command; otherwise it returns at once.
func RunIfAdapter() {
	if len(os.Args) < 3 || os.Args[1] != Arg {
		return
	}
	os.Exit(serve(os.Args[2], os.Args[3:]))
}

type request struct {
	Op     string `json:"op"`
	Seed   int64  `json:"seed"`
	Schema struct {
		Features []struct {
			Values []string `json:"values"`
		} `json:"features"`
		Class struct {
			Values []string `json:"values"`
		} `json:"class"`
	} `json:"schema"`
	Train struct {
		Rows int       `json:"rows"`
		X    rowsField `json:"x"`
		Y    string    `json:"y"`
	} `json:"train"`
	Predict *struct {
		Rows int       `json:"rows"`
		X    rowsField `json:"x"`
	} `json:"predict"`
	Space bool `json:"space"`
}

// rowsField is a request's x: base64 codes (Codes) or, in protocol 2's
// values form, a list of rows (Values, nil where missing).
type rowsField struct {
	Codes  string
	Values [][]*float64
}

func (r *rowsField) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &r.Codes)
	}
	return json.Unmarshal(b, &r.Values)
}

// hello is the handshake reply of mode.
func hello(mode string, args []string) any {
	if mode != Values && mode != ValuesTree {
		return map[string]string{"name": "fake-" + mode, "version": version(mode, args)}
	}
	caps := map[string]bool{"numeric": true, "missing": true}
	if len(args) > 0 {
		delete(caps, strings.TrimPrefix(args[0], "no"))
	}
	return map[string]any{"name": "fake-" + mode, "version": "0.2", "protocol": 2, "capabilities": caps,
		"missing_values": "counted, as ValuesClass says"}
}

func serve(mode string, args []string) int {
	if mode != SlowHello {
		fmt.Fprintf(os.Stderr, "fake adapter %s: pid %d\n", mode, os.Getpid())
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	for {
		line, err := in.ReadBytes('\n')
		if err != nil {
			return 0 // standard input closed: exit
		}
		var req request
		if err := json.Unmarshal(line, &req); err != nil {
			fmt.Fprintln(os.Stderr, "fake adapter: bad request:", err)
			return 4
		}
		var reply any
		if req.Op == "hello" {
			if mode == SlowHello {
				d, _ := time.ParseDuration(args[0])
				time.Sleep(d)
			}
			if mode == NoHello {
				fmt.Fprintln(out, "hello yourself")
				out.Flush()
				continue
			}
			reply = hello(mode, args)
		} else if mode == Huge {
			n, _ := strconv.Atoi(args[0])
			out.WriteString(`{"error":"` + strings.Repeat("x", n) + "\"}\n")
			out.Flush()
			continue
		} else {
			if mode == Noisy {
				n, _ := strconv.Atoi(args[0])
				fmt.Fprintln(os.Stderr, strings.Repeat("n", n))
			}
			if reply, err = fit(mode, args, &req); err != nil {
				fmt.Fprintln(os.Stderr, "fake adapter:", err)
				return 3
			}
			if reply == nil {
				fmt.Fprintln(out, "{this is not json")
				out.Flush()
				continue
			}
		}
		b, _ := json.Marshal(reply)
		out.Write(append(b, '\n'))
		out.Flush()
	}
}

// version is what the handshake says: 0.1, or in mode Version the first
// line of the file args[0] names.
func version(mode string, args []string) string {
	if mode != Version {
		return "0.1"
	}
	b, err := os.ReadFile(args[0])
	if err != nil {
		return "unreadable"
	}
	v, _, _ := strings.Cut(string(b), "\n")
	return v
}

// once reports whether the marker file is absent, creating it.
func once(path string) bool {
	if _, err := os.Stat(path); err == nil {
		return false
	}
	_ = os.WriteFile(path, nil, 0o644)
	return true
}

func fit(mode string, args []string, req *request) (any, error) {
	switch mode {
	case Slow:
		d, _ := time.ParseDuration(args[0])
		time.Sleep(d)
	case SlowOnce:
		if once(args[1]) {
			d, _ := time.ParseDuration(args[0])
			time.Sleep(d)
		}
	case Crash:
		return nil, fmt.Errorf("crashing as asked")
	case FlakyArg:
		if once(args[0]) {
			return nil, fmt.Errorf("crashing once as asked")
		}
	case Garbage:
		return nil, nil
	case Error:
		return map[string]string{"error": "no can do"}, nil
	case ErrorSome:
		if n, err := strconv.ParseInt(args[0], 10, 64); err != nil || n < 1 {
			return nil, fmt.Errorf("errorsome: %q is not a positive number", args[0])
		} else if req.Seed%n == 0 {
			return map[string]string{"error": fmt.Sprintf("seed %d is a multiple of %d", req.Seed, n)}, nil
		}
	}
	start := time.Now()
	m, k := len(req.Schema.Features), len(req.Schema.Class.Values)
	if mode == Values && req.Train.X.Values != nil {
		return valuesPredictions(req, k), nil
	}
	x, _ := base64.StdEncoding.DecodeString(req.Train.X.Codes)
	y, _ := base64.StdEncoding.DecodeString(req.Train.Y)
	if mode == ValuesTree {
		return map[string]any{"tree": map[string]any{"nodes": []map[string]any{{"class": 0}}}}, nil
	}
	if mode == Predict || mode == Values {
		return predictions(req, m, k), nil
	}
	// A stump on feature f: each value's majority class, the overall
	// majority for a value no row has. In mode Version the feature moves
	// with the version's length, so that another version fits other trees.
	f := int(req.Seed % int64(max(m, 1)))
	if mode == Version {
		f = int((req.Seed + int64(len(version(mode, args)))) % int64(max(m, 1)))
	}
	z := len(req.Schema.Features[f].Values)
	counts := make([][]float64, z)
	total := make([]float64, k)
	for v := range counts {
		counts[v] = make([]float64, k)
	}
	for r := range req.Train.Rows {
		counts[x[r*m+f]][y[r]]++
		total[y[r]]++
	}
	nodes := []map[string]any{{"feature": f, "counts": total}}
	children := make([]int, z)
	for v := range z {
		c := dataset.ArgMax(counts[v])
		if sum(counts[v]) == 0 {
			c = dataset.ArgMax(total)
		}
		children[v] = len(nodes)
		nodes = append(nodes, map[string]any{"class": c, "counts": counts[v]})
	}
	nodes[0]["children"] = children
	return map[string]any{"tree": map[string]any{"nodes": nodes}, "fit_seconds": time.Since(start).Seconds()}, nil
}

// predictions answers every held-out row and the space with class
// (x[f] + seed) mod k, f = seed mod m, and probability 0.75 on it.
func predictions(req *request, m, k int) any {
	f := int(req.Seed % int64(max(m, 1)))
	class := func(row []byte) int { return (int(row[f]) + int(req.Seed%int64(k))) % k }
	proba := func(c int) []float64 {
		p := make([]float64, k)
		for i := range p {
			p[i] = 0.25 / float64(k-1)
		}
		p[c] = 0.75
		return p
	}
	reply := map[string]any{"fit_seconds": 0.0}
	if req.Predict != nil {
		x, _ := base64.StdEncoding.DecodeString(req.Predict.X.Codes)
		classes := make([]int, req.Predict.Rows)
		probas := make([][]float64, req.Predict.Rows)
		for r := range classes {
			classes[r] = class(x[r*m : (r+1)*m])
			probas[r] = proba(classes[r])
		}
		reply["predictions"] = map[string]any{"classes": classes, "proba": probas}
	}
	if req.Space {
		domains := make([]int, m)
		n := 1
		for i, a := range req.Schema.Features {
			domains[i] = len(a.Values)
			n *= domains[i]
		}
		space := make([]int, n)
		row := make([]byte, m)
		for i := range space {
			space[i] = class(row)
			for g := m - 1; g >= 0; g-- { // the next input, feature 0 slowest
				row[g]++
				if int(row[g]) < domains[g] {
					break
				}
				row[g] = 0
			}
		}
		reply["space"] = space
	}
	return reply
}

// valuesPredictions answers the held-out rows of a request in the values
// form with ValuesClass, probability 0.75 on it.
func valuesPredictions(req *request, k int) any {
	reply := map[string]any{"fit_seconds": 0.0}
	if req.Space {
		return map[string]string{"error": "the space was asked for rows in the values form"}
	}
	if len(req.Train.X.Values) != req.Train.Rows {
		return map[string]string{"error": fmt.Sprintf("%d training rows for rows %d", len(req.Train.X.Values), req.Train.Rows)}
	}
	if req.Predict == nil {
		return reply
	}
	classes := make([]int, len(req.Predict.X.Values))
	probas := make([][]float64, len(classes))
	for r, row := range req.Predict.X.Values {
		classes[r] = ValuesClass(row, k, req.Seed)
		probas[r] = make([]float64, k)
		for c := range probas[r] {
			probas[r][c] = 0.25 / float64(k-1)
		}
		probas[r][classes[r]] = 0.75
	}
	reply["predictions"] = map[string]any{"classes": classes, "proba": probas}
	return reply
}

func sum(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}
