// Package configs holds dtbench's YAML configs: quick.yaml (the default,
// built into the binary) and the papers' experiments.
package configs

import _ "embed"

// Quick is the built-in default config.
//
//go:embed quick.yaml
var Quick []byte
