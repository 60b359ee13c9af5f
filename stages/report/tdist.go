package report

import "math"

// TQuantile returns the p quantile of Student's t distribution with df
// degrees of freedom: the t with P(T ≤ t) = p. It is accurate to about
// 1e-9 in t for every df ≥ 1 (the tests check 1e-6 against published tables
// and closed forms).
//
// It returns −Inf for p = 0, +Inf for p = 1, and NaN for p outside [0, 1],
// NaN p or df < 1, so a caller with too few values gets a NaN interval
// rather than a panic.
//
// Method: the upper tail P(T > t) = I_x(df/2, 1/2)/2 with x = df/(df+t²)
// and I the regularized incomplete beta function (Abramowitz and Stegun
// 26.7.1); the root in t is found by Newton's method on that tail, started
// from the Cornish–Fisher expansion and kept inside a bisection bracket.
// For df above 1e5, where the expansion's error (order df⁻⁵) is below
// float64 resolution and the incomplete beta function has lost a few digits
// to cancellation in its log-gamma terms, the expansion is the answer.
func TQuantile(p float64, df int) float64 {
	switch {
	case df < 1 || math.IsNaN(p) || p < 0 || p > 1:
		return math.NaN()
	case p == 0:
		return math.Inf(-1)
	case p == 1:
		return math.Inf(1)
	case p == 0.5:
		return 0
	}
	// Work with the smaller tail q, exactly: 1−p is exact for p ≥ 0.5.
	sign, q := 1.0, 1-p
	if p < 0.5 {
		sign, q = -1, p
	}
	nu := float64(df)
	t0 := cornishFisher(q, nu)
	if df > cornishFisherDF {
		return sign * t0
	}
	return sign * solveTail(q, nu, t0)
}

// cornishFisherDF is the df above which TQuantile uses the Cornish–Fisher
// expansion alone.
const cornishFisherDF = 100000

// cornishFisher approximates the t with upper tail q by the expansion of
// t in powers of 1/ν around the normal quantile z (A&S 26.7.5).
func cornishFisher(q, nu float64) float64 {
	z := math.Sqrt2 * math.Erfcinv(2*q)
	z2 := z * z
	g1 := z * (z2 + 1) / 4
	g2 := z * ((5*z2+16)*z2 + 3) / 96
	g3 := z * (((3*z2+19)*z2+17)*z2 - 15) / 384
	g4 := z * ((((79*z2+776)*z2+1482)*z2-1920)*z2 - 945) / 92160
	return z + (g1+(g2+(g3+g4/nu)/nu)/nu)/nu
}

// solveTail finds t > 0 with tTail(t, ν) = q (0 < q < 0.5) by safeguarded
// Newton iteration from the guess t0.
func solveTail(q, nu, t0 float64) float64 {
	// Bracket [lo, hi] with tTail(lo) > q > tTail(hi); the tail decreases.
	lo, hi := 0.0, 1.0
	for tTail(hi, nu) > q {
		lo, hi = hi, 2*hi
		if math.IsInf(hi, 1) {
			return hi
		}
	}
	t := t0
	if !(t > lo && t < hi) {
		t = (lo + hi) / 2
	}
	for range 200 {
		f := tTail(t, nu) - q
		if f > 0 {
			lo = t
		} else {
			hi = t
		}
		next := t + f/tDensity(t, nu) // d tail/dt = −density
		if !(next > lo && next < hi) {
			next = lo + (hi-lo)/2
		}
		if math.Abs(next-t) <= 1e-14*t || hi-lo <= 1e-15*hi {
			return next
		}
		t = next
	}
	return t
}

// tTail returns P(T > t) for t ≥ 0: I_x(ν/2, 1/2)/2 with x = ν/(ν+t²).
// 1−x = t²/(ν+t²) is passed separately so it keeps full precision.
func tTail(t, nu float64) float64 {
	s := nu + t*t
	return betaInc(nu/2, 0.5, nu/s, t*t/s) / 2
}

// tDensity returns Student's t density with ν degrees of freedom at t.
func tDensity(t, nu float64) float64 {
	la, _ := math.Lgamma((nu + 1) / 2)
	lb, _ := math.Lgamma(nu / 2)
	return math.Exp(la - lb - 0.5*math.Log(nu*math.Pi) - (nu+1)/2*math.Log1p(t*t/nu))
}

// betaInc returns the regularized incomplete beta function I_x(a, b) for
// a, b > 0, given x and y = 1−x, by the continued fraction of A&S 26.5.8,
// applied to I_x(a, b) or to 1 − I_y(b, a), whichever converges fast.
func betaInc(a, b, x, y float64) float64 {
	if x <= 0 {
		return 0
	}
	if y <= 0 {
		return 1
	}
	lab, _ := math.Lgamma(a + b)
	la, _ := math.Lgamma(a)
	lb, _ := math.Lgamma(b)
	front := math.Exp(lab - la - lb + a*math.Log(x) + b*math.Log(y))
	if x < (a+1)/(a+b+2) {
		return front * betaFraction(a, b, x) / a
	}
	return 1 - front*betaFraction(b, a, y)/b
}

// betaFraction evaluates the continued fraction for I_x(a, b) by the
// modified Lentz method (Numerical Recipes §6.4). It needs about
// √max(a, b) terms near the switch-over point, so the cap is ample for
// the df ≤ 1e5 that TQuantile passes.
func betaFraction(a, b, x float64) float64 {
	const (
		tiny    = 1e-300
		eps     = 1e-16
		maxIter = 10000
	)
	qab, qap, qam := a+b, a+1, a-1
	c := 1.0
	d := 1 - qab*x/qap
	if math.Abs(d) < tiny {
		d = tiny
	}
	d = 1 / d
	h := d
	for m := 1; m <= maxIter; m++ {
		fm := float64(m)
		m2 := 2 * fm
		// Even step.
		aa := fm * (b - fm) * x / ((qam + m2) * (a + m2))
		d = 1 + aa*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + aa/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		h *= d * c
		// Odd step.
		aa = -(a + fm) * (qab + fm) * x / ((a + m2) * (qap + m2))
		d = 1 + aa*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + aa/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < eps {
			break
		}
	}
	return h
}
