package cv

import (
	"fmt"
	"strings"
	"testing"
)

// javaSequences are what OpenJDK 17 prints for new java.util.Random(seed):
// five nextInt(), nextInt(n) for n = 1, 2, 3, 10, 16, 100, 1000000007, 2^30,
// nextDouble() and nextLong() (from a ten-line Java program run on this
// machine; the sequence is fixed by the Java specification).
var javaSequences = []string{
	"seed 0: -1155484576 -723955400 1033096058 -1690734402 -1557280266 n1=0 n2=1 n3=0 n10=9 n16=12 n100=77 n1000000007=542832677 n1073741824=413593736 d=0.6130357680446138 l=-316923953663567096",
	"seed 1: -1155869325 431529176 1761283695 1749940626 892128508 n1=0 n2=0 n3=1 n10=8 n16=11 n100=69 n1000000007=327998473 n1073741824=1034770158 d=0.15957805424728078 l=-8225913900319941199",
	"seed 42: -1170105035 234785527 -1360544799 205897768 1325939940 n1=0 n2=0 n3=2 n10=9 n16=1 n100=82 n1000000007=969067502 n1073741824=395977638 d=0.3816430907807956 l=-5710636755842891759",
	"seed -7: 1155869324 -423064701 -1403676116 -232591881 -2055186340 n1=0 n2=1 n3=0 n10=5 n16=3 n100=77 n1000000007=94888914 n1073741824=966107963 d=0.9765411641049873 l=-8345463556342312887",
	"seed 123456789: -1442945365 -1016548095 1962592967 1094656688 1677212580 n1=0 n2=1 n3=1 n10=7 n16=6 n100=41 n1000000007=52992954 n1073741824=510427332 d=0.0159861369013522 l=8822474953805599233",
}

func TestJavaRandomMatchesJava(t *testing.T) {
	for _, want := range javaSequences {
		var seed int64
		fmt.Sscanf(want, "seed %d:", &seed)
		r := NewJavaRandom(seed)
		var b strings.Builder
		fmt.Fprintf(&b, "seed %d:", seed)
		for range 5 {
			fmt.Fprintf(&b, " %d", r.Int())
		}
		for _, n := range []int32{1, 2, 3, 10, 16, 100, 1000000007, 1 << 30} {
			fmt.Fprintf(&b, " n%d=%d", n, r.IntN(n))
		}
		fmt.Fprintf(&b, " d=%v l=%d", r.Float64(), r.Int64())
		if got := b.String(); got != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
}
