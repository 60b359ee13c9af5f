package external

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/bits"
)

// helloReply is the handshake's reply: what the adapter is, the protocol
// version it speaks (absent: 1) and, from version 2, what data it takes.
// It is comparable, so that a restarted process can be told to have
// changed.
type helloReply struct {
	Name     string `json:"name"`
	Version  string `json:"version"`
	Protocol int    `json:"protocol"`
	// Capabilities are what a version-2 adapter takes besides nominal
	// codes without missing values; a version-1 adapter takes neither.
	Capabilities capabilitiesJSON `json:"capabilities"`
	// MissingValues says, in the adapter's words, how it treats missing
	// values ("imputed: …", "Weka's own"): dtbench logs it.
	MissingValues string `json:"missing_values"`
}

// capabilitiesJSON is dataset.Capabilities on the wire: what an adapter
// announces it takes, numeric features as numbers and missing values.
type capabilitiesJSON struct {
	Numeric bool `json:"numeric"`
	Missing bool `json:"missing"`
}

// replyJSON is a fit's reply: a tree, or predictions (for the held-out
// rows, in request order, and for the space when asked), or an error the
// adapter reports itself. fit_seconds is the adapter's own fit time.
// Unknown keys are ignored, so adapters may add their own.
type replyJSON struct {
	Tree        *TreeJSON        `json:"tree"`
	Predictions *predictionsJSON `json:"predictions"`
	Space       []int            `json:"space"`
	FitSeconds  *float64         `json:"fit_seconds"`
	Error       *string          `json:"error"`
}

type predictionsJSON struct {
	Classes []int       `json:"classes"`
	Proba   [][]float64 `json:"proba"`
}

// errAdapter marks an error the adapter reported in its reply ("error").
var errAdapter = errors.New("adapter error")

// fitContext is what a reply is checked against: the request's schema
// shape, held-out rows and space.
type fitContext struct {
	domains []int
	classes int
	query   Query
	space   int  // inputs of the space the adapter was asked to predict; 0 for none
	values  bool // the rows went in the values form (valuesForm)
}

// parseReply turns a reply line into a model. An error wrapping
// errAdapter is the adapter's own; any other is a bad reply.
func parseReply(line []byte, fc *fitContext) (Model, error) {
	var r replyJSON
	if err := json.Unmarshal(line, &r); err != nil {
		return nil, fmt.Errorf("reply is not a JSON object: %v (starts %q)", err, prefix(line, 80))
	}
	if r.Error != nil {
		return nil, fmt.Errorf("%w: %s", errAdapter, *r.Error)
	}
	var nanos int64
	if r.FitSeconds != nil {
		s := *r.FitSeconds
		if s < 0 || math.IsNaN(s) || math.IsInf(s, 0) {
			return nil, fmt.Errorf("fit_seconds %v", s)
		}
		nanos = int64(s * 1e9)
	}
	if r.Tree != nil {
		if fc.values {
			// dtbench's trees test nominal codes; a tree over numbers or
			// with missing values would be predicted wrongly.
			return nil, errors.New("a tree in reply to rows with numeric features or missing values: reply with predictions (protocol 2)")
		}
		t, err := r.Tree.Tree(fc.domains, fc.classes)
		if err != nil {
			return nil, fmt.Errorf("tree: %w", err)
		}
		return &TreeModel{t: t, nanos: nanos}, nil
	}
	if r.Predictions == nil && r.Space == nil {
		return nil, errors.New("reply has neither a tree nor predictions")
	}
	return predictionsModel(&r, fc, nanos)
}

// predictionsModel checks a predictions reply against the request and
// builds its model.
func predictionsModel(r *replyJSON, fc *fitContext, nanos int64) (Model, error) {
	k := fc.classes
	m := Predictions{domains: fc.domains, k: k, nanos: nanos, values: fc.values}
	if fc.space > 0 {
		if len(r.Space) != fc.space {
			return nil, fmt.Errorf("space: %d predictions for %d inputs", len(r.Space), fc.space)
		}
		m.space = make([]uint8, len(r.Space))
		for i, c := range r.Space {
			if c < 0 || c >= k {
				return nil, fmt.Errorf("space: input %d: class %d outside 0..%d", i, c, k-1)
			}
			m.space[i] = uint8(c)
		}
	}
	rows := fc.query.rows()
	n := rows.Count()
	if n == 0 {
		return &m, nil
	}
	if r.Predictions == nil {
		if m.space == nil {
			return nil, fmt.Errorf("no predictions for the %d held-out rows", n)
		}
		return &m, nil // the space answers for every held-out row
	}
	p := r.Predictions
	if len(p.Classes) != n {
		return nil, fmt.Errorf("predictions: %d classes for %d rows", len(p.Classes), n)
	}
	if p.Proba != nil && len(p.Proba) != n {
		return nil, fmt.Errorf("predictions: %d probability rows for %d rows", len(p.Proba), n)
	}
	m.index = make(map[string]int, n)
	m.classes = make([]uint8, 0, n)
	var proba []float64
	if p.Proba != nil {
		proba = make([]float64, 0, n*k)
	}
	d := fc.query.Data
	x := make([]uint8, d.NumFeatures())
	var v []float64
	i := 0
	for w0, w := range rows {
		for ; w != 0; w &= w - 1 {
			row := w0<<6 + bits.TrailingZeros64(w)
			if fc.values {
				v = d.Values(row, v)
				x = valuesKey(x[:0], v)
			} else {
				x = d.Row(row, x[:0])
			}
			c := p.Classes[i]
			if c < 0 || c >= k {
				return nil, fmt.Errorf("predictions: row %d: class %d outside 0..%d", i, c, k-1)
			}
			if proba != nil {
				if err := checkProba(p.Proba[i], k); err != nil {
					return nil, fmt.Errorf("predictions: row %d: %w", i, err)
				}
			}
			// A repeated input keeps its first answer; a deterministic
			// model gives the same one.
			if _, seen := m.index[string(x)]; !seen {
				m.index[string(x)] = len(m.classes)
				m.classes = append(m.classes, uint8(c))
				if proba != nil {
					proba = append(proba, p.Proba[i]...)
				}
			}
			i++
		}
	}
	if proba == nil {
		return &m, nil
	}
	return &Probabilities{Predictions: m, proba: proba}, nil
}

// checkProba checks one row of class probabilities: k of them, each in
// [0, 1], summing to 1 within 1e-6.
func checkProba(p []float64, k int) error {
	if len(p) != k {
		return fmt.Errorf("%d probabilities for %d classes", len(p), k)
	}
	sum := 0.0
	for c, v := range p {
		if !(v >= 0 && v <= 1) {
			return fmt.Errorf("probability %v for class %d", v, c)
		}
		sum += v
	}
	if math.Abs(sum-1) > 1e-6 {
		return fmt.Errorf("probabilities sum to %v", sum)
	}
	return nil
}

// parseHello checks the handshake reply: a name, a version and a
// protocol version dtbench speaks (absent: 1). A version-1 adapter takes
// nominal codes only, whatever else its reply says.
func parseHello(line []byte) (helloReply, error) {
	var h helloReply
	if err := json.Unmarshal(line, &h); err != nil {
		return h, fmt.Errorf("hello reply is not a JSON object: %v (starts %q)", err, prefix(line, 80))
	}
	if h.Name == "" || h.Version == "" {
		return h, fmt.Errorf("hello reply lacks a name or a version: %q", prefix(line, 200))
	}
	if h.Protocol == 0 {
		h.Protocol = 1
	}
	if h.Protocol < 1 || h.Protocol > Protocol {
		return h, fmt.Errorf("adapter %s (version %s) speaks protocol %d; dtbench speaks 1 to %d", h.Name, h.Version, h.Protocol, Protocol)
	}
	if h.Protocol < ValuesProtocol {
		h.Capabilities, h.MissingValues = capabilitiesJSON{}, ""
	}
	return h, nil
}

// prefix returns at most n bytes of b, for messages.
func prefix(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}
