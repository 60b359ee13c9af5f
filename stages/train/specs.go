package train

import (
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/decode"
	"github.com/dtbench/dtbench/stages/train/external"
)

// ParseSpecs reads the config key learners: a list whose entries are a
// learner name ("id3"), a one-key map from a name to its options
// ({c45: {pruning: none}}), or an external learner
// ({external: {name: …, command: […], timeout: 30s}}, see
// external.ParseSpec). The option repetitions, which every learner takes,
// goes to Spec.Repetitions, and datasets (a list of benchmark dataset
// names) to Spec.Datasets; the others are the learner's own and are
// checked when the learner is built (New).
func ParseSpecs(raw []any) ([]Spec, error) {
	var out []Spec
	for i, e := range raw {
		switch x := e.(type) {
		case string:
			out = append(out, Spec{Name: x})
		case map[string]any:
			if len(x) != 1 {
				return nil, input.Keyf("learners", "entry %d: want {name: {option: value}}, got %d keys", i, len(x))
			}
			if ext, ok := x["external"]; ok {
				spec, err := parseExternal(ext)
				if err != nil {
					return nil, err
				}
				out = append(out, spec)
				continue
			}
			for name, opts := range x {
				spec := Spec{Name: name}
				if opts != nil {
					m, ok := opts.(map[string]any)
					if !ok {
						return nil, input.Keyf("learners."+name, "options must be a map, got %v", opts)
					}
					spec.Options = map[string]any{}
					for k, v := range m {
						if k == "repetitions" {
							n, ok := decode.Int(v)
							if !ok {
								return nil, input.Keyf("learners."+name+".repetitions", "want an integer, got %v", v)
							}
							spec.Repetitions = n
							continue
						}
						if k == "datasets" {
							names, ok := stringList(v)
							if !ok {
								return nil, input.Keyf("learners."+name+".datasets", "want a list of dataset names, got %v", v)
							}
							spec.Datasets = names
							continue
						}
						spec.Options[k] = v
					}
				}
				out = append(out, spec)
			}
		default:
			return nil, input.Keyf("learners", "entry %d: want a name or {name: options}, got %v", i, e)
		}
	}
	return out, nil
}

// parseExternal reads an external learner's map: the keys every learner
// takes (repetitions, datasets) and the external ones.
func parseExternal(v any) (Spec, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return Spec{}, input.Keyf("learners.external", "want {name: ..., command: [...]}, got %v", v)
	}
	rest := map[string]any{}
	var spec Spec
	for k, val := range m {
		switch k {
		case "repetitions":
			n, ok := decode.Int(val)
			if !ok {
				return Spec{}, input.Keyf("learners.external.repetitions", "want an integer, got %v", val)
			}
			spec.Repetitions = n
		case "datasets":
			names, ok := stringList(val)
			if !ok {
				return Spec{}, input.Keyf("learners.external.datasets", "want a list of dataset names, got %v", val)
			}
			spec.Datasets = names
		default:
			rest[k] = val
		}
	}
	name, ext, err := external.ParseSpec(rest)
	if err != nil {
		return Spec{}, err
	}
	spec.Name, spec.External = name, &ext
	return spec, nil
}

// stringList returns v as a list of strings: a list of strings, or one
// string.
func stringList(v any) ([]string, bool) {
	switch x := v.(type) {
	case string:
		return []string{x}, true
	case []any:
		out := make([]string, len(x))
		for i, e := range x {
			s, ok := e.(string)
			if !ok {
				return nil, false
			}
			out[i] = s
		}
		return out, true
	}
	return nil, false
}

// CheckSpecs checks a learner list without building the learners: not
// empty, no learner twice, no negative repetitions option.
func CheckSpecs(specs []Spec) error {
	if len(specs) == 0 {
		return input.Keyf("learners", "must list at least one learner")
	}
	seen := map[string]bool{}
	for _, spec := range specs {
		if seen[spec.Name] {
			return input.Keyf("learners", "learner %q listed twice", spec.Name)
		}
		seen[spec.Name] = true
		if spec.Repetitions < 0 {
			return input.Keyf("learners."+spec.Name+".repetitions", "must be >= 0, got %d", spec.Repetitions)
		}
	}
	return nil
}
