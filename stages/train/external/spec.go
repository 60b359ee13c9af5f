package external

import (
	"fmt"
	"time"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/decode"
)

// Defaults of an external learner's options.
const (
	// DefaultTimeout bounds a fit, and the handshake of a new process (a
	// JVM or an import of scikit-learn takes a second or two).
	DefaultTimeout     = 60 * time.Second
	DefaultMaxFailures = 5
	// DefaultMaxReply bounds a reply line: a tree of a million nodes in
	// the parallel-array form takes about 15 MB, the space's 2^20
	// predictions about 2 MB, probabilities of 100,000 held-out rows of
	// two classes about 4 MB.
	DefaultMaxReply = 32 << 20
)

// MaxSpace is the largest input space (Π_f Z_f) that a fit request asks
// the adapter to predict whole, so that agreement with an oracle is exact
// for a learner that returns predictions only.
const MaxSpace = 1 << 20

// Spec is an external learner as config gives it:
//
//	external: {name: sklearn-entropy, command: [python3, adapters/sklearn/dtbench_sklearn.py], timeout: 30s, max_failures: 5, max_reply: 64MiB}
//
// The name is train.Spec's. The command runs in dtbench's working
// directory, as a shell would run it (relative paths are not relative to
// the config file, so the README's example works from the repository
// root).
type Spec struct {
	Command []string `json:"command"`
	// Timeout bounds one fit (request, adapter's work, reply) and the
	// handshake of each new process.
	Timeout Duration `json:"timeout"`
	// MaxFailures consecutive failed fits of the learner stop the run.
	MaxFailures int `json:"max_failures"`
	// MaxReply bounds a reply line, in bytes; 0 for DefaultMaxReply. A
	// longer reply is not read past it: the fit is a bad_reply and the
	// process is replaced. (0 is not written, so that a manifest of a run
	// that did not set it reads as the default.)
	MaxReply int64 `json:"max_reply,omitempty"`
}

// maxReply is the reply cap in effect.
func (s Spec) maxReply() int {
	if s.MaxReply > 0 {
		return int(min(s.MaxReply, 1<<40))
	}
	return DefaultMaxReply
}

// Duration is a time.Duration that reads and writes as Go's duration
// text ("30s", "1m30s"), as config writes it, also in the manifest.
type Duration time.Duration

// MarshalText writes the duration as time.Duration.String does.
func (d Duration) MarshalText() ([]byte, error) { return []byte(time.Duration(d).String()), nil }

// UnmarshalText reads a duration as time.ParseDuration does.
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return err
	}
	*d = Duration(v)
	return nil
}

// ParseSpec reads the map under an external key: name, command, timeout,
// max_failures, max_reply; the caller has taken out the keys every learner takes
// (repetitions). Errors are *input.Error values keyed
// "learners.external.<key>" (or "learners.<name>.<key>" once the name is
// known).
func ParseSpec(raw map[string]any) (name string, s Spec, err error) {
	key := func(k string) string {
		if name != "" {
			return "learners." + name + "." + k
		}
		return "learners.external." + k
	}
	n, ok := raw["name"].(string)
	if !ok || n == "" {
		return "", Spec{}, input.Keyf(key("name"), "an external learner needs a name (a non-empty string), got %v", raw["name"])
	}
	name = n
	s = Spec{Timeout: Duration(DefaultTimeout), MaxFailures: DefaultMaxFailures}
	for k, v := range raw {
		switch k {
		case "name":
		case "command":
			list, ok := v.([]any)
			if !ok || len(list) == 0 {
				return "", Spec{}, input.Keyf(key(k), "want a non-empty list: [program, arguments...], got %v", v)
			}
			for i, e := range list {
				str, ok := e.(string)
				if !ok {
					// A number in a command line means its text ("-C 0.5").
					if e == nil {
						return "", Spec{}, input.Keyf(key(k), "entry %d is empty", i)
					}
					str = fmt.Sprint(e)
				}
				if i == 0 && str == "" {
					return "", Spec{}, input.Keyf(key(k), "the program name is empty")
				}
				s.Command = append(s.Command, str)
			}
		case "timeout":
			str, ok := v.(string)
			if !ok {
				return "", Spec{}, input.Keyf(key(k), "want a duration such as 30s or 2m, got %v", v)
			}
			d, err := time.ParseDuration(str)
			if err != nil || d <= 0 {
				return "", Spec{}, input.Keyf(key(k), "want a positive duration such as 30s or 2m, got %q", str)
			}
			s.Timeout = Duration(d)
		case "max_failures":
			f, ok := decode.Int(v)
			if !ok || f < 1 {
				return "", Spec{}, input.Keyf(key(k), "want an integer >= 1, got %v", v)
			}
			s.MaxFailures = f
		case "max_reply":
			n, ok := decode.Size(v)
			if !ok || n < 1024 {
				return "", Spec{}, input.Keyf(key(k), "want a size of at least 1KiB, such as 64MiB or 1GB, got %v", v)
			}
			s.MaxReply = n
		default:
			return "", Spec{}, input.Keyf(key(k), "unknown key (known: name, command, timeout, max_failures, max_reply, repetitions)")
		}
	}
	if len(s.Command) == 0 {
		return "", Spec{}, input.Keyf(key("command"), "required: [program, arguments...]")
	}
	return name, s, nil
}
