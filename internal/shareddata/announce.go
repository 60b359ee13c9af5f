package shareddata

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// announceOnce makes the absence of the datasets known once per process.
var announceOnce sync.Once

// absentLine is what a run of the tests prints when the datasets are absent.
const absentLine = "dtbench: ../shared/datasets not found beside the repository: the real-data tests skip (go test -v lists them)\n"

// announce prints absentLine where a person running `go test ./...` sees
// it. go test shows a passing package's output only with -v, so on Linux,
// when the test binary's parent is the go command, the line goes to the go
// command's standard error, once for the whole `go test` (the first package
// to get there leaves a marker in the temporary directory); elsewhere it
// goes to the binary's own standard error.
func announce() {
	announceOnce.Do(func() {
		ppid := os.Getppid()
		cmdline, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", ppid))
		argv0, _, _ := strings.Cut(string(cmdline), "\x00")
		if err != nil || filepath.Base(argv0) != "go" {
			fmt.Fprint(os.Stderr, absentLine)
			return
		}
		marker := filepath.Join(os.TempDir(), "dtbench-shared-absent-"+strconv.Itoa(ppid))
		f, err := os.OpenFile(marker, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err != nil {
			return // another package of this go test said it
		}
		f.Close()
		tty, err := os.OpenFile(fmt.Sprintf("/proc/%d/fd/2", ppid), os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			fmt.Fprint(os.Stderr, absentLine)
			return
		}
		defer tty.Close()
		fmt.Fprint(tty, absentLine)
	})
}
