// Package pipeline turns a config into a deterministic plan of tasks and
// runs it: workers, shards, chunked part files, resume and the manifest.
//
// A study is one descriptor (Study) in the table studies (studies.go, one
// file per study: oracle_study.go, benchmark_study.go, cost_study.go): its
// name, its config section and the section's defaults, its default
// learners and outputs, how the section resolves and how the study is
// built into a flow.Study, a plan and the nodes its stages export. The
// config layer (Load, Config and its JSON, the keys and their defaults)
// and the executor loop over the table and hold no case of their own for
// any study.
//
// A task is one oracle and one dataset drawn from it; every configured
// learner is trained on that dataset, so learners are compared on identical
// data. Tasks are numbered in plan order; that number is the task's
// dataset_id and oracle_id. A chunk is a fixed run of Config.Chunk
// consecutive tasks and the unit of output: each table gets one part file
// per chunk, written atomically, so chunk boundaries never depend on
// timing and --resume redoes exactly the chunks whose parts are missing.
// Shard i of n owns the chunks c with c mod n = i.
//
// All randomness of a task comes from generators seeded by (run seed, task
// key), so results depend neither on the number of workers nor on the
// order in which tasks finish. Stages are connected either in memory
// (Run) or through the Parquet tables of a run folder (RunStage); both
// give byte-identical deterministic tables.
package pipeline
