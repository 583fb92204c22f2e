#!/usr/bin/env python3
"""Recompute every die of a Peloponnesian War game from its revealed seeds.

The method of variants/peloponnesian/RULES.md (section 10, "Dice"), with nothing but
the Python standard library: every die a phase rolls comes, in the order
its results tell them, from the stream "dice" of that phase's seed, which
the results mail reveals.  A value of the stream is the first 8 bytes,
little-endian, of BLAKE2b-256 keyed with the seed, of
"dice" || 0x00 || i (i 4 bytes little-endian); a die is 1 + the value
modulo 6, after rejecting values at or above the largest multiple of 6
below 2^64.

  dice.py rolls SEED K          the first K dice of a seed (64 hex digits)
  dice.py verify FILE ...       results mails (as files, in any order):
                                every "die N" / "Die: N" of each report
                                (a line may break before the N) is
                                compared, in order, with the dice of the
                                seed that mail reveals; prints how many
                                were checked, or where they disagree
                                (exit status 1)
"""
import email
import email.policy
import hashlib
import re
import sys

SIDES = 6
LIMIT = 2**64 - (2**64 % SIDES)


def dice(seed):
    """The dice of a phase's seed, in the order they are rolled."""
    i = 0
    while True:
        msg = b"dice\0" + i.to_bytes(4, "little")
        value = int.from_bytes(hashlib.blake2b(msg, key=seed, digest_size=32).digest()[:8], "little")
        i += 1
        if value < LIMIT:
            yield 1 + value % SIDES


def body_of(path):
    with open(path, "rb") as f:
        msg = email.message_from_binary_file(f, policy=email.policy.default)
    part = msg.get_body(preferencelist=("plain",))
    return part.get_content() if part else ""


def verify(paths):
    checked = mails = 0
    for path in paths:
        text = body_of(path)
        m = re.search(r"seed, revealed.*?\n\s*([0-9a-f]{64})", text, re.S)
        if not m:
            continue                     # not a results mail
        report = text[:m.start()]
        told = [int(d) for d in re.findall(r"\b[Dd]ie:?\s+(\d)\b", report)]
        want = dice(bytes.fromhex(m.group(1)))
        for n, d in enumerate(told):
            w = next(want)
            if d != w:
                print(f"{path}: die {n + 1} of this phase is {d}, but the seed gives {w}")
                return 1
        checked += len(told)
        mails += 1
    print(f"{checked} dice in {mails} results mails agree with their seeds")
    return 0 if mails else 1


def main(argv):
    if len(argv) == 4 and argv[1] == "rolls":
        gen = dice(bytes.fromhex(argv[2]))
        print(" ".join(str(next(gen)) for _ in range(int(argv[3]))))
        return 0
    if len(argv) >= 3 and argv[1] == "verify":
        return verify(argv[2:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
