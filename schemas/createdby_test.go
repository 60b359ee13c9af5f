package schemas

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/metadata"
	"github.com/apache/arrow/go/v17/parquet/schema"
)

// parquetMRVersion is parquet-mr's VersionParser.FORMAT (parquet-java,
// org.apache.parquet.VersionParser), which must match created_by whole:
// when it does not, parquet-mr ignores the statistics of binary columns.
var parquetMRVersion = regexp.MustCompile(`^(?:(.*?)\s+version\s*(?:([^(]*?)\s*(?:\(\s*build\s*([^)]*?)\s*\))?)?)$`)

// TestCreatedByParses: created_by names the application dtbench, its
// version and the table's schema version in the form that parquet-mr's and
// Arrow's parsers read, and Arrow then trusts the statistics (no
// workaround for old parquet-mr or parquet-cpp applies to dtbench).
func TestCreatedByParses(t *testing.T) {
	for _, version := range []string{"v0.4.0", "dev", UnknownVersion, "v1.2.3-0.20261201-abcdef+dirty"} {
		t.Run(version, func(t *testing.T) {
			cb := createdBy(Evaluations, version)
			build := "schema " + strconv.Itoa(EvaluationsVersion)
			if m := parquetMRVersion.FindStringSubmatch(cb); m == nil || m[1] != "dtbench" || m[2] != version || m[3] != build {
				t.Errorf("parquet-mr parses %q as %q; want application dtbench, version %q, build %q", cb, m, version, build)
			}
			v := metadata.NewAppVersion(cb)
			if v.App != "dtbench" || v.Build != build {
				t.Errorf("Arrow parses %q as application %q, build %q; want dtbench, %q", cb, v.App, v.Build, build)
			}
			stats := metadata.EncodedStatistics{HasMin: true, Min: []byte("a"), HasMax: true, Max: []byte("b")}
			if !v.HasCorrectStatistics(parquet.Types.ByteArray, schema.StringLogicalType{}, stats, schema.SortUNSIGNED) {
				t.Errorf("Arrow distrusts the string statistics of a file created by %q", cb)
			}
		})
	}
}
