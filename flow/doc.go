// Package flow is the contract between dtbench's stages and the executor
// that runs them (package pipeline): a study's plan of tasks, the task a
// stage works on, and the nodes a stage exports.
//
// It follows Kedro's node(func, inputs, outputs), typed:
//
//   - A study is a Plan (cells × repetitions, in a fixed order) plus
//     Nodes, one or more per stage, in pipeline order (Study).
//   - A Node declares the slots of the catalog (package schemas) it reads
//     and writes and runs either once per task (Run gets the task and the
//     task's bag of records) or once per run, after every task (PerRun: the
//     report, reading every part of a table).
//   - Records move between nodes in a schemas.Bag: in memory when the
//     nodes run in one command, through the Parquet tables of a run folder
//     when they run one stage at a time. Both give identical tables: a node
//     sees the same records either way. The slots that live only in memory
//     are declared here (memory.go: a task's Fits, Splits, Holdouts and
//     TaskCosts, the TimingLog, the RunInfo of a per-run node), with their
//     record types (Fit, Split, RunStats); the tables are schemas'. A
//     memory slot is rebuilt, when its producer does not run, by the
//     producer's Reload from the tables it wrote.
//   - The executor checks the wiring of the nodes it is about to run
//     before any work starts (CheckWiring): every slot read has a producer
//     that runs earlier or tables on disk to read it from, and no slot has
//     two producers.
//
// A task's randomness comes only from generators seeded by (run seed, task
// key) — Task.Rand, Task.LearnerRand — so results depend neither on the
// number of workers nor on sharding. Cells are typed by their study: a task
// carries the index of its cell, and a study's nodes look the typed cell up
// in the study's own cell list.
package flow
