'use strict';
// polars.js: the interop tests' second reader (nodejs-polars). It reads a
// JSON list of questions from standard input, one per (file, column):
//   {"path": "...", "column": "doe", "pivot": 0.9 | "id3" | true | null}
// and writes a JSON list of answers, in order, each counted by a lazy
// scan (scanParquet), the path where polars prunes by statistics:
//   {"isNull": n, "isNotNull": n, "nullCount": n, "lt": n, "eq": n, "gt": n}
// (lt, eq, gt only with a pivot: rows below, equal to, above it).
const pl = require('nodejs-polars');

function height(path, expr) {
  return pl.scanParquet(path).filter(expr).collectSync().height;
}

const input = require('fs').readFileSync(0, 'utf8');
const out = JSON.parse(input).map((q) => {
  const c = pl.col(q.column);
  const a = {
    isNull: height(q.path, c.isNull()),
    isNotNull: height(q.path, c.isNotNull()),
    nullCount: Number(pl.scanParquet(q.path).select(c.nullCount()).collectSync().getColumn(q.column).get(0)),
  };
  if (q.pivot !== null && q.pivot !== undefined) {
    a.lt = height(q.path, c.lt(pl.lit(q.pivot)));
    a.eq = height(q.path, c.eq(pl.lit(q.pivot)));
    a.gt = height(q.path, c.gt(pl.lit(q.pivot)));
  }
  return a;
});
process.stdout.write(JSON.stringify(out) + '\n');
