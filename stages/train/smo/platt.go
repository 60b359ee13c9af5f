package smo

import (
	"fmt"
	"math"
)

// ridge is weka.classifiers.functions.Logistic's default ridge, 1e-8, on
// the squared slope of the standardized output.
const ridge = 1e-8

// maxRestarts bounds how often fitPlatt restarts the optimizer after
// optMAXIT iterations without convergence; Weka's Logistic restarts
// without limit.
const maxRestarts = 50

// platt is the logistic model of one pair's machine output o as Weka's
// Logistic stores it, in the units of o: P(first class | o) =
// 1 / (1 + exp(-(a + b·o))).
type platt struct{ a, b float64 }

// prob returns the two probabilities (first class, second class) of output
// o as Logistic.evaluateProbability computes them for two classes; they
// sum to 1 up to rounding.
func (p platt) prob(o float64) (float64, float64) {
	v := float64(p.a*1) + float64(p.b*o)
	// Weka: prob[m] = 1/(Σ_n exp(v_n - v_m) + exp(-v_m)) with v_1 = 0.
	return 1 / (math.Exp(v-v) + math.Exp(-v)), 1 / (math.Exp(v) + 1)
}

// fitPlatt fits weka.classifiers.functions.Logistic, as SMO's -M with
// -V -1 does, to the outputs of a pair's training rows (in the pair's
// training order), first[t] telling whether row t is of the pair's first
// class. As in Weka: a constant output is removed (RemoveUseless), which
// leaves an intercept-only model; the output is standardized with its mean
// and its standard deviation (n-1); the intercept starts at
// log(n_first+1) - log(n_second+1) and the slope at 0; the negative
// log-likelihood plus ridge·slope² is minimised by weka.core.Optimization's
// quasi-Newton method (optimizer); the coefficients are returned to the
// units of the output.
func fitPlatt(outputs []float64, first []bool) (platt, error) {
	n := len(outputs)
	constant := true
	for _, o := range outputs {
		if o != outputs[0] {
			constant = false
			break
		}
	}
	nFirst := 0
	for _, f := range first {
		if f {
			nFirst++
		}
	}
	init := math.Log(float64(nFirst)+1.0) - math.Log(float64(n-nFirst)+1.0)

	var z []float64 // the standardized predictor; nil when removed
	mean, sd := 0.0, 0.0
	if !constant {
		sq, tot := 0.0, 0.0
		for _, o := range outputs {
			tot++
			mean += float64(1 * o)
			sq += float64(1 * o * o)
		}
		mean /= tot
		if tot > 1 {
			sd = math.Sqrt(math.Abs(sq-float64(tot*mean*mean)) / (tot - 1))
		}
		z = make([]float64, n)
		for t, o := range outputs {
			z[t] = o
			if sd != 0 {
				z[t] = (o - mean) / sd
			}
		}
	}
	ll := logLikelihood{z: z, first: first}
	opt := optimizer{obj: ll.objective, grad: ll.gradient}
	x := []float64{init}
	if z != nil {
		x = append(x, 0)
	}
	for restart := 0; ; restart++ {
		next, ok, err := opt.argmin(x)
		if err != nil {
			return platt{}, err
		}
		x = next
		if ok {
			break
		}
		if restart == maxRestarts {
			return platt{}, fmt.Errorf("smo: logistic fit: no convergence after %d iterations", (maxRestarts+1)*optMAXIT)
		}
	}
	p := platt{a: x[0]}
	if z != nil {
		p.b = x[1]
		if sd != 0 {
			p.b /= sd
			p.a -= float64(p.b * mean)
		}
	}
	return p, nil
}

// logLikelihood is Logistic's OptEng for two classes and at most one
// predictor: the data rows are (1, z_t), the class of row t is 0 (the
// pair's first class) or 1, and the parameters are (intercept, slope) of
// class 0, class 1 being the reference.
type logLikelihood struct {
	z     []float64 // nil: intercept only
	first []bool
}

// eta is the linear score of row t, summed as Weka's loop over the data
// row does.
func (l *logLikelihood) eta(x []float64, t int) float64 {
	e := 0.0
	e += float64(1 * x[0])
	if l.z != nil {
		e += float64(l.z[t] * x[1])
	}
	return e
}

// objective is OptEng.objectiveFunction: the negative log-likelihood plus
// ridge times the squared slope (the intercept is not penalised).
func (l *logLikelihood) objective(x []float64) float64 {
	nll := 0.0
	for t, f := range l.first {
		e := l.eta(x, t)
		mx := e // the largest of the K-1 = 1 scores
		denom := math.Exp(-mx)
		num := -mx // the reference class
		if f {
			num = e - mx
		}
		denom += math.Exp(e - mx)
		nll -= float64(1 * (num - math.Log(denom)))
	}
	if l.z != nil {
		nll += float64(ridge * x[1] * x[1])
	}
	return nll
}

// gradient is OptEng.evaluateGradient.
func (l *logLikelihood) gradient(x []float64) []float64 {
	g := make([]float64, len(x))
	for t, f := range l.first {
		e := l.eta(x, t)
		mx := e
		denom := math.Exp(-mx)
		num := math.Exp(e - mx)
		denom += num
		num /= denom // Utils.normalize(num, denom)
		first := 1 * num
		g[0] += float64(first * 1)
		if l.z != nil {
			g[1] += float64(first * l.z[t])
		}
		if f { // not the last class
			g[0] -= float64(1 * 1)
			if l.z != nil {
				g[1] -= float64(1 * l.z[t])
			}
		}
	}
	if l.z != nil {
		g[1] += float64(2 * ridge * x[1])
	}
	return g
}
