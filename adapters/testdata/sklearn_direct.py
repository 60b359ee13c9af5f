#!/usr/bin/env python3
"""sklearn_direct: the scikit-learn pipeline of the adapter's values form,
run directly on a data file, for adapters/numeric_test.go to compare with
what the adapter answers through dtbench's protocol.

It reads the spec as JSON on stdin:

  {"file": "crx.data", "names": [...columns in file order...], "class": "A16",
   "missing": "?", "numeric": [...numeric columns...],
   "labels": {"A1": ["b", "a"], ..., "A16": ["+", "-"]},   # code v is labels[v]
   "criterion": "entropy", "encoding": "onehot",
   "folds": [{"train": [rows], "test": [rows], "seed": 123}, ...]}

reads the file itself with pandas (as text; numbers parsed by Python's
float(), the float64 nearest the text, as Go's strconv gives), codes each nominal column
by its labels (a value outside them is an error; the missing marker is
NaN), and for every fold fits, on the training rows only, the pipeline
written out below — per feature in file order, SimpleImputer(mean) for a
numeric one, SimpleImputer(most_frequent) and then the encoding for a
nominal one, then DecisionTreeClassifier(criterion, random_state=seed) —
and prints {"folds": [{"classes": [...], "proba": [[...], ...]}, ...]},
the test rows in the order given.

It shares no code with adapters/sklearn/dtbench_sklearn.py on purpose: it
is the reference the adapter is held to.
"""

import json
import sys

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder
from sklearn.tree import DecisionTreeClassifier


def main():
    spec = json.load(sys.stdin)
    frame = pd.read_csv(spec["file"], header=None, names=spec["names"], dtype=str, keep_default_na=False,
                        na_filter=False)
    features = [c for c in spec["names"] if c != spec["class"]]
    numeric = set(spec["numeric"])
    columns = []
    for c in features:
        text = frame[c].str.strip()
        missing = text == spec["missing"]
        if c in numeric:
            # Python's float() gives the float64 nearest the text (pandas'
            # own C parser may be an ulp off unless told round_trip).
            col = pd.Series([np.nan if m else float(v) for v, m in zip(text, missing)], dtype=np.float64)
        else:
            labels = spec["labels"][c]
            codes = pd.Categorical(text.where(~missing), categories=labels).codes.astype(np.float64)
            unknown = (codes < 0) & ~missing.to_numpy()
            if unknown.any():
                raise SystemExit("column %s: value %r not among its labels" % (c, text[unknown].iloc[0]))
            codes[codes < 0] = np.nan
            col = pd.Series(codes)
        columns.append(col.to_numpy())
    x = np.column_stack(columns)
    y = pd.Categorical(frame[spec["class"]].str.strip(), categories=spec["labels"][spec["class"]]).codes.astype(np.int64)
    out = []
    for fold in spec["folds"]:
        steps = []
        for f, c in enumerate(features):
            if c in numeric:
                t = SimpleImputer(strategy="mean", keep_empty_features=True)
            else:
                t = SimpleImputer(strategy="most_frequent", keep_empty_features=True)
                if spec["encoding"] == "onehot":
                    cats = [float(v) for v in range(len(spec["labels"][c]))]
                    t = Pipeline([("impute", t), ("onehot", OneHotEncoder(categories=[cats], sparse_output=False))])
            steps.append(("f%d" % f, t, [f]))
        pipe = Pipeline([("features", ColumnTransformer(steps, sparse_threshold=0)),
                         ("classifier", DecisionTreeClassifier(criterion=spec["criterion"], random_state=fold["seed"]))])
        pipe.fit(x[fold["train"]], y[fold["train"]])
        test = x[fold["test"]]
        k = len(spec["labels"][spec["class"]])
        proba = np.zeros((len(test), k))
        proba[:, pipe.classes_] = pipe.predict_proba(test)
        out.append({"classes": [int(c) for c in pipe.predict(test)], "proba": proba.tolist()})
    json.dump({"folds": out}, sys.stdout)


if __name__ == "__main__":
    main()
