// Package exact is dtbench's exact learner (the role of InferDT in the
// oracle paper): it learns the decision tree of minimum depth that
// classifies every training row correctly and, among those, the one with
// the fewest leaves.
//
// Conventions, stated once:
//   - Trees are multiway: an internal node has one branch per value of its
//     feature (tree.Builder.SplitMultiway), and a feature is tested at most
//     once on a path. Leaves are counted as tree nodes, so an empty branch
//     is a leaf too. A leaf predicts the majority class of its training
//     rows, ties to the lowest class code; an empty branch predicts its
//     parent's majority. Every node records its class counts.
//   - Contradictory data (one input, several classes) cannot be fitted
//     exactly. The least achievable training error E* is then the number of
//     rows outside their input's majority class, and the learner minimises
//     depth among the trees of error E*, then leaves. Model.TrainingErrors
//     says what the tree misclassifies.
//   - Options.Objective Depth drops the leaf count from the objective: the
//     learner returns the first minimum-depth tree at error E* it proves
//     (phase 1's witness below), still a function of the training rows
//     but not the canonical one, and skips phase 2.
//   - Options.MaxDepth bounds the depth. When no tree of error E* fits in
//     it, the learner returns the tree of depth at most MaxDepth with the
//     fewest training errors, then the fewest leaves (MurTree's objective).
//   - When the search finishes, the result is a function of the multiset of
//     training rows alone: among equally good trees every node takes the
//     leaf, else the lowest feature index, recursively, whatever order the
//     search met them in. The rng of Fit is not used.
//   - Options.TimeBudget is the only reason the clock is read. When it runs
//     out the learner returns the best tree it has — the minimum-depth tree
//     found so far without its leaf count proven minimal, or, before any,
//     ID3's greedy tree (grown to pure leaves or the depth bound) — and
//     Model.Optimal says false; it never truncates silently.
//
// The search follows MurTree (Demirović et al., JMLR 2022) and DL8.5:
//   - Rows are merged into distinct inputs, the points, each with its
//     class counts and the set of its majority classes. A set of points is
//     "pure" — one leaf reaches the least error on it — when some class is
//     a majority class of every point, so a tree has error E* exactly when
//     all its leaves are pure.
//   - A subproblem is a set of points; the cache keys it exactly by its
//     closure: for every feature, the value all its points share, or
//     "free". Different paths that select the same points share one entry,
//     which keeps depth bounds, solver results, cost results and the
//     entries of its children. A node looks up all its children's entries
//     in one batch (prepareKids), so the memory waits of those lookups
//     overlap; with binary features it finds their points, purity and
//     keys from its own transposed bits, without partitioning.
//   - Phase 1 finds the minimum depth by iterative deepening over a
//     depth-first feasibility search: is there a pure tree of depth ≤ k?
//     It stops at the first feasible feature and, per feature, at the first
//     child that does not fit; a child whose cached lower bound already
//     rules a feature out costs no recursion. Bounds proven in one
//     iteration carry over to the next, so each deepening pays mostly for
//     its new level. Of a feature's two children it tries first the one
//     its parent tried first by that feature (or the one that ruled it
//     out there), unless that one is clearly smaller: then siblings refute
//     the same grandchildren and the cache proves each of them once.
//   - Phase 2 finds the fewest leaves at that depth by branch and bound on
//     the cost excess·2³² + leaves, starting from the leaf count of phase
//     1's witness tree, with child bounds from the cache and the phase 1
//     bounds (a pure tree at least dlb deep has at least 1 + dlb·(minZ−1)
//     leaves); below one unit of excess a subproblem first runs the
//     cheaper feasibility search, for every child of a feature before it
//     optimises any. The same search, with costs counting real errors,
//     serves the MaxDepth case.
//   - Before it searches, the feasibility search tries to refute depth k
//     by paths (see paths.go): the path to a point must test a feature of
//     its difference set with every point it conflicts with, so a point
//     whose difference sets no k features hit rules depth k out. It is a
//     small hitting-set search per point, tried while it pays: on 3000
//     rows over 20 binary features it settles most refutations, which
//     the search would otherwise prove feature by feature.
//   - Subproblems with a depth bound of three or less are solved without
//     recursion (MurTree's depth-2 solver, extended to depth three): one
//     pass over the points counts, for every feature, pair and triple of
//     features and combination of their values, the class sums; the best
//     trees of depth one, two and three follow from those tables. For
//     binary features the counts are popcounts of per-feature bitsets over
//     the node's points, built 64 points at a time by a bit-matrix
//     transpose; cells with a value 0 follow by inclusion and exclusion.
//     When only pure trees count (phases 1 and 2) and a node has at most
//     255 points of two classes, the solver tracks purity alone (purity2):
//     a triple's eight cell counts are one sum of byte lanes and a pure
//     cell a zero byte, about half the work of the least impurities.
//     Where the CPU has AVX-512 (with VPOPCNTDQ), its loops over the pairs
//     and the triples of at most 64 points, and the completion of its
//     byte matrix of cells, run in assembly, eight features a step
//     (kernels_amd64.s): 1.3 µs a solve over 15 features, against 3.3 µs
//     for the Go loops that run elsewhere. The kernels are built on amd64
//     without the purego build tag; `go test -tags purego` builds the Go
//     loops alone (kernels_other.go), as on a CPU without AVX-512, and CI
//     runs this package's tests that way too. No shipped config reaches
//     them: ten binary features are solved by the lattice below.
//
// Small input spaces — Π (Z_f+1) ≤ 3^12 over the features of domain ≥ 2,
// such as the oracle paper's ten binary features — are solved instead by
// an exhaustive dynamic program over every subcube of the input space
// (DL8's itemset lattice, bottom up; see lattice). Its cost hardly depends
// on the rows or the depth, about 0.2–0.5 ms for 3^10 subcubes of binary
// features, whose first pass works on sets of 64 subcubes a word (1–2 ms
// cell by cell, as other domains are), while the search's grows steeply
// with the depth: a depth-8 tree over ten features takes it 15–35 ms. From 2^17 subcubes on (3^11 for eleven binary
// features), the search goes first under a work limit proportional to the
// lattice's size, enough for shallow trees, and hands over to the lattice
// beyond it. The limit counts expansions, not time, and both find the same
// canonical tree, so the result does not depend on which one finishes.
package exact
