//go:build !unix

package external

import "os/exec"

// isolate does nothing where there are no process groups.
func isolate(*exec.Cmd) {}

// killGroup kills the adapter.
func killGroup(c *exec.Cmd) {
	if c.Process != nil {
		_ = c.Process.Kill()
	}
}
