package main

import (
	"os"
	"testing"

	"github.com/dtbench/dtbench/stages/train/external/externaltest"
)

// childEnv makes the test binary run dtbench's main instead of the tests,
// so that tests can start dtbench as a real child process (and signal it).
// Started by externaltest.Command, the binary is a fake external learner's
// adapter instead.
const childEnv = "GO_TEST_DTBENCH_CHILD"

func TestMain(m *testing.M) {
	externaltest.RunIfAdapter()
	if os.Getenv(childEnv) == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}
