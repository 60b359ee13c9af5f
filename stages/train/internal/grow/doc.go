// Package grow is the tree learners' growing engine: one builder
// (Tree) that grows every greedy tree of package train, and the counting
// machinery under it. A learner supplies a Splitter, which chooses each
// node's test from counts alone through Node; everything else here is
// shared, and no learner code lives in this package.
//
// Conventions, stated once:
//   - The builder grows top-down with an explicit stack, as scikit-learn's
//     DepthFirstTreeBuilder does; node 0 is the root and a split gives its
//     children the next consecutive ids (TreeBuf). One step (build.go)
//     splits every node, whatever holds its rows: it asks the splitter,
//     records the split and the children's class counts, and settles each
//     child by the one stopping rule (a leaf when it has no rows, with its
//     parent's majority class; when it is pure, at Options.MaxDepth, or no
//     feature can split it, with its majority class, ties to the lowest
//     code). A node the splitter does not split is a leaf of its majority
//     class.
//   - A node's class counts per feature value come either from the
//     dataset's (feature, value) and class row bitsets, AND + popcount over
//     the node's rows (node.go), or from its rows packed into lane words,
//     all features of a row in one or a few 64-bit words, so one addition
//     counts a row for every feature (pack.go, lanes.go). List nodes keep
//     their packed rows grouped by class in an arena window that
//     partitions hand down to the children (rows.go, partition.go); with
//     every feature packed all nodes are lists, and in the oracle study's
//     case (two classes, binary features) small subtrees grow by recursion
//     over a cached buffer (tiny.go). These are representations only: each
//     gives the same counts, so the same tree, and nothing here depends on
//     timing, goroutines or the order of anything but the data.
//   - Scratch memory (row arenas, bitsets, stacks, count tables) lives in
//     pooled growers and is reused across fits; pooling changes no result.
//
// # Changing this safely
//
// The engine is tuned, and its tuned values are the ones below. A change
// to any of them, or to the code around them, must leave every tree bit
// for bit as it was: a tree that changes is a bug, not a trade-off. The
// guard tests, all in go test ./stages/train/...:
//
//   - TestGoldenTrees (package train): every greedy learner and option set
//     on 23 synthetic training sets (testdata/golden_trees.txt) and 5 real
//     ones (testdata/golden_trees_shared.txt, from ../shared/datasets),
//     each tree's arrays hashed. Never rewrite these files (-update) to
//     make a speed change pass.
//   - TestID3RowModes and TestCARTRowModes (package train): all bitsets,
//     all lists and the automatic mix (with the tiny path) grow the same
//     trees, so a representation cannot change a tree.
//   - The Weka references (TestC45Reference, TestCARTPrunerMatchesWeka,
//     TestCARTPrunedMatchesWeka), the learners' property tests, and this
//     package's TestLaneSums, TestSumSlots1, TestPackLayout, TestPack and
//     TestTwoBranchPartitions.
//
// Then measure, before and after, in one sitting, with
// go test -run '^$' -bench 'ID3|C45|CART|RandomTree' -count 6
// ./stages/train/ and benchstat (medians; the benchmarks report CPU time
// per fit beside wall time).
//
// The tuned values, and what they were tuned on. The benchmark tiers
// (benchCases in package train) are noise-free samples of a random
// depth-8 oracle: 10 binary features × 3,000 rows (the oracle paper's
// cell) and 20 × 100,000. The record of the commit that introduced the
// values (6c9c69b) reports only those tiers.
//
//   - listWordsPerPass (grow.go), 1.0: with some feature unpacked, a node
//     switches from a bitset to a row list below listWordsPerPass × words
//     × (mean Z − 1)·K rows. Tuned on the two tiers, where with every
//     feature packed every node is a list from the root (as fast as
//     bitsets above any threshold); so it only acts when a feature has more
//     than 22 values or the features need more than maxPackWords words,
//     which no benchmark tier exercises. Guarded by the row-mode tests,
//     TestRowModesUnpacked (package train) among them.
//   - tinyMax (tiny.go), 128: a list node of at most this many rows, in
//     the two-class binary case, grows its subtree by recursion. Tuned on
//     the tiers (most splits of a deep tree have fewer than 16 rows). It
//     must stay below 511, the capacity of a lane slot (sumSlots1), and
//     tinyRows = tinyMax + laneChunk sizes the buffer's windows. Guarded by
//     TestSumSlots1, TestTwoBranchPartitions and the row-mode tests, which
//     turn the tiny path off and compare.
//   - maxPackWords (pack.go), 4: features that would need a fifth lane
//     word are left unpacked and counted through row indices. Guarded by
//     TestPackLayout, TestPack and TestLaneSums.
//   - laneBits 3, lanesPerWord 21, laneChunk 7, slotChunks 73 and slotMask
//     (pack.go) are the lane format, not free parameters: 3-bit lanes
//     overflow past 7 rows, so sums run over chunks of 7 rows spread into
//     9-bit slots, which overflow past 73 chunks (511 rows). Change them
//     together or not at all; TestLaneSums checks the counts around every
//     limit.
//   - The two-class fast paths (Node.Table2, the two-branch case of step,
//     partition2, split2Rows, keepRows and their summing variants) are
//     specializations, not tunings: each must give exactly what the
//     general path gives, which the row-mode and golden tests check.
//
// In package train, xlogxSize (criteria.go), 8192, sizes the table of
// n·log2 n; its values equal math.Log2's (TestXlogxTable), and the 2×2 fast
// path gives what the general loop gives (TestInfoGain2x2), so it only
// trades memory for time.
package grow
