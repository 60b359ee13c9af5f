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
//     says what the tree misclassifies (E* unless a bound or budget cut in).
//   - Options.MaxDepth bounds the depth. When no tree of error E* fits in
//     it, the learner returns the tree of depth at most MaxDepth with the
//     fewest training errors, then the fewest leaves (MurTree's objective).
//   - The result is a function of the training rows alone: among equally
//     good trees a node takes the lowest feature index, recursively, so the
//     same data give the same tree, whatever the search order. The rng of
//     Fit is not used.
//   - Options.TimeBudget is the only reason the clock is read. When it runs
//     out the learner returns the best tree it has and Model.Optimal says
//     false; it never truncates silently.
//
// The search follows MurTree (Demirović et al., JMLR 2022) and DL8.5:
//   - Rows are merged into distinct inputs ("points"), each carrying its
//     class counts and the set of its majority classes. A node is a list of
//     points; it is "pure" — a leaf at least error — when some class is a
//     majority class of every point in it.
//   - Subproblems are cached by their row set, keyed exactly by its closure:
//     for every feature, the value all its points share, or "free". Two
//     paths that select the same points share one entry.
//   - Phase 1 finds the minimum depth by iterative deepening over a
//     depth-first feasibility search that stops at the first feasible
//     feature and the first infeasible child. Entries keep depth lower and
//     upper bounds, so a later, deeper iteration skips what an earlier one
//     proved, and a feature fails at once when a child's bound rules it out.
//   - Phase 2 minimises leaves at that depth by branch and bound on the
//     cost excess·2³² + leaves, with bounds from the cache and from phase 1.
//   - Subproblems of depth at most two are solved without recursion from
//     pairwise counts: one pass over the node's points fills, for every
//     feature pair and value pair, the class weights; the best depth-1 and
//     depth-2 trees follow from that table.
package exact
