package importer

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestClassMap recodes a thyroid0387-style diagnosis column: labels in
// rule order, first matching rule wins, a missing class stays missing.
func TestClassMap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "thyroid.csv")
	body := "a,diagnosis\nx,-[840801013]\ny,S[840801014]\nx,-[840801042]\ny,AK[840803047]\nx,?\n"
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	rules := []ClassRule{{Match: "^-", Label: "negative"}, {Match: ".", Label: "positive"}}
	d, rep, err := Read(path, Options{Class: "diagnosis", Header: true, ClassMap: rules})
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Schema().Class.Values; !slices.Equal(got, []string{"negative", "positive"}) {
		t.Errorf("class values %v; want [negative positive]", got)
	}
	if got := d.Labels(); !slices.Equal(got, []uint8{0, 1, 0, 1}) {
		t.Errorf("class codes %v; want [0 1 0 1]", got)
	}
	if rep.DroppedClass != 1 {
		t.Errorf("%d rows dropped for a missing class; want 1", rep.DroppedClass)
	}
	// Rule order sets the label order, even when the data meets the
	// second label first.
	d, _, err = Read(path, Options{Class: "diagnosis", Header: true,
		ClassMap: []ClassRule{{Match: "^[A-Z]", Label: "positive"}, {Match: "^-", Label: "negative"}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Schema().Class.Values; !slices.Equal(got, []string{"positive", "negative"}) {
		t.Errorf("class values %v; want [positive negative]", got)
	}
	// A value no rule matches is an error naming it and its line.
	_, _, err = Read(path, Options{Class: "diagnosis", Header: true, ClassMap: []ClassRule{{Match: "^-", Label: "negative"}}})
	if err == nil || !strings.Contains(err.Error(), `"S[840801014]"`) || !strings.Contains(err.Error(), "thyroid.csv:3") {
		t.Errorf("unmatched value: error %v; want one naming S[840801014] at line 3", err)
	}
}

func TestClassMapOptionErrors(t *testing.T) {
	for _, tc := range []struct {
		rules []ClassRule
		key   string
	}{
		{[]ClassRule{{Match: "", Label: "a"}}, "class_map[0].match"},
		{[]ClassRule{{Match: "a", Label: "x"}, {Match: "(", Label: "b"}}, "class_map[1].match"},
		{[]ClassRule{{Match: "a", Label: ""}}, "class_map[0].label"},
	} {
		err := Options{Class: "c", ClassMap: tc.rules}.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.key) {
			t.Errorf("%v: error %v; want one naming %s", tc.rules, err, tc.key)
		}
	}
}
