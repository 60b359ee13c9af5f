// Package validate checks deploy/kubernetes/*.yaml against the Kubernetes
// API's own Go types (k8s.io/api): every document decodes strictly into
// the type of its kind as the API server decodes it (sigs.k8s.io/json:
// case-sensitive names, no unknown or duplicate field), so a misspelt
// field or a value of the wrong type fails. It is a module of its own so that the main module
// does not depend on k8s.io/api.
package validate

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// kinds are the objects the manifests may hold, by apiVersion/kind.
var kinds = map[string]func() any{
	"batch/v1/Job":             func() any { return &batchv1.Job{} },
	"batch/v1/CronJob":         func() any { return &batchv1.CronJob{} },
	"v1/PersistentVolumeClaim": func() any { return &corev1.PersistentVolumeClaim{} },
	"v1/ConfigMap":             func() any { return &corev1.ConfigMap{} },
}

func TestManifestsDecodeStrictly(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "kubernetes", "*.yaml"))
	if len(files) == 0 {
		t.Fatal("no manifests in ../kubernetes")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, doc := range bytes.Split(data, []byte("\n---\n")) {
			var head struct {
				APIVersion string `json:"apiVersion"`
				Kind       string `json:"kind"`
			}
			if err := yaml.Unmarshal(doc, &head); err != nil {
				t.Fatalf("%s document %d: %v", f, i+1, err)
			}
			mk, ok := kinds[head.APIVersion+"/"+head.Kind]
			if !ok {
				t.Errorf("%s document %d: %s %s is not a kind this test knows", f, i+1, head.APIVersion, head.Kind)
				continue
			}
			obj := mk()
			js, err := yaml.YAMLToJSON(doc)
			if err != nil {
				t.Fatalf("%s document %d: %v", f, i+1, err)
			}
			// As the API server decodes: field names case-sensitive, no
			// unknown or duplicate fields.
			strict, err := kjson.UnmarshalStrict(js, obj)
			if err != nil {
				t.Errorf("%s document %d (%s): %v", f, i+1, head.Kind, err)
			}
			for _, e := range strict {
				t.Errorf("%s document %d (%s): %v", f, i+1, head.Kind, e)
			}
			if job, ok := obj.(*batchv1.Job); ok {
				checkJob(t, f, job)
			}
			if cj, ok := obj.(*batchv1.CronJob); ok {
				checkJob(t, f, &batchv1.Job{ObjectMeta: cj.ObjectMeta, Spec: cj.Spec.JobTemplate.Spec})
				if len(strings.Fields(cj.Spec.Schedule)) != 5 {
					t.Errorf("%s: cronjob %s: schedule %q is not five cron fields", f, cj.Name, cj.Spec.Schedule)
				}
			}
		}
	}
}

// checkJob checks what the API server would refuse of a Job that the
// types alone accept.
func checkJob(t *testing.T, file string, job *batchv1.Job) {
	s := job.Spec
	if s.BackoffLimitPerIndex != nil && (s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion) {
		t.Errorf("%s: job %s: backoffLimitPerIndex needs completionMode Indexed", file, job.Name)
	}
	if s.BackoffLimitPerIndex != nil && s.Template.Spec.RestartPolicy != corev1.RestartPolicyNever {
		t.Errorf("%s: job %s: backoffLimitPerIndex needs restartPolicy Never", file, job.Name)
	}
	if s.CompletionMode != nil && *s.CompletionMode == batchv1.IndexedCompletion && s.Completions == nil {
		t.Errorf("%s: job %s: an Indexed Job needs completions", file, job.Name)
	}
	for _, c := range append(s.Template.Spec.InitContainers, s.Template.Spec.Containers...) {
		if c.Image == "" || strings.TrimSpace(c.Name) == "" {
			t.Errorf("%s: job %s: a container without name or image", file, job.Name)
		}
		for _, m := range c.VolumeMounts {
			found := false
			for _, v := range s.Template.Spec.Volumes {
				found = found || v.Name == m.Name
			}
			if !found {
				t.Errorf("%s: job %s: container %s mounts volume %q, which the pod does not declare", file, job.Name, c.Name, m.Name)
			}
		}
	}
}
