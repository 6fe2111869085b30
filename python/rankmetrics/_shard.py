"""Sharded evaluation from Python: partial() writes the state that
`rankmetrics eval --partial` writes, of in-memory columns or of files, and
merge() merges states as `rankmetrics merge` does, with the engine's own
code (rm_eval_partial, rm_eval_merge).  A state is text (the book's
section "Sharded evaluation" gives its format); the merge of the states of
disjoint shards, each query wholly in one, is the aggregate of one
evaluation of all of them, to the last bit."""

import ctypes
import os
import tempfile
from typing import Any, Iterable, List, Mapping, Optional, Union

from . import RankmetricsError, _L, _once
from . import _files
from ._columns import _pick, _rows
from ._files import FileEvaluation, PathArg, _path
from ._lib import sigint_guarded

__all__ = ["partial", "merge"]


@sigint_guarded
def partial(measures: Union[str, Iterable[str]], data: Any = None, *,
            users: Any = None, items: Any = None, labels: Any = None,
            scores: Any = None, user: Optional[str] = None,
            item: Optional[str] = None, label: Optional[str] = None,
            score: Optional[str] = None,
            judged: Optional[Mapping[Any, Any]] = None,
            qrels: Optional[PathArg] = None, run: Optional[PathArg] = None,
            fast: bool = False, dup: str = "error",
            path: Optional[PathArg] = None,
            popularity: Optional[PathArg] = None,
            query_weights: Optional[PathArg] = None,
            weight: Optional[str] = None,
            features: Optional[PathArg] = None,
            history: Optional[PathArg] = None,
            similarity: Optional[PathArg] = None) -> bytes:
    """The state of one shard, as `rankmetrics eval --partial` writes it,
    for merge() or `rankmetrics merge`: bytes, also written to the file
    path when it is given (replaced only when the state is whole).

    measures    variant names, as eval's -m: a name of one query is
                aggregated as eval aggregates it (mean, rmse as micro)
    data, users, items, labels, scores, user, item, label, score, judged
                the rows, as evaluate() takes them; or
    qrels, run  files instead, as evaluate_files() reads them (run alone: a
                delimited file)
    fast        True: the double path (eval --fast --partial); False, the
                default as in eval: the exact path
    dup         a repeated item: "error", "first", "last" or "max"
    popularity, query_weights, weight, features, history, similarity
                eval's side inputs, as evaluate_files() takes them (weight,
                a column, only with run=, a delimited file)

    A shard's state equals, byte for byte, the one the tool writes for a
    CSV file of the same rows (its user, item, label and score columns
    named as user=, item=, label=, score= name them, by default user,
    item, label and score).  Each user must lie wholly in one shard.
    Raises RankmetricsError with the engine's status and message.
    """
    if isinstance(measures, str):
        measures = [measures]
    measures = list(_once(measures, "measures"))
    if not measures:
        raise RankmetricsError(-1, "partial needs at least one measure")
    if dup not in _files._DUP:
        raise RankmetricsError(-1, "dup is one of %s, not %r"
                               % (", ".join(_files._DUP), dup))
    if not isinstance(fast, bool):
        raise TypeError("partial: fast is True or False, not %r" % (fast,))
    files = qrels is not None or run is not None
    if files and (data is not None or users is not None or labels is not None
                  or judged is not None):
        raise TypeError("partial: give rows (data, or users= and labels=) or"
                        " files (qrels=, run=), not both")
    keep: List[Any] = []
    if files:
        if run is None:
            raise TypeError("partial: qrels= needs run=")
        c = None
        qpath = _path(qrels, "qrels")
        rpath = _path(run, "run")
    else:
        cols = _pick(data, (users, items, labels, scores),
                     (user, item, label, score), "partial")
        if len(cols[0]) == 0:
            raise RankmetricsError(-1, "partial: no rows")
        c, _first, _names = _rows(cols, judged, keep)
        qpath = rpath = None
    o = _files._options(measures, per_query=False, fast=fast,
                        columns=(user, item, label, score), dup=dup)
    pieces: List[bytes] = []

    def put(_ctx, b, n):
        pieces.append(ctypes.string_at(b, n))

    sfn = _files._STATE_FN(put)
    _files._engine(lambda e, _fn, _p: _L.rm_eval_partial(
        e, ctypes.byref(o), qpath, rpath,
        None if c is None else ctypes.byref(c), sfn, None),
        lambda *a: None, inputs=_files._inputs(popularity, query_weights, weight,
                                     features, history, similarity))
    state = b"".join(pieces)
    if path is not None:
        _write(os.fspath(path), state)
    return state


def _write(path, data):
    """data into path, through a temporary file beside it, renamed."""
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".rankmetrics-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def _measures_of(path):
    """The measures of a state file, as given, in order: its lines 'measure
    NAME' (a name holds no line break: eval refuses it)."""
    with open(path, "rb") as f:
        text = f.read().decode("utf-8", "surrogateescape")
    return [line[8:] for line in text.split("\n")
            if line.startswith("measure ")]


@sigint_guarded
def merge(states: Iterable[Union[bytes, PathArg]]) -> FileEvaluation:
    """The aggregates of the merged states, as `rankmetrics merge` prints
    them: a FileEvaluation whose aggregate is keyed by the measures as the
    states give them (no values per query: a state has none).

    states      each the bytes of a state (what partial() returns) or the
                name of a state file, in any order

    Raises RankmetricsError with merge's message for states that cannot be
    merged (other measures, options, judgments or paths; a query in two
    states; a damaged state) or whose merged enclosure does not decide a
    rounding.
    """
    states = list(_once(states, "states", ordered=False))
    if not states:
        raise RankmetricsError(-1, "merge needs at least one state")
    for s in states:
        if not isinstance(s, (bytes, str, os.PathLike)):
            raise TypeError("merge: a state is the bytes of a state or a file"
                            " name, not %s" % type(s).__name__)
    with tempfile.TemporaryDirectory(prefix="rankmetrics-merge-") as d:
        paths = []
        for i, s in enumerate(states):
            if isinstance(s, bytes):
                p = os.path.join(d, "state%d" % i)
                with open(p, "wb") as f:
                    f.write(s)
                paths.append(p.encode())
            else:
                paths.append(_path(s, "states"))
        res = FileEvaluation(_measures_of(paths[0]))
        names = (ctypes.c_char_p * len(paths))(*paths)

        def take(k, _query, x, undefined, _skipped):
            m = res.measures[k]
            res.aggregate[m] = x
            if undefined:
                res.undefined.add((m, None))

        _files._engine(lambda e, fn, _p: _L.rm_eval_merge(
            e, names, len(paths), fn, None), take)
    return res
