#!/usr/bin/env python3
"""dtbench_sklearn: a scikit-learn classifier as a dtbench external learner.

dtbench starts this program once per worker and speaks line-delimited JSON
with it on stdin/stdout (the protocol: adapters/README.md). Diagnostics go
to stderr, which dtbench logs.

Two modes:

  dtbench_sklearn.py [--criterion entropy] [--max-depth 5] [--min-samples-leaf 1]
                     [--ccp-alpha 0.0] [--splitter best] [--encoding ordinal|onehot]
      sklearn.tree.DecisionTreeClassifier; the reply is its tree, translated
      to dtbench's JSON tree (so it gets DOE, agreement and tree size).

  dtbench_sklearn.py --classifier sklearn.naive_bayes.CategoricalNB [--param alpha=1.0 ...]
                     [--encoding ordinal|onehot]
      any scikit-learn classifier by import path, built with the --param
      values (JSON literals, else strings) and random_state = the fit's seed
      when it takes one; the reply is its predictions, with predict_proba's
      probabilities when it has them.

Encoding. dtbench's features are nominal codes 0..Z-1. With --encoding
ordinal (the default) the codes are the columns, as floats, and a tree's
threshold split x <= t sends codes 0..floor(t) left: for binary features
that is exactly the split on the two values. For a feature of more values
it imposes an order the data do not have, so the tree may need several
splits where a multiway or subset split needs one. --encoding onehot gives
one 0/1 column per (feature, value); a tree's split on column (f = v) sends
value v one way and every other value the other, which dtbench's tree
format also expresses.

Numbers and missing values (protocol 2). On rows with a numeric feature
or a missing value, dtbench sends each row as a list of values (a nominal
code, a number, null where missing). The adapter fits a scikit-learn
Pipeline: a ColumnTransformer that keeps the features in dtbench's order,
a numeric feature as a float column after SimpleImputer(strategy="mean"),
a nominal one after SimpleImputer(strategy="most_frequent") and then
encoded as above (its code, or its one-hot columns), every imputer fitted
on the request's training rows only; then the classifier. scikit-learn
1.2's trees take no NaN, so missing values are always imputed this way,
for every classifier, and the handshake says so (missing_values). The
reply is then predictions for the held-out rows, with probabilities, for
trees too: dtbench's trees test nominal codes only.

If scikit-learn cannot be imported by the Python running this file and
/usr/bin/python3 (Debian's, where python3-sklearn installs) can import it,
the program runs itself again under /usr/bin/python3, so that
`python3 adapters/sklearn/dtbench_sklearn.py` works when another python3
comes first on PATH.
"""

import argparse
import base64
import importlib
import inspect
import json
import os
import sys
import time
import traceback

ADAPTER_VERSION = "2"  # 2: protocol 2 (numbers, missing values imputed)
PROTOCOL = 2  # the newest protocol version the adapter speaks (adapters/README.md)
MISSING_VALUES = ("imputed: SimpleImputer(strategy='mean') on numeric features, "
                  "SimpleImputer(strategy='most_frequent') on nominal ones, fitted on the training rows only")
REEXEC_GUARD = "_DTBENCH_SKLEARN_REEXEC"


def import_sklearn():
    """Imports numpy and scikit-learn, or re-executes under Debian's python3."""
    try:
        import numpy  # noqa: F401
        import sklearn  # noqa: F401
        return
    except ImportError as err:
        debian = "/usr/bin/python3"
        if os.environ.get(REEXEC_GUARD) or not os.path.exists(debian) or os.path.realpath(sys.executable) == os.path.realpath(debian):
            sys.stderr.write("dtbench_sklearn: cannot import scikit-learn (%s); install python3-sklearn\n" % err)
            sys.exit(2)
        os.environ[REEXEC_GUARD] = "1"
        os.execv(debian, [debian] + sys.argv)


import_sklearn()
import numpy as np  # noqa: E402
import sklearn  # noqa: E402


def parse_args(argv):
    p = argparse.ArgumentParser(prog="dtbench_sklearn.py", description=__doc__.split("\n\n")[0],
                                epilog="Numeric features and missing values (protocol 2): missing values are " + MISSING_VALUES
                                + "; scikit-learn 1.2's trees take no NaN. Such fits reply with predictions.")
    p.add_argument("--classifier", help="import path of any scikit-learn classifier (predictions only)")
    p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                   help="a constructor argument of --classifier (VALUE a JSON literal, else a string)")
    p.add_argument("--criterion", default="gini", help="DecisionTreeClassifier criterion: gini, entropy, log_loss")
    p.add_argument("--splitter", default="best", help="DecisionTreeClassifier splitter: best or random")
    p.add_argument("--max-depth", type=int, default=None)
    p.add_argument("--min-samples-leaf", type=int, default=1)
    p.add_argument("--min-samples-split", type=int, default=2)
    p.add_argument("--max-features", default=None, help="an int, a float or sqrt/log2")
    p.add_argument("--ccp-alpha", type=float, default=0.0)
    p.add_argument("--encoding", choices=["ordinal", "onehot"], default="ordinal")
    return p.parse_args(argv)


def literal(text):
    try:
        return json.loads(text)
    except ValueError:
        return text


class Adapter:
    """One configured classifier; fit() answers one request."""

    def __init__(self, args):
        self.args = args
        if args.classifier:
            module, _, name = args.classifier.rpartition(".")
            if not module:
                raise SystemExit("dtbench_sklearn: --classifier wants module.Class, got %r" % args.classifier)
            self.cls = getattr(importlib.import_module(module), name)
            self.params = {}
            for item in args.param:
                key, sep, value = item.partition("=")
                if not sep:
                    raise SystemExit("dtbench_sklearn: --param wants NAME=VALUE, got %r" % item)
                self.params[key] = literal(value)
            self.tree = False
            desc = args.classifier + "".join(" %s=%s" % kv for kv in sorted(self.params.items()))
        else:
            from sklearn.tree import DecisionTreeClassifier
            self.cls = DecisionTreeClassifier
            max_features = args.max_features
            if max_features is not None and max_features not in ("sqrt", "log2"):
                max_features = literal(max_features)
            self.params = dict(criterion=args.criterion, splitter=args.splitter, max_depth=args.max_depth,
                               min_samples_leaf=args.min_samples_leaf, min_samples_split=args.min_samples_split,
                               max_features=max_features, ccp_alpha=args.ccp_alpha)
            self.tree = True
            desc = "sklearn.tree.DecisionTreeClassifier" + "".join(
                " %s=%s" % kv for kv in sorted(self.params.items()) if kv[1] is not None)
        if args.encoding != "ordinal":
            desc += " encoding=" + args.encoding
        self.name = desc
        self.accepts = set(inspect.signature(self.cls).parameters)

    def hello(self):
        # CategoricalNB models categories: it takes no numbers.
        numeric = self.cls.__name__ != "CategoricalNB"
        return {"name": self.name, "version": "scikit-learn %s, adapter %s" % (sklearn.__version__, ADAPTER_VERSION),
                "protocol": PROTOCOL, "capabilities": {"numeric": numeric, "missing": True},
                "missing_values": MISSING_VALUES}

    def encode(self, codes, domains):
        """The model's input matrix for rows of codes (n × m uint8)."""
        if self.args.encoding == "ordinal":
            return codes.astype(np.float32)
        cols = [(codes[:, f:f + 1] == np.arange(z, dtype=np.uint8)).astype(np.float32) for f, z in enumerate(domains)]
        return np.hstack(cols) if cols else np.zeros((len(codes), 0), np.float32)

    def pipeline(self, clf, schema):
        """The Pipeline for rows in the values form: per feature, in
        dtbench's order, a numeric one imputed with its training mean, a
        nominal one with its most frequent training code and then encoded
        (ordinal: the code; onehot: a 0/1 column per value of its
        domain); then clf."""
        from sklearn.compose import ColumnTransformer
        from sklearn.impute import SimpleImputer
        from sklearn.pipeline import Pipeline
        from sklearn.preprocessing import OneHotEncoder
        steps = []
        for f, a in enumerate(schema["features"]):
            if a.get("numeric"):
                t = SimpleImputer(strategy="mean", keep_empty_features=True)
            else:
                t = SimpleImputer(strategy="most_frequent", keep_empty_features=True)
                if self.args.encoding == "onehot":
                    codes = [float(v) for v in range(len(a["values"]))]
                    t = Pipeline([("impute", t), ("onehot", OneHotEncoder(categories=[codes], sparse_output=False))])
            steps.append(("f%d" % f, t, [f]))
        return Pipeline([("features", ColumnTransformer(steps, sparse_threshold=0)), ("classifier", clf)])

    def fit_values(self, req, params, k):
        """A fit whose rows are in the values form: the pipeline, and its
        predictions (with probabilities) for the held-out rows."""
        schema = req["schema"]
        m = len(schema["features"])
        train = req["train"]
        x = values(train["x"], train["rows"], m)
        y = np.frombuffer(base64.b64decode(train["y"]), dtype=np.uint8).astype(np.int64)
        if "min_categories" in self.accepts and "min_categories" not in params and self.args.encoding == "ordinal":
            params["min_categories"] = [len(a.get("values") or []) for a in schema["features"]]
        pipe = self.pipeline(self.cls(**params), schema)
        start = time.perf_counter()
        pipe.fit(x, y)
        reply = {"fit_seconds": time.perf_counter() - start}
        if "predict" in req:
            p = req["predict"]
            classes = [int(c) for c in pipe.classes_]
            reply["predictions"] = self.predict(pipe, values(p["x"], p["rows"], m), classes, k, proba=True)
        return reply

    def fit(self, req):
        schema = req["schema"]
        k = len(schema["class"]["values"])
        if isinstance(req["train"]["x"], list):
            params = dict(self.params)
            if "random_state" in self.accepts and "random_state" not in params:
                params["random_state"] = req["seed"]
            return self.fit_values(req, params, k)
        domains = [len(f["values"]) for f in schema["features"]]
        m = len(domains)
        train = req["train"]
        x = np.frombuffer(base64.b64decode(train["x"]), dtype=np.uint8).reshape(train["rows"], m)
        y = np.frombuffer(base64.b64decode(train["y"]), dtype=np.uint8).astype(np.int64)
        params = dict(self.params)
        if "random_state" in self.accepts and "random_state" not in params:
            params["random_state"] = req["seed"]
        if "min_categories" in self.accepts and "min_categories" not in params and self.args.encoding == "ordinal":
            params["min_categories"] = domains  # CategoricalNB: every code of the domain
        clf = self.cls(**params)
        xs = self.encode(x, domains)
        start = time.perf_counter()
        clf.fit(xs, y)
        seconds = time.perf_counter() - start
        reply = {"fit_seconds": seconds}
        if self.tree:
            reply["tree"] = self.translate(clf, domains, k)
            return reply
        classes = [int(c) for c in clf.classes_]
        if "predict" in req:
            p = req["predict"]
            px = np.frombuffer(base64.b64decode(p["x"]), dtype=np.uint8).reshape(p["rows"], m)
            reply["predictions"] = self.predict(clf, self.encode(px, domains), classes, k, proba=True)
        if req.get("space"):
            grid = np.stack(np.meshgrid(*[np.arange(z, dtype=np.uint8) for z in domains], indexing="ij"), -1).reshape(-1, m)
            reply["space"] = self.predict(clf, self.encode(grid, domains), classes, k, proba=False)["classes"]
        return reply

    @staticmethod
    def predict(clf, xs, classes, k, proba):
        if len(xs) == 0:
            return {"classes": []}
        pred = [int(c) for c in clf.predict(xs)]
        out = {"classes": pred}
        if proba and hasattr(clf, "predict_proba"):
            p = clf.predict_proba(xs)
            full = np.zeros((len(xs), k))
            full[:, classes] = p
            full /= full.sum(axis=1, keepdims=True)
            out["proba"] = full.tolist()
        return out

    def children(self, t, domains):
        """Each node's children by value (empty at a leaf), node by node."""
        left, right = t.children_left.tolist(), t.children_right.tolist()
        column, threshold = t.feature.tolist(), t.threshold.tolist()
        if self.args.encoding == "onehot":
            columns = [(f, v) for f, z in enumerate(domains) for v in range(z)]
        out = []
        for n in range(t.node_count):
            l, r = left[n], right[n]
            if l == -1:
                out.append([])
            elif self.args.encoding == "onehot":
                f, v1 = columns[column[n]]
                out.append([r if v == v1 else l for v in range(domains[f])])  # (f = v1) is 1 > threshold
            else:
                f, thr = column[n], threshold[n]
                out.append([l if v <= thr else r for v in range(domains[f])])
        return out

    def translate(self, clf, domains, k):
        """The fitted DecisionTreeClassifier as a dtbench JSON tree, in its
        parallel-array form (schemas/README.md): feature (-1 at a leaf),
        class, children by value (children_flat for binary features).
        Counts are left out: the rows carry no weights, so they are the
        training rows reaching each node, which dtbench counts itself more
        cheaply than they travel.

        sklearn numbers nodes depth first with every child after its parent,
        as dtbench's format wants. A split on column j at threshold t sends
        the values v of its feature with column value <= t to the left child.
        The arrays are made in numpy; only a tree over features of more than
        two values (or one-hot columns) has its children built node by node.
        """
        t = clf.tree_
        classes = np.asarray(clf.classes_, dtype=np.int64)
        values = t.value[:, 0, :]  # counts before scikit-learn 1.4, fractions since: argmax is the same
        left, right = t.children_left, t.children_right
        leaf = left == -1
        feature = np.where(leaf, -1, t.feature)
        out = {"feature": feature.tolist(), "class": classes[values.argmax(axis=1)].tolist()}
        if self.args.encoding == "ordinal" and all(z == 2 for z in domains):
            # Binary codes: every threshold lies in [0, 1), so value 0 goes
            # left, 1 right. children_flat, every internal node's children
            # in node order, is one flat list: about half the time of a
            # list of lists in tolist and json.dumps.
            out["children_flat"] = np.stack([left, right], axis=1)[~leaf].ravel().tolist()
        else:
            out["children"] = self.children(t, domains)
        return out


def values(rows, n, m):
    """The rows of a request's x in the values form as an n × m float
    matrix, NaN where missing (null)."""
    x = np.array(rows, dtype=np.float64).reshape(n, m)  # None becomes NaN
    return x


def main(argv):
    args = parse_args(argv)
    adapter = Adapter(args)
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            op = req.get("op")
            if op == "hello":
                reply = adapter.hello()
            elif op == "fit":
                reply = adapter.fit(req)
            else:
                reply = {"error": "unknown op %r" % op}
        except Exception as err:  # a fit that fails is the adapter's error reply, not a crash
            traceback.print_exc(file=sys.stderr)
            reply = {"error": "%s: %s" % (type(err).__name__, err)}
        out.write(json.dumps(reply, separators=(",", ":")))
        out.write("\n")
        out.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
