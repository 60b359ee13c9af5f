package pipeline

import "testing"

func TestChunksCoverThePlanOnceAcrossShards(t *testing.T) {
	tasks := make([]Task, 103)
	for i := range tasks {
		tasks[i].ID = int64(i)
	}
	for _, shards := range []int{1, 2, 3, 7} {
		seen := make([]int, len(tasks))
		for s := range shards {
			for _, c := range Chunks(tasks, 10, Shard{s, shards}) {
				if c.Index%shards != s {
					t.Errorf("shard %d/%d got chunk %d", s, shards, c.Index)
				}
				if int(c.Tasks[0].ID) != c.Index*10 {
					t.Errorf("chunk %d starts at task %d", c.Index, c.Tasks[0].ID)
				}
				for _, task := range c.Tasks {
					seen[task.ID]++
				}
			}
		}
		for id, n := range seen {
			if n != 1 {
				t.Fatalf("%d shards: task %d covered %d times", shards, id, n)
			}
		}
	}
}

func TestTaskRandDependsOnlyOnSeedAndKey(t *testing.T) {
	a := TaskRand(1, "f10/d5/complete/q100/r0").Uint64()
	if b := TaskRand(1, "f10/d5/complete/q100/r0").Uint64(); a != b {
		t.Error("same seed and key gave different streams")
	}
	if b := TaskRand(2, "f10/d5/complete/q100/r0").Uint64(); a == b {
		t.Error("different seeds gave the same stream")
	}
	if b := TaskRand(1, "f10/d5/complete/q100/r1").Uint64(); a == b {
		t.Error("different keys gave the same stream")
	}
	if b := LearnerRand(1, "f10/d5/complete/q100/r0", "randomtree").Uint64(); a == b {
		t.Error("learner stream equals the data stream")
	}
}

func TestWiring(t *testing.T) {
	if err := checkWiring(stageDecls); err != nil {
		t.Fatal(err)
	}
	bad := []stageDecl{{"a", nil, []string{"x"}}, {"b", []string{"y"}, nil}}
	if checkWiring(bad) == nil {
		t.Error("missing input not detected")
	}
	dup := []stageDecl{{"a", nil, []string{"x"}}, {"b", nil, []string{"x"}}}
	if checkWiring(dup) == nil {
		t.Error("two producers not detected")
	}
	if got := (selection{StageEvaluate}).needsFromDisk(); len(got) != 3 {
		t.Errorf("evaluate alone needs %v from disk", got)
	}
	if got := (selection{StageGenerate, StageTrain, StageEvaluate}).needsFromDisk(); len(got) != 0 {
		t.Errorf("run needs %v from disk", got)
	}
}
