"""Loading librankmetrics through ctypes, and the C types it reads.

The library is looked for, in this order:

1. the file named by the environment variable RANKMETRICS_LIB;
2. librankmetrics.so inside the package, where `pip install` (setup.py)
   builds it;
3. the path that `make install` wrote into rankmetrics/_libpath.py;
4. the repository root of a built clone (python/rankmetrics -> ../..);
5. PREFIX/lib beside an installed package (PREFIX/lib/python3/dist-packages);
6. the dynamic loader's own search (librankmetrics.so.0).

Only rm_list and rm_exact are copied here; a variant is kept as opaque
bytes, rm_variant_size() of them, because its layout grows with every
metric of the library.  The copies are checked against rm_list_size() and
rm_exact_size() when the library is loaded.
"""

import ctypes
import functools
import os
from typing import Any

SOMAJOR = "0"
ENV = "RANKMETRICS_LIB"

c_size_p = ctypes.POINTER(ctypes.c_size_t)
c_int_p = ctypes.POINTER(ctypes.c_int)
c_double_p = ctypes.POINTER(ctypes.c_double)
c_char_pp = ctypes.POINTER(ctypes.c_char_p)


class List(ctypes.Structure):
    """struct rm_list: one query's ranked list and its judgments."""
    _fields_ = [("n", ctypes.c_size_t),
                ("grade", c_int_p),
                ("score", c_double_p),
                ("id", c_char_pp),
                ("n_unretrieved", ctypes.c_size_t),
                ("unretrieved_grade", c_int_p),
                ("label", c_char_pp),
                ("unjudged", ctypes.POINTER(ctypes.c_ubyte)),
                ("weight", c_double_p)]  # mean[weight=query]: NULL weighs 1


class Subtopics(ctypes.Structure):
    """struct rm_subtopics: a grade per item and subtopic (diversity)."""
    _fields_ = [("m", ctypes.c_size_t),
                ("grade", c_int_p),
                ("unretrieved_grade", c_int_p),
                ("unretrieved_id", c_char_pp),
                ("weight", c_double_p)]


DECIMAL_MAX = 96  # RM_DECIMAL_MAX


class ExactC(ctypes.Structure):
    """struct rm_exact: one result of the exact path."""
    _fields_ = [("value", ctypes.c_double),
                ("ternary", ctypes.c_int),
                ("rational", ctypes.c_void_p),  # freed by rm_exact_clear
                ("decimal", ctypes.c_char * DECIMAL_MAX),
                ("prec", ctypes.c_ulong),
                ("hard_bits", ctypes.c_int)]


class Verdict(ctypes.Structure):
    """struct rm_verdict: one test of the golden vectors, judged."""
    _fields_ = [("family", ctypes.c_char_p),
                ("family_index", ctypes.c_int),
                ("tcid", ctypes.c_long),
                ("group", ctypes.c_size_t),
                ("variant", ctypes.c_char_p),
                ("invalid", ctypes.c_int),
                ("undefined", ctypes.c_int),
                ("expected", ctypes.c_double),
                ("error", ctypes.c_char_p),
                ("input", ctypes.c_char_p * 4),
                ("given", ctypes.c_int),
                ("observed", ctypes.c_double),
                ("file", ctypes.c_char_p),
                ("line", ctypes.c_long),
                ("verdict", ctypes.c_int),
                ("ulps", ctypes.c_double),
                ("value_verdict", ctypes.c_int),
                ("stat_given", ctypes.c_int),
                ("stat_expected", ctypes.c_double),
                ("stat_observed", ctypes.c_double),
                ("stat_ulps", ctypes.c_double),
                ("stat_verdict", ctypes.c_int)]


class VerifyGroup(ctypes.Structure):
    """struct rm_verify_group: the counts of one variant."""
    _fields_ = [("family", ctypes.c_char_p),
                ("family_index", ctypes.c_int),
                ("variant", ctypes.c_char_p),
                ("parsed", ctypes.c_int),
                ("count", ctypes.c_long * 3),
                ("given", ctypes.c_long)]


NAME_MAX = 1024  # RM_NAME_MAX


class Explanation(ctypes.Structure):
    """struct rm_explanation: an alternative variant and how well it
    explains a candidate's results."""
    _fields_ = [("name", ctypes.c_char * NAME_MAX),
                ("changes", ctypes.c_int),
                ("close", ctypes.c_int),
                ("maxd", ctypes.c_double),
                ("sumd", ctypes.c_double)]


def _candidates():
    here = os.path.dirname(os.path.abspath(__file__))
    env = os.environ.get(ENV)
    if env:
        return [env], True
    out = [os.path.join(here, "librankmetrics.so")]  # built by setup.py
    try:
        from . import _libpath  # written by make install
        out.append(_libpath.LIBRARY)
    except ImportError:
        pass
    root = os.path.dirname(os.path.dirname(here))
    out.append(os.path.join(root, "librankmetrics.so"))
    # PREFIX/lib/python3/dist-packages/rankmetrics -> PREFIX/lib
    lib = os.path.dirname(os.path.dirname(os.path.dirname(here)))
    out.append(os.path.join(lib, "librankmetrics.so." + SOMAJOR))
    out.append("librankmetrics.so." + SOMAJOR)
    return out, False


def _declare(lib):
    V = ctypes.c_void_p  # const rm_variant *, opaque
    sigs = {
        "rm_strerror": (ctypes.c_char_p, [ctypes.c_int]),
        "rm_variant_size": (ctypes.c_size_t, []),
        "rm_list_size": (ctypes.c_size_t, []),
        "rm_exact_size": (ctypes.c_size_t, []),
        "rm_variant_parse": (ctypes.c_int, [ctypes.c_char_p, V,
                                            ctypes.c_char_p, ctypes.c_size_t]),
        "rm_variant_name": (ctypes.c_size_t, [V, ctypes.c_char_p,
                                              ctypes.c_size_t]),
        "rm_variant_reads_set": (ctypes.c_int, [V]),
        "rm_variant_help": (ctypes.c_size_t, [ctypes.c_char_p,
                                              ctypes.c_size_t]),
        "rm_ulp_bound": (ctypes.c_double, [V]),
        "rm_value": (ctypes.c_int, [V, ctypes.POINTER(List), V,
                                    c_double_p]),
        "rm_value_exact": (ctypes.c_int, [V, ctypes.POINTER(List),
                                          ctypes.POINTER(ExactC)]),
        "rm_values": (ctypes.c_int, [V, ctypes.c_size_t, ctypes.POINTER(List),
                                     V, c_double_p, c_int_p]),
        "rm_value_set": (ctypes.c_int, [V, ctypes.POINTER(List),
                                        ctypes.c_size_t, V, c_double_p]),
        "rm_value_set_exact": (ctypes.c_int, [V, ctypes.POINTER(List),
                                              ctypes.c_size_t,
                                              ctypes.POINTER(ExactC)]),
        "rm_exact_init": (None, [ctypes.POINTER(ExactC)]),
        "rm_exact_clear": (None, [ctypes.POINTER(ExactC)]),
        "rm_metric_name": (ctypes.c_char_p, [ctypes.c_int]),
        "rm_metric_takes_cutoff": (ctypes.c_int, [ctypes.c_int]),
        "rm_metric_keys": (ctypes.c_size_t, [ctypes.c_int, c_char_pp,
                                             ctypes.c_size_t]),
        "rm_aggregator_keys": (ctypes.c_size_t, [ctypes.c_int, c_char_pp,
                                                 ctypes.c_size_t]),
        "rm_key_words": (c_char_pp, [ctypes.c_char_p]),
        "rm_key_range": (ctypes.c_int, [ctypes.c_char_p,
                                        ctypes.POINTER(ctypes.c_long),
                                        ctypes.POINTER(ctypes.c_long)]),
        "rm_vector_family": (ctypes.c_char_p, [ctypes.c_int]),
        "rm_verifier_new": (ctypes.c_int, [ctypes.c_char_p,
                                           ctypes.POINTER(ctypes.c_void_p)]),
        "rm_verifier_free": (None, [V]),
        "rm_verifier_set_tolerance": (ctypes.c_int, [V, ctypes.c_double,
                                             ctypes.c_double, ctypes.c_int]),
        "rm_verifier_add_line": (ctypes.c_int, [V, ctypes.c_char_p,
                                                ctypes.c_size_t,
                                                ctypes.c_char_p,
                                                ctypes.c_long]),
        "rm_verifier_add": (ctypes.c_int, [V, ctypes.c_char_p, ctypes.c_long,
                                           ctypes.c_int, ctypes.c_double,
                                           ctypes.c_char_p, ctypes.c_long]),
        "rm_verifier_load": (ctypes.c_int, [V, ctypes.c_char_p]),
        "rm_verifier_message": (ctypes.c_char_p, [V]),
        "rm_verifier_tests": (ctypes.c_size_t, [V]),
        "rm_verifier_lines": (ctypes.c_size_t, [V]),
        "rm_verifier_verdict": (ctypes.c_int, [V, ctypes.c_size_t,
                                               ctypes.POINTER(Verdict)]),
        "rm_verifier_groups": (ctypes.c_size_t, [V]),
        "rm_verifier_explain": (ctypes.c_int, [V, ctypes.c_size_t,
                                               ctypes.POINTER(Explanation),
                                               c_size_p, c_int_p]),
        "rm_verifier_explanation": (ctypes.c_int, [
            V, ctypes.c_size_t, ctypes.POINTER(Explanation)]),
        "rm_verifier_group": (ctypes.c_int, [V, ctypes.c_size_t,
                                             ctypes.POINTER(VerifyGroup)]),
        "rm_div_value": (ctypes.c_int, [V, ctypes.POINTER(List),
                                        ctypes.POINTER(Subtopics), V,
                                        c_double_p]),
        "rm_div_value_exact": (ctypes.c_int, [V, ctypes.POINTER(List),
                                              ctypes.POINTER(Subtopics),
                                              ctypes.POINTER(ExactC)]),
        "rm_feat_new": (ctypes.c_void_p, []),
        "rm_feat_free": (None, [V]),
        "rm_feat_add": (ctypes.c_int, [V, ctypes.c_char_p, ctypes.c_char_p,
                                       ctypes.c_char_p]),
        "rm_feat_use": (ctypes.c_int, [V]),
        "rm_history_use": (ctypes.c_int, [V, V, ctypes.c_size_t]),
    }
    for name, (res, args) in sigs.items():
        f = getattr(lib, name)
        f.restype = res
        f.argtypes = args


def load() -> Any:
    """The library, its functions declared; OSError when it is not found."""
    paths, explicit = _candidates()
    tried = []
    for p in paths:
        if os.sep in p and not os.path.exists(p):
            tried.append(p + " (absent)")
            continue
        try:
            lib: Any = ctypes.CDLL(p)
        except OSError as e:
            tried.append("%s (%s)" % (p, e))
            if explicit:
                break
            continue
        try:
            _declare(lib)
        except AttributeError as e:
            tried.append("%s (too old: %s)" % (p, e))
            if explicit:
                break
            continue
        if lib.rm_list_size() != ctypes.sizeof(List) or \
           lib.rm_exact_size() != ctypes.sizeof(ExactC):
            raise OSError("%s: rm_list or rm_exact is not laid out as this "
                          "package expects; rebuild the package with the "
                          "library" % p)
        lib.path = p
        return lib
    raise OSError("librankmetrics not found; build it with make, or set %s "
                  "to its path.  Tried: %s" % (ENV, "; ".join(tried)))


def interruptible(call, stop):
    """call() run in a worker thread while this thread waits for it in
    short slices, so that Ctrl-C is seen at once: a C call made from this
    thread would hold the KeyboardInterrupt until it returned, and a
    ctypes callback that met it printed it and carried on.  On
    KeyboardInterrupt the threading.Event stop is set, which the call's
    callbacks read to ask the C loop to stop; the worker is waited for (it
    owns the C objects), its result dropped, and the interrupt raised
    again: nothing partial is returned.  An exception of call() is raised
    here.  With stop None the call has no way to be stopped: on
    KeyboardInterrupt it is left to finish in its thread, which holds what
    it reads, and its result is dropped."""
    import threading
    box = {}

    def run():
        try:
            box["result"] = call()
        except BaseException as e:  # noqa: B902 -- raised in the caller
            box["error"] = e
    t = threading.Thread(target=run, name="rankmetrics", daemon=True)
    t.start()
    try:
        while t.is_alive():
            t.join(0.05)
            check_interrupt()
    except KeyboardInterrupt:
        if stop is None:
            raise
        stop.set()
        while t.is_alive():  # a second Ctrl-C does not leave it running
            try:
                t.join(0.05)
            except KeyboardInterrupt:
                pass
        raise
    if "error" in box:
        raise box["error"]
    return box["result"]


def _whole(digits):
    # A whole number of any length: Python 3.11 refuses int() of more than
    # 4300 digits, and an exact value of insq has thousands (its denominator
    # is a product over 1000 ranks).  Read in pieces below that limit.
    if len(digits) <= 4000:
        return int(digits)
    n = 0
    for i in range(0, len(digits), 4000):
        piece = digits[i:i + 4000]
        n = n * 10 ** len(piece) + int(piece)
    return n


def fraction(text):
    """The library's exact rational 'P/Q' or 'P' (P may carry '-') as a
    Fraction, whatever the number of digits."""
    from fractions import Fraction
    num, _, den = text.partition("/")
    neg = num.startswith("-")
    p = _whole(num[1:] if neg else num)
    return Fraction(-p if neg else p, _whole(den) if den else 1)


_guards = []  # the flags of the sigint_guarded calls under way, innermost last


def sigint_guarded(f):
    """f, so that a Ctrl-C is never lost in it.  CPython raises
    KeyboardInterrupt at whatever the main thread runs next, and when that
    is a weakref's callback or a __del__ the exception is printed ("Exception
    ignored in ...") and dropped: evaluate then returned its result after
    the SIGINT.  While f runs in the main thread under Python's own
    handler, the handler also notes the signal; check_interrupt() raises
    KeyboardInterrupt where a loop calls it, and so does the end of f, so
    that nothing is returned after a Ctrl-C.  A handler of the caller's
    own is left alone, and so is a call from another thread."""
    @functools.wraps(f)
    def guarded(*args, **kwargs):
        import signal
        import threading
        if threading.current_thread() is not threading.main_thread() or \
                signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
            return f(*args, **kwargs)
        seen = []

        def handler(signum, frame):
            seen.append(signum)
            raise KeyboardInterrupt
        signal.signal(signal.SIGINT, handler)
        _guards.append(seen)
        try:
            result = f(*args, **kwargs)
            if seen:
                raise KeyboardInterrupt
            return result
        finally:
            _guards.pop()
            signal.signal(signal.SIGINT, signal.default_int_handler)
    return guarded


def check_interrupt():
    """KeyboardInterrupt when a Ctrl-C came during the sigint_guarded call
    under way, even if it was dropped where it was raised."""
    if _guards and _guards[-1]:
        raise KeyboardInterrupt
