package tree

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestJavaFormatting checks WekaDouble (J48's thresholds) and
// javaDouble∘roundDouble (J48's leaf weights) against what Weka 3.6 and
// Java print for the same values (testdata/javafmt.txt, made by jshell:
// its header says how).
func TestJavaFormatting(t *testing.T) {
	f, err := os.Open("testdata/javafmt.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	rows := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 3 {
			t.Fatalf("bad fixture line %q", line)
		}
		v, err := strconv.ParseFloat(strings.Replace(cols[0], "E", "e", 1), 64)
		if err != nil {
			t.Fatal(err)
		}
		rows++
		if got := javaDouble(v); got != cols[0] {
			t.Errorf("javaDouble(%v) = %q; Java %q", v, got, cols[0])
		}
		if got := WekaDouble(v, 6); got != cols[1] {
			t.Errorf("WekaDouble(%v, 6) = %q; Weka %q", v, got, cols[1])
		}
		if got := javaDouble(roundDouble(v, 2)); got != cols[2] {
			t.Errorf("javaDouble(roundDouble(%v, 2)) = %q; Weka %q", v, got, cols[2])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if rows < 30 {
		t.Fatalf("only %d fixture rows", rows)
	}
}
