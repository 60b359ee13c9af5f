package decode

import (
	"errors"
	"strings"
	"testing"
)

// word is a section that also takes a scalar: its word.
type word struct {
	Word  string `mapstructure:"word"`
	Count int    `mapstructure:"count"`
}

func (w *word) SetScalar(v any) error {
	s, ok := v.(string)
	if !ok {
		return errors.New("want a word or {word, count}")
	}
	w.Word = s
	return nil
}

// plain is a section that takes no scalar.
type plain struct {
	Count int `mapstructure:"count"`
}

type holder struct {
	W word  `mapstructure:"w"`
	P plain `mapstructure:"p"`
}

// TestScalarSection: a section whose type implements Scalar takes a
// scalar (its shorthand) or a map, through Map and through Fields, over
// its defaults; any other section refuses a scalar; a scalar SetScalar
// refuses is an error keyed by the section.
func TestScalarSection(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  map[string]any
		want holder
		err  string
	}{
		{"scalar", map[string]any{"w": "none"}, holder{W: word{"none", 2}}, ""},
		{"map", map[string]any{"w": map[string]any{"word": "x", "count": 5}}, holder{W: word{"x", 5}}, ""},
		{"refused scalar", map[string]any{"w": 3}, holder{}, "s.w: want a word or {word, count}"},
		{"no shorthand", map[string]any{"p": "none"}, holder{}, `s.p: want a section of keys, got "none"`},
	} {
		for _, via := range []string{"Map", "Fields"} {
			t.Run(tc.name+"/"+via, func(t *testing.T) {
				h := holder{W: word{Count: 2}}
				var err error
				if via == "Map" {
					err = Map("s", tc.src, &h)
				} else {
					err = Fields(&h, "s.", func(k string) any { return lookup(tc.src, strings.TrimPrefix(k, "s.")) }, func(string) string { return "" })
				}
				if tc.err != "" {
					if err == nil || !strings.Contains(err.Error(), tc.err) {
						t.Fatalf("err = %v; want %q", err, tc.err)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if h != tc.want {
					t.Errorf("got %+v; want %+v", h, tc.want)
				}
			})
		}
	}
}

// lookup gets a dotted key from nested maps, as viper's Get does.
func lookup(m map[string]any, key string) any {
	var v any = m
	for _, k := range strings.Split(key, ".") {
		mm, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = mm[k]
	}
	return v
}
