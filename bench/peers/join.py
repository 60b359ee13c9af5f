#!/usr/bin/env python3
"""Join the result TSVs of gofit, WekaBench and sklearn_bench into one table.

Usage: join.py results.tsv [more.tsv ...]  (standard library only)

Every input line is one (peer, learner, tier, seed, round) with the median
and minimum of that dataset's timed fits. Per (peer, learner, tier) the
table shows the median over datasets and rounds of the per-dataset
medians, and the mean test accuracy over datasets. Ratios are peer / ours
of those medians, all measured in the same run.sh run; > 1 means we are
faster. A second table does the same with the per-dataset minimum fit
times, which a shared, noisy machine disturbs less.
"""

import csv
import statistics
import sys
from collections import defaultdict

PEERS = ("ours", "weka", "sklearn")
LEARNERS = ("id3", "c45", "cart", "randomtree", "naivebayes", "naivebayes-k", "naivebayes-d", "smo", "smo-n1", "exact")


def load(paths):
    rows = []
    for path in paths:
        with open(path, newline="") as f:
            for r in csv.DictReader(f, delimiter="\t"):
                if r.get("peer") == "peer":  # a repeated header line
                    continue
                rows.append(r)
    return rows


def aggregate(rows, col):
    """(peer, learner, tier) -> (median of col, mean accuracy, model, datasets, fits)."""
    groups = defaultdict(list)
    for r in rows:
        groups[(r["peer"], r["learner"], r["tier"])].append(r)
    out = {}
    for key, rs in groups.items():
        accs = [float(r["accuracy"]) for r in rs if r["accuracy"] != "NA"]
        out[key] = (
            statistics.median(float(r[col]) for r in rs),
            statistics.fmean(accs) if accs else None,
            rs[0]["model"],
            len({r["seed"] for r in rs}),
            sum(int(r["fits"]) for r in rs),
        )
    return out


def fmt_ms(v):
    if v is None:
        return "—"
    for bound, f in ((100, "%.0f"), (10, "%.1f"), (1, "%.2f"), (0.1, "%.3f")):
        if v >= bound:
            return f % v
    return "%.4f" % v


def fmt_ratio(peer, ours):
    if peer is None or ours is None or ours == 0:
        return "—"
    r = peer / ours
    return "%.1f×" % r if r >= 1 else "**%.2f×**" % r


def fmt_acc(v):
    return "—" if v is None else "%.3f" % v


def table(agg, tiers, col_label):
    lines = [
        "| learner | tier | ours (ms) | weka (ms) | sklearn (ms) | weka/ours | sklearn/ours | acc ours | acc weka | acc sklearn |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for learner in LEARNERS:
        for tier in tiers:
            got = {p: agg.get((p, learner, tier)) for p in PEERS}
            if all(v is None for v in got.values()):
                continue
            ms = {p: (v[0] if v else None) for p, v in got.items()}
            acc = {p: (v[1] if v else None) for p, v in got.items()}
            lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                learner, tier, fmt_ms(ms["ours"]), fmt_ms(ms["weka"]), fmt_ms(ms["sklearn"]),
                fmt_ratio(ms["weka"], ms["ours"]), fmt_ratio(ms["sklearn"], ms["ours"]),
                fmt_acc(acc["ours"]), fmt_acc(acc["weka"]), fmt_acc(acc["sklearn"])))
    print("### %s\n" % col_label)
    print("\n".join(lines))
    print()


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: join.py results.tsv [more.tsv ...]")
    rows = load(sys.argv[1:])
    if not rows:
        sys.exit("join.py: no result rows")
    tiers = list(dict.fromkeys(r["tier"] for r in rows))
    med = aggregate(rows, "median_ms")
    table(med, tiers, "Median fit time (median over datasets of each dataset's median)")
    table(aggregate(rows, "min_ms"), tiers, "Fastest fit (median over datasets of each dataset's minimum)")

    print("### What was timed\n")
    print("| peer | learner | tier | model | datasets | timed fits |")
    print("|---|---|---|---|---:|---:|")
    for (peer, learner, tier), v in sorted(med.items(), key=lambda kv: (kv[0][2], kv[0][1], kv[0][0])):
        print("| %s | %s | %s | %s | %d | %d |" % (peer, learner, tier, v[2], v[3], v[4]))
    print()
    for tier in tiers:
        v = med.get(("ours", "_dataset", tier))
        if v:
            print("Not in the fit times above: building our dataset (row bitsets) on %s takes %s ms "
                  "(median), paid once per dataset, as Weka's Instances and sklearn's arrays are." % (tier, fmt_ms(v[0])))


if __name__ == "__main__":
    main()
