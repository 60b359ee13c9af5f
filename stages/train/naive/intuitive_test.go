package naive

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// row is one training example of a hand-made table.
type row struct {
	x []uint8
	y uint8
}

func split(rows []row) ([][]uint8, []uint8) {
	x := make([][]uint8, len(rows))
	y := make([]uint8, len(rows))
	for i, r := range rows {
		x[i], y[i] = r.x, r.y
	}
	return x, y
}

// TestIntuitiveTieBreaks uses hand-made tables in which exactly one rule of
// the order (matching attributes, support, confidence, first seen, majority
// fallback) decides the answer; the other rules would give another class.
func TestIntuitiveTieBreaks(t *testing.T) {
	cases := []struct {
		name    string
		domains []int
		k       int
		train   []row
		query   []uint8
		want    int
	}{
		{
			// The exact antecedent has support 1; (1,1,1) has support 5.
			name:    "full match beats support",
			domains: []int{2, 2, 2}, k: 2,
			train: []row{{[]uint8{1, 1, 1}, 0}, {[]uint8{1, 1, 1}, 0}, {[]uint8{1, 1, 1}, 0},
				{[]uint8{1, 1, 1}, 0}, {[]uint8{1, 1, 1}, 0}, {[]uint8{0, 0, 1}, 1}},
			query: []uint8{0, 0, 1}, want: 1,
		},
		{
			// (0,0,0) matches 2 of (0,0,1); (1,1,1) matches 1 with support 5.
			name:    "matching count beats support",
			domains: []int{2, 2, 2}, k: 2,
			train: []row{{[]uint8{1, 1, 1}, 0}, {[]uint8{1, 1, 1}, 0}, {[]uint8{1, 1, 1}, 0},
				{[]uint8{1, 1, 1}, 0}, {[]uint8{1, 1, 1}, 0}, {[]uint8{0, 0, 0}, 1}},
			query: []uint8{0, 0, 1}, want: 1,
		},
		{
			// Both match 2 attributes; (0,1,0) comes first with the larger
			// confidence (2 of 2) but (0,0,1) has support 3 (class 1 twice).
			name:    "support beats confidence and order",
			domains: []int{2, 2, 2}, k: 2,
			train: []row{{[]uint8{0, 1, 0}, 0}, {[]uint8{0, 1, 0}, 0},
				{[]uint8{0, 0, 1}, 1}, {[]uint8{0, 0, 1}, 0}, {[]uint8{0, 0, 1}, 1}},
			query: []uint8{0, 0, 0}, want: 1,
		},
		{
			// Both match 2 attributes with support 4; (0,1,0) comes first
			// but its best rule has confidence 3, (0,0,1)'s has 4.
			name:    "confidence beats order",
			domains: []int{2, 2, 2}, k: 2,
			train: []row{{[]uint8{0, 1, 0}, 1}, {[]uint8{0, 1, 0}, 1}, {[]uint8{0, 1, 0}, 0}, {[]uint8{0, 1, 0}, 1},
				{[]uint8{0, 0, 1}, 0}, {[]uint8{0, 0, 1}, 0}, {[]uint8{0, 0, 1}, 0}, {[]uint8{0, 0, 1}, 0}},
			query: []uint8{0, 0, 0}, want: 0,
		},
		{
			// Equal matches, support and confidence: the rule seen first wins.
			name:    "first seen across antecedents",
			domains: []int{2, 2, 2}, k: 3,
			train: []row{{[]uint8{0, 1, 0}, 2}, {[]uint8{0, 0, 1}, 1}, {[]uint8{0, 0, 1}, 1}, {[]uint8{0, 1, 0}, 2}},
			query: []uint8{0, 0, 0}, want: 2,
		},
		{
			// Within one antecedent classes 1 and 0 tie on confidence; rule
			// (x, 1) was created first. The majority class is 0.
			name:    "first seen within an antecedent",
			domains: []int{2, 2}, k: 2,
			train: []row{{[]uint8{1, 1}, 0}, {[]uint8{0, 1}, 1}, {[]uint8{0, 1}, 0}},
			query: []uint8{0, 1}, want: 1,
		},
		{
			// The rule created first is (0,0)→1 although (1,1) came first for
			// class 0, so the tie goes to class 1 on rule order, not class code.
			name:    "first seen is rule order",
			domains: []int{3, 3}, k: 2,
			train: []row{{[]uint8{1, 1}, 0}, {[]uint8{0, 0}, 1}, {[]uint8{1, 1}, 1}, {[]uint8{0, 0}, 0}},
			query: []uint8{0, 1}, want: 0,
		},
		{
			// (2,2) shares no attribute with any antecedent: the majority
			// class 0 (4 rows to 3), not the support-3 rule (0,0)→1.
			name:    "no matching attribute gives the majority",
			domains: []int{3, 3}, k: 2,
			train: []row{{[]uint8{0, 0}, 1}, {[]uint8{0, 0}, 1}, {[]uint8{0, 0}, 1},
				{[]uint8{1, 1}, 0}, {[]uint8{1, 1}, 0}, {[]uint8{0, 1}, 0}, {[]uint8{1, 0}, 0}},
			query: []uint8{2, 2}, want: 0,
		},
		{
			name:    "no rules gives class 0",
			domains: []int{2, 2}, k: 3,
			query: []uint8{1, 0}, want: 0,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			x, y := split(tc.train)
			d := build(t, tc.domains, tc.k, x, y)
			m, err := Intuitive{}.Fit(d, d.All(), nil)
			if err != nil {
				t.Fatalf("Fit: %v", err)
			}
			if got := m.Predict(tc.query); got != tc.want {
				t.Errorf("Predict(%v) = %d; want %d", tc.query, got, tc.want)
			}
			if got := referenceIntuitive(d, allRows(d), tc.query); got != tc.want {
				t.Errorf("reference(%v) = %d; want %d (the table is wrong)", tc.query, got, tc.want)
			}
		})
	}
}

func allRows(d *dataset.Dataset) []int { return d.All().Rows(nil) }

// rule is one entry of the paper's classification rule set CRS.
type rule struct {
	ant        []uint8
	cons       uint8
	supp, conf int
}

// referenceIntuitive transcribes the paper's Algorithm 1 (build CRS row by
// row) and Algorithm 2 (for c = C-1 down to 1, the rules with c matching
// attributes; keep R1 unless a later rule has larger support, or equal
// support and larger confidence) with two corrections DESIGN.md implies:
//   - Algorithm 1 as printed starts a new rule at R.supp = 1 even when its
//     antecedent was seen before, so a rule's support would count only the
//     rows from its creation on; DESIGN.md defines support as all rows with
//     the antecedent, so a new rule starts at the antecedent's count so far.
//   - Algorithm 2 as printed returns inside its inner loop, after comparing
//     R1 with R2 only; the return is moved after the loop.
//
// With no rule matching any attribute it returns the majority class of the
// training rows.
func referenceIntuitive(d *dataset.Dataset, rows []int, s []uint8) int {
	return referencePredict(referenceCRS(d, rows), referenceMajority(d, rows), s)
}

// referenceCRS is Algorithm 1 (see referenceIntuitive).
func referenceCRS(d *dataset.Dataset, rows []int) []*rule {
	var crs []*rule
	equal := func(a, b []uint8) bool { return string(a) == string(b) }
	for _, r := range rows {
		ant, cons := d.Row(r, nil), d.Label(r)
		var rj *rule
		for _, ri := range crs {
			if equal(ri.ant, ant) && ri.cons == cons {
				rj = ri
			}
		}
		supp := 1 // rows with this antecedent so far, this one included
		for _, ri := range crs {
			if equal(ri.ant, ant) {
				ri.supp++
				supp = ri.supp
			}
		}
		if rj != nil {
			rj.conf++
		} else {
			crs = append(crs, &rule{ant: ant, cons: cons, supp: supp, conf: 1})
		}
	}
	return crs
}

// referenceMajority counts the classes of rows by hand.
func referenceMajority(d *dataset.Dataset, rows []int) int {
	counts := make([]int, d.Classes())
	for _, r := range rows {
		counts[d.Label(r)]++
	}
	return dataset.ArgMax(counts)
}

// referencePredict is Algorithm 2 (see referenceIntuitive).
func referencePredict(crs []*rule, majority int, s []uint8) int {
	matches := make([]int, len(crs))
	for i, ri := range crs {
		for f := range s {
			if ri.ant[f] == s[f] {
				matches[i]++
			}
		}
	}
	// The first c from C-1 down with a non-empty RSS is the largest count.
	top := 0
	for _, n := range matches {
		top = max(top, n)
	}
	for c := top; c >= 1; c-- {
		var rss []*rule
		for i, ri := range crs {
			if matches[i] == c {
				rss = append(rss, ri)
			}
		}
		if len(rss) == 0 {
			continue
		}
		r := rss[0]
		for _, rj := range rss[1:] {
			if r.supp < rj.supp || (r.supp == rj.supp && r.conf < rj.conf) {
				r = rj
			}
		}
		return int(r.cons)
	}
	return majority
}

// TestIntuitiveReference compares every input's prediction with the literal
// Algorithms 1–2 on random datasets (small domains, so antecedents repeat and
// all tie-breaks occur) and random row subsets.
func TestIntuitiveReference(t *testing.T) {
	cases := []struct {
		name    string
		domains []int
		k, n    int
		keep    float64
	}{
		{"binary dense", []int{2, 2, 2, 2}, 2, 60, 1},
		{"one binary feature", []int{2}, 2, 2, 1},
		{"ten binary, few rows", repeat(2, 10), 2, 100, 1},
		{"ten binary, many rows", repeat(2, 10), 2, 3000, 0.9},
		{"twelve binary", repeat(2, 12), 3, 400, 1},
		{"thirteen binary (no dense index)", repeat(2, 13), 2, 400, 1},
		{"binary sparse", []int{2, 2, 2, 2, 2, 2}, 2, 12, 1},
		{"ternary subset", []int{3, 3, 3}, 3, 40, 0.5},
		{"mixed 4 classes", []int{2, 3, 4, 2, 3}, 4, 80, 0.7},
		{"nine features", []int{2, 2, 2, 2, 2, 2, 2, 2, 3}, 2, 30, 1},
		{"one feature", []int{5}, 3, 6, 1},
		{"byte fields", []int{20, 2, 3}, 3, 100, 0.8},
		{"multiword binary", repeat(2, 70), 2, 200, 1},
		{"multiword ternary", repeat(3, 40), 3, 200, 0.9},
		{"nursery-like (probes)", []int{3, 5, 4, 4, 3, 2, 3, 3}, 5, 1200, 0.9},
		{"multiword ternary, many rows", repeat(3, 40), 3, 1200, 0.9},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			trials := 20
			if len(tc.domains) > 16 || tc.n > 1000 {
				trials = 3 // wide rows or many: many queries per trial already
			}
			for trial := range trials {
				rng := rand.New(rand.NewPCG(uint64(i), uint64(trial)))
				x, y := randomRows(rng, tc.n, tc.domains, tc.k)
				d := build(t, tc.domains, tc.k, x, y)
				rows, kept := randomSubset(rng, tc.n, tc.keep)
				m, err := Intuitive{}.Fit(d, rows, nil)
				if err != nil {
					t.Fatalf("Fit: %v", err)
				}
				crs, maj := referenceCRS(d, kept), referenceMajority(d, kept)
				// Both ways to an unseen input's nearest antecedents:
				// the neighbours looked up, and the scan alone.
				chosen := m.probe
				for _, in := range queries(rng, d, tc.domains) {
					want := referencePredict(crs, maj, in)
					for _, probe := range []bool{chosen, !chosen} {
						m.probe = probe && len(tc.domains) > 1
						if got := m.Predict(in); got != want {
							t.Fatalf("trial %d (probe %v): Predict(%v) = %d; want %d", trial, m.probe, in, got, want)
						}
					}
				}
			}
		})
	}
}

func repeat(z, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = z
	}
	return out
}

// queries returns every input when there are at most 5000, and otherwise
// the training rows, copies of them with one to three features changed (so
// near matches and ties on the matching count occur) and random inputs.
func queries(rng *rand.Rand, d *dataset.Dataset, domains []int) [][]uint8 {
	size := 1
	for _, z := range domains {
		size *= z
		if size > 5000 {
			break
		}
	}
	if size <= 5000 {
		return allInputs(domains)
	}
	var out [][]uint8
	for r := range d.Len() {
		x := d.Row(r, nil)
		out = append(out, x)
		y := slices.Clone(x)
		for range 1 + rng.IntN(3) {
			f := rng.IntN(len(y))
			y[f] = uint8(rng.IntN(domains[f]))
		}
		out = append(out, y)
	}
	more, _ := randomRows(rng, 100, domains, 2)
	return append(out, more...)
}

// TestPackingDiffering checks the packed comparison against a loop over
// codes, for every field width and vectors spanning several words.
func TestPackingDiffering(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, maxDomain := range []int{1, 2, 3, 4, 5, 16, 17, 64} {
		for _, nf := range []int{1, 7, 8, 9, 31, 32, 33, 64, 65, 130} {
			p := newPacking(nf, maxDomain)
			if 1<<p.width < maxDomain || (1<<p.wordShift)*p.width != 64 || 1<<p.widthShift != p.width {
				t.Fatalf("newPacking(%d, %d) = %+v; fields too narrow", nf, maxDomain, p)
			}
			for range 100 {
				a, b := make([]uint8, nf), make([]uint8, nf)
				for f := range a {
					a[f] = uint8(rng.IntN(maxDomain))
					b[f] = a[f]
					if rng.IntN(2) == 0 {
						b[f] = uint8(rng.IntN(maxDomain))
					}
				}
				want := 0
				for f := range a {
					if a[f] != b[f] {
						want++
					}
				}
				pa, pb := make([]uint64, p.words), make([]uint64, p.words)
				p.pack(pa, a)
				p.pack(pb, b)
				if got := p.differing(pa, pb); got != want {
					t.Fatalf("width %d: differing(%v, %v) = %d; want %d", p.width, a, b, got, want)
				}
			}
		}
	}
}

// TestRankPackedMatchesCompare checks the packed-word sort against the
// comparison sort used past 2^21 rows, on random keys with many ties in
// support and confidence.
func TestRankPackedMatchesCompare(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for trial := range 50 {
		na := 1 + rng.IntN(300)
		n := int32(na + rng.IntN(1000))
		keys := make([]ruleKey, na)
		for id, f := range rng.Perm(int(n))[:na] {
			s := int32(1 + rng.IntN(5))
			keys[id] = ruleKey{support: s, conf: int32(1 + rng.IntN(int(s))), first: int32(f)}
		}
		got, want := rankPacked(keys, n), rankCompare(keys)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: rankPacked = %v; rankCompare = %v", trial, got, want)
		}
		for r := 1; r < na; r++ {
			a, b := keys[want[r-1]], keys[want[r]]
			if a.support < b.support || (a.support == b.support && (a.conf < b.conf || (a.conf == b.conf && a.first > b.first))) {
				t.Fatalf("trial %d: rank %d %+v before %+v", trial, r, a, b)
			}
		}
	}
}
