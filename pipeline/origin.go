package pipeline

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/viper"

	"github.com/dtbench/dtbench/input"
)

// Where a config value came from, as messages name it: the file (-c), a
// layer above it (--set, a DTBENCH_ variable), the quick config built into
// the binary (no -c), or the built-in defaults.
const (
	builtinConfig   = "built-in quick config"
	builtinDefaults = "built-in defaults"
)

// origin knows, for every key of a loaded config, the layer that gave its
// value; Load makes it, and the Config keeps it so that an error found
// when the run starts (a dataset's select against its attributes, a test
// cost against the data) names its source too.
type origin struct {
	v    *viper.Viper      // the layered config; nil for a config from a run folder
	file string            // the config file, builtinConfig, or the run folder's record
	sets map[string]string // keys set above the file: "--set" or the variable
}

// of returns where key's value came from: the highest layer that set it
// or a key above it (a section given whole, a list whose entry it is);
// for a key no layer set, the built-in defaults when it has one, else the
// config file, which then lacks it.
func (o *origin) of(key string) string {
	if o == nil {
		return ""
	}
	key = strings.ToLower(key)
	if o.v == nil {
		return o.file
	}
	for k := key; k != ""; k = parentKey(k) {
		if s, ok := o.sets[k]; ok {
			return s
		}
		// A section's keys are layered one by one: a file that gives the
		// section need not give this key.
		if o.v.InConfig(k) && !isSection(k) {
			return o.file
		}
		if _, isMap := o.v.Get(k).(map[string]any); isScalarSection(k) && o.v.InConfig(k) && !isMap {
			return o.file // the section's shorthand, given as a scalar
		}
	}
	for k := key; k != ""; k = parentKey(k) {
		if hasDefault(k) {
			return builtinDefaults
		}
	}
	return o.file
}

// rank orders sources from the built-in defaults (0) to --set (4), so that
// a problem of several keys names the one the user gave last.
func (o *origin) rank(source string) int {
	switch {
	case source == "--set":
		return 4
	case strings.HasPrefix(source, "DTBENCH_"):
		return 3
	case source == builtinDefaults:
		return 0
	case source == builtinConfig:
		return 1
	}
	return 2
}

// pick returns, of the keys a problem depends on, the one whose value
// came from the highest layer (the first of them on a tie).
func (o *origin) pick(keys ...string) string {
	best := keys[0]
	for _, k := range keys[1:] {
		if o.rank(o.of(k)) > o.rank(o.of(best)) {
			best = k
		}
	}
	return best
}

// pickFunc returns o.pick; nil without an origin.
func (o *origin) pickFunc() func(keys ...string) string {
	if o == nil {
		return nil
	}
	return o.pick
}

// given returns every key a user layer set (the file, unless it is the
// built-in quick config; --set; the environment), sorted.
func (o *origin) given() []string {
	var keys []string
	for k := range o.sets {
		keys = append(keys, k)
	}
	if o.file != builtinConfig {
		for _, k := range o.v.AllKeys() {
			if o.v.InConfig(k) {
				keys = append(keys, k)
			}
		}
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// checkStudyKeys refuses a key of another study's section that the user
// gave (a run of study ignores it), naming the key, its source and both
// studies. The sections of the built-in quick config never trip it.
func (o *origin) checkStudyKeys(study string) error {
	for _, k := range o.given() {
		top, _, _ := strings.Cut(k, ".")
		if top != study && slices.Contains(StudyNames(), top) {
			return &input.Error{File: o.of(k), Key: k,
				Err: fmt.Errorf("a key of the %s study, which a run of study %s would ignore: remove it, or set study: %s", top, study, top)}
		}
	}
	return nil
}

// blame fills in the source of the bad config key in err when it names
// none: an *input.Error with a config key and no file.
func (o *origin) blame(err error) error {
	var ie *input.Error
	if o == nil || !errors.As(err, &ie) || ie.File != "" || !isConfigKey(ie.Key) {
		return err
	}
	before := ie.Error()
	ie.File = o.of(ie.Key)
	if err == error(ie) {
		return err
	}
	// An error that wraps it (fmt.Errorf's "dataset %s: %w") fixed its
	// message when it wrapped: put the source in place there too.
	return &sourced{msg: strings.Replace(err.Error(), before, ie.Error(), 1), err: err}
}

// sourced is an error whose message blame rewrote.
type sourced struct {
	msg string
	err error
}

func (e *sourced) Error() string { return e.msg }
func (e *sourced) Unwrap() error { return e.err }

// isConfigKey reports whether key lies in the config (its first element
// is a key or section of the config), not a flag or a variable.
func isConfigKey(key string) bool {
	top := strings.ToLower(key)
	if i := strings.IndexAny(top, ".["); i >= 0 {
		top = top[:i]
	}
	return top != "" && (isKnown(top) || isSection(top))
}

// parentKey returns the key one level up ("" at the top): the list of an
// entry (benchmark.datasets[0] → benchmark.datasets), else the section.
func parentKey(key string) string {
	if strings.HasSuffix(key, "]") {
		if i := strings.LastIndexByte(key, '['); i > 0 {
			return key[:i]
		}
	}
	i := strings.LastIndexByte(key, '.')
	if i < 0 {
		return ""
	}
	return key[:i]
}
