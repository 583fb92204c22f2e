#!/usr/bin/env python3
"""Recompute the diceless Judge's draws from a revealed seed.

This is the method of variants/diceless/RULES.md section 10, with nothing
but the Python standard library: run it with the seed the results mail
revealed (64 hex digits), a stream label and what to draw.

  draws.py SEED cup  N1 N2 ... N11 -- A B   the cup draws of a turn: the cup's
                                            counts in kind order, then how many
                                            chits each side drew (Athens first)
  draws.py SEED keep N [N ...]              random keeps among N chits (each side
                                            that kept at random, Athens first)
  draws.py SEED place AREAS K               K areas drawn among AREAS areas
  draws.py SEED toss                        the set-up toss: 0 Athens, 1 Sparta
  draws.py SEED values LABEL K              the first K raw 64-bit values

Kinds, in order: Military, Influence, Coup, Void, Star, then the special
chits in the order of variants/diceless/map.txt (Pericles, Phormio,
Sphacteria, Persian Gold, Brasidas, Plague).
"""
import hashlib
import sys

KINDS = ["Military", "Influence", "Coup", "Void", "Star", "Pericles", "Phormio",
         "Sphacteria", "Persian Gold", "Brasidas", "Plague"]


def stream(seed, label):
    """The values of the stream: BLAKE2b-256 keyed with the seed, of
    label || 0x00 || counter (4 bytes little-endian); first 8 bytes of
    each digest as a little-endian integer."""
    counter = 0
    while True:
        msg = label.encode("ascii") + b"\0" + counter.to_bytes(4, "little")
        digest = hashlib.blake2b(msg, key=seed, digest_size=32).digest()
        yield int.from_bytes(digest[:8], "little")
        counter += 1


def below(values, n):
    """A number in [0, n): reject values at or above the largest multiple
    of n below 2**64, then take the remainder."""
    limit = 2**64 - 2**64 % n
    while True:
        v = next(values)
        if v < limit:
            return v % n


def draw_chit(values, cup):
    """Draw from cup (counts per kind): index i of the cup laid out in kind
    order, every copy of a kind before the next kind."""
    i = below(values, sum(cup))
    for kind, count in enumerate(cup):
        if i < count:
            cup[kind] -= 1
            return kind
        i -= count
    raise AssertionError


def main(argv):
    seed = bytes.fromhex(argv[1])
    what = argv[2]
    if what == "values":
        values = stream(seed, argv[3])
        for _ in range(int(argv[4])):
            print(next(values))
    elif what == "cup":
        sep = argv.index("--")
        cup = [int(x) for x in argv[3:sep]]
        values = stream(seed, "cup")
        for side, count in zip(["Athens", "Sparta"], argv[sep + 1:]):
            drawn = [KINDS[draw_chit(values, cup)] for _ in range(int(count))]
            print(side + ": " + ", ".join(drawn))
    elif what == "keep":
        values = stream(seed, "keep")
        print(" ".join(str(below(values, int(n))) for n in argv[3:]))
    elif what == "place":
        values = stream(seed, "place")
        print(" ".join(str(below(values, int(argv[3]))) for _ in range(int(argv[4]))))
    elif what == "toss":
        print(below(stream(seed, "toss"), 2))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
