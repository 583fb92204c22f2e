#!/usr/bin/env python3
"""A whole diceless game played by mail, to its end.

Two players join through `judge receive`; every turn each reads its own
mail (as `judge flush --maildir` delivered it), finds its hand and the
areas its chits may reach, and orders three placements and a keep
(Sparta sends nothing for turn 4, Athens only one placement for turn 6,
so the Judge keeps a chit at random for each); then `judge cron --now`
passes the deadline.  In the first turn where both can place three
chits, Athens sends one placement first: a run before the deadline
leaves the turn alone and nobody is told that all orders are in; once
Athens sends its whole set, the next run plays the turn early.  Sparta's second counter goes to Phocis, which
its holder reinforces and the other side leaves alone, so the game has
Delphi phases from turn 1 on: the holder, told so in its hand
mail, throws a chit back (or passes, or once says nothing until the
deadline), the other side's orders are refused meanwhile, the phase ends
at the next run once the holder has answered, and the chit drawn in
place of the one thrown back is placed that same turn.  Checked along
the way:
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
  - the rules of issue 15: the Influence ranges in the hand mails leave
    out a side's own area with no other of its areas next to it, and
    INFLUENCE there is refused with the reason; a special chit that meets
    a chit wins for the city it favours; Delphi as above;
  - every line mailed fits 78 columns, and no text says "a Influence"
    or "a Athenian";
  - the game reaches its end and says who won (or that it is drawn).
Usage: game_by_mail.py JUDGE WORKDIR
"""
import email
import email.policy
import hashlib
import json
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
seen = {a: set() for a in list(PLAYERS.values()) + ["reader@test"]}
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
summary = {}        # letter -> the game-over mail's summary
results = {"A": {}, "S": {}}    # letter -> phase (0 set-up, N turn N) -> public text
mailed_hands = {}   # "turn N Side" -> the hand that side was mailed, in kind order
KEPT = re.compile(r"keeps (" + "|".join(draws.KINDS) + r")|[Kk]ept from the last turn")
BAD_ARTICLE = re.compile(r"\ba (?:Influence|Athenian|Aegina|Arcadia|Achaea|Aetolia|Acarnania|"
                         r"Attica|Elis|Euboea|Ionia)\b")
DELPHI_MINE = "You hold Phocis (Delphi): before the turn you may throw back one chit"
DELPHI_THEIRS = "holds Phocis (Delphi) and may exchange one chit first"
REPLACED = re.compile(r"At Delphi you threw back (.*?) and drew (.*?), which you may place "
                      r"this turn\.")
delphi = {"discard": 0, "pass": 0, "silent": 0, "placed": 0, "refused": 0}
drew = {}           # letter -> the chit drawn at Delphi for the turn being ordered
drawn_placed = []   # (turn, side, chit) for each chit drawn at Delphi and placed


def phase_key(head):
    """Where a results mail goes in the game's order: (turn, 0) for the
    Delphi phase before a turn, (turn, 1) for the turn, (0, 1) the set-up."""
    m = re.match(r"(Set-up|Delphi before turn (\d+) |Turn (\d+) )", head)
    if m.group(2):
        return (int(m.group(2)), 0)
    return (int(m.group(3) or 0), 1)


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
        for line in raw.split("\n"):
            if len(line) > 78:
                fail(f"a line mailed to {NAMES[letter]} passes 78 columns: {line!r}")
        if BAD_ARTICLE.search(text):
            fail(f"a mail to {NAMES[letter]} says {BAD_ARTICLE.search(text).group(0)!r}")
        m = re.search(r"^Results of (.*)", public, re.M)
        if m:
            results[letter][phase_key(m.group(1))] = public
        m = REPLACED.search(text)
        if m:
            drew[letter] = m.group(2)
        key_hashes.update(side_blocks(raw, "their BLAKE2b-256 hashes are published now:"))
        keys.update(side_blocks(raw, "The powers' secret keys, revealed"))
        if "The game in brief" in raw:
            summary[letter] = raw
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


def hand_chits(hand_text):
    """The chits of a hand mail's "Your hand" line, by name."""
    chits = re.search(r": (.*?)\.\n", hand_text).group(1)
    return [re.sub(r" \(favours \w+\)", "", c).strip() for c in re.split(r", | and ", chits)]


def reach_of(hand_text, kind):
    """The areas the hand mail lists for kind (Military or Influence)."""
    m = re.search(kind + r" \([^)]*\): (.*?)\.\n", hand_text)
    # "nowhere": a side that cannot reach any area with it
    return [a.strip() for a in m.group(1).split(",")] \
        if m and not m.group(1).startswith("nowhere") else []


def orders_for(letter, hand_text, partial=False):
    """Three legal placements and a keep, from the mail's own lists, the
    chit drawn at Delphi (if any) placed first, then the special chits
    (in Corinth, where the other side's Coups, Voids and Star go too, so
    that they meet chits); partial: only the first placement, so that the
    Judge keeps a chit at random."""
    chits = hand_chits(hand_text)
    chits.sort(key=lambda c: draws.KINDS.index(c) < draws.SPECIAL)
    if letter in drew and drew[letter] in chits:
        chits.remove(drew[letter])
        chits.insert(0, drew[letter])
    reach = {kind: reach_of(hand_text, kind) for kind in ("Military", "Influence")}
    # the holder of Phocis reinforces it first, the other side leaves it
    # alone, so that most turns have a Delphi phase
    for kind in reach:
        if "Phocis" in reach[kind]:
            reach[kind].remove("Phocis")
            if "Phocis" in own_areas(letter):
                reach[kind].insert(0, "Phocis")
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
        lines.append(f"KEEP {rest[0].upper()}")
    return "\n".join(lines) + "\n"


def own_areas(letter):
    """The areas letter's side holds now, from the status."""
    status = unwrap(J("show", "dl"))
    m = re.search(r"\n  " + NAMES[letter] + r" +(.*?)\.\n", status)
    if not m or m.group(1) == "none":
        return []
    return [re.sub(r" \d$", "", a) for a in m.group(1).split(", ")]


influence_probed = 0


def probe_influence(letter, hand_text):
    """The Influence ranges of the hand mail follow the seed: an area of
    the side's own appears only when another of its areas is next to it
    (from GET map.diceless), and INFLUENCE into one that does not is
    refused with that reason (when the hand has an Influence chit)."""
    global influence_probed
    listed = reach_of(hand_text, "Influence")
    mine = own_areas(letter)
    for area in mine:
        near = [a for a in mine if a != area and a in neighbours[area]]
        if (area in listed) != bool(near):
            fail(f"{NAMES[letter]}'s Influence range {'lists' if area in listed else 'leaves out'} "
                 f"its own {area}, next to {near}")
        if not near and "Influence" in hand_chits(hand_text):
            send(PLAYERS[letter], f"SIGNON {letter}dl secret{letter}\nINFLUENCE {area}\n")
            reply = "".join(unwrap(t) for t in new_mail(PLAYERS[letter]))
            if not re.search(r"REJECTED: " + area + r" is out of range: it is yours, but an "
                             r"Influence chit goes next to|holds no area but " + area, reply):
                fail(f"INFLUENCE {area} into {NAMES[letter]}'s lone area was not refused "
                     f"for its reason:\n{reply}")
            influence_probed += 1
            return


def neighbours_from_map(text):
    """Each area's neighbours by land and sea, from GET map.diceless."""
    out, area = {}, None
    for line in unwrap(text).split("\n"):
        m = re.match(r"(\w[\w ]*?) \((\w{3})\)", line)
        if m and not line.startswith(" "):
            area = m.group(1)
            out[area] = set()
        elif area and re.match(r"  (land|sea): ", line):
            out[area] |= {a for a in re.findall(r"(\w[\w ]*?) \(\w{3}\)", line.split(":", 1)[1])}
    return out


def delphi_phase(texts, nth):
    """The Delphi phase now open: the holder's hand mail says what it may
    do, the other side's says it waits and its orders are refused; the
    holder throws back its first chit (or passes, or is silent until the
    deadline), and the phase ends at the next run once it has answered.
    Returns the texts of the turn's hand mails."""
    global now
    holder = [l for l in PLAYERS if texts[l] and DELPHI_MINE in texts[l]]
    if len(holder) != 1:
        fail(f"a Delphi phase whose hand mails name no single holder: {holder}")
        return texts
    h = holder[0]
    o = "S" if h == "A" else "A"
    if "\nPhase kind: delphi\n" not in J("show", "dl"):
        fail("the Delphi phase is not of its own kind, delphi")
    if not texts[o] or DELPHI_THEIRS not in texts[o]:
        fail(f"{NAMES[o]}'s hand mail does not say that {NAMES[h]} holds Delphi")
    send(PLAYERS[o], f"SIGNON {o}dl secret{o}\n" + orders_for(o, texts[o]))
    if "has nothing to order in Delphi before turn" not in "".join(new_mail(PLAYERS[o])):
        fail(f"{NAMES[o]}'s orders were not refused in the Delphi phase")
    delphi["refused"] += 1
    choice = ("discard", "pass", "discard", "silent")[nth % 4]
    delphi[choice] += 1
    if choice == "silent":
        now += 86400 + 60                   # the Delphi phase's period is a day
    else:
        first = hand_chits(texts[h])[0]
        send(PLAYERS[h], f"SIGNON {h}dl secret{h}\n" +
             ("PASS\n" if choice == "pass" else f"DISCARD {first.upper()}\n"))
        reply = unwrap("".join(new_mail(PLAYERS[h])))
        if "REJECTED" in reply or "All orders are in" not in reply:
            fail(f"{NAMES[h]}'s Delphi choice was not taken:\n{reply}")
    J("cron", "--now", str(now))            # at once: no deadline has passed
    turn_texts = {l: read_mail(l) for l in PLAYERS}
    if not all(turn_texts.values()):
        fail("the Delphi phase did not end at the run after the holder's answer")
        return texts
    said = {"discard": "and throws back", "pass": "and passes", "silent": "and sent nothing"}
    if not any(said[choice] in t for t in results[h].values() if "Delphi before" in t):
        fail(f"no Delphi results say that {NAMES[h]} {said[choice]}")
    if choice == "discard" and h not in drew:
        fail(f"{NAMES[h]} was not told which chit it drew at Delphi")
    return turn_texts


send("master@test", "CREATE ?dl masterpw diceless\n")
for letter, addr in PLAYERS.items():
    send(addr, f"SIGNON ?dl secret{letter} {letter}\n")
for letter in PLAYERS:
    read_mail(letter)
send("reader@test", "GET map.diceless\n")
neighbours = neighbours_from_map("".join(new_mail("reader@test")))
if len(neighbours) != 29:
    fail(f"GET map.diceless gave {len(neighbours)} areas")
send("master@test", "CREATE ?dl masterpw diceless\n")
for letter, addr in PLAYERS.items():
    send(addr, f"SIGNON ?dl secret{letter} {letter}\n")
for letter in PLAYERS:
    read_mail(letter)
send(PLAYERS["A"], "SIGNON Adl secretA\nCOUNTER Euboea\n")
send(PLAYERS["S"], "SIGNON Sdl secretS\nCOUNTER Phocis\n")


def phase_now():
    """The name of the phase the game is in (the status's first line)."""
    m = re.search(r"^Phase kind: .*\n(.*)$", J("show", "dl"), re.M)
    return m.group(1) if m else None


def placements(orders):
    """The chits a set of orders places (its lines but KEEP)."""
    return sum(1 for line in orders.splitlines() if line and not line.startswith("KEEP"))


def all_orders_in(orders):
    """Athens sends the first placement of its set, Sparta its whole set:
    nobody is told that all orders are in, and a run before the deadline
    leaves the turn alone (a partial set is settled as a silent player's,
    RULES.md section 9, so Athens keeps its time to finish it).  Athens
    then sends its whole set: it is told all orders are in, and the next
    run plays the turn before its deadline.  Returns whether the turn was
    played."""
    global now
    before = phase_now()
    send(PLAYERS["A"], "SIGNON Adl secretA\n" + orders["A"].split("\n")[0] + "\n")
    send(PLAYERS["S"], "SIGNON Sdl secretS\n" + orders["S"])
    for letter in PLAYERS:
        reply = unwrap("".join(new_mail(PLAYERS[letter])))
        if "REJECTED" in reply:
            fail(f"an order of {NAMES[letter]} was rejected:\n{reply}")
        if "All orders are in" in reply:
            fail(f"{NAMES[letter]} was told all orders are in with Athens' set partial:\n{reply}")
    now += 600
    J("cron", "--now", str(now))
    if phase_now() != before:
        fail(f"{before} was played before its deadline with Athens' set partial")
        return True
    for letter in PLAYERS:
        if any("Results of" in t for t in new_mail(PLAYERS[letter])):
            fail(f"{NAMES[letter]} was mailed results before the deadline")
    send(PLAYERS["A"], "SIGNON Adl secretA\n" + orders["A"])
    reply = unwrap("".join(new_mail(PLAYERS["A"])))
    if "REJECTED" in reply or "All orders are in" not in reply:
        fail(f"Athens' whole set did not make all orders in:\n{reply}")
    now += 600
    J("cron", "--now", str(now))
    if phase_now() == before:
        fail(f"{before} was not played at the run after all orders were in")
        return False
    return True


over = False
ndelphi = 0
early_checked = played_early = False
for turn in range(40):
    if not played_early:
        now += 4 * 86400
        J("cron", "--now", str(now))
    played_early = False
    texts = {}
    drew.clear()
    for letter in PLAYERS:
        texts[letter] = read_mail(letter)
    if "Delphi before turn" in J("show", "dl").split("\n\n")[0]:
        texts = delphi_phase(texts, ndelphi)
        ndelphi += 1
    status = J("show", "dl")
    if KEPT.search(unwrap(status)):
        fail(f"the status names a kept chit:\n{status}")
    if "finished" in status.splitlines()[0]:
        over = True
        break
    orders = {}
    for letter, hand in texts.items():
        if hand is None:
            fail(f"{NAMES[letter]} got no hand for the turn")
            continue
        probe_influence(letter, hand)
        if (turn, letter) == (3, "S"):
            continue            # the orders for turn 4 (turn 0 ordered turn 1)
        orders[letter] = orders_for(letter, hand, partial=(turn, letter) == (5, "A"))
        if letter in drew and orders[letter].startswith(drew[letter].upper()):
            # the chit drawn at Delphi, placed this turn: the results must show it
            n = int(re.search(r"Your hand \(\w+, turn (\d+)\)", hand).group(1))
            drawn_placed.append((n, NAMES[letter], drew[letter]))
    # once, in the first turn where both sides can place three chits
    if not early_checked and len(orders) == 2 and all(placements(o) == 3 for o in orders.values()):
        early_checked = True
        played_early = all_orders_in(orders)
        continue
    for letter, text in orders.items():
        send(PLAYERS[letter], f"SIGNON {letter}dl secret{letter}\n" + text)
    for letter in PLAYERS:
        for text in new_mail(PLAYERS[letter]):
            if "REJECTED" in text:
                fail(f"an order of {NAMES[letter]} was rejected:\n{text}")
            if "Chits placed" in text:
                fail("placements were mailed before the deadline's results")

if not early_checked:
    fail("no turn had three placements on each side, to check that all orders are in")
if not over:
    fail("the game did not end")
else:
    print("the game ended:", [l for l in J("show", "dl").splitlines() if l.startswith("Result")])
# the game-over mail scores the game as RULES.md 11 does, areas held and
# then counters on the map, and ends on the figures the game reached
if over:
    score = json.loads(J("show", "dl", "--json"))["score"]
    for label, key in (("Areas held", "areas"), ("Counters on the map", "counters")):
        # the label column is as wide as the phases' names, where it fits
        want = re.compile("  At the end +" + "".join("%4d" % score[side][key] for side in ("Athens", "Sparta")) + "$")
        table = summary.get("A", "").split(label + ", at the start of each phase where they changed:\n")
        if len(table) != 2 or not any(want.match(r) for r in table[1].split("\n\n")[0].split("\n")):
            fail(f"the game-over mail has no table of {label} ending {want!r}:\n{summary.get('A')}")
try:
    J("replay", "dl")
except subprocess.CalledProcessError as e:
    fail("replaying the stored history gave a different game:\n" + e.stdout)
if len(published) < 5:
    fail("too few seed hashes were published")

# what issue 15 changed was played through
for n, side, chit in drawn_placed:
    text = unwrap(results["A"].get((n, 1), ""))
    if re.search(r"\n  " + side + r" +" + re.escape(chit) + r"( \(favours \w+\)| as \w+)? in ", text):
        delphi["placed"] += 1
    else:
        fail(f"turn {n}: {side} placed {chit}, drawn at Delphi, but the results do not show it")
if delphi["discard"] < 1 or delphi["pass"] < 1 or delphi["placed"] < 1 or delphi["refused"] < 1:
    fail(f"too little of Delphi was played: {delphi}")
if influence_probed < 1:
    fail("no INFLUENCE into a lone area of one's own was tried")
everything = "".join(unwrap(t) for t in results["A"].values())
if "a special chit always wins, for the side it favours" not in everything:
    fail("no special chit met another chit in the whole game")
print(f"Delphi: {delphi}; Influence refused in a lone own area {influence_probed} times")

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
