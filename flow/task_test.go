package flow

import "testing"

func TestChunksCoverThePlanOnceAcrossShards(t *testing.T) {
	plan := &Plan{Cells: []string{"a", "b", "c"}, Reps: 34, Seed: 1} // 102 tasks
	for _, shards := range []int{1, 2, 3, 7} {
		seen := make([]int, plan.Len())
		for s := range shards {
			shard := Shard{Index: s, Count: shards}
			for i := range plan.Chunks(10) {
				if !shard.Owns(i) {
					continue
				}
				c := plan.Chunk(i, 10)
				if c.First != int64(i)*10 {
					t.Errorf("chunk %d starts at task %d", i, c.First)
				}
				for _, task := range c.Tasks(plan) {
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
	if n := plan.Chunks(10); n != 11 {
		t.Errorf("102 tasks in chunks of 10: %d chunks, want 11", n)
	}
	if last := plan.Chunk(10, 10); last.Len != 2 {
		t.Errorf("last chunk has %d tasks, want 2", last.Len)
	}
}

func TestPlanOrderAndKeys(t *testing.T) {
	plan := &Plan{Cells: []string{"f10/d5/complete/q100", "f10/d5/complete/q200"}, Reps: 3}
	want := []struct {
		key       string
		cell, rep int
	}{
		{"f10/d5/complete/q100/r0", 0, 0}, {"f10/d5/complete/q100/r1", 0, 1}, {"f10/d5/complete/q100/r2", 0, 2},
		{"f10/d5/complete/q200/r0", 1, 0}, {"f10/d5/complete/q200/r1", 1, 1}, {"f10/d5/complete/q200/r2", 1, 2},
	}
	if plan.Len() != int64(len(want)) {
		t.Fatalf("Len = %d, want %d", plan.Len(), len(want))
	}
	for i, w := range want {
		got := plan.Task(int64(i))
		if got.ID != int64(i) || got.Key != w.key || got.Cell != w.cell || got.Rep != w.rep {
			t.Errorf("Task(%d) = %+v, want key %s cell %d rep %d", i, got, w.key, w.cell, w.rep)
		}
	}
}

func TestTaskRandDependsOnlyOnSeedAndKey(t *testing.T) {
	task := func(seed uint64, key string) *Task { return &Task{Key: key, seed: seed} }
	a := task(1, "f10/d5/complete/q100/r0").Rand().Uint64()
	if b := task(1, "f10/d5/complete/q100/r0").Rand().Uint64(); a != b {
		t.Error("same seed and key gave different streams")
	}
	if b := task(2, "f10/d5/complete/q100/r0").Rand().Uint64(); a == b {
		t.Error("different seeds gave the same stream")
	}
	if b := task(1, "f10/d5/complete/q100/r1").Rand().Uint64(); a == b {
		t.Error("different keys gave the same stream")
	}
	if b := task(1, "f10/d5/complete/q100/r0").LearnerRand("randomtree").Uint64(); a == b {
		t.Error("learner stream equals the data stream")
	}
	// The plan's tasks carry its seed.
	p := &Plan{Cells: []string{"f10/d5/complete/q100"}, Reps: 1, Seed: 1}
	if pt := p.Task(0); pt.Rand().Uint64() != a {
		t.Error("a plan's task does not draw from (plan seed, task key)")
	}
}
