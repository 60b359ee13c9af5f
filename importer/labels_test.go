package importer

import (
	"math"
	"slices"
	"testing"
	"time"
)

// TestFormatCut checks Weka's Utils.doubleToString(x, 6) rounding.
func TestFormatCut(t *testing.T) {
	cases := []struct {
		x        float64
		decimals int
		want     string
	}{
		{21.625, 6, "21.625"},
		{2, 6, "2"},
		{0, 6, "0"},
		{math.Copysign(0, -1), 6, "0"},
		{1.0 / 3, 6, "0.333333"},
		{2.0 / 3, 6, "0.666667"},
		{-37.127, 6, "-37.127"},
		{-0.0000004, 6, "0"},
		{0.0000005, 6, "0.000001"}, // 0.5 after scaling rounds away from zero
		{-0.0000005, 6, "-0.000001"},
		{0.00000049, 6, "0"},
		{1e12 + 0.5, 6, "1000000000000.5"},
		{-500000003.625, 6, "-500000003.625"},
		{1.23456789e-7, 9, "0.000000123"},
		{1e15, 6, "1000000000000000"},
		{123456789.123456789, 6, "123456789.123457"},
		{1.5e300, 6, "15" + zeros(299)},
	}
	for _, tc := range cases {
		if got := FormatCut(tc.x, tc.decimals); got != tc.want {
			t.Errorf("FormatCut(%v, %d) = %q; want %q", tc.x, tc.decimals, got, tc.want)
		}
	}
}

func zeros(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return string(b)
}

func TestBinLabels(t *testing.T) {
	ms := func(s string) float64 {
		tm, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return float64(tm.UnixMilli()) + float64(tm.Nanosecond()%1e6)/1e6
	}
	cases := []struct {
		name string
		cuts []float64
		date bool
		want []string
	}{
		{"one bin", nil, false, []string{"(-inf, inf)"}},
		{"one cut", []float64{0.5}, false, []string{"(-inf, 0.5]", "(0.5, inf)"}},
		{"three cuts", []float64{-3.5, 0, 7.25}, false, []string{"(-inf, -3.5]", "(-3.5, 0]", "(0, 7.25]", "(7.25, inf)"}},
		// At 6 decimals both print 0.000001: the column gets 7.
		{"more decimals", []float64{0.0000011, 0.0000014}, false,
			[]string{"(-inf, 0.0000011]", "(0.0000011, 0.0000014]", "(0.0000014, inf)"}},
		{"shortest exact form", []float64{1, math.Nextafter(1, 2)}, false,
			[]string{"(-inf, 1]", "(1, 1.0000000000000002]", "(1.0000000000000002, inf)"}},
		{"dates", []float64{ms("2021-03-03T00:00:00Z"), ms("2021-03-10T12:00:00.0005Z")}, true,
			[]string{"(-inf, 2021-03-03T00:00:00Z]", "(2021-03-03T00:00:00Z, 2021-03-10T12:00:00.0005Z]", "(2021-03-10T12:00:00.0005Z, inf)"}},
		{"dates beyond year 9999", []float64{0, 1e15}, true, []string{"(-inf, 0]", "(0, 1000000000000000]", "(1000000000000000, inf)"}},
	}
	for _, tc := range cases {
		if got := BinLabels(tc.cuts, tc.date); !slices.Equal(got, tc.want) {
			t.Errorf("%s: BinLabels(%v, %v) = %q; want %q", tc.name, tc.cuts, tc.date, got, tc.want)
		}
	}
}
