#!/usr/bin/env python3
"""Time scikit-learn estimators on the datasets bench/peers/export wrote.

Part of the peer comparison in bench/peers/run.sh. For each dataset of the
manifest (datasets.tsv) and each learner key it times fits of the matching
estimator, each a fresh instance, and prints one TSV line per (key,
dataset) in the columns of gofit and WekaBench.java: median and minimum
wall time in milliseconds and the accuracy of the last model on the
held-out test CSV. The stopping rule is theirs too: at most --warmup
untimed fits within half of --budget seconds, then at most --n timed fits,
stopping after --budget seconds but never before one.

Encoding: the CSVs hold ordinal codes (labels "0".."Z-1" are the codes).
The trees get them as a C-contiguous float32 array, the dtype sklearn's
trees work in, so fit does not copy; with binary features a threshold
split x <= 0.5 is exactly the split on the feature's two values, so the
ordinal encoding loses nothing. (With more than two values it would
restrict splits to ordered thresholds: one-hot encoding would be the
faithful choice then.) CategoricalNB gets the same codes as int64, which
is what it is made for. Reading and converting the CSV is not timed, as
parsing the ARFF is not for Weka and gofit.

Estimators per key (the closest sklearn has to each Weka classifier):
  id3, c45    DecisionTreeClassifier(criterion="entropy")  timed once, shown for both
  cart        DecisionTreeClassifier(criterion="gini")
  randomtree  DecisionTreeClassifier(criterion="entropy", max_features=int(log2(m))+1),
              which draws the features per node as Weka's RandomTree does
  naivebayes  CategoricalNB(alpha=1.0), Laplace smoothing as Weka's NaiveBayes
There is no sklearn peer for the exact learner.

Run it with Debian's interpreter (/usr/bin/python3), where python3-sklearn
installs scikit-learn.
"""

import argparse
import csv
import math
import sys
import time

import numpy as np
import sklearn
from sklearn.naive_bayes import CategoricalNB
from sklearn.tree import DecisionTreeClassifier


def estimators(m):
    """Our learner key -> (description, factory(seed), dtype) for m features."""
    k = int(math.log2(m)) + 1
    return {
        "id3": ("DecisionTreeClassifier(entropy)",
                lambda s: DecisionTreeClassifier(criterion="entropy", random_state=s), np.float32),
        "c45": ("DecisionTreeClassifier(entropy)",
                lambda s: DecisionTreeClassifier(criterion="entropy", random_state=s), np.float32),
        "cart": ("DecisionTreeClassifier(gini)",
                 lambda s: DecisionTreeClassifier(criterion="gini", random_state=s), np.float32),
        "randomtree": ("DecisionTreeClassifier(entropy,max_features=%d)" % k,
                       lambda s: DecisionTreeClassifier(criterion="entropy", max_features=k, random_state=s),
                       np.float32),
        "naivebayes": ("CategoricalNB(alpha=1)", lambda s: CategoricalNB(alpha=1.0), np.int64),
    }


def read_csv(path):
    """Returns (X codes as int64, y) from a CSV whose last column is the class."""
    try:
        data = np.loadtxt(path, delimiter=",", skiprows=1, dtype=np.int64, ndmin=2)
    except (OSError, ValueError) as e:
        raise SystemExit("sklearn_bench: read %s: %s" % (path, e))
    return np.ascontiguousarray(data[:, :-1]), np.ascontiguousarray(data[:, -1])


def read_manifest(path, tiers):
    """Yields dicts with tier, seed, train_csv, test_csv for the kept tiers."""
    with open(path, newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if not tiers or row["tier"] in tiers:
                yield row


def measure(fit, n, warmup, budget):
    """Warm-up then timed fits (see the module doc); returns (fits, median ms, min ms)."""
    start = time.perf_counter()
    for _ in range(warmup):
        fit()
        if time.perf_counter() - start >= budget / 2:
            break
    times = []
    start = time.perf_counter()
    while len(times) < max(n, 1):
        t0 = time.perf_counter()
        fit()
        times.append(time.perf_counter() - t0)
        if time.perf_counter() - start >= budget:
            break
    times.sort()
    k = len(times)
    med = times[k // 2] if k % 2 == 1 else (times[k // 2 - 1] + times[k // 2]) / 2
    return k, med * 1e3, times[0] * 1e3


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--manifest", default="bench/out/peers/datasets.tsv")
    p.add_argument("--learners", default="id3,c45,cart,randomtree,naivebayes")
    p.add_argument("--tiers", default="")
    p.add_argument("--n", type=int, default=21)
    p.add_argument("--warmup", type=int, default=3)
    p.add_argument("--budget", type=float, default=5.0)
    p.add_argument("--round", type=int, default=1)
    p.add_argument("--header", default="true")
    a = p.parse_args()
    keys = [k.strip() for k in a.learners.split(",") if k.strip()]
    tiers = [t.strip() for t in a.tiers.split(",") if t.strip()]
    print("sklearn_bench: scikit-learn %s, numpy %s" % (sklearn.__version__, np.__version__), file=sys.stderr)

    out = sys.stdout
    if a.header == "true":
        out.write("peer\tlearner\tmodel\ttier\tseed\tround\tfits\tmedian_ms\tmin_ms\taccuracy\n")
    skipped = set()
    for e in read_manifest(a.manifest, tiers):
        X, y = read_csv(e["train_csv"])
        Xt, yt = read_csv(e["test_csv"])
        est = estimators(X.shape[1])
        arrays = {dt: (np.ascontiguousarray(X, dtype=dt), np.ascontiguousarray(Xt, dtype=dt))
                  for dt in (np.float32, np.int64)}
        done = {}  # description -> (fits, med, min, acc): time a shared estimator once
        for key in keys:
            if key not in est:
                if key not in skipped:
                    print("sklearn_bench: skip %s: no matching estimator" % key, file=sys.stderr)
                    skipped.add(key)
                continue
            desc, make, dt = est[key]
            if desc not in done:
                Xf, Xtf = arrays[dt]
                state = {"i": 0, "model": None}

                def fit():
                    state["i"] += 1
                    state["model"] = make(state["i"]).fit(Xf, y)

                fits, med, mn = measure(fit, a.n, a.warmup, a.budget)
                acc = float(np.mean(state["model"].predict(Xtf) == yt))
                done[desc] = (fits, med, mn, acc)
            fits, med, mn, acc = done[desc]
            out.write("sklearn\t%s\t%s\t%s\t%s\t%d\t%d\t%.4f\t%.4f\t%.4f\n"
                      % (key, desc, e["tier"], e["seed"], a.round, fits, med, mn, acc))
            out.flush()


if __name__ == "__main__":
    main()
