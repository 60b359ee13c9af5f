package dataset

import (
	"strings"

	"github.com/dtbench/dtbench/input"
)

// parseAttribute parses the rest of an @attribute line and records the
// attribute.
func (r *ARFFReader) parseAttribute(l *lexer) (ARFFAttribute, error) {
	l.skipBlanks()
	at := l.i
	name, err := l.token("{")
	if err != nil {
		return ARFFAttribute{}, r.errorAt(at, "attribute name: %v", err)
	}
	q := input.Excerpt(name.text)
	for i, a := range r.attrs {
		if a.Name == name.text {
			return ARFFAttribute{}, r.errorAt(at, "attribute %s declared twice (attributes %d and %d)", q, i+1, len(r.attrs)+1)
		}
	}
	if l.atEnd() {
		return ARFFAttribute{}, r.errorAt(l.i, "attribute %s has no type", q)
	}
	a := ARFFAttribute{Name: name.text}
	var index map[string]int
	if l.consume('{') {
		a.Type = ARFFNominal
		if a.Values, index, err = r.parseDomain(l, q); err != nil {
			return ARFFAttribute{}, err
		}
	} else if err := r.parseType(l, &a, q); err != nil {
		return ARFFAttribute{}, err
	}
	if len(a.Values) <= linearCodes {
		index = nil
	}
	r.attrs = append(r.attrs, a)
	r.index = append(r.index, index)
	return a, nil
}

// parseType parses the type keyword of a non-nominal attribute (and a
// date's format) into a; q is the attribute's name quoted for messages.
func (r *ARFFReader) parseType(l *lexer, a *ARFFAttribute, q string) error {
	l.skipBlanks()
	at := l.i
	typ := l.word()
	switch strings.ToLower(typ) {
	case "numeric", "real", "integer":
		a.Type = ARFFNumeric
	case "string":
		a.Type = ARFFString
	case "date":
		a.Type, a.DateFormat = ARFFDate, ARFFDefaultDateFormat
		if !l.atEnd() {
			tok, err := l.token("")
			if err != nil {
				return r.errorf("attribute %s: date format: %v", q, err)
			}
			a.DateFormat = tok.text
		}
	case "relational":
		return r.errorAt(at, "attribute %s is relational; relational attributes are not supported", q)
	default:
		return r.errorAt(at, "attribute %s has unknown type %s; want numeric, real, integer, string, date or {values}", q, input.Excerpt(typ))
	}
	if !l.atEnd() {
		return r.errorAt(l.i, "attribute %s: unexpected text after the type", q)
	}
	return nil
}

// parseDomain parses "v1, v2, …}" of a nominal attribute (q is its name
// quoted for messages): the values in order, and each value's code.
func (r *ARFFReader) parseDomain(l *lexer, q string) ([]string, map[string]int, error) {
	if l.consume('}') {
		return nil, nil, r.errorAt(l.i-1, "attribute %s has an empty domain", q)
	}
	var values []string
	index := map[string]int{}
	for {
		l.skipBlanks()
		at := l.i
		v, err := l.token(",{}")
		if err != nil {
			return nil, nil, r.errorAt(at, "attribute %s: %v", q, err)
		}
		if _, dup := index[v.text]; dup {
			return nil, nil, r.errorAt(at, "attribute %s lists value %s twice", q, input.Excerpt(v.text))
		}
		if len(values) == MaxValues {
			return nil, nil, r.errorAt(at, "attribute %s has more than %d values", q, MaxValues)
		}
		index[v.text] = len(values)
		values = append(values, v.text)
		if l.consume('}') {
			break
		}
		if !l.consume(',') {
			return nil, nil, r.errorAt(l.i, "attribute %s: want , or } after value %s", q, input.Excerpt(v.text))
		}
	}
	if !l.atEnd() {
		return nil, nil, r.errorAt(l.i, "attribute %s: unexpected text after }", q)
	}
	return values, index, nil
}
