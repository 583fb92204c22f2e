#!/usr/bin/env python3
"""Recompute the diceless Judge's draws from revealed seeds and game keys.

This is the method of variants/diceless/RULES.md section 10, with nothing
but the Python standard library.  Secrets are 64 hex digits: a phase's
seed (revealed with that phase's results) or a side's game key (revealed
in the mail that ends the game).

  draws.py values SECRET LABEL K [TURN]   the first K raw 64-bit values of a
                                          stream: a seed's (no TURN) or a
                                          key's for TURN
  draws.py hands KEY_A KEY_S TURN N1 .. N11 -- A S
                                          the hands of TURN from a cup holding
                                          N1 .. N11 of each kind: A chits for
                                          Athens with its key, then S for Sparta
                                          with its key from what is left
  draws.py keep KEY TURN N                which of N unplaced chits (in kind
                                          order, from 0) a silent side keeps
  draws.py place SEED AREAS K             the areas (numbers below AREAS) of K
                                          placements by the Judge
  draws.py toss SEED                      the set-up toss: 0 Athens, 1 Sparta
  draws.py delphi KEY TURN N1 .. N11      the chit the holder of Delphi draws
                                          for TURN from a cup holding N1 .. N11
                                          of each kind (the chit thrown back
                                          already out of it)
  draws.py verify KEY_A KEY_S FILE ...    a whole game: every results report
                                          in the files (the mails, in order),
                                          redone from the start with both keys;
                                          prints each side's hand for every
                                          turn (after any exchange at Delphi),
                                          or why the reports and the keys
                                          disagree (exit status 1)
  draws.py batch DIR                      each line of the input is the
                                          arguments of one of the above but
                                          verify; the Nth one's output goes
                                          to DIR/N (one Python start-up for
                                          the hundred of tests/diceless/
                                          draws.test)

Kinds, in order: Military, Influence, Coup, Void, Star, then the special
chits in the order of variants/diceless/map.txt (Pericles, Phormio,
Sphacteria, Persian Gold, Brasidas, Plague).
"""
import contextlib
import hashlib
import re
import sys

KINDS = ["Military", "Influence", "Coup", "Void", "Star", "Pericles", "Phormio",
         "Sphacteria", "Persian Gold", "Brasidas", "Plague"]
COPIES = [4, 4, 4, 3, 1, 1, 1, 1, 1, 1, 1]
STAR = 4                        # the Star: retired once played, as the specials
SPECIAL = 5                     # kinds from here on are special chits
SIDES = ["Athens", "Sparta"]
FIRST_HAND, HAND = 4, 3


def stream(secret, label, turn=None):
    """The values of a stream: BLAKE2b-256 keyed with the 32-byte secret,
    of label || 0x00 || i (a seed's stream) or label || 0x00 || turn || i
    (a game key's stream for one turn), turn and i 4 bytes little-endian;
    the first 8 bytes of each digest as a little-endian integer."""
    prefix = label.encode("ascii") + b"\0"
    if turn is not None:
        prefix += turn.to_bytes(4, "little")
    i = 0
    while True:
        msg = prefix + i.to_bytes(4, "little")
        digest = hashlib.blake2b(msg, key=secret, digest_size=32).digest()
        yield int.from_bytes(digest[:8], "little")
        i += 1


def below(values, n):
    """A number in [0, n): reject values at or above the largest multiple
    of n below 2**64, then take the remainder."""
    if n <= 1:
        return 0
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


def draw_side(key, turn, cup, count):
    """count chits for one side from cup, with its key's stream "hand" for
    the turn.  Athens draws first, Sparta from what is left."""
    values = stream(key, "hand", turn)
    return [draw_chit(values, cup) for _ in range(count)]


# ------------------------------------------------------------ verify

class Mismatch(Exception):
    pass


def unwrap(text):
    """The report's lines, each joined with its continuation lines (the
    Judge wraps a line at 72 columns and indents the rest four columns
    more than its first line)."""
    lines, base = [], None
    for line in text.split("\n"):
        indent = len(line) - len(line.lstrip(" "))
        if lines and base is not None and line.strip() and indent == base + 4:
            lines[-1] += " " + line.strip()
        else:
            lines.append(line.rstrip())
            base = indent if line.strip() else None
    return lines


def kind_of(text):
    """The kind of a chit as the report names it: "Star as Coup",
    "Plague (favours Sparta)"."""
    name = re.sub(r" \(favours \w+\)$", "", text.strip())
    name = re.sub(r"^Star as \w+$", "Star", name)
    if name not in KINDS:
        raise Mismatch(f"unknown chit '{text}'")
    return KINDS.index(name)


def chit_list(text):
    """A list of chits "A, B and C" (or "nothing") as kinds."""
    if text == "nothing":
        return []
    parts = text.split(", ")
    parts[-1:] = parts[-1].split(" and ")
    return [kind_of(p) for p in parts]


def reports(texts):
    """Each results report in the texts, in order, as unwrapped lines."""
    out = []
    for text in texts:
        for chunk in re.split(r"(?m)^(?=Results of )", text)[1:]:
            out.append(unwrap(chunk))
    return out


def parse_turn(lines):
    """What one turn's report says each side did with its hand."""
    sides = {s: {"left": [], "unplaced": [], "retired": [], "keep": None}
             for s in range(2)}
    if "Chits placed, in the order each side wrote them:" not in lines:
        raise Mismatch(f"{lines[0]}: no placements")
    at = lines.index("Chits placed, in the order each side wrote them:")
    for line in lines[at + 1:at + 3]:
        m = re.match(r"  (\w+) +(.*)\.$", line)
        if not m or m.group(1) not in SIDES:
            raise Mismatch(f"{lines[0]}: cannot read '{line}'")
        side = sides[SIDES.index(m.group(1))]
        if m.group(2) in ("sent no orders", "placed no chit"):
            continue
        for place in m.group(2).split("; "):
            k = kind_of(place.rsplit(" in ", 1)[0])
            side["left"].append(k)
            if k >= SPECIAL or k == STAR:    # Special chits, the Star too
                side["retired"].append(k)
    for line in lines[at + 3:]:
        m = re.match(r"  (\w+) did not place (.*?): (back to the cup|retired unused|the Judge places)", line)
        if m:
            side = sides[SIDES.index(m.group(1))]
            chits = chit_list(m.group(2))
            side["left"] += chits
            side["unplaced"] += chits
            if m.group(3) != "back to the cup":
                side["retired"] += chits
            continue
        m = re.match(r"(\w+) keeps (nothing|a chit|one of the chits it did not place, chosen at random,)", line)
        if m and m.group(1) in SIDES:
            sides[SIDES.index(m.group(1))]["keep"] = {
                "nothing": "none", "a chit": "named"}.get(m.group(2), "random")
    return sides


def parse_deal(lines):
    """The turn, cup size and chits per side of the hands dealt, or None."""
    for line in lines:
        m = re.search(r"The hands for turn (\d+) were drawn from a cup of (\d+) chits.*?: "
                      r"Athens drew (\d+) .*?then Sparta (\d+) ", line)
        if m:
            return [int(x) for x in m.groups()]
    return None


def parse_delphi(lines):
    """What a Delphi phase's report says: (side, kind thrown back, cup size),
    or None when its holder kept its hand."""
    for line in lines:
        m = re.match(r"(\w+) holds \w+ \(Delphi\) and throws back (.*?): it draws another "
                     r"from a cup of (\d+) chits", line)
        if m and m.group(1) in SIDES:
            return SIDES.index(m.group(1)), kind_of(m.group(2)), int(m.group(3))
    return None


def cup_now(retired, hands):
    """The chits neither retired nor in a hand, per kind."""
    return [COPIES[k] - retired[k] - hands[0][k] - hands[1][k] for k in range(len(KINDS))]


def turn_of(lines):
    """The turn a turn's report (or its Delphi phase's) is about, or None."""
    m = re.match(r"Results of (Turn|Delphi before turn) (\d+) ", lines[0])
    return (m.group(1), int(m.group(2))) if m else (None, None)


def settle_turn(keys, turn, lines, hands, retired):
    """Take out of the hands what one turn's report shows leaving them;
    check the chits kept against it (and a random keep against the key)."""
    sides = parse_turn(lines)
    for s in range(2):
        side = sides[s]
        for k in side["left"]:
            if not hands[s][k]:
                raise Mismatch(f"turn {turn}: {SIDES[s]} played or left {KINDS[k]}, "
                               f"which is not in its recomputed hand")
            hands[s][k] -= 1
        for k in side["retired"]:
            retired[k] += 1
        kept = [k for k in range(len(KINDS)) for _ in range(hands[s][k])]
        if len(kept) != (0 if side["keep"] == "none" else 1):
            raise Mismatch(f"turn {turn}: {SIDES[s]} would keep "
                           f"{[KINDS[k] for k in kept]}, the report says "
                           f"{side['keep']}")
        if side["keep"] == "random":
            unplaced = sorted(side["unplaced"] + kept)
            i = below(stream(keys[s], "keep", turn), len(unplaced))
            if unplaced[i] != kept[0]:
                raise Mismatch(f"turn {turn}: {SIDES[s]}'s key keeps "
                               f"{KINDS[unplaced[i]]}, not {KINDS[kept[0]]}")


def exchange(keys, turn, delphi, hands, retired):
    """The Delphi phase before turn: the chit thrown back leaves the hand,
    and one is drawn with the holder's key (stream "delphi" of the turn)
    from the cup without it."""
    s, thrown, size = delphi
    if not hands[s][thrown]:
        raise Mismatch(f"Delphi before turn {turn}: {SIDES[s]} threw back {KINDS[thrown]}, "
                       f"which is not in its recomputed hand")
    cup = cup_now(retired, hands)
    if sum(cup) != size:
        raise Mismatch(f"Delphi before turn {turn}: the cup would hold {sum(cup)} chits, "
                       f"the report says {size}")
    hands[s][thrown] -= 1
    hands[s][draw_chit(stream(keys[s], "delphi", turn), cup)] += 1


def verify(keys, texts):
    """Redo every draw of the game the reports describe; returns the lines
    "turn T Side: hand" for every turn dealt, each hand as it was once any
    exchange at Delphi was made."""
    retired = [0] * len(KINDS)
    hands = [[0] * len(KINDS), [0] * len(KINDS)]
    dealt = {}          # (turn, side) -> the hand, in the order dealt
    all_reports = reports(texts)
    if not all_reports or not all_reports[0][0].startswith("Results of Set-up"):
        raise Mismatch("the first report is not the set-up's")
    for lines in all_reports:
        what, turn = turn_of(lines)
        if what == "Turn":
            settle_turn(keys, turn, lines, hands, retired)
        elif what is not None:
            delphi = parse_delphi(lines)
            if delphi is not None:
                exchange(keys, turn, delphi, hands, retired)
            for s in range(2):
                dealt[(turn, s)] = hands[s][:]
        deal = parse_deal(lines)
        if deal is None:
            continue
        turn, size, counts = deal[0], deal[1], deal[2:]
        cup = cup_now(retired, hands)
        if min(cup) < 0 or sum(cup) != size:
            raise Mismatch(f"turn {turn}: the cup would hold {sum(cup)} chits, "
                           f"the report says {size}")
        for s in range(2):
            for k in draw_side(keys[s], turn, cup, counts[s]):
                hands[s][k] += 1
            dealt[(turn, s)] = hands[s][:]
    return [f"turn {t} {SIDES[s]}: " + ", ".join(KINDS[k] for k in range(len(KINDS))
                                                 for _ in range(h[k]))
            for (t, s), h in dealt.items()]


def main(argv):
    what = argv[1] if len(argv) > 1 else ""
    if what == "values":
        turn = int(argv[5]) if len(argv) > 5 else None
        values = stream(bytes.fromhex(argv[2]), argv[3], turn)
        for _ in range(int(argv[4])):
            print(next(values))
    elif what == "hands":
        keys = [bytes.fromhex(argv[2]), bytes.fromhex(argv[3])]
        sep = argv.index("--")
        cup = [int(x) for x in argv[5:sep]]
        for s, count in enumerate(argv[sep + 1:sep + 3]):
            drawn = draw_side(keys[s], int(argv[4]), cup, int(count))
            print(SIDES[s] + ": " + ", ".join(KINDS[k] for k in drawn))
    elif what == "keep":
        print(below(stream(bytes.fromhex(argv[2]), "keep", int(argv[3])), int(argv[4])))
    elif what == "place":
        values = stream(bytes.fromhex(argv[2]), "place")
        print(" ".join(str(below(values, int(argv[3]))) for _ in range(int(argv[4]))))
    elif what == "delphi":
        cup = [int(x) for x in argv[4:]]
        print(KINDS[draw_chit(stream(bytes.fromhex(argv[2]), "delphi", int(argv[3])), cup)])
    elif what == "toss":
        print(below(stream(bytes.fromhex(argv[2]), "toss"), 2))
    elif what == "verify":
        keys = [bytes.fromhex(argv[2]), bytes.fromhex(argv[3])]
        texts = []
        for name in argv[4:]:
            with open(name, encoding="utf-8") as f:
                texts.append(f.read())
        try:
            print("\n".join(verify(keys, texts)))
        except Mismatch as e:
            sys.exit(f"verify: {e}")
    elif what == "batch":
        for n, line in enumerate(sys.stdin, 1):
            with open(f"{argv[2]}/{n}", "w") as out, contextlib.redirect_stdout(out):
                main(["draws.py"] + line.split())
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
