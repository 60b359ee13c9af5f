package deploy

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/dtbench/dtbench/pipeline"
)

// manifest is the part of a Kubernetes object the tests read.
type manifest struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	Spec struct {
		CompletionMode       string `yaml:"completionMode"`
		Completions          *int   `yaml:"completions"`
		Parallelism          *int   `yaml:"parallelism"`
		BackoffLimitPerIndex *int   `yaml:"backoffLimitPerIndex"`
		Template             struct {
			Spec podSpec `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

type podSpec struct {
	RestartPolicy  string      `yaml:"restartPolicy"`
	InitContainers []container `yaml:"initContainers"`
	Containers     []container `yaml:"containers"`
	Volumes        []struct {
		Name                  string `yaml:"name"`
		PersistentVolumeClaim *struct {
			ClaimName string `yaml:"claimName"`
		} `yaml:"persistentVolumeClaim"`
	} `yaml:"volumes"`
}

type container struct {
	Name  string   `yaml:"name"`
	Image string   `yaml:"image"`
	Args  []string `yaml:"args"`
	Env   []struct {
		Name  string `yaml:"name"`
		Value string `yaml:"value"`
	} `yaml:"env"`
}

func (c container) env(name string) string {
	for _, e := range c.Env {
		if e.Name == name {
			return e.Value
		}
	}
	return ""
}

// readManifests parses every document of a YAML file.
func readManifests(t *testing.T, path string) map[string]manifest {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]manifest{}
	dec := yaml.NewDecoder(f)
	for {
		var m manifest
		err := dec.Decode(&m)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if m.APIVersion == "" || m.Kind == "" || m.Metadata.Name == "" {
			t.Fatalf("%s: a document without apiVersion, kind or name: %+v", path, m)
		}
		out[m.Kind+"/"+m.Metadata.Name] = m
	}
	return out
}

func TestIndexedJob(t *testing.T) {
	ms := readManifests(t, filepath.Join("kubernetes", "indexed-job.yaml"))
	shards, ok := ms["Job/dtbench-shards"]
	if !ok {
		t.Fatalf("no Job dtbench-shards in %v", ms)
	}
	s := shards.Spec
	if s.CompletionMode != "Indexed" {
		t.Errorf("completionMode %q; want Indexed", s.CompletionMode)
	}
	if s.Completions == nil || s.Parallelism == nil || *s.Completions != *s.Parallelism {
		t.Fatalf("completions %v and parallelism %v must be set and equal", s.Completions, s.Parallelism)
	}
	if s.BackoffLimitPerIndex == nil || *s.BackoffLimitPerIndex < 1 {
		t.Errorf("backoffLimitPerIndex %v; want retries per index", s.BackoffLimitPerIndex)
	}
	if s.Template.Spec.RestartPolicy != "Never" {
		t.Errorf("restartPolicy %q; backoffLimitPerIndex needs Never", s.Template.Spec.RestartPolicy)
	}
	run := s.Template.Spec.Containers[0]
	if n := run.env(pipeline.EnvShardCount); n != strconv.Itoa(*s.Completions) {
		t.Errorf("%s = %q; want the completions, %d", pipeline.EnvShardCount, n, *s.Completions)
	}
	if !slices.Contains(run.Args, "run") || !slices.Contains(run.Args, "--resume") {
		t.Errorf("shard args %v; want run with --resume (a retried pod keeps its complete chunks)", run.Args)
	}
	// The config the shards run must exist, and dtbench must accept the
	// pod's DTBENCH_ variables (an unknown one is an error).
	cfgFile := run.Args[slices.Index(run.Args, "-c")+1]
	local := filepath.Join("..", "configs", filepath.Base(cfgFile))
	var env []string
	for _, e := range run.Env {
		if strings.HasPrefix(e.Name, "DTBENCH_") {
			env = append(env, e.Name+"="+e.Value)
		}
	}
	cfg, err := pipeline.Load(pipeline.LoadOptions{File: local, Env: env})
	if err != nil {
		t.Fatalf("load %s with the pod's environment %v: %v", local, env, err)
	}

	report, ok := ms["Job/dtbench-report"]
	if !ok {
		t.Fatal("no report Job dtbench-report")
	}
	rs := report.Spec.Template.Spec
	wait, rep := rs.InitContainers[0], rs.Containers[0]
	if wait.env(pipeline.EnvShardCount) != run.env(pipeline.EnvShardCount) {
		t.Errorf("the report waits for %q shards; the Job runs %q", wait.env(pipeline.EnvShardCount), run.env(pipeline.EnvShardCount))
	}
	for _, c := range []container{wait, rep} {
		if c.env("NIGHT") != run.env("NIGHT") {
			t.Errorf("%s: NIGHT %q; the shards' is %q", c.Name, c.env("NIGHT"), run.env("NIGHT"))
		}
		if c.env("RUN_NAME") != cfg.Name {
			t.Errorf("%s: RUN_NAME %q; the config's name is %q", c.Name, c.env("RUN_NAME"), cfg.Name)
		}
	}
	if len(rep.Args) < 3 || rep.Args[0] != "report" || rep.Args[2] != "/runs/$(NIGHT)/$(RUN_NAME)" {
		t.Errorf("report args %v; want report --run /runs/$(NIGHT)/$(RUN_NAME)", rep.Args)
	}
	for _, job := range []manifest{shards, report} {
		for _, v := range job.Spec.Template.Spec.Volumes {
			if v.PersistentVolumeClaim != nil {
				if _, ok := ms["PersistentVolumeClaim/"+v.PersistentVolumeClaim.ClaimName]; !ok {
					t.Errorf("%s mounts claim %q, which the file does not declare", job.Metadata.Name, v.PersistentVolumeClaim.ClaimName)
				}
			}
		}
	}
}

func TestSlurmScriptParses(t *testing.T) {
	if out, err := exec.Command("bash", "-n", filepath.Join("slurm", "array.sh")).CombinedOutput(); err != nil {
		t.Fatalf("bash -n array.sh: %v: %s", err, out)
	}
}

// TestSlurmArrayRunsEveryShard runs array.sh against a stand-in sbatch
// that runs each job at once: three shards of the quick config, then the
// report, which must find every shard's parts.
func TestSlurmArrayRunsEveryShard(t *testing.T) {
	if testing.Short() {
		t.Skip("builds dtbench")
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "dtbench"), "github.com/dtbench/dtbench/cmd/dtbench")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v: %s", err, out)
	}
	sb, err := os.ReadFile(filepath.Join("testdata", "sbatch"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "sbatch"), sb, 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "runs")
	log := filepath.Join(t.TempDir(), "sbatch.log")
	cmd := exec.Command("bash", filepath.Join("slurm", "array.sh"), filepath.Join("..", "configs", "quick.yaml"), "3", out)
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "SBATCH_LOG="+log, "DTBENCH="+filepath.Join(bin, "dtbench"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		jobs, _ := os.ReadFile(log + ".out")
		t.Fatalf("array.sh: %v\nstdout %s\nstderr %s\njobs' output %s", err, stdout.String(), stderr.String(), jobs)
	}
	calls, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(calls)), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "--array=0-2") || !strings.Contains(lines[1], "--dependency=afterok:1001") {
		t.Errorf("sbatch calls:\n%s\nwant an array 0-2, then a report after job 1001", calls)
	}
	dir := filepath.Join(out, "quick")
	for _, name := range []string{"manifest-0-of-3.json", "manifest-2-of-3.json", "manifest.json", "report/report.md", "report/plots/doe-complete.png"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	if out, err := exec.Command(filepath.Join(bin, "dtbench"), "verify", dir).CombinedOutput(); err != nil {
		t.Errorf("verify the run: %v: %s", err, out)
	}
}

// TestNightlyScript runs nightly.sh for three nights of the quick config:
// the first has nothing to compare with, the second compares clean with
// the first, the third (whose c45 needs 60 rows a leaf) regresses and
// exits 1, with compare.md saying so; the CronJob runs the script on a
// config that exists.
func TestNightlyScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds dtbench")
	}
	if out, err := exec.Command("bash", "-n", "nightly.sh").CombinedOutput(); err != nil {
		t.Fatalf("bash -n nightly.sh: %v: %s", err, out)
	}
	bin := filepath.Join(t.TempDir(), "dtbench")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/dtbench/dtbench/cmd/dtbench").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v: %s", err, out)
	}
	root := filepath.Join(t.TempDir(), "nightly")
	night := func(date string, extra ...string) (int, string) {
		cmd := exec.Command("bash", append([]string{"nightly.sh", filepath.Join("..", "configs", "quick.yaml"), root}, extra...)...)
		cmd.Env = append(os.Environ(), "DTBENCH="+bin, "NIGHT="+date)
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode(), string(out)
		} else if err != nil {
			t.Fatalf("nightly.sh: %v", err)
		}
		return 0, string(out)
	}
	if code, out := night("2026-01-01"); code != 0 || !strings.Contains(out, "nothing to compare") {
		t.Fatalf("first night: exit %d: %s", code, out)
	}
	if code, out := night("2026-01-02"); code != 0 || !strings.Contains(out, "0 regressed") {
		t.Fatalf("second night: exit %d: %s", code, out)
	}
	hurt := "learners=[id3, {c45: {pruning: none, min_leaf: 60}}, {cart: {pruning: none}}, randomtree, exact, naivebayes, intuitive, majority, random]"
	code, out := night("2026-01-03", "--set", hurt)
	if code != 1 || !strings.Contains(out, "rows regressed from "+filepath.Join(root, "2026-01-02", "quick")) {
		t.Fatalf("third night: exit %d, want 1 against the second night: %s", code, out)
	}
	md, err := os.ReadFile(filepath.Join(root, "2026-01-03", "compare-quick", "compare.md"))
	if err != nil || !strings.Contains(string(md), "**Verdict: 12 regressions, 0 improvements.**") {
		t.Errorf("compare.md (%v):\n%s", err, md)
	}

	data, err := os.ReadFile(filepath.Join("kubernetes", "nightly-cronjob.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var cj struct {
		Kind string `yaml:"kind"`
		Spec struct {
			JobTemplate struct {
				Spec struct {
					Template struct {
						Spec struct {
							Containers []struct {
								Command []string `yaml:"command"`
							} `yaml:"containers"`
						} `yaml:"spec"`
					} `yaml:"template"`
				} `yaml:"spec"`
			} `yaml:"jobTemplate"`
		} `yaml:"spec"`
	}
	if err := yaml.Unmarshal(data, &cj); err != nil || cj.Kind != "CronJob" || len(cj.Spec.JobTemplate.Spec.Template.Spec.Containers) != 1 {
		t.Fatalf("nightly-cronjob.yaml: %v, %+v", err, cj)
	}
	command := cj.Spec.JobTemplate.Spec.Template.Spec.Containers[0].Command
	if len(command) != 4 || command[0] != "bash" || filepath.Base(command[1]) != "nightly.sh" {
		t.Fatalf("the CronJob runs %v, want bash nightly.sh CONFIG ROOT", command)
	}
	if _, err := pipeline.Load(pipeline.LoadOptions{File: filepath.Join("..", "configs", filepath.Base(command[2]))}); err != nil {
		t.Errorf("the CronJob's config %s: %v", command[2], err)
	}
}
