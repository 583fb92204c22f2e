#!/usr/bin/env python3
"""A whole diceless game played by mail, to its end.

Two players join through `judge receive`; every turn each reads its own
mail (as `judge flush --maildir` delivered it), finds its hand and the
areas its chits may reach, and orders three placements and a keep (a
throw-back when it holds Delphi; Sparta sends nothing for turn 4, Athens
only one placement for turn 6, so the Judge keeps a chit at random for
each); then `judge cron --now` passes the deadline.  Checked along the way:
  - secrecy: no mail to one side ever names the other side's hand, no
    mail shows a placement before the results that reveal it, both sides
    receive the same results word for word (only the part "For <side>
    only" differs), and no results or status name a kept chit;
  - fairness: every revealed seed hashes (BLAKE2b-256) to the hash that
    was published when its phase opened; the game-over mail reveals both
    game keys, each hashing (BLAKE2b-256) to the hash the "has started"
    mail published; and with those keys, draws.py verify redoes every
    hand of the game from the results mails alone, and finds the very
    hands each player was mailed;
  - the game reaches its end and says who won (or that it is drawn).
Usage: game_by_mail.py JUDGE WORKDIR
"""
import email
import email.policy
import hashlib
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True          # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import draws  # noqa: E402  (the independent recomputation, beside this file)

judge, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
conf = os.path.join(work, "judge.conf")
with open(conf, "w") as f:
    f.write(f"address = judge@judge.test\ndb = {work}/judge.db\nhostname = judge.test\n"
            f"deliver = maildir\ndeliver_arg = {work}/mail\n")
PLAYERS = {"A": "pericles@athens.test", "S": "archidamus@sparta.test"}
NAMES = {"A": "Athens", "S": "Sparta"}
now = 1800000000
seq = 0
seen = {a: set() for a in PLAYERS.values()}
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def J(*args):
    env = dict(os.environ, JUDGE_NOW=str(now))
    return subprocess.run([judge, "--config", conf, *args], env=env, check=True,
                          capture_output=True, text=True).stdout


def send(sender, body):
    global seq
    seq += 1
    path = os.path.join(work, f"in{seq}.eml")
    with open(path, "w") as f:
        f.write(f"From: <{sender}>\nTo: judge@judge.test\nSubject: orders\n"
                f"Message-ID: <{seq}.dl@test>\nContent-Type: text/plain; charset=utf-8\n\n{body}")
    J("receive", path)


def new_mail(addr):
    """The texts of the mails addr received since the last call."""
    J("flush", "--maildir", os.path.join(work, "mail"))
    d = os.path.join(work, "mail", addr, "new")
    out = []
    for name in sorted(os.listdir(d)) if os.path.isdir(d) else []:
        if name in seen[addr]:
            continue
        seen[addr].add(name)
        with open(os.path.join(d, name), "rb") as f:
            msg = email.message_from_binary_file(f, policy=email.policy.default)
        # a results mail is multipart (its map picture): the text part
        out.append(msg.get_body(preferencelist=("plain",)).get_content())
    return out


def unwrap(text):
    """Join the report's indented continuation lines."""
    return re.sub(r"\n {4,}", " ", text)


published = {}      # phase number -> hash
key_hashes = {}     # side name -> the hash of its game key, from "has started"
keys = {}           # side name -> its game key, from the game-over mail
results = {"A": {}, "S": {}}    # letter -> phase (0 set-up, N turn N) -> public text
mailed_hands = {}   # "turn N Side" -> the hand that side was mailed, in kind order
KEPT = re.compile(r"keeps (" + "|".join(draws.KINDS) + r")|[Kk]ept from the last turn")


def public_part(text):
    """A mail's text without the part for one power only."""
    return re.split(r"\nFor (?:Athens|Sparta) only:\n", text)[0]


def side_blocks(text, header):
    """The "  Side:\n    hex" entries after header in text."""
    at = text.find(header)
    if at < 0:
        return {}
    return dict(re.findall(r"\n  (Athens|Sparta):\s+([0-9a-f]{64})", text[at:]))


def read_mail(letter):
    """Check and digest everything letter received; return its newest hand."""
    addr = PLAYERS[letter]
    other = "S" if letter == "A" else "A"
    hand = None
    for raw in new_mail(addr):
        text = unwrap(raw)
        public = public_part(raw)
        if KEPT.search(unwrap(public)):
            fail(f"a mail to {NAMES[letter]} names a kept chit:\n{public}")
        m = re.search(r"^Results of (Set-up|Turn (\d+) )", public, re.M)
        if m:
            results[letter][int(m.group(2) or 0)] = public
        key_hashes.update(side_blocks(raw, "their BLAKE2b-256 hashes are published now:"))
        keys.update(side_blocks(raw, "The powers' secret keys, revealed"))
        if f"Your hand ({NAMES[other]}" in text:
            fail(f"{NAMES[letter]} was mailed {NAMES[other]}'s hand")
        for m in re.finditer(r"revealed \(check: BLAKE2b-256 of it is the hash published when the phase opened\):\s+([0-9a-f]{64})", text):
            h = hashlib.blake2b(bytes.fromhex(m.group(1)), digest_size=32).hexdigest()
            if h not in published.values():
                fail(f"a revealed seed does not match any published hash")
        for m in re.finditer(r"hash is published now:\s+([0-9a-f]{64})", text):
            published[len(published)] = m.group(1)
        m = re.search(r"Your hand \(" + NAMES[letter] + r", turn (\d+)\): (.*?)\.\n", text)
        if m:
            hand = text[m.start():]
            kinds = sorted(draws.chit_list(m.group(2)))
            mailed_hands[f"turn {m.group(1)} {NAMES[letter]}"] = ", ".join(
                draws.KINDS[k] for k in kinds)
    return hand


def orders_for(letter, hand_text, partial=False):
    """Three legal placements and a keep (a throw-back when holding
    Delphi), from the mail's own lists; partial: only the first placement,
    so that the Judge keeps a chit at random."""
    chits = re.search(r": (.*?)\.\n", hand_text).group(1)
    chits = [re.sub(r" \(favours \w+\)", "", c).strip()
             for c in re.split(r", | and ", chits)]
    reach = {}
    for kind in ("Military", "Influence"):
        m = re.search(kind + r" \([^)]*\): (.*?)\.\n", hand_text)
        # "nowhere (you hold no area)": a side that lost every area
        reach[kind] = [a.strip() for a in m.group(1).split(",")] \
            if m and not m.group(1).startswith("nowhere") else []
    lines, used = [], 0
    for c in chits:
        if used == 3:
            break
        if c in reach:
            if not reach[c]:
                continue
            lines.append(f"{c.upper()} {reach[c][used % len(reach[c])]}")
        elif c == "Star":
            lines.append("STAR AS COUP Corinth")
        else:
            lines.append(f"{c.upper()} Corinth")
        used += 1
    rest = list(chits)
    for line in lines:
        for c in rest:
            if line.upper().startswith(c.upper()) or (c == "Star" and line.startswith("STAR")):
                rest.remove(c)
                break
    if partial:
        return lines[0] + "\n"
    if rest:
        verb = "DISCARD" if "(Delphi): you may DISCARD" in hand_text else "KEEP"
        lines.append(f"{verb} {rest[0].upper()}")
    return "\n".join(lines) + "\n"


send("master@test", "CREATE ?dl masterpw diceless\n")
for letter, addr in PLAYERS.items():
    send(addr, f"SIGNON ?dl secret{letter} {letter}\n")
for letter in PLAYERS:
    read_mail(letter)
send(PLAYERS["A"], "SIGNON Adl secretA\nCOUNTER Euboea\n")
send(PLAYERS["S"], "SIGNON Sdl secretS\nCOUNTER Boeotia\n")
over = False
for turn in range(40):
    now += 4 * 86400
    J("cron", "--now", str(now))
    texts = {}
    for letter in PLAYERS:
        texts[letter] = read_mail(letter)
    status = J("show", "dl")
    if KEPT.search(unwrap(status)):
        fail(f"the status names a kept chit:\n{status}")
    if "finished" in status.splitlines()[0]:
        over = True
        break
    for letter, hand in texts.items():
        if hand is None:
            fail(f"{NAMES[letter]} got no hand for the turn")
            continue
        if (turn, letter) == (3, "S"):
            continue            # the orders for turn 4 (turn 0 ordered turn 1)
        orders = orders_for(letter, hand, partial=(turn, letter) == (5, "A"))
        send(PLAYERS[letter], f"SIGNON {letter}dl secret{letter}\n" + orders)
    for letter in PLAYERS:
        for text in new_mail(PLAYERS[letter]):
            if "REJECTED" in text:
                fail(f"an order of {NAMES[letter]} was rejected:\n{text}")
            if "Chits placed" in text:
                fail("placements were mailed before the deadline's results")

if not over:
    fail("the game did not end")
else:
    print("the game ended:", [l for l in J("show", "dl").splitlines() if l.startswith("Result")])
try:
    J("replay", "dl")
except subprocess.CalledProcessError as e:
    fail("replaying the stored history gave a different game:\n" + e.stdout)
if len(published) < 5:
    fail("too few seed hashes were published")

# both sides read the same results, word for word
if results["A"] != results["S"]:
    fail("Athens and Sparta received different results")
# the game keys: revealed at the end, each matching its published hash
for side in NAMES.values():
    if side not in key_hashes:
        fail(f"the start mail published no key hash for {side}")
    elif side not in keys:
        fail(f"the game-over mail revealed no key for {side}")
    elif hashlib.blake2b(bytes.fromhex(keys[side]), digest_size=32).hexdigest() != key_hashes[side]:
        fail(f"{side}'s revealed key does not hash to the hash published at the start")
# every hand, redone from the results alone with the keys: the hands mailed
if len(keys) == 2:
    texts = [results["A"][n] for n in sorted(results["A"])]
    try:
        redone = draws.verify([bytes.fromhex(keys["Athens"]), bytes.fromhex(keys["Sparta"])], texts)
    except draws.Mismatch as e:
        fail(f"the results and the revealed keys disagree: {e}")
        redone = []
    for line in redone:
        turn_side, hand = line.split(": ", 1)
        if mailed_hands.get(turn_side) != hand:
            fail(f"{turn_side}: redone {hand}, mailed {mailed_hands.get(turn_side)}")
    if len(redone) != len(mailed_hands) or len(redone) < 2:
        fail(f"{len(redone)} hands redone, {len(mailed_hands)} mailed")
    else:
        print(f"{len(redone)} hands redone from the results and the revealed keys, "
              "each the one mailed to its player")
sys.exit(1 if failures else 0)
