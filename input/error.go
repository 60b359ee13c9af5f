// Package input defines the error type for bad user input — a config key,
// a flag, a file — in the manner of encoding/csv's ParseError. The CLI maps
// any error that wraps an *input.Error to exit status 2; every other
// failure exits with status 1.
//
// A message about a file quotes the file only through Excerpt: a short,
// quoted, printable piece, never a whole line, so that naming a file that
// is not what the config says (a password file given as a dataset) does
// not print its contents. A reader quotes nothing at all from a file that
// does not parse as its format from its first line.
package input

import (
	"errors"
	"fmt"
	"strings"
)

// Error reports bad input and where it is: a file (and line, and byte
// column), a config key, or both. Err says what is wrong with it.
type Error struct {
	File string // file path, when the input came from a file
	Line int    // 1-based line, when known
	Col  int    // 1-based byte column in Line, when known (only with Line)
	Key  string // config key, flag or option (e.g. "oracle.depths", "train.cart.min_leaf")
	Err  error
}

func (e *Error) Error() string {
	var where []string
	if e.File != "" {
		switch {
		case e.Line > 0 && e.Col > 0:
			where = append(where, fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Col))
		case e.Line > 0:
			where = append(where, fmt.Sprintf("%s:%d", e.File, e.Line))
		default:
			where = append(where, e.File)
		}
	}
	if e.Key != "" {
		where = append(where, e.Key)
	}
	if len(where) == 0 {
		return e.Err.Error()
	}
	return strings.Join(where, ": ") + ": " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// Keyf returns an *Error for config key or option key.
func Keyf(key, format string, args ...any) error {
	return &Error{Key: key, Err: fmt.Errorf(format, args...)}
}

// Filef returns an *Error for a file (line 0 when unknown).
func Filef(file string, line int, format string, args ...any) error {
	return &Error{File: file, Line: line, Err: fmt.Errorf(format, args...)}
}

// At returns an *Error for a file, line and byte column (both 1-based).
func At(file string, line, col int, format string, args ...any) error {
	return &Error{File: file, Line: line, Col: col, Err: fmt.Errorf(format, args...)}
}

// Is reports whether err is, or wraps, bad input.
func Is(err error) bool {
	var e *Error
	return errors.As(err, &e)
}
