package main

import "testing"

func TestZZProf(t *testing.T) {
	cli(t, "run", "-c", "../../configs/oracle-paper.yaml", "--out", t.TempDir(), "--workers", "2")
}
