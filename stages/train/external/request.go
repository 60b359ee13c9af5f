package external

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/bits"
	"strconv"

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

type attributeJSON struct {
	Name   string   `json:"name"`
	Values []string `json:"values"`
}

func encodeSchema(s dataset.Schema) ([]byte, error) {
	out := schemaJSON{Class: attributeJSON{Name: s.Class.Name, Values: s.Class.Values}}
	for _, f := range s.Features {
		out.Features = append(out.Features, attributeJSON{Name: f.Name, Values: f.Values})
	}
	b, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("encode schema: %w", err)
	}
	return b, nil
}

// request is one fit request being encoded; scratch is reused across the
// row blocks.
type request struct {
	buf     []byte
	scratch []byte
}

// encodeFit returns the line of a fit request (newline included):
//
//	{"op":"fit","seed":S,"schema":{…},
//	 "train":{"rows":N,"x":"<base64 N·m codes>","y":"<base64 N classes>"},
//	 "predict":{"rows":T,"x":"<base64 T·m codes>"},
//	 "space":true}
//
// predict is there when the query has rows; space is true when the adapter
// is to predict the whole input space as well (in dataset.SpaceIndex
// order).
func encodeFit(d *dataset.Dataset, rows dataset.Bitset, seed int64, q Query, space bool) ([]byte, error) {
	schema, err := encodeSchema(d.Schema())
	if err != nil {
		return nil, err
	}
	r := &request{buf: make([]byte, 0, 256+len(schema)+(rows.Count()*(d.NumFeatures()+1))*4/3)}
	r.buf = append(r.buf, `{"op":"fit","seed":`...)
	r.buf = strconv.AppendInt(r.buf, seed, 10)
	r.buf = append(r.buf, `,"schema":`...)
	r.buf = append(r.buf, schema...)
	r.buf = append(r.buf, `,"train":`...)
	r.appendRows(d, rows, true)
	if qr := q.rows(); qr != nil && qr.Count() > 0 {
		if q.Data.NumFeatures() != d.NumFeatures() {
			return nil, fmt.Errorf("held-out rows have %d features, training rows %d", q.Data.NumFeatures(), d.NumFeatures())
		}
		r.buf = append(r.buf, `,"predict":`...)
		r.appendRows(q.Data, qr, false)
	}
	if space {
		r.buf = append(r.buf, `,"space":true`...)
	}
	r.buf = append(r.buf, "}\n"...)
	return r.buf, nil
}

// appendRows appends {"rows":n,"x":"…"} (and "y" with labels) for the
// rows of d in set, in row order.
func (r *request) appendRows(d *dataset.Dataset, set dataset.Bitset, labels bool) {
	m := d.NumFeatures()
	n := set.Count()
	r.scratch = r.scratch[:0]
	if cap(r.scratch) < n*m {
		r.scratch = make([]byte, 0, n*m)
	}
	cols := make([][]uint8, m)
	for f := range cols {
		cols[f] = d.Column(f)
	}
	var y []byte
	if labels {
		y = make([]byte, 0, n)
	}
	all := d.Labels()
	for i, w := range set {
		for ; w != 0; w &= w - 1 {
			row := i<<6 + bits.TrailingZeros64(w)
			for _, col := range cols {
				r.scratch = append(r.scratch, col[row])
			}
			if labels {
				y = append(y, all[row])
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
		r.buf = base64.StdEncoding.AppendEncode(r.buf, y)
		r.buf = append(r.buf, '"')
	}
	r.buf = append(r.buf, '}')
}

// helloLine is the handshake request.
const helloLine = `{"op":"hello","protocol":1}` + "\n"
