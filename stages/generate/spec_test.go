package generate

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/input"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name    string
		spec    OracleSpec
		key     string // "" = valid
		mention string // text the message must contain
	}{
		{"paper", OracleSpec{Domains: binaryDomains(10), Classes: 2, Depth: 8}, "", ""},
		{"depth equals features", OracleSpec{Domains: []int{3, 2, 4}, Classes: 4, Depth: 3}, "", ""},
		{"largest domain", OracleSpec{Domains: []int{64, 2}, Classes: 64, Depth: 1}, "", ""},
		{"no features", OracleSpec{Classes: 2, Depth: 1}, "oracle.features", "got 0"},
		{"domain 1", OracleSpec{Domains: []int{2, 2, 1}, Classes: 2, Depth: 1}, "oracle.domain", "f2 has 1 values"},
		{"domain 65", OracleSpec{Domains: []int{65}, Classes: 2, Depth: 1}, "oracle.domain", "f0 has 65 values"},
		{"one class", OracleSpec{Domains: binaryDomains(3), Classes: 1, Depth: 1}, "oracle.classes", "got 1"},
		{"65 classes", OracleSpec{Domains: binaryDomains(3), Classes: 65, Depth: 1}, "oracle.classes", "got 65"},
		{"depth 0", OracleSpec{Domains: binaryDomains(3), Classes: 2, Depth: 0}, "oracle.depths", "depth 0"},
		{"depth beyond features", OracleSpec{Domains: binaryDomains(10), Classes: 2, Depth: 11}, "oracle.depths", "depth 11 outside 1..10"},
		{"too many leaves", OracleSpec{Domains: binaryDomains(30), Classes: 2, Depth: 30}, "oracle.depths", "depth 30"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.spec.Validate()
			if tc.key == "" {
				if err != nil {
					t.Fatalf("Validate() = %v; want nil", err)
				}
				return
			}
			var ie *input.Error
			if !errors.As(err, &ie) {
				t.Fatalf("Validate() = %v; want an *input.Error", err)
			}
			if ie.Key != tc.key || !strings.Contains(err.Error(), tc.mention) {
				t.Errorf("Validate() = %q (key %q); want key %q mentioning %q", err, ie.Key, tc.key, tc.mention)
			}
			if _, oerr := Oracle(tc.spec, newRNG(1)); oerr == nil || oerr.Error() != err.Error() {
				t.Errorf("Oracle() error = %v; want %v", oerr, err)
			}
		})
	}
}

func TestSchema(t *testing.T) {
	s := Schema(OracleSpec{Domains: []int{2, 3, 12}, Classes: 3, Depth: 1})
	if err := s.Validate(); err != nil {
		t.Fatalf("Schema().Validate() = %v", err)
	}
	var names []string
	for _, a := range s.Features {
		names = append(names, a.Name)
	}
	if want := []string{"f0", "f1", "f2"}; !slices.Equal(names, want) {
		t.Errorf("feature names %v; want %v", names, want)
	}
	if got, want := s.Features[2].Values, []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"}; !slices.Equal(got, want) {
		t.Errorf("f2 labels %v; want %v", got, want)
	}
	if s.Class.Name != "class" || !slices.Equal(s.Class.Values, []string{"0", "1", "2"}) {
		t.Errorf("class %+v; want class with labels 0..2", s.Class)
	}
	if got := s.Domains(); !slices.Equal(got, []int{2, 3, 12}) {
		t.Errorf("Domains() = %v; want [2 3 12]", got)
	}
}
