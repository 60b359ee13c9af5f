package main

import (
	"os"
	"testing"
)

// childEnv makes the test binary run dtbench's main instead of the tests,
// so that tests can start dtbench as a real child process (and signal it).
const childEnv = "GO_TEST_DTBENCH_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}
