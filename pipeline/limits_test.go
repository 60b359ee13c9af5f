package pipeline

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
)

// TestFootprintMemory checks the estimate against its definition computed
// task by task: the base and the shared tables, and gcHeadroom times the
// live data at its peak, a task per worker in flight (at most a chunk's),
// the two consecutive chunks that hold the most, the biggest writer's
// layout and, for a staged command, the chunk that takes the most to
// read; on random grids of cells with random figures.
func TestFootprintMemory(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		cells, reps, chunk, workers := 1+rng.IntN(9), 1+rng.IntN(7), 1+rng.IntN(12), 1+rng.IntN(4)
		reads := trial%2 == 1
		fig := make([]flow.TaskFootprint, cells)
		for i := range fig {
			fig[i] = flow.TaskFootprint{Work: float64(rng.IntN(1000)), Held: float64(rng.IntN(1000)), Write: float64(rng.IntN(1000)),
				Read: float64(rng.IntN(1000)), Disk: float64(rng.IntN(10)), Cost: float64(rng.IntN(10))}
		}
		plan := flow.Plan{Cells: make([]string, cells), Reps: reps}
		fp := flow.Footprint{Tasks: plan.Len(), Shared: 7, Cell: func(i int) flow.TaskFootprint { return fig[i] },
			Describe: func(int) (string, string) { return "", "k" }}
		est, err := checkFootprint(fp, &plan, Limits{Tasks: 1 << 40, Memory: 1 << 40, Disk: 1 << 40}, chunk, workers, reads, nil)
		if err != nil {
			t.Fatal(err)
		}
		// By the definition, task by task.
		held, read := map[int64]float64{}, map[int64]float64{}
		var work, write, disk float64
		for id := range plan.Len() {
			f := fig[id/int64(reps)]
			held[id/int64(chunk)] += f.Held
			read[id/int64(chunk)] += f.Read
			work, write, disk = max(work, f.Work), max(write, f.Write), disk+f.Disk
		}
		pair, maxRead := 0.0, 0.0
		for c := range int64(len(held)) {
			pair = max(pair, held[c]+held[c+1])
			if reads {
				maxRead = max(maxRead, read[c])
			}
		}
		inFlight := float64(min(workers, chunk, int(plan.Len())))
		want := baseBytes + 7 + gcHeadroom*(inFlight*work+pair+write+maxRead)
		if math.Abs(est.memory-want) > 1e-6 || math.Abs(est.disk-disk) > 1e-6 {
			t.Fatalf("trial %d (%d cells × %d, chunk %d, %d workers): memory %v, disk %v; want %v, %v", trial, cells, reps, chunk, workers, est.memory, est.disk, want, disk)
		}
	}
}

// TestFootprintRefusal: a plan over limits.memory is refused naming the
// keys of what drives its biggest part (the held tasks, the tasks being
// computed or the writer), with the estimate and the limit; a pending
// footprint is not checked for memory.
func TestFootprintRefusal(t *testing.T) {
	plan := flow.Plan{Cells: []string{"small", "big"}, Reps: 4}
	describe := func(i int) (string, string) { return "cell " + plan.Cells[i], plan.Cells[i] + ".key, other" }
	for _, tc := range []struct {
		name string
		big  flow.TaskFootprint
		want string
	}{
		{"held", flow.TaskFootprint{Held: 1 << 30}, "holds 1.0 GiB until its chunk is written"},
		{"work", flow.TaskFootprint{Work: 4 << 30}, "needs 4.0 GiB while it is computed"},
		{"write", flow.TaskFootprint{Write: 16 << 30}, "needs 16.0 GiB to write its biggest tree"},
		{"read", flow.TaskFootprint{Read: 1 << 30}, "needs 1.0 GiB to read its records back from the run folder"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fp := flow.Footprint{Tasks: 8, Describe: describe, Cell: func(i int) flow.TaskFootprint {
				if i == 1 {
					return tc.big
				}
				return flow.TaskFootprint{Held: 1, Work: 1, Write: 1, Read: 1}
			}}
			_, err := checkFootprint(fp, &plan, Limits{Tasks: 100, Memory: 1 << 30, Disk: 1 << 40}, 4, 1, true, nil)
			var ie *input.Error
			if !errors.As(err, &ie) || ie.Key != "big.key" {
				t.Fatalf("checkFootprint = %v; want an input error for big.key", err)
			}
			for _, w := range []string{tc.want, "a task of big", "cell big", "limits.memory", "1.0 GiB", "change big.key, other, chunk or --workers"} {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("message %q lacks %q", err, w)
				}
			}
		})
	}
	pending := flow.Footprint{Tasks: 8, Pending: "the rows"}
	if est, err := checkFootprint(pending, &plan, Limits{Tasks: 100, Memory: 1, Disk: 1}, 4, 1, false, nil); err != nil || est.known {
		t.Errorf("a pending footprint: %+v, %v; want no estimate and no error", est, err)
	}
	if _, err := checkFootprint(pending, &plan, Limits{Tasks: 7, Memory: 1, Disk: 1}, 4, 1, false, nil); err == nil || !strings.Contains(err.Error(), fmt.Sprint(7)) {
		t.Errorf("a pending footprint of too many tasks: %v", err)
	}
}
