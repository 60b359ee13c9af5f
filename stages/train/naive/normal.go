package naive

import "math"

// normalProbability is Weka's Statistics.normalProbability, the standard
// normal distribution function Φ(a), as Weka computes it: Cephes's ndtr
// (through the Java 2D Graph Package), with its erf and erfc rational
// approximations. Go's math.Erf agrees with it to a few units in the last
// place only, and naive Bayes multiplies many of these.
func normalProbability(a float64) float64 {
	const sqrtH = 0.7071067811865476 // √½
	x := a * sqrtH
	z := math.Abs(x)
	if z < sqrtH {
		return 0.5 + 0.5*errorFunction(x)
	}
	y := 0.5 * errorFunctionComplemented(z)
	if x > 0 {
		y = 1 - y
	}
	return y
}

var (
	erfT = [...]float64{9.604973739870516, 90.02601972038427, 2232.005345946843, 7003.325141128051, 55592.30130103949}
	erfU = [...]float64{33.56171416475031, 521.3579497801527, 4594.323829709801, 22629.000061389095, 49267.39426086359}
	erfP = [...]float64{2.461969814735305e-10, 0.5641895648310689, 7.463210564422699, 48.63719709856814, 196.5208329560771,
		526.4451949954773, 934.5285271719576, 1027.5518868951572, 557.5353353693994}
	erfQ = [...]float64{13.228195115474499, 86.70721408859897, 354.9377788878199, 975.7085017432055, 1823.9091668790973,
		2246.3376081871097, 1656.6630919416134, 557.5353408177277}
	erfR = [...]float64{0.5641895835477551, 1.275366707599781, 5.019050422511805, 6.160210979930536, 7.4097426995044895,
		2.9788666537210022}
	erfS = [...]float64{2.2605286322011726, 9.396035249380015, 12.048953980809666, 17.08144507475659, 9.608968090632859,
		3.369076451000815}
)

// errorFunction is Weka's Statistics.errorFunction (Cephes erf).
func errorFunction(x float64) float64 {
	if math.Abs(x) > 1 {
		return 1 - errorFunctionComplemented(x)
	}
	z := x * x
	return x * polevl(z, erfT[:], 4) / p1evl(z, erfU[:], 5)
}

// errorFunctionComplemented is Weka's Statistics.errorFunctionComplemented
// (Cephes erfc).
func errorFunctionComplemented(a float64) float64 {
	x := math.Abs(a)
	if x < 1 {
		return 1 - errorFunction(a)
	}
	z := -a * a
	if z < -709.782712893384 { // -MAXLOG
		if a < 0 {
			return 2
		}
		return 0
	}
	z = math.Exp(z)
	var p, q float64
	if x < 8 {
		p, q = polevl(x, erfP[:], 8), p1evl(x, erfQ[:], 8)
	} else {
		p, q = polevl(x, erfR[:], 5), p1evl(x, erfS[:], 6)
	}
	y := (z * p) / q
	if a < 0 {
		y = 2 - y
	}
	if y == 0 {
		if a < 0 {
			return 2
		}
		return 0
	}
	return y
}

// polevl is Cephes's polevl: c[0]xⁿ + … + c[n] by Horner's rule.
func polevl(x float64, c []float64, n int) float64 {
	ans := c[0]
	for i := 1; i <= n; i++ {
		ans = ans*x + c[i]
	}
	return ans
}

// p1evl is Cephes's p1evl: polevl with a leading coefficient 1 left out
// of c.
func p1evl(x float64, c []float64, n int) float64 {
	ans := x + c[0]
	for i := 1; i < n; i++ {
		ans = ans*x + c[i]
	}
	return ans
}
