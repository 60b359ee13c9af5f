// Package fitstatus names how a fit went: the values of the status column
// of results/evaluations (schemas re-exports them as schemas.StatusOK and
// so on). It is a leaf package so that the external learners, which set
// them, need not link the table code.
package fitstatus

// The statuses. Only external learners fail without stopping the run;
// every other row is OK.
const (
	OK       = "ok"        // the fit gave a model; the measures are its
	Timeout  = "timeout"   // no reply within the learner's timeout
	Crashed  = "crashed"   // the adapter process died, or could not be restarted
	BadReply = "bad_reply" // the reply did not parse, or contradicted the request
	Error    = "error"     // the adapter replied with an error of its own
)
