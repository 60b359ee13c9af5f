package external

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"sync"

	"github.com/dtbench/dtbench/dataset"
)

// Query names the rows a fit's model will be asked to classify: the
// held-out rows of a task (Rows of Data; nil Rows means all of them). Data
// has the training data's schema. The zero Query asks for none.
type Query struct {
	Data *dataset.Dataset
	Rows dataset.Bitset
}

// rows returns the query's row set (nil for none).
func (q Query) rows() dataset.Bitset {
	if q.Data == nil {
		return nil
	}
	if q.Rows == nil {
		return q.Data.All()
	}
	return q.Rows
}

// schemaJSON is the schema part of a fit request: features with their
// value labels, and the class with its labels. Codes index the lists.
type schemaJSON struct {
	Features []attributeJSON `json:"features"`
	Class    attributeJSON   `json:"class"`
}

// attributeJSON is dataset.Attribute on the wire: a nominal attribute
// with its value labels ({"name":"A1","values":["a","b"]}, as protocol 1
// wrote it), a numeric one marked and without values
// ({"name":"A2","numeric":true}, protocol 2). A nominal attribute always
// has a value, so leaving empty values out changes no nominal schema.
type attributeJSON struct {
	Name    string   `json:"name"`
	Values  []string `json:"values,omitempty"`
	Numeric bool     `json:"numeric,omitempty"`
}

// EncodeSchema returns the schema part of a request, as fit and echo
// requests carry it.
func EncodeSchema(s dataset.Schema) ([]byte, error) {
	out := schemaJSON{Class: attributeJSON(s.Class)}
	for _, f := range s.Features {
		out.Features = append(out.Features, attributeJSON(f))
	}
	b, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("encode schema: %w", err)
	}
	return b, nil
}

// DecodeSchema reads a schema in the form EncodeSchema writes, as an
// adapter's echo reply returns it.
func DecodeSchema(b []byte) (dataset.Schema, error) {
	var in schemaJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return dataset.Schema{}, fmt.Errorf("decode schema: %w", err)
	}
	s := dataset.Schema{Class: dataset.Attribute(in.Class)}
	for _, f := range in.Features {
		s.Features = append(s.Features, dataset.Attribute(f))
	}
	return s, nil
}

// request is one fit request being encoded: the line, and scratch for
// the codes of a row block and its labels. Requests are reused (requests):
// a fit's line is some 60 KB, and allocating it afresh each fit cost more
// in the collector than its encoding.
type request struct {
	buf     []byte
	scratch []byte
	labels  []byte
}

var requests = sync.Pool{New: func() any { return new(request) }}

// release returns r's buffers for another fit's request; r.buf must no
// longer be in use.
func (r *request) release() { requests.Put(r) }

// encodeFit encodes the line of a fit request (newline included) into a
// request from the pool, which the caller releases once the line is
// written:
//
//	{"op":"fit","seed":S,"schema":{…},
//	 "train":{"rows":N,"x":"<base64 N·m codes>","y":"<base64 N classes>"},
//	 "predict":{"rows":T,"x":"<base64 T·m codes>"},
//	 "space":true}
//
// predict is there when the query has rows; space is true when the adapter
// is to predict the whole input space as well (in dataset.SpaceIndex
// order). When the data are in the values form (valuesForm: a numeric
// feature, or a missing value in the training or the held-out data) each
// x is instead a JSON list of rows, a row a list of m values
// (appendValues); y stays base64, since the class is never missing.
//
// order, when not nil, lists the training rows (those of rows) in the
// order the values form sends them; the codes form always sends them in
// row order, protocol 1's bytes.
func encodeFit(d *dataset.Dataset, rows dataset.Bitset, order []int, seed int64, q Query, space bool) (*request, error) {
	schema, err := EncodeSchema(d.Schema())
	if err != nil {
		return nil, err
	}
	r := requests.Get().(*request)
	r.buf = slices.Grow(r.buf[:0], 256+len(schema)+(rows.Count()*(d.NumFeatures()+1))*4/3)
	r.buf = append(r.buf, `{"op":"fit","seed":`...)
	r.buf = strconv.AppendInt(r.buf, seed, 10)
	r.buf = append(r.buf, `,"schema":`...)
	r.buf = append(r.buf, schema...)
	values := valuesForm(d, q)
	r.buf = append(r.buf, `,"train":`...)
	r.appendRows(d, rows, order, true, values)
	if qr := q.rows(); qr != nil && qr.Count() > 0 {
		if q.Data.NumFeatures() != d.NumFeatures() {
			r.release()
			return nil, fmt.Errorf("held-out rows have %d features, training rows %d", q.Data.NumFeatures(), d.NumFeatures())
		}
		r.buf = append(r.buf, `,"predict":`...)
		r.appendRows(q.Data, qr, nil, false, values)
	}
	if space {
		r.buf = append(r.buf, `,"space":true`...)
	}
	r.buf = append(r.buf, "}\n"...)
	return r, nil
}

// appendRows appends {"rows":n,"x":"…"} (and "y" with labels) for the
// rows of d in set, in row order: x as base64 codes, or in the values
// form as a list of rows (appendValues), in order when it is not nil.
func (r *request) appendRows(d *dataset.Dataset, set dataset.Bitset, order []int, labels, values bool) {
	if values {
		if order == nil {
			order = make([]int, 0, set.Count())
			set.Each(func(row int) { order = append(order, row) })
		}
		r.appendValues(d, order, labels)
		return
	}
	m := d.NumFeatures()
	n := set.Count()
	r.scratch = slices.Grow(r.scratch[:0], n*m)[:n*m]
	r.labels = slices.Grow(r.labels[:0], n)[:0]
	cols := make([][]uint8, m)
	for f := range cols {
		cols[f] = d.Column(f)
	}
	all := d.Labels()
	at := 0
	for i, w := range set {
		for ; w != 0; w &= w - 1 {
			row := i<<6 + bits.TrailingZeros64(w)
			codes := r.scratch[at : at+m : at+m]
			for f, col := range cols {
				codes[f] = col[row]
			}
			at += m
			if labels {
				r.labels = append(r.labels, all[row])
			}
		}
	}
	r.buf = append(r.buf, `{"rows":`...)
	r.buf = strconv.AppendInt(r.buf, int64(n), 10)
	r.buf = append(r.buf, `,"x":"`...)
	r.buf = base64.StdEncoding.AppendEncode(r.buf, r.scratch)
	r.buf = append(r.buf, '"')
	if labels {
		r.buf = append(r.buf, `,"y":"`...)
		r.buf = base64.StdEncoding.AppendEncode(r.buf, r.labels)
		r.buf = append(r.buf, '"')
	}
	r.buf = append(r.buf, '}')
}

// helloLine is the handshake request: it offers the newest protocol
// dtbench speaks, and the adapter says which it speaks (helloReply).
var helloLine = `{"op":"hello","protocol":` + strconv.Itoa(Protocol) + "}\n"
