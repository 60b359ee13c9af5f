// Package deploy holds the cluster manifests (kubernetes/indexed-job.yaml,
// slurm/array.sh) and the tests that check them; it has no Go code of its
// own.
package deploy
