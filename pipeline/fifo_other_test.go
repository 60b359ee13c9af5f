//go:build !unix

package pipeline

import "errors"

// mkfifo makes a named pipe at path, which this system cannot.
func mkfifo(string) error { return errors.ErrUnsupported }
