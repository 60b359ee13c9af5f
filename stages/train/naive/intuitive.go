package naive

import (
	"cmp"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/dtbench/dtbench/dataset"
)

// Intuitive is the benchmark classifier I of the entropy paper (section 2.2,
// Algorithms 1 and 2), as DESIGN.md defines it.
//
// Training (Algorithm 1) makes one rule per distinct (antecedent, class) seen,
// where the antecedent is the row's full feature vector. A rule's support is
// the number of training rows with its antecedent and its confidence the
// number of those rows that also have its class. Rules are numbered in the
// order their first row appears in training.
//
// To predict a row (Algorithm 2), take the rules matching the most attributes
// of the row, then among them the largest support, then the largest
// confidence, then the first seen. When no rule matches even one attribute —
// in particular when there are no rules — predict the training majority
// class (Algorithm 2 only looks at rules matching c = C-1 … 1 attributes).
//
// All rules of one antecedent share their matching count and their support,
// so only each antecedent's best rule (largest confidence, then first seen)
// can ever win. The model therefore keeps one entry per distinct antecedent,
// ordered at fit time by (support desc, confidence desc, first seen asc):
// prediction looks the row up in a hash table (a full match wins outright),
// and otherwise scans the packed antecedents for the first with the most
// matches. Antecedents are packed 1, 2, 4 or 8 bits per feature (packing.go),
// so counting matching attributes is a few XOR, shift and popcount
// instructions per 64 binary features.
type Intuitive struct{}

// IntuitiveModel is a fitted intuitive classifier I.
type IntuitiveModel struct {
	features int
	pack     packing
	words    int      // packed words per antecedent
	packed   []uint64 // antecedent i (rank order) at packed[i*words:(i+1)*words]
	class    []uint8  // class of antecedent i's best rule
	table    antTable // packed antecedent → rank; dense on few binary features
	majority int
	domains  []int // each feature's values
	// probe: an input no antecedent equals looks up its neighbours (the
	// inputs one feature away) in the table before it scans
	// (nearestByProbe), because they are far fewer than the antecedents.
	probe bool
}

// probeCost is about how many antecedents scan compares in the time one
// table probe takes (BenchmarkIntuitivePredict): the model probes an
// unseen input's neighbours when they number at most 1/probeCost of its
// antecedents and, the antecedents spread uniformly over the inputs, at
// least one of them would be expected to be one (a sparse set of
// antecedents, say 3,000 over 2^20 inputs, has almost none, and the
// probes would only precede the scan). Either way the prediction is the
// same.
const probeCost = 16

// Fit builds the rule set over rows, in row order. rng is unused.
func (Intuitive) Fit(d *dataset.Dataset, rows dataset.Bitset, _ *rand.Rand) (*IntuitiveModel, error) {
	if err := checkFit("intuitive", d, rows); err != nil {
		return nil, err
	}
	nf, k := d.NumFeatures(), d.Classes()
	pk := newPacking(nf, slices.Max(append(d.Domains(), 1)))
	words := pk.words
	list := rows.Rows(make([]int, 0, rows.Count()))
	n := len(list)

	// Pack every training row, one column at a time (streaming reads).
	keys := make([]uint64, n*words)
	for f := range nf {
		col := d.Column(f)
		w, shift := pk.place(f)
		for i, r := range list {
			keys[i*words+w] |= uint64(col[r]) << shift
		}
	}

	// Algorithm 1: count support and confidence per antecedent (id in
	// order of first appearance) and number the rules as they appear.
	// On few binary features the table of antecedent ids is dense, and
	// later becomes the model's rank index. Capacities for the worst case
	// (every row a new antecedent, and no more than the inputs of a dense
	// table), so the appends below never reallocate.
	dense := pk.width == 1 && words == 1 && nf <= denseFeatures
	most := n
	if dense {
		most = min(n, 1<<nf)
	}
	var (
		packed  = make([]uint64, 0, most*words) // by id
		support = make([]int32, 0, most)        // by id
		conf    = make([]int32, 0, most*k)      // conf[id*k+c]
		first   = make([]int32, 0, most*k)      // first[id*k+c]: rule number, -1 before it is seen
		rules   int32
	)
	var table antTable
	if dense {
		table = newDenseTable(nf)
	} else {
		table = newAntTable(n, words)
	}
	labels := d.Labels()
	for i, r := range list {
		q := keys[i*words : (i+1)*words]
		id, ok := table.find(q, packed)
		if !ok {
			id = int32(len(support))
			table.insert(q, id)
			packed = append(packed, q...)
			support = append(support, 0)
			for range k {
				conf = append(conf, 0)
				first = append(first, -1)
			}
		}
		j := int(id)*k + int(labels[r])
		support[id]++
		conf[j]++
		if first[j] < 0 {
			first[j] = rules
			rules++
		}
	}

	// Each antecedent's best rule: largest confidence, then first seen.
	na := len(support)
	best := make([]int32, na) // class
	for id := range na {
		b := -1
		for c := range k {
			i := id*k + c
			if conf[i] > 0 && (b < 0 || conf[i] > conf[id*k+b] || (conf[i] == conf[id*k+b] && first[i] < first[id*k+b])) {
				b = c
			}
		}
		best[id] = int32(b)
	}
	order := rankAntecedents(support, conf, first, best, k)

	m := &IntuitiveModel{
		features: nf,
		pack:     pk,
		words:    words,
		packed:   make([]uint64, na*words),
		class:    make([]uint8, na),
		majority: d.Majority(rows),
		domains:  d.Domains(),
	}
	neighbours, inputs := 0, 1.0
	for _, z := range m.domains {
		neighbours += z - 1
		inputs *= float64(z)
	}
	m.probe = nf > 1 && neighbours*probeCost <= na && float64(neighbours)*float64(na) >= inputs
	if dense {
		m.table = table // each antecedent's id is overwritten by its rank below; the others stay −1
	} else {
		// A fresh table sized for the antecedents, not the rows, keeps
		// the model small and its probes in cache.
		m.table = newAntTable(na, words)
	}
	for r, id := range order {
		m.class[r] = uint8(best[id])
		key := m.packed[r*words : (r+1)*words]
		copy(key, packed[int(id)*words:(int(id)+1)*words])
		m.table.insert(key, int32(r))
	}
	return m, nil
}

// ruleKey is the best rule of one antecedent, as the predictor orders them.
type ruleKey struct{ support, conf, first int32 }

// rankAntecedents returns the antecedent ids ordered by their best rule's
// (support desc, confidence desc, rule number asc). Rule numbers are unique,
// so the order is total.
func rankAntecedents(support, conf, first, best []int32, k int) []int32 {
	keys := make([]ruleKey, len(support))
	n := int32(0)
	for id, s := range support {
		i := id*k + int(best[id])
		keys[id] = ruleKey{s, conf[i], first[i]}
		n += s
	}
	if n < 1<<21 {
		return rankPacked(keys, n)
	}
	return rankCompare(keys)
}

// rankPacked sorts single words (n-support, n-confidence, rule number), 21
// bits each, and recovers each id from its rule number. It needs every
// count below 2^21, which holds when the rows number n < 2^21.
func rankPacked(keys []ruleKey, n int32) []int32 {
	ruleAnt := make([]int32, n) // rule numbers are below the number of rows
	words := make([]uint64, len(keys))
	for id, k := range keys {
		ruleAnt[k.first] = int32(id)
		words[id] = uint64(n-k.support)<<42 | uint64(n-k.conf)<<21 | uint64(k.first)
	}
	slices.Sort(words)
	order := make([]int32, len(keys))
	for r, w := range words {
		order[r] = ruleAnt[w&(1<<21-1)]
	}
	return order
}

// rankCompare is rankPacked for any number of rows, with a comparison sort.
func rankCompare(keys []ruleKey) []int32 {
	order := make([]int32, len(keys))
	for id := range order {
		order[id] = int32(id)
	}
	slices.SortFunc(order, func(a, b int32) int {
		ka, kb := keys[a], keys[b]
		return cmp.Or(cmp.Compare(kb.support, ka.support), cmp.Compare(kb.conf, ka.conf), cmp.Compare(ka.first, kb.first))
	})
	return order
}

// Predict returns the class of the winning rule for x, or the training
// majority class when no rule matches any attribute of x. Codes in x must lie
// in the training domains. It does not allocate while a packed row fits 8
// words (at least 64 features; 512 binary ones).
func (m *IntuitiveModel) Predict(x []uint8) int {
	if m.table.dense != nil {
		return m.predictDense(x)
	}
	var buf [8]uint64
	q := buf[:]
	if m.words > len(buf) {
		q = make([]uint64, m.words)
	}
	q = q[:m.words]
	m.pack.pack(q, x[:m.features])
	if r, ok := m.table.find(q, m.packed); ok {
		return int(m.class[r])
	}
	if m.probe {
		if best := m.nearestByProbe(q); best >= 0 {
			return int(m.class[best])
		}
	}
	if best := m.scan(q); best >= 0 {
		return int(m.class[best])
	}
	return m.majority
}

// predictDense is Predict with the dense index: the input's own rank when
// it is an antecedent; else the first in rank order of the antecedents
// that differ from it in one feature, which is what scan's first match at
// one differing feature is (with one feature, one differing feature is
// all of them, which scan does not take); else scan's answer. The input's
// key is bit f = x[f], the packing of one bit per feature, built here
// without the general packing's field arithmetic.
func (m *IntuitiveModel) predictDense(x []uint8) int {
	var key uint64
	for f, v := range x[:m.features] {
		key |= uint64(v) << uint(f)
	}
	q := [1]uint64{key}
	if r := m.table.dense[key]; r >= 0 {
		return int(m.class[r])
	}
	if m.features > 1 {
		best := int32(-1)
		for f := range m.features {
			if r := m.table.dense[key^1<<uint(f)]; r >= 0 && (best < 0 || r < best) {
				best = r
			}
		}
		if best >= 0 {
			return int(m.class[best])
		}
	}
	if best := m.scan(q[:]); best >= 0 {
		return int(m.class[best])
	}
	return m.majority
}

// nearestByProbe returns the first antecedent in rank order that differs
// from packed row q (itself no antecedent) in exactly one feature, or −1
// when none does: scan's answer whenever it is not −1, since scan stops at
// the first antecedent one feature away. It looks every such input up in
// the table, Σ(Z_f − 1) probes, and leaves q as it found it.
func (m *IntuitiveModel) nearestByProbe(q []uint64) int {
	best := int32(-1)
	field := uint64(1)<<m.pack.width - 1
	for f, z := range m.domains {
		w, s := m.pack.place(f)
		orig := q[w]
		cur := orig >> s & field
		for v := range uint64(z) {
			if v == cur {
				continue
			}
			q[w] = orig&^(field<<s) | v<<s
			if r, ok := m.table.find(q, m.packed); ok && (best < 0 || r < best) {
				best = r
			}
		}
		q[w] = orig
	}
	return int(best)
}

// scan returns the first antecedent in rank order with the most attributes
// equal to packed row q, or -1 when none has any. A full match must have
// been ruled out, so nf-1 matches end the scan.
func (m *IntuitiveModel) scan(q []uint64) int {
	best, fewest := -1, m.features // fewest differing attributes so far
	if m.words == 1 {
		// One word per antecedent (up to 64 binary features): no slicing.
		q0 := q[0]
		for i, a := range m.packed {
			if n := bits.OnesCount64(m.pack.fold(a ^ q0)); n < fewest {
				best, fewest = i, n
				if n == 1 {
					break
				}
			}
		}
		return best
	}
	for i := range m.class {
		if n := m.pack.differing(q, m.packed[i*m.words:(i+1)*m.words]); n < fewest {
			best, fewest = i, n
			if n == 1 {
				break
			}
		}
	}
	return best
}

// Antecedents returns the number of distinct training feature vectors (each
// one's best rule is the only one of its rules that can be predicted).
func (m *IntuitiveModel) Antecedents() int { return len(m.class) }
