"""Build the Python package with its C library inside it.

The library is the same two translation units that make builds into
librankmetrics.so (rankmetrics.c, the metrics; rmeval.c, the evaluation
engine), compiled by setuptools and installed as
rankmetrics/librankmetrics.so, where rankmetrics/_lib.py looks first.  In a
clone the C is tangled from rankmetrics.w by ctangle when it is missing or
older than the book; a source distribution carries the tangled C (and no
book), so building it needs no CWEB.  The golden vectors are copied into
rankmetrics/vectors, where verify() finds them.  Needs MPFR and GMP
(libmpfr-dev, libgmp-dev) and a C compiler.
"""

import glob
import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
BOOK = "rankmetrics.w"
# What the library is compiled from: every file ctangle writes that it reads.
TANGLED = ["rankmetrics.c", "rankmetrics.h", "rmeval.c", "rmshared.h",
           "examples.h"]
VECTORS = ["vectors/README.md"] + sorted(
    glob.glob(os.path.join(HERE, "vectors", "*_test.json")) +
    glob.glob(os.path.join(HERE, "vectors", "*_test.txt"))) + [
    "vectors/significance.json", "vectors/significance.txt"]


def version():
    """The Makefile's VERSION, the one place it is written."""
    with open(os.path.join(HERE, "Makefile")) as f:
        m = re.search(r"^VERSION\s*=\s*(\S+)", f.read(), re.M)
    if not m:
        sys.exit("setup.py: no VERSION = line in Makefile")
    return m.group(1)


def tangle():
    """Run ctangle when the book is here and the C is missing or older
    than it; as make's rule does, any line of ctangle's starting with '!'
    fails."""
    paths = [os.path.join(HERE, f) for f in TANGLED]
    missing = [f for f, p in zip(TANGLED, paths) if not os.path.exists(p)]
    book = os.path.join(HERE, BOOK)
    if not os.path.exists(book):
        if missing:
            sys.exit("setup.py: %s missing, and no %s to tangle them from"
                     % (", ".join(missing), BOOK))
        return
    # make's stamp says the C is current even when ctangle +c left an
    # unchanged file (and its older mtime) alone.
    stamp = os.path.join(HERE, "tangle.stamp")
    newer = [p for p in paths + [stamp] if os.path.exists(p) and
             os.path.getmtime(p) >= os.path.getmtime(book)]
    if not missing and (stamp in newer or len(newer) == len(paths)):
        return
    if shutil.which("ctangle") is None:
        sys.exit("setup.py: %s must be tangled from %s, and ctangle is not "
                 "on PATH (Debian: texlive-binaries); or build the source "
                 "distribution, which carries the C" % (", ".join(
                     missing or TANGLED), BOOK))
    r = subprocess.run(["ctangle", "+c", BOOK], cwd=HERE,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    if r.stdout:
        print(r.stdout)
    if r.returncode != 0 or re.search(r"^!", r.stdout, re.M):
        sys.exit("setup.py: ctangle failed (exit %d)" % r.returncode)


class BuildExt(build_ext):
    """The library, tangled first, named librankmetrics.so inside the
    package (it is loaded by ctypes, not imported)."""

    def run(self):
        tangle()
        super().run()

    def get_ext_filename(self, fullname):
        # Called with "rankmetrics.librankmetrics" and "librankmetrics".
        name = super().get_ext_filename(fullname)
        if fullname.split(".")[-1] == "librankmetrics":
            return os.path.join(os.path.dirname(name), "librankmetrics.so")
        return name


class BuildPy(build_py):
    """The package's modules, and the golden vectors in rankmetrics/vectors."""

    def run(self):
        super().run()
        if self.dry_run:
            return
        out = os.path.join(self.build_lib, "rankmetrics", "vectors")
        os.makedirs(out, exist_ok=True)
        for v in VECTORS:
            self.copy_file(os.path.join(HERE, v), out)


class SDist(sdist):
    """A source distribution with the tangled C in it."""

    def run(self):
        tangle()
        super().run()


LIBRARY = Extension(
    "rankmetrics.librankmetrics",
    sources=["rankmetrics.c", "rmeval.c"],
    include_dirs=["."],
    libraries=["mpfr", "gmp", "m", "z"],
    # make's flags: C11, and assertions kept (Python's flags carry -DNDEBUG).
    extra_compile_args=["-std=c11", "-pthread", "-UNDEBUG"],
    extra_link_args=["-pthread", "-Wl,--no-undefined"],
    depends=[f for f in TANGLED if f.endswith(".h")],
)

setup(
    version=version(),
    ext_modules=[LIBRARY],
    cmdclass={"build_ext": BuildExt, "build_py": BuildPy, "sdist": SDist},
)
