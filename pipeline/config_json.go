package pipeline

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// A Config's JSON (the manifest's and the journal's config, the record a
// staged command and dtbench verify read back) has the study's section
// under the study's name, between chunk and learners, as when each study
// had a field of its own: {"name": …, "chunk": 64, "oracle": {…},
// "learners": […], …}. The section's JSON is its descriptor's type's.

// plainConfig is Config without its JSON methods.
type plainConfig Config

// learnersKey is where the section goes: before the first key after
// chunk, which every Config's JSON has (learners is never omitted).
var learnersKey = []byte(`,"learners":`)

// MarshalJSON writes c with its section under the study's name.
func (c Config) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(plainConfig(c))
	if err != nil || c.Section == nil {
		return b, err
	}
	sec, err := json.Marshal(c.Section)
	if err != nil {
		return nil, fmt.Errorf("config section %s: %w", c.Study, err)
	}
	key, err := json.Marshal(c.Study)
	if err != nil {
		return nil, err
	}
	// A JSON string escapes its quotes, so the first ,"learners": is the key.
	i := bytes.Index(b, learnersKey)
	if i < 0 {
		panic("pipeline: a config's JSON without learners")
	}
	out := make([]byte, 0, len(b)+len(key)+len(sec)+2)
	out = append(out, b[:i]...)
	out = append(out, ',')
	out = append(out, key...)
	out = append(out, ':')
	out = append(out, sec...)
	return append(out, b[i:]...), nil
}

// UnmarshalJSON reads c and, for a study this dtbench knows, its section
// as the descriptor's type; an unknown study keeps no section (Validate
// names the study).
func (c *Config) UnmarshalJSON(b []byte) error {
	var p plainConfig
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*c = Config(p)
	d, ok := studies.lookup(c.Study)
	if !ok {
		return nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(b, &fields); err != nil {
		return err
	}
	raw, ok := fields[c.Study]
	if !ok || string(raw) == "null" {
		return nil
	}
	sec, err := d.decodeJSON(raw)
	if err != nil {
		return fmt.Errorf("config section %s: %w", c.Study, err)
	}
	c.Section = sec
	return nil
}
