package decode

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/dtbench/dtbench/input"
)

func TestInt(t *testing.T) {
	for _, tc := range []struct {
		in   any
		want int
		ok   bool
	}{
		{3, 3, true}, {int64(-7), -7, true}, {uint64(9), 9, true}, {4.0, 4, true}, {-2.0, -2, true},
		{float64(1 << 53), 1 << 53, true}, {-float64(1 << 53), -(1 << 53), true},
		{2.5, 0, false}, {uint64(math.MaxUint64), 0, false}, {float64(1 << 60), 0, false}, {float64(1<<53) * 2, 0, false},
		{math.Inf(1), 0, false}, {math.NaN(), 0, false}, {"3", 0, false}, {true, 0, false}, {nil, 0, false},
	} {
		got, ok := Int(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Int(%v) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestFloat(t *testing.T) {
	for _, tc := range []struct {
		in   any
		want float64
		ok   bool
	}{
		{3, 3, true}, {2.5, 2.5, true}, {uint64(9), 9, true}, {int64(-1), -1, true},
		{math.Inf(1), 0, false}, {math.Inf(-1), 0, false}, {math.NaN(), 0, false}, {"2.5", 0, false}, {true, 0, false}, {nil, 0, false},
	} {
		got, ok := Float(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Float(%v) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestSize(t *testing.T) {
	for _, tc := range []struct {
		in   any
		want int64
		ok   bool
	}{
		{4096, 4096, true}, {1.0, 1, true}, {"64MiB", 64 << 20, true}, {"8GiB", 8 << 30, true}, {"500MB", 500e6, true},
		{"1.5 KiB", 1536, true}, {"7 B", 7, true}, {"12", 12, true},
		{0, 0, false}, {-3, 0, false}, {"lots", 0, false}, {"0.2B", 0, false}, {"9999999TiB", 0, false}, {"64 mib", 0, false}, {true, 0, false},
	} {
		got, ok := Size(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Size(%v) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
	for b, want := range map[float64]string{512: "512 B", 1536: "1.5 KiB", 8 << 30: "8.0 GiB"} {
		if got := HumanSize(b); got != want {
			t.Errorf("HumanSize(%v) = %q; want %q", b, got, want)
		}
	}
}

// rules is a section with a key of every kind the rules name.
type rules struct {
	N     int            `mapstructure:"n"`
	Small int8           `mapstructure:"small"`
	Seed  uint64         `mapstructure:"seed"`
	X     float64        `mapstructure:"x"`
	S     string         `mapstructure:"s"`
	B     bool           `mapstructure:"b"`
	P     *bool          `mapstructure:"p"`
	L     []int          `mapstructure:"l"`
	Names []string       `mapstructure:"names"`
	M     map[string]any `mapstructure:"m"`
	Any   any            `mapstructure:"any"`
	Sub   sub            `mapstructure:"sub"`
	Rules []sub          `mapstructure:"rules"`
	Inner `mapstructure:",squash"`
}

type sub struct {
	K int    `mapstructure:"k"`
	W string `mapstructure:"w"`
}

// Inner's keys are the section's own.
type Inner struct {
	Depth int `mapstructure:"depth"`
}

func defaults() rules { return rules{N: 7, S: "dflt", Sub: sub{K: 1, W: "a"}, Inner: Inner{Depth: 3}} }

// TestRules checks every rule of the package doc on one value each, read
// from YAML text as a config file, a --set value or a variable gives it,
// through both entry points: Map (a section given as a map) and Fields (a
// key at a time, as Load reads viper's layers). A case is the YAML of
// one key, and either the section it gives or the key and message of its
// error.
func TestRules(t *testing.T) {
	yes := true
	for _, tc := range []struct {
		name, yaml string
		want       func(*rules)
		errKey     string
		errMsg     string
		mapOnly    bool // Fields reads known keys only: Load refuses the others (checkKeys)
	}{
		// integers
		{name: "integer", yaml: "n: 10", want: func(r *rules) { r.N = 10 }},
		{name: "whole float", yaml: "n: 3.0", want: func(r *rules) { r.N = 3 }},
		{name: "exponent", yaml: "n: 1e6", want: func(r *rules) { r.N = 1_000_000 }},
		{name: "float at 2^53", yaml: "n: 9007199254740992.0", want: func(r *rules) { r.N = 1 << 53 }},
		{name: "float past 2^53", yaml: "n: 1e17", errKey: "x.n", errMsg: "want an integer, got 1e+17: a float is exact only within ±2^53"},
		{name: "integer past 2^53 in digits", yaml: "n: 100000000000000000", want: func(r *rules) { r.N = 1e17 }},
		{name: "fraction", yaml: "n: 2.5", errKey: "x.n", errMsg: "want an integer, got 2.5"},
		{name: "word", yaml: "n: ten", errKey: "x.n", errMsg: `want an integer, got "ten"`},
		{name: "quoted digits", yaml: `n: "3"`, errKey: "x.n", errMsg: `want an integer, got "3"`},
		{name: "boolean for an integer", yaml: "n: true", errKey: "x.n", errMsg: "want an integer, got true"},
		{name: "int8 range", yaml: "small: 300", errKey: "x.small", errMsg: "300 is out of range (-128 to 127)"},
		{name: "past int64", yaml: "n: 9223372036854775808", errKey: "x.n", errMsg: "is out of range (at most 9223372036854775807)"},
		{name: "unsigned", yaml: "seed: 18446744073709551615", want: func(r *rules) { r.Seed = math.MaxUint64 }},
		{name: "negative unsigned", yaml: "seed: -1", errKey: "x.seed", errMsg: "must be >= 0, got -1"},
		// numbers
		{name: "integer for a number", yaml: "x: 2", want: func(r *rules) { r.X = 2 }},
		{name: "float", yaml: "x: 0.25", want: func(r *rules) { r.X = 0.25 }},
		{name: "infinity", yaml: "x: .inf", errKey: "x.x", errMsg: "want a finite number, got +Inf"},
		{name: "word for a number", yaml: "x: half", errKey: "x.x", errMsg: `want a number, got "half"`},
		// strings
		{name: "string", yaml: "s: run-1", want: func(r *rules) { r.S = "run-1" }},
		{name: "quoted number", yaml: `s: "0123"`, want: func(r *rules) { r.S = "0123" }},
		{name: "number for a string", yaml: "s: 123", errKey: "x.s", errMsg: "want a string, got 123 (a number); quote it to give it as text"},
		{name: "octal-looking number", yaml: "s: 0123", errKey: "x.s", errMsg: "want a string, got 83 (a number)"},
		{name: "float for a string", yaml: "s: 1.50", errKey: "x.s", errMsg: "want a string, got 1.5 (a number)"},
		{name: "boolean for a string", yaml: "s: true", errKey: "x.s", errMsg: "want a string, got true (a boolean)"},
		{name: "list for a string", yaml: "s: [a]", errKey: "x.s", errMsg: `want a string, got ["a"]`},
		// booleans
		{name: "boolean", yaml: "b: true", want: func(r *rules) { r.B = true }},
		{name: "1 for a boolean", yaml: "b: 1", errKey: "x.b", errMsg: "want true or false, got 1"},
		{name: "yes for a boolean", yaml: "b: yes", errKey: "x.b", errMsg: `want true or false, got "yes"`},
		{name: "pointer set", yaml: "p: true", want: func(r *rules) { r.P = &yes }},
		// lists
		{name: "list", yaml: "l: [1, 2.0]", want: func(r *rules) { r.L = []int{1, 2} }},
		{name: "scalar as a list", yaml: "l: 5", want: func(r *rules) { r.L = []int{5} }},
		{name: "string as a list", yaml: "names: f2", want: func(r *rules) { r.Names = []string{"f2"} }},
		{name: "bad entry", yaml: "l: [1, x]", errKey: "x.l[1]", errMsg: `want an integer, got "x"`},
		{name: "empty list", yaml: "l: []", want: func(r *rules) { r.L = []int{} }},
		// sections, maps, open keys
		{name: "section", yaml: "sub: {k: 4}", want: func(r *rules) { r.Sub.K = 4 }},
		{name: "section's bad key", yaml: "sub: {k: many}", errKey: "x.sub.k", errMsg: `want an integer, got "many"`},
		{name: "section's unknown key", yaml: "sub: {kk: 4}", errKey: "x.sub.kk", errMsg: `unknown key "kk" (known: k, w)`, mapOnly: true},
		{name: "scalar for a section", yaml: "sub: 5", errKey: "x.sub", errMsg: "want a section of keys, got 5"},
		{name: "list of sections", yaml: "rules: [{k: 1}, {w: b}]", want: func(r *rules) { r.Rules = []sub{{K: 1}, {W: "b"}} }},
		{name: "list of sections' bad entry", yaml: "rules: [{k: 1}, {k: x}]", errKey: "x.rules[1].k", errMsg: `want an integer, got "x"`},
		{name: "map", yaml: "m: {a: 1}", want: func(r *rules) { r.M = map[string]any{"a": 1} }},
		{name: "scalar for a map", yaml: "m: 3", errKey: "x.m", errMsg: "want a map, got 3"},
		{name: "open key", yaml: "any: {from: 1, to: 3}", want: func(r *rules) { r.Any = map[string]any{"from": 1, "to": 3} }},
		{name: "squashed key", yaml: "depth: 5", want: func(r *rules) { r.Depth = 5 }},
		// null keeps the default
		{name: "null", yaml: "n: ~", want: func(*rules) {}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var src map[string]any
			if err := yaml.Unmarshal([]byte(tc.yaml), &src); err != nil {
				t.Fatal(err)
			}
			want := defaults()
			if tc.want != nil {
				tc.want(&want)
			}
			viaMap := defaults()
			errMap := Map("x", src, &viaMap)
			viaFields := defaults()
			errFields := Fields(&viaFields, "x.", get(src), func(string) string { return "f.yaml" })
			for _, r := range []struct {
				how  string
				got  rules
				err  error
				file string
			}{{"Map", viaMap, errMap, ""}, {"Fields", viaFields, errFields, "f.yaml"}} {
				if tc.mapOnly && r.how == "Fields" {
					continue
				}
				if tc.errKey == "" {
					if r.err != nil || !reflect.DeepEqual(r.got, want) {
						t.Errorf("%s(%s) = %+v, %v; want %+v", r.how, tc.yaml, r.got, r.err, want)
					}
					continue
				}
				var ie *input.Error
				if !errors.As(r.err, &ie) || ie.Key != tc.errKey || ie.File != r.file || !strings.Contains(ie.Err.Error(), tc.errMsg) {
					t.Errorf("%s(%s): err = %#v (%v); want key %q, file %q, message with %q", r.how, tc.yaml, ie, r.err, tc.errKey, r.file, tc.errMsg)
				}
			}
		})
	}
}

// get is a layered config's Get over src under "x.": a section's keys
// are read one by one.
func get(src map[string]any) func(string) any {
	return func(key string) any {
		var v any = map[string]any{"x": src}
		for _, k := range strings.Split(key, ".") {
			m, ok := v.(map[string]any)
			if !ok {
				return nil
			}
			v = m[k]
		}
		return v
	}
}

// TestMapKeys: a section's keys match in any case, once each; a section
// with no keys says it takes none.
func TestMapKeys(t *testing.T) {
	var r rules
	if err := Map("x", map[string]any{"N": 4, "Sub": map[string]any{"K": 2}}, &r); err != nil || r.N != 4 || r.Sub.K != 2 {
		t.Errorf("keys in another case: %+v, %v", r, err)
	}
	err := Map("x", map[string]any{"n": 4, "N": 5}, &r)
	if err == nil || !strings.Contains(err.Error(), "x.n: given twice, as N and n") {
		t.Errorf("a key given twice: err = %v", err)
	}
	var none struct{}
	err = MapOf("option", "learners.majority", map[string]any{"class": 1}, &none)
	if err == nil || err.Error() != `learners.majority.class: unknown option "class": learners.majority takes none` {
		t.Errorf("an option of a learner without any: err = %v", err)
	}
}

// TestDefaultsStayPut: decoding over a pointer's default copies it first,
// so a section's defaults are not changed through it.
func TestDefaultsStayPut(t *testing.T) {
	type withPtr struct {
		S *sub `mapstructure:"s"`
	}
	shared := &sub{K: 1, W: "a"}
	r := withPtr{S: shared}
	if err := Map("x", map[string]any{"s": map[string]any{"k": 9}}, &r); err != nil {
		t.Fatal(err)
	}
	if *shared != (sub{K: 1, W: "a"}) || *r.S != (sub{K: 9, W: "a"}) {
		t.Errorf("default %+v, decoded %+v; want the default untouched and {9 a}", *shared, *r.S)
	}
}

func TestShow(t *testing.T) {
	for _, tc := range []struct {
		in   any
		want string
	}{
		{"a b", `"a b"`}, {nil, "null"}, {3, "3"}, {2.5, "2.5"}, {1e17, "1e+17"}, {true, "true"},
		{[]any{1, "x"}, `[1, "x"]`}, {map[string]any{"b": 1, "a": []any{}}, "{a: [], b: 1}"},
	} {
		if got := Show(tc.in); got != tc.want {
			t.Errorf("Show(%#v) = %s; want %s", tc.in, got, tc.want)
		}
	}
}
