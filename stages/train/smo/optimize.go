package smo

import (
	"errors"
	"math"
)

// Constants of weka.core.Optimization (Weka 3.6).
const (
	optALF   = 1.0e-4 // sufficient-decrease (alpha) condition of the line search
	optBETA  = 0.9    // curvature (beta) condition
	optTOLX  = 1.0e-6 // smallest relative step
	optSTPMX = 100.0  // largest step, relative to the gradient's norm
	optMAXIT = 200    // iterations per findArgmin call
)

// optEpsilon and optZero are Optimization's machine precision (the
// smallest power of two e with 1+e > 1, that is 2^-52) and its square
// root, the "zero" of its convergence tests.
var (
	optEpsilon = math.Nextafter(1, 2) - 1
	optZero    = math.Sqrt(optEpsilon)
)

var errOptNaN = errors.New("smo: logistic fit: objective or direction is NaN")

// optimizer is weka.core.Optimization without bound constraints, which is
// how weka.classifiers.functions.Logistic uses it (every bound NaN): a
// quasi-Newton (BFGS) method that keeps the approximate Hessian as a
// Cholesky factor L·D·Lᵀ, with the line search of Numerical Recipes'
// lnsrch plus a curvature (beta) condition. With no bounds, no variable is
// ever fixed, so every branch on fixed variables, working sets and
// Lagrangians is left out; the remaining operations are Weka's, in its
// order, so the same iterates come out up to the last bit of exp and log.
type optimizer struct {
	obj   func(x []float64) float64
	grad  func(x []float64) []float64
	f     float64 // Optimization.m_f, the objective at the last point tried
	slope float64 // Optimization.m_Slope, gᵀp of the last line search
}

// argmin is Optimization.findArgmin: it returns the minimiser from initX,
// or ok = false with the last iterate after optMAXIT iterations.
func (o *optimizer) argmin(initX []float64) (x []float64, ok bool, err error) {
	l := len(initX)
	o.f = o.obj(initX)
	if math.IsNaN(o.f) {
		return nil, false, errOptNaN
	}
	grad := o.grad(initX)
	deltaGrad, deltaX := make([]float64, l), make([]float64, l)
	direct := make([]float64, l)
	x = append([]float64(nil), initX...)
	lower := make([][]float64, l) // L, unit lower triangular
	diag := make([]float64, l)    // D
	sum := 0.0
	for i := range l {
		lower[i] = make([]float64, l)
		lower[i][i] = 1
		diag[i] = 1
		direct[i] = -grad[i]
		sum += float64(grad[i] * grad[i])
	}
	stpmax := optSTPMX * max(math.Sqrt(sum), float64(l))

	for range optMAXIT {
		oldX, oldGrad := x, grad
		if x, err = o.lnsrch(x, grad, direct, stpmax); err != nil {
			return nil, false, err
		}
		finish := false
		test := 0.0
		for h := range l {
			deltaX[h] = x[h] - oldX[h]
			if t := math.Abs(deltaX[h]) / max(math.Abs(x[h]), 1.0); t > test {
				test = t
			}
		}
		if test < optZero {
			finish = true
		}
		grad = o.grad(x)
		test = 0
		denom, dxSq, dgSq := 0.0, 0.0, 0.0
		for g := range l {
			deltaGrad[g] = grad[g] - oldGrad[g]
			denom += float64(deltaX[g] * deltaGrad[g])
			dxSq += float64(deltaX[g] * deltaX[g])
			dgSq += float64(deltaGrad[g] * deltaGrad[g])
			t := math.Abs(grad[g]) * max(math.Abs(direct[g]), 1.0) / max(math.Abs(o.f), 1.0)
			if t > test {
				test = t
			}
		}
		if test < optZero || math.Abs(denom) < optZero {
			finish = true
		}
		if finish {
			if o.f = o.obj(x); math.IsNaN(o.f) {
				return nil, false, errOptNaN
			}
			return x, true, nil
		}
		if denom >= max(float64(optZero*math.Sqrt(dxSq)*math.Sqrt(dgSq)), optZero) {
			if err := updateCholesky(lower, diag, deltaGrad, 1.0/denom); err != nil {
				return nil, false, err
			}
			if err := updateCholesky(lower, diag, oldGrad, 1.0/o.slope); err != nil {
				return nil, false, err
			}
		}
		// Solve (L D Lᵀ) direct = -grad.
		ld := make([][]float64, l)
		b := make([]float64, l)
		for k := range l {
			ld[k] = make([]float64, l)
			b[k] = -grad[k]
		}
		for k := range l {
			for j := k; j < l; j++ {
				ld[j][k] = lower[j][k] * diag[k]
			}
		}
		ldir := solveTriangle(ld, b, true)
		direct = solveTriangle(lower, ldir, false)
		for m := range l {
			if math.IsNaN(ldir[m]) || math.IsNaN(direct[m]) {
				return nil, false, errOptNaN
			}
		}
	}
	return x, false, nil
}

// lnsrch is Optimization.lnsrch without bounds: a backtracking line search
// from xold along direct (which it may shorten in place to stpmax) that
// ends when the alpha and beta conditions hold, or the step is too small.
func (o *optimizer) lnsrch(xold, gradient, direct []float64, stpmax float64) ([]float64, error) {
	n := len(xold)
	fold := o.f
	alpha := math.Inf(1) // no bound limits the step
	maxalam := 1.0
	x := make([]float64, n)
	sum := 0.0
	for i := range n {
		sum += float64(direct[i] * direct[i])
	}
	sum = math.Sqrt(sum)
	if sum > stpmax {
		for i := range n {
			direct[i] *= stpmax / sum
		}
	} else {
		maxalam = stpmax / sum
	}
	o.slope = 0
	for i := range n {
		x[i] = xold[i]
		o.slope += float64(gradient[i] * direct[i])
	}
	if math.Abs(o.slope) <= optZero {
		return x, nil
	}
	if o.slope > optZero {
		return nil, errors.New("smo: logistic fit: g'*p positive")
	}
	test := 0.0
	for i := range n {
		if t := math.Abs(direct[i]) / max(math.Abs(x[i]), 1.0); t > test {
			test = t
		}
	}
	if test <= optZero {
		return x, nil
	}
	alamin := optTOLX / test

	step := func(alam float64) error {
		for i := range n {
			x[i] = xold[i] + float64(alam*direct[i])
		}
		if o.f = o.obj(x); math.IsNaN(o.f) {
			return errOptNaN
		}
		return nil
	}
	newSlopeAt := func() float64 {
		g := o.grad(x)
		s := 0.0
		for i := range n {
			s += float64(g[i] * direct[i])
		}
		return s
	}
	sufficient := func(alam float64) bool { return o.f <= fold+float64(optALF*alam*o.slope) }

	alam := min(alpha, 1.0)
	initF := fold
	hi, lo, newSlope, fhi, flo := alam, alam, 0.0, o.f, o.f
	alam2, tmplam := 0.0, 0.0
	for k := 0; ; k++ {
		if err := step(alam); err != nil {
			return nil, err
		}
		for math.IsInf(o.f, 0) { // avoid infinity
			alam *= 0.5
			if alam <= optEpsilon {
				return x, nil
			}
			if err := step(alam); err != nil {
				return nil, err
			}
			initF = math.Inf(1)
		}
		if sufficient(alam) {
			newSlope = newSlopeAt()
			if newSlope >= float64(optBETA*o.slope) {
				return x, nil
			}
			if k == 0 { // first time: increase alam
				upper := min(alpha, maxalam)
				for !(alam >= upper || !sufficient(alam)) {
					lo, flo = alam, o.f
					alam *= 2.0
					if alam >= upper {
						alam = upper
					}
					if err := step(alam); err != nil {
						return nil, err
					}
					newSlope = newSlopeAt()
					if newSlope >= float64(optBETA*o.slope) {
						return x, nil
					}
				}
				hi, fhi = alam, o.f
			} else {
				hi, lo, flo = alam2, alam, o.f
			}
			break
		}
		if alam < alamin { // no feasible lambda found
			if initF < fold { // still take the step, without evaluating it
				alam = min(1.0, alpha)
				for i := range n {
					x[i] = xold[i] + float64(alam*direct[i])
				}
			} else { // convergence on delta(x)
				copy(x, xold)
				o.f = fold
			}
			return x, nil
		}
		// Backtrack by polynomial interpolation.
		if k == 0 { // quadratic
			if !math.IsInf(initF, 0) {
				initF = o.f
			}
			tmplam = -0.5 * alam * o.slope / ((o.f-fold)/alam - o.slope)
		} else { // cubic
			rhs1 := o.f - fold - float64(alam*o.slope)
			rhs2 := fhi - fold - float64(alam2*o.slope)
			a := (rhs1/(alam*alam) - rhs2/(alam2*alam2)) / (alam - alam2)
			b := (-alam2*rhs1/(alam*alam) + alam*rhs2/(alam2*alam2)) / (alam - alam2)
			if a == 0.0 {
				tmplam = -o.slope / (2.0 * b)
			} else {
				disc := float64(b*b) - float64(3.0*a*o.slope)
				if disc < 0.0 {
					disc = 0.0
				}
				numerator := -b + math.Sqrt(disc)
				if numerator >= math.MaxFloat64 {
					numerator = math.MaxFloat64
				}
				tmplam = numerator / (3.0 * a)
			}
			if tmplam > 0.5*alam {
				tmplam = 0.5 * alam
			}
		}
		alam2, fhi = alam, o.f
		alam = max(tmplam, 0.1*alam)
	}

	// Quadratic interpolation between lo and hi for the beta condition.
	ldiff := hi - lo
	for newSlope < float64(optBETA*o.slope) && ldiff >= alamin {
		lincr := -0.5 * newSlope * ldiff * ldiff / (fhi - flo - float64(newSlope*ldiff))
		if lincr < 0.2*ldiff {
			lincr = 0.2 * ldiff
		}
		alam = lo + lincr
		if alam >= hi {
			alam, lincr = hi, ldiff
		}
		if err := step(alam); err != nil {
			return nil, err
		}
		if !sufficient(alam) {
			ldiff, fhi = lincr, o.f
		} else if newSlope = newSlopeAt(); newSlope < float64(optBETA*o.slope) {
			lo, flo = alam, o.f
			ldiff -= lincr
		}
	}
	if newSlope < float64(optBETA*o.slope) { // cannot satisfy beta: take lo
		for i := range n {
			x[i] = xold[i] + float64(lo*direct[i])
		}
		o.f = flo
	}
	return x, nil
}

// solveTriangle is Optimization.solveTriangle with no zero rows: forward
// substitution with the lower triangle of t, or back substitution with
// its transpose.
func solveTriangle(t [][]float64, b []float64, isLower bool) []float64 {
	n := len(b)
	r := make([]float64, n)
	if isLower {
		for j := range n {
			num := b[j]
			for k := range j {
				num -= float64(t[j][k] * r[k])
			}
			r[j] = num / t[j][j]
		}
		return r
	}
	for j := n - 1; j >= 0; j-- {
		num := b[j]
		for k := j + 1; k < n; k++ {
			num -= float64(t[k][j] * r[k])
		}
		r[j] = num / t[j][j]
	}
	return r
}

// updateCholesky is Optimization.updateCholeskyFactor with no fixed
// variables: the rank-one update L D Lᵀ + coeff·v vᵀ of the factors, in
// place (Gill, Golub, Murray and Saunders' methods C1 and C2).
func updateCholesky(lower [][]float64, diag, v []float64, coeff float64) error {
	n := len(v)
	vp := append([]float64(nil), v...)
	if coeff > 0.0 {
		t := coeff
		for j := range n {
			p := vp[j]
			d := diag[j]
			dbarj := d + float64(t*p*p)
			diag[j] = dbarj
			b := p * t / dbarj
			t *= d / dbarj
			for r := j + 1; r < n; r++ {
				l := lower[r][j]
				vp[r] -= float64(p * l)
				lower[r][j] = l + float64(b*vp[r])
			}
		}
		return nil
	}
	pp := solveTriangle(lower, v, true)
	t := 0.0
	for i := range n {
		t += pp[i] * pp[i] / diag[i]
	}
	sqrt := 1.0 + float64(coeff*t)
	if sqrt < 0.0 {
		sqrt = 0.0
	} else {
		sqrt = math.Sqrt(sqrt)
	}
	alpha, sigma := coeff, coeff/(1.0+sqrt)
	for j := range n {
		d := diag[j]
		p := pp[j] * pp[j] / d
		theta := 1.0 + float64(sigma*p)
		t -= p
		if t < 0.0 {
			t = 0.0
		}
		plus := sigma * sigma * p * t
		if j < n-1 && plus <= optZero {
			plus = optZero
		}
		rho := float64(theta*theta) + plus
		diag[j] = rho * d
		if math.IsNaN(diag[j]) {
			return errOptNaN
		}
		b := alpha * pp[j] / (rho * d)
		alpha /= rho
		rho = math.Sqrt(rho)
		sigma *= (1.0 + rho) / (rho * (theta + rho))
		if j < n-1 && (math.IsNaN(sigma) || math.IsInf(sigma, 0)) {
			return errOptNaN
		}
		for r := j + 1; r < n; r++ {
			l := lower[r][j]
			vp[r] -= float64(pp[j] * l)
			lower[r][j] = l + float64(b*vp[r])
		}
	}
	return nil
}
