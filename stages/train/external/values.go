package external

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"

	"github.com/dtbench/dtbench/dataset"
)

// Protocol versions. Version 1 carries nominal codes only; version 2 adds
// numeric features and missing values (the values form of a request's
// rows) and the adapter's capabilities in the handshake. dtbench offers
// Protocol in its hello and speaks every version from 1 up to it; an
// adapter's reply without a protocol speaks version 1.
const (
	Protocol       = 2 // the newest version dtbench speaks
	ValuesProtocol = 2 // the first version that carries numbers and missing values
)

// valuesForm reports whether a fit on d with held-out rows q must send
// its rows in the values form: d or the held-out data has a numeric
// feature or a missing value. Nominal data without missing values keeps
// protocol 1's base64 codes, so that its requests are the bytes they
// always were.
func valuesForm(d *dataset.Dataset, q Query) bool {
	if d.HasNumeric() || d.HasMissing() {
		return true
	}
	return q.Data != nil && (q.Data.HasNumeric() || q.Data.HasMissing())
}

// appendValues appends {"rows":n,"x":[[…],…]} (and "y", base64 of the
// class codes, with labels) for the rows of d listed in rows, in that
// order. A row is a list of m values: a nominal feature's code as an
// integer, a numeric feature's number as the shortest decimal that reads
// back as the same float64 (strconv 'g', -1: 30.83, 1e-07), null where
// missing.
func (r *request) appendValues(d *dataset.Dataset, rows []int, labels bool) {
	r.labels = r.labels[:0]
	all := d.Labels()
	r.buf = append(r.buf, `{"rows":`...)
	r.buf = strconv.AppendInt(r.buf, int64(len(rows)), 10)
	r.buf = append(r.buf, `,"x":[`...)
	var row []float64
	for i, rr := range rows {
		if i > 0 {
			r.buf = append(r.buf, ',')
		}
		row = d.Values(rr, row)
		r.buf = append(r.buf, '[')
		for f, v := range row {
			if f > 0 {
				r.buf = append(r.buf, ',')
			}
			switch {
			case math.IsNaN(v):
				r.buf = append(r.buf, "null"...)
			case d.IsNumeric(f):
				r.buf = strconv.AppendFloat(r.buf, v, 'g', -1, 64)
			default:
				r.buf = strconv.AppendInt(r.buf, int64(v), 10)
			}
		}
		r.buf = append(r.buf, ']')
		if labels {
			r.labels = append(r.labels, all[rr])
		}
	}
	r.buf = append(r.buf, ']')
	if labels {
		r.buf = append(r.buf, `,"y":"`...)
		r.buf = base64.StdEncoding.AppendEncode(r.buf, r.labels)
		r.buf = append(r.buf, '"')
	}
	r.buf = append(r.buf, '}')
}

// valuesKey appends to dst the key under which a predictions model files
// an instance in the values form (dataset.Dataset.Values): the bits of
// each value, every NaN (missing) alike and -0 as 0, so that equal
// instances share a key.
func valuesKey(dst []byte, x []float64) []byte {
	for _, v := range x {
		switch {
		case math.IsNaN(v):
			v = math.NaN()
		case v == 0:
			v = 0
		}
		dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(v))
	}
	return dst
}

// codesToValues writes nominal codes x as an instance in the values form
// (MissingCode as NaN) into dst, grown as needed.
func codesToValues(x []uint8, dst []float64) []float64 {
	dst = dst[:0]
	for _, c := range x {
		if c == dataset.MissingCode {
			dst = append(dst, math.NaN())
		} else {
			dst = append(dst, float64(c))
		}
	}
	return dst
}

// valuesToCodes writes an instance in the values form as nominal codes
// into dst, grown as needed, for a model fitted on nominal data without
// missing values; a value that is no code (a number, NaN) is a programmer
// error and panics.
func valuesToCodes(x []float64, dst []uint8) []uint8 {
	dst = dst[:0]
	for f, v := range x {
		if !(v >= 0 && v < dataset.MaxValues && v == math.Trunc(v)) {
			panic(fmt.Sprintf("external: a model fitted on nominal codes asked about value %v of feature %d", v, f))
		}
		dst = append(dst, uint8(v))
	}
	return dst
}
