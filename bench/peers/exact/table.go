package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// writeTables prints one Markdown table per mode: per cell, each tool's
// median CPU and wall seconds (a capped answer counts as infinite, so a
// median above the cap prints as "> cap"), its median depth and decision
// nodes, the number of flagged answers, and the ratio of its median CPU
// to dtbench's (> 1: dtbench is faster).
func writeTables(w io.Writer, results []result, cfg config, entries []entry) error {
	var cells []string
	for _, e := range entries {
		if !slices.Contains(cells, e.tier) {
			cells = append(cells, e.tier)
		}
	}
	for _, mode := range cfg.modes {
		var tools []string
		for _, t := range cfg.tools {
			if slices.ContainsFunc(results, func(r result) bool { return r.mode == mode && r.tool == t }) {
				tools = append(tools, t)
			}
		}
		fmt.Fprintf(w, "\n### %s (cap %.0f s per answer; CPU s (wall s) · depth/nodes · CPU ratio to dtbench)\n\n", title(mode), cfg.limit.Seconds())
		fmt.Fprintf(w, "| cell | %s |\n|---|%s\n", strings.Join(tools, " | "), strings.Repeat("---:|", len(tools)))
		for _, cell := range cells {
			var row []string
			base := math.NaN()
			for _, tool := range tools {
				var cpu, wall []float64
				var depth, nodes []float64
				flags, capped, n := 0, 0, 0
				for _, r := range results {
					if r.tier != cell || r.mode != mode || r.tool != tool {
						continue
					}
					n++
					c, wl := r.cost.cpu.Seconds(), r.cost.wall.Seconds()
					if r.capped {
						c, wl = math.Inf(1), math.Inf(1)
						capped++
					} else if r.flag == "" || strings.HasPrefix(r.flag, "depth") || strings.Contains(r.flag, "nodes") {
						depth, nodes = append(depth, float64(r.depth)), append(nodes, float64(r.nodes))
					}
					if r.flag != "" {
						flags++
					}
					cpu, wall = append(cpu, c), append(wall, wl)
				}
				if n == 0 {
					row = append(row, "")
					continue
				}
				mc := median(cpu)
				if tool == "dtbench" {
					base = mc
				}
				s := fmt.Sprintf("%s (%s) · %s/%s", secs(mc, cfg), secs(median(wall), cfg), num(median(depth)), num(median(nodes)))
				if tool != "dtbench" && !math.IsNaN(base) {
					if math.IsInf(mc, 1) {
						s += fmt.Sprintf(" · > %.0f×", cfg.limit.Seconds()/base)
					} else {
						s += fmt.Sprintf(" · %.1f×", mc/base)
					}
				}
				if capped > 0 {
					s += fmt.Sprintf(" · %d/%d capped", capped, n)
				}
				if flags > 0 {
					s += fmt.Sprintf(" · **%d flagged**", flags)
				}
				row = append(row, s)
			}
			fmt.Fprintf(w, "| %s | %s |\n", cell, strings.Join(row, " | "))
		}
	}
	var flagged []string
	for _, r := range results {
		if r.flag != "" {
			flagged = append(flagged, fmt.Sprintf("- %s s%d %s %s: %s", r.tier, r.seed, r.mode, r.tool, r.flag))
		}
	}
	if len(flagged) > 0 {
		fmt.Fprintf(w, "\nFlagged answers (a tree that fails its data, or deeper or larger than another tool's verified tree):\n\n%s\n", strings.Join(flagged, "\n"))
	}
	return nil
}

func title(mode string) string {
	if mode == "depth" {
		return "Minimum depth"
	}
	return "Minimum depth, then fewest nodes"
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func secs(x float64, cfg config) string {
	switch {
	case math.IsInf(x, 1):
		return fmt.Sprintf("> %.0f", cfg.limit.Seconds())
	case x < 0.1:
		return fmt.Sprintf("%.4f", x)
	}
	return fmt.Sprintf("%.2f", x)
}

func num(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	return fmt.Sprintf("%g", x)
}
