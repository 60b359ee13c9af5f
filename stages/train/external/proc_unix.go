//go:build unix

package external

import (
	"os/exec"
	"syscall"
)

// isolate puts the adapter in a process group of its own, so that killing
// it also kills what it started (a shell's children) and a Ctrl-C meant
// for dtbench does not reach it: it sees its standard input close instead.
func isolate(c *exec.Cmd) { c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills the adapter's process group.
func killGroup(c *exec.Cmd) {
	if c.Process == nil {
		return
	}
	if err := syscall.Kill(-c.Process.Pid, syscall.SIGKILL); err != nil {
		_ = c.Process.Kill() // the group is gone; the process may be too
	}
}
