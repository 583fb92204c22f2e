#!/usr/bin/env python3
"""layers.py - the Judge's files and folders form layers: no cycle.

Reads what the compiler built rather than what the sources include: nm
tells, for every object of the product, the symbols it defines and the
ones it uses, and an object that uses a symbol another object defines is
an arrow between their source files (and between their folders, when
those differ).  Symbols are the truth of a C program's dependencies; an
include can be left over, a call cannot.  Headers add no arrow of their
own: what a header declares is defined in some .c, and that is where the
arrow points.

Usage: layers.py SRCDIR BUILDDIR
Every .o under BUILDDIR whose source is a .c under SRCDIR counts, except
the test programs and benchmarks (top folders tests/ and bench/) and any
other build tree nested inside (a folder holding its own config.status,
as the sanitizer build and distcheck's make).  Automake names an object
with per-target flags "<target>-<source>.o", so the part up to the first
'-' is dropped when the plain name has no source.

Prints every cycle (a strongly connected set of files, then of folders)
with the arrows inside it and the symbols each arrow takes, and exits 1
if there is one, 0 if none, 2 if nothing could be read.
"""
import os
import re
import subprocess
import sys

SKIP_TOP = {"tests", "bench"}
# Automake targets whose objects are a product of their own, not linked
# into the program: the drawing module (picture/module.h) is the same
# drawing sources as picture/libpicdraw.a, which are read, plus
# module.c, whose stand-ins for the program's fail() and allocators would
# read as arrows from every caller of those into the module; and the SMTP
# module (maildir/smtp_module.h), deliver_smtp.c and its fail() stand-in.
SKIP_TARGETS = {"picture_so", "maildir_smtp_so"}


def objects(srcdir, builddir):
    """(source path relative to srcdir, object path) for the product."""
    found = []
    for root, dirs, files in os.walk(builddir):
        rel = os.path.relpath(root, builddir)
        if rel == ".":
            dirs[:] = [d for d in dirs if d not in SKIP_TOP]
        else:
            dirs[:] = [d for d in dirs
                       if not os.path.exists(os.path.join(root, d, "config.status"))]
        for f in files:
            if not f.endswith(".o"):
                continue
            stem = f[:-2]
            if stem.split("-", 1)[0] in SKIP_TARGETS:
                continue
            for cand in (stem, stem.split("-", 1)[-1]):
                src = os.path.normpath(os.path.join(rel, cand + ".c"))
                if os.path.exists(os.path.join(srcdir, src)):
                    found.append((src, os.path.join(root, f)))
                    break
    return sorted(found)


def symbols(obj):
    """(defined, used) global symbol names of one object."""
    out = subprocess.run(["nm", "-P", obj], capture_output=True, text=True, check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        name, kind = parts[0], parts[1]
        if kind == "U":
            used.add(name)
        elif kind in "TDBRCVWGS":   # upper case: global; local ones tie nothing
            defined.add(name)
    return defined, used


def sccs(nodes, edges):
    """Tarjan's strongly connected components with more than one node."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def report(kind, comps, edges, why):
    for n, comp in enumerate(comps, 1):
        print(f"cycle between {kind} {n}: {len(comp)} {kind}: {', '.join(comp)}")
        members = set(comp)
        for a in comp:
            for b in sorted(edges.get(a, ())):
                if b in members:
                    names = sorted(why[(a, b)])
                    more = f" (+{len(names) - 6} more)" if len(names) > 6 else ""
                    print(f"  {a} -> {b}: {', '.join(names[:6])}{more}")


def main(argv):
    if len(argv) != 3:
        print("usage: layers.py SRCDIR BUILDDIR", file=sys.stderr)
        return 2
    srcdir, builddir = argv[1], argv[2]
    objs = objects(srcdir, builddir)
    if not objs:
        print(f"layers.py: no objects of {srcdir} under {builddir}", file=sys.stderr)
        return 2
    definer, uses = {}, {}
    for src, obj in objs:
        defined, used = symbols(obj)
        uses[src] = used
        for name in defined:
            definer.setdefault(name, set()).add(src)
    files, folders, why = {}, {}, {}
    for src, used in uses.items():
        for name in used:
            for dst in definer.get(name, ()):
                if dst == src:
                    continue
                files.setdefault(src, set()).add(dst)
                why.setdefault((src, dst), set()).add(name)
                fa, fb = os.path.dirname(src), os.path.dirname(dst)
                if fa != fb:
                    folders.setdefault(fa, set()).add(fb)
                    why.setdefault((fa, fb), set()).add(f"{os.path.basename(src)}->{os.path.basename(dst)}")
    file_cycles = sccs(uses.keys(), files)
    folder_cycles = sccs({os.path.dirname(s) for s in uses}, folders)
    report("files", file_cycles, files, why)
    report("folders", folder_cycles, folders, why)
    narrows = sum(len(v) for v in files.values())
    print(f"{len(objs)} files, {narrows} arrows: {len(file_cycles)} cycles between files, "
          f"{len(folder_cycles)} between folders")
    return 1 if file_cycles or folder_cycles else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
