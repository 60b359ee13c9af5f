// Package pipeline turns a config into a deterministic plan of tasks and
// runs it: workers, shards, chunked part files, resume and the manifest.
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
