// Package info holds the information measures of class distributions that
// more than one stage needs: Shannon entropy (also normalized), Rényi and
// Tsallis entropies, conditional entropy, information gain, split
// information and gain ratio, and the Gini impurity and its decrease. It
// is their one owner and the reference: the benchmark study ranks
// attributes with gain ratio when it draws a task (generate), reports the
// entropies (evaluate), and the tree learners' criteria score splits by
// the same formulas (train), computed there by a private fast path that
// train's tests check against this package; the exact learner's greedy
// fallback ranks features by Conditional. It also owns the supervised
// discretization of a numeric column (MDLCutPoints, Fayyad and Irani's MDL
// cut points as Weka's supervised Discretize finds them), which the gain
// ratio ranking of numeric attributes and naive Bayes's -D option use.
//
// Conventions: counts are non-negative integers indexed by class code; a
// contingency table has one row per branch (attribute value) and k class
// columns, table[v*k+c]; logarithms are base 2 (bits), except Tsallis
// entropy, which has no logarithm. A distribution with no rows has
// entropy 0.
package info
