// Package decode is dtbench's one decoder of config values: the config's
// keys (pipeline.Load reads them through viper's layers), the sections
// given as maps inside them (a dataset entry, a costs section, a scenario)
// and the learners' options all go through it, with one rule set and one
// wording. A section is a struct whose `mapstructure:"name"` tags are its
// keys (the tag of viper's ecosystem; `mapstructure:",squash"` makes an
// embedded struct's keys the section's own).
//
// The rules, for a value as YAML gives it (a --set value and a DTBENCH_
// variable are read as YAML too):
//
//   - An integer key takes a whole number within its type's range, written
//     as an integer (10, -3) or as a float without a fraction (1e6, 3.0)
//     within ±2^53, the integers a float holds exactly. It refuses a
//     fraction (2.5), a word ("ten", "3") and a boolean; an unsigned key
//     (seed) also refuses a negative number.
//   - A number key takes any finite number, integer or float; not a word,
//     a boolean, .inf or .nan.
//   - A string key takes a string and nothing else: a number or a boolean
//     is refused rather than spelt again (YAML reads 0123 as 83, 1_000 as
//     1000 and 1.50 as 1.5, so the text would not be the one written);
//     quote it: name: "2024", --set 'name="2024"'.
//   - A boolean key takes true or false, nothing else (not 1, not "yes").
//   - A list key takes a list, or a scalar as a one-element list: depths:
//     5 is depths: [5], learners: id3 is learners: [id3]. An entry is
//     named by its index: oracle.depths[1].
//   - A section takes a map of its keys, each one of the section's (in any
//     case, as viper matches keys) and given once; a map key
//     (map[string]…) takes a map; an open key (any) takes any value, whose
//     shape its section checks when it is resolved.
//   - A section whose type implements Scalar also takes one scalar, its
//     shorthand (discretize: none is discretize: {method: none}); any
//     other section refuses a scalar.
//   - A null leaves a key its default; a key of pointer type stays unset
//     (nil) unless given.
//
// Ranges (>= 1, a share in (0, 1)) are the sections' own checks. Errors
// are *input.Error values keyed by the full key, saying what was wanted
// and what was given: `want an integer, got "ten"`, `want a string, got
// 123 (a number); quote it to give it as text`, `unknown key "kk" (known:
// k, scheme, seed, allow_small_classes)`. Show writes a value as the messages
// do.
package decode
