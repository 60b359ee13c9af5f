package train

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestFdlibmLogIsStrictMath compares fdlibmLog with Java's StrictMath.log
// bit for bit on the arguments of testdata/strictmath_log.txt, and counts
// (logs) how many of them Go's math.Log gets otherwise.
func TestFdlibmLogIsStrictMath(t *testing.T) {
	f, err := os.Open("testdata/strictmath_log.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n, goDiffers := 0, 0
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		fs := strings.Fields(sc.Text())
		xb, err1 := strconv.ParseUint(fs[0], 16, 64)
		lb, err2 := strconv.ParseUint(fs[1], 16, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%q: %v %v", sc.Text(), err1, err2)
		}
		x, want := math.Float64frombits(xb), math.Float64frombits(lb)
		if got := fdlibmLog(x); math.Float64bits(got) != lb {
			t.Errorf("fdlibmLog(%v) = %v; StrictMath.log %v", x, got, want)
		}
		if math.Log(x) != want {
			goDiffers++
		}
		n++
	}
	if n < 1000 {
		t.Fatalf("%d arguments in the fixture", n)
	}
	t.Logf("%d arguments; math.Log differs from StrictMath.log on %d", n, goDiffers)
}
