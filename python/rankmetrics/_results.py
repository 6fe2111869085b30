"""Results keyed by the names the caller gave.

evaluate() and evaluate_files() key their values by the measure names as
given ("ap", "ndcg@10"), in the order given, so that what was asked for
is what is looked up; each dict also carries the canonical name of every
key (rankmetrics.name: every key the variant reads, defaults too) in its
`canonical` mapping, and a canonical name is found as well, so that code
written against the canonical keys keeps working.
"""

from typing import Any, Dict, Hashable, Iterable, Mapping, Tuple


class Results(Dict[str, Any]):
    """A dict {given name: value}, iterated in the order given.

    canonical  {given name: canonical name}
    A canonical name that is not itself a given name is looked up as the
    first given name it is the canonical name of (results["mean:ap@inf"]
    is results["ap"] when "ap" was given): in [], get() and `in`, never in
    iteration, len() or equality, which see the given names only.
    """

    __slots__ = ("canonical", "_given")

    def __init__(self, items: Iterable[Tuple[str, Any]],
                 canonical: Mapping[str, str]) -> None:
        super().__init__(items)
        self.canonical: Dict[str, str] = dict(canonical)
        self._given: Dict[str, str] = {}
        for g, c in self.canonical.items():
            if c not in self.canonical:
                self._given.setdefault(c, g)

    def __missing__(self, key: Hashable) -> Any:
        try:
            return dict.__getitem__(self, self._given[key])  # type: ignore
        except (KeyError, TypeError):
            raise KeyError(key) from None

    def __contains__(self, key: object) -> bool:
        return super().__contains__(key) or \
            (isinstance(key, str) and key in self._given)

    def get(self, key: Any, default: Any = None) -> Any:
        return self[key] if key in self else default

    def __repr__(self) -> str:
        return "{%s}" % ", ".join("%r: %r" % kv for kv in self.items())
