package report

// gammas are the γ measures, with their names and the benchmark
// classifier each is against: what the figures, the tables and the
// verdicts call them.
var gammas = []struct {
	m     Measure
	label string
	vs    string
}{
	{GammaX, "γ^X", "the random classifier X"},
	{GammaV, "γ^V", "the majority classifier V"},
	{GammaI, "Γ", "the intuitive classifier I"},
}

// gammaDefinition defines γ^X, γ^V and Γ (DESIGN.md, the benchmark
// paper's proportional reduction of error), for where a report first uses
// them.
const gammaDefinition = "γ^X, γ^V and Γ measure a learner's accuracy μ against a benchmark classifier's μ_B: " +
	"(μ − μ_B)/(1 − μ_B) when μ ≥ μ_B, else (μ − μ_B)/μ_B, so they lie in [−1, 1] and γ > 0 means more accurate " +
	"than the benchmark; B is the random classifier X (drawing classes with the training priors) for γ^X, " +
	"the majority classifier V for γ^V and the intuitive classifier I for Γ."
