#!/usr/bin/env python3
"""A whole diceless game played by mail, to its end.

Two players join through `judge receive`; every turn each reads its own
mail (as `judge flush --maildir` delivered it), finds its hand and the
areas its chits may reach, and orders three placements and a keep; then
`judge cron --now` passes the deadline.  Checked along the way:
  - secrecy: no mail to one side ever names the other side's hand, and no
    mail shows a placement before the results that reveal it;
  - fairness: every revealed seed hashes (BLAKE2b-256) to the hash that
    was published when its phase opened;
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

judge, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
conf = os.path.join(work, "judge.conf")
with open(conf, "w") as f:
    f.write(f"address = judge@judge.test\ndb = {work}/judge.db\nhostname = judge.test\n")
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
        out.append(msg.get_content())
    return out


def unwrap(text):
    """Join the report's indented continuation lines."""
    return re.sub(r"\n {4,}", " ", text)


published = {}      # phase number -> hash
phase = 0
hands = {}


def read_mail(letter):
    """Check and digest everything letter received; return its newest hand."""
    addr = PLAYERS[letter]
    other = "S" if letter == "A" else "A"
    hand = None
    for text in new_mail(addr):
        text = unwrap(text)
        if f"Your hand ({NAMES[other]}" in text:
            fail(f"{NAMES[letter]} was mailed {NAMES[other]}'s hand")
        for m in re.finditer(r"revealed \(check: BLAKE2b-256 of it is the hash published when the phase opened\):\s+([0-9a-f]{64})", text):
            h = hashlib.blake2b(bytes.fromhex(m.group(1)), digest_size=32).hexdigest()
            if h not in published.values():
                fail(f"a revealed seed does not match any published hash")
        for m in re.finditer(r"hash is published now:\s+([0-9a-f]{64})", text):
            published[len(published)] = m.group(1)
        m = re.search(r"Your hand \(" + NAMES[letter] + r", turn \d+\): (.*?)\.\n", text)
        if m:
            hand = text[m.start():]
    return hand


def orders_for(letter, hand_text):
    """Three legal placements and a keep, from the mail's own lists."""
    chits = re.search(r": (.*?)\.\n", hand_text).group(1)
    chits = [re.sub(r" \(favours \w+\)", "", c).strip()
             for c in re.split(r", | and ", chits)]
    reach = {}
    for kind in ("Military", "Influence"):
        m = re.search(kind + r" \([^)]*\): (.*?)\.\n", hand_text)
        reach[kind] = [a.strip() for a in m.group(1).split(",")] if m else []
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
    if rest:
        lines.append(f"KEEP {rest[0].upper()}")
    return "\n".join(lines) + "\n"


send("master@test", "CREATE ?dl masterpw diceless\n")
for letter, addr in PLAYERS.items():
    send(addr, f"SIGNON ?dl pw{letter} {letter}\n")
for letter in PLAYERS:
    read_mail(letter)
send(PLAYERS["A"], "SIGNON Adl pwA\nCOUNTER Euboea\n")
send(PLAYERS["S"], "SIGNON Sdl pwS\nCOUNTER Boeotia\n")
over = False
for turn in range(40):
    now += 4 * 86400
    J("cron", "--now", str(now))
    texts = {}
    for letter in PLAYERS:
        texts[letter] = read_mail(letter)
    status = J("show", "dl")
    if "finished" in status.splitlines()[0]:
        over = True
        break
    for letter, hand in texts.items():
        if hand is None:
            fail(f"{NAMES[letter]} got no hand for the turn")
            continue
        send(PLAYERS[letter], f"SIGNON {letter}dl pw{letter}\n" + orders_for(letter, hand))
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
sys.exit(1 if failures else 0)
