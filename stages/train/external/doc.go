// Package external runs learners that live outside dtbench — scikit-learn,
// Weka, a researcher's own program — as long-lived processes that speak
// line-delimited JSON on their standard input and output. adapters/README.md
// is the protocol's reference for adapter authors; schemas/README.md
// documents the JSON tree format and which measures such a learner gets.
//
// Conventions, stated once:
//   - One process per worker and learner, never one per fit: a Learner
//     keeps a pool of idle processes (pool.go), takes one for a fit and
//     gives it back after, so there are never more processes than fits in
//     flight. Check starts the first one before any work, so that a
//     missing command or a failed handshake is bad input (an
//     *input.Error, exit status 2) and not a failed run.
//   - Every message is one JSON object on one line. dtbench writes
//     {"op":"hello"} and reads {"name","version"}; then one {"op":"fit"}
//     request per fit and one reply each. Closing the adapter's standard
//     input asks it to exit. Its standard error goes, line by line, to
//     dtbench's log.
//   - Codes travel as base64 of their bytes, row-major (row r's codes are
//     bytes r·m … r·m+m−1): decoding 30,000 codes takes scikit-learn's
//     adapter about 0.1 ms, against about 3 ms for nested JSON lists (see
//     the package benchmarks and adapters/README.md).
//   - The per-fit seed comes from the task's generator for the learner
//     (flow.Task.LearnerRand), so an adapter that is deterministic under
//     its seed gives the same tables for any number of workers.
//   - Faults are data: a fit that times out, a process that dies or a
//     reply that does not parse kills the process (the next fit starts a
//     new one) and is returned as a *Failure, which the train stage records
//     as the fit's status. After MaxFailures consecutive failures of one
//     learner Fit returns an ordinary error instead, which stops the run.
//   - A model answers Predict for the inputs it was asked about at fit
//     time: the held-out rows, and every input of the space when it has at
//     most MaxSpace inputs (dataset.SpaceSize, in dataset.SpaceIndex order).
//     Asking about another input is a programmer error and panics.
package external
