// Package info holds the information measures of class distributions that
// more than one stage needs: Shannon entropy (also normalized), Rényi and
// Tsallis entropies, conditional entropy, information gain, split
// information and gain ratio. The benchmark study ranks attributes with
// gain ratio when it draws a task (generate), reports the entropies
// (evaluate), and the tree learners' criteria score splits with the same
// formulas (train).
//
// Conventions: counts are non-negative integers indexed by class code; a
// contingency table has one row per branch (attribute value) and k class
// columns, table[v*k+c]; logarithms are base 2 (bits), except Tsallis
// entropy, which has no logarithm. A distribution with no rows has
// entropy 0.
package info
