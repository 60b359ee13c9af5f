package report

import "github.com/dtbench/dtbench/cv"

// TQuantile returns the p quantile of Student's t distribution with df
// degrees of freedom (cv.TQuantile, which owns it beside the t-tests): the
// report's confidence intervals use it.
func TQuantile(p float64, df int) float64 { return cv.TQuantile(p, df) }
