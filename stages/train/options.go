package train

import (
	"errors"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/decode"
)

// Option structs follow one convention, so learners in subpackages (which
// do not import train) can define theirs:
//
//   - a struct value with a `mapstructure:"name"` tag per option, in
//     snake_case, as the option is spelt in config;
//   - the registry entry holds the defaults, and config values are decoded
//     over a copy of them;
//   - a Validate() error method that returns an *input.Error whose Key is
//     the bare option name (input.Keyf("min_leaf", "must be >= 1, got %d", v));
//     the registry prefixes it with "learners.<learner>.".

// decodeOptions decodes the config options of learner name over dst (which
// holds the defaults), one option at a time and in sorted order, so every
// error names its option (learners.<name>.<option>): an unknown option, a
// value of the wrong type or a fractional number for an integer option.
// The rules are every config key's (internal/decode): "3" is not 3, true
// is not 1, and 90 is not the string "90".
func decodeOptions(name string, opts map[string]any, dst any) error {
	return decode.MapOf("option", "learners."+name, opts, dst)
}

// optionKey returns the config key of option opt of learner name.
func optionKey(name, opt string) string { return "learners." + name + "." + opt }

// validateOptions runs an option struct's Validate and gives the error
// its full config key: an *input.Error keyed by a bare option name becomes
// "learners.<name>.<option>", and any other error is keyed by the learner.
func validateOptions(name string, o interface{ Validate() error }) error {
	err := o.Validate()
	if err == nil {
		return nil
	}
	var ie *input.Error
	if errors.As(err, &ie) {
		out := *ie
		if out.Key == "" {
			out.Key = "learners." + name
		} else {
			out.Key = optionKey(name, out.Key)
		}
		return &out
	}
	return &input.Error{Key: "learners." + name, Err: err}
}
