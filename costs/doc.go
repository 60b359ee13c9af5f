// Package costs is the cost model of the cost study (Turney 1995,
// seeds/cost-of-classification-icet.txt): what a case pays for the tests a
// classifier performs and for the class it guesses. The cost evaluation
// of the evaluate stage and ICET's search (package train) both use it, so
// it lives beside tree/ and imports no stage.
//
// Conventions, stated once:
//   - A Model is resolved against one dataset: Tests[f] is feature f's
//     test, Matrix is K×K for the dataset's K classes, rows the predicted
//     class and columns the actual one. Spec is the unresolved form, by
//     test name, as config and Turney's files give it; Resolve matches it
//     to a dataset's feature names.
//   - A test's Cost is what it adds beyond its group's common cost: a
//     test performed first in its group pays Cost + Common (its full cost,
//     Full), any later member only Cost (the discounted cost of Turney's
//     .expense files). Costs and common costs are finite and ≥ 0.
//   - The matrix rule (checkMatrix, the one place it is checked): every
//     entry finite; an error's cost (off the diagonal) ≥ 0; a right
//     guess's (the diagonal) may be negative, a benefit, as Turney's
//     formulation allows ("we allow negative costs, which can be
//     interpreted as benefits"; his experiments keep 0 on the diagonal
//     and positive costs elsewhere), but no larger than any error's cost
//     in its column (the same actual class), or a learner would gain by
//     erring. A benefit for an error is refused: it has no reading as a
//     cost of classification.
//   - A case's cost follows its path from the root to its leaf: each test
//     is charged once however often the path meets it (CART may test a
//     feature again), each group's common cost once; at the first delayed
//     test met, every test of that node's subtree is charged (each once,
//     groups once) and nothing more below; then the matrix entry
//     (predicted, actual). The test part depends on the leaf alone, so
//     ForTree computes it once per leaf and a case costs a walk to its
//     leaf and two lookups. A numeric feature tested by thresholds is
//     one test like a nominal one: a path that crosses several of its
//     thresholds pays it once.
//   - A Weka instance (numbers, NaN where missing) that a tree spreads
//     over several branches where a value is missing (J48's fractional
//     prediction; tree.ReachValues) pays the union of the tests on every
//     path it reaches, each once, each group once, a delayed test
//     settling its node's subtree on its path (TreeCosts.Values).
//   - A classifier that is not a tree pays for every test it reads
//     (Model.Performing).
//   - Bad input is an *input.Error: Validate and Resolve key theirs by
//     config key (costs.tests.<name>, costs.matrix, …), ReadUCI by file
//     and line; so the CLI exits with status 2 naming the place.
package costs
