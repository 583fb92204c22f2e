#!/usr/bin/env python3
"""Whole games of Antike played by mail, to their end.

Players join through `judge receive`, the master starts the game, and then
each nation's turn is played as a player would play it: the player whose
nation is active reads the position (the game's stored state, in the text
variants/antike_state.c writes) and mails the turn's orders; a silent
player sends nothing and the deadline passes.  A simple, greedy player
decides each turn among the wedges within its free steps: buy know-hows
(a scholar for each one nobody had), build temples (citizens), arm legions
and march them to a free city site to found a city (kings), conquer a
weakly held foreign city next to its legions, and otherwise produce what
it lacks.  Some nations mail orders for their next turn in advance, and
some keep standing battle orders, so both paths of the mail game are used.

Checked along the way: no order a player sends is rejected (the player
only writes what the position allows), every results mail tells the next
nation and carries a map picture, a turn ordered with its RONDEL line
alone is played at the next run (a whole set, RULES.md 14.1), every
mailed line fits 78 columns, the game ends with a winner at its target,
and `judge replay` re-adjudicates the stored history to the same game.

Usage: game_by_mail.py JUDGE WORKDIR SRCDIR PLAYERS [SILENT-LETTERS]
"""
import email
import email.policy
import os
import re
import sqlite3
import subprocess
import sys

judge, work, srcdir, nplayers = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
silent = set(sys.argv[5]) if len(sys.argv) > 5 else set()
os.makedirs(work, exist_ok=True)
conf = os.path.join(work, "judge.conf")
with open(conf, "w") as f:
    f.write(f"address = judge@judge.test\ndb = {work}/judge.db\nhostname = judge.test\n"
            f"deliver = maildir\ndeliver_arg = {work}/mail\n")
now = 1800000000
seq = 0
failures = []
GAME = f"ant{nplayers}"
NATION = {"R": "Romans", "G": "Greeks", "T": "Germanic tribes", "P": "Phoenicians",
          "C": "Carthaginians", "S": "Persians"}
SEATS = {2: ["R", "T"], 3: ["R", "G", "T"], 4: ["R", "G", "T", "P"],
         5: ["R", "G", "T", "P", "C"], 6: ["R", "G", "T", "P", "C", "S"]}[nplayers]
COMMANDS = {"R": "RP", "T": "TG"} if nplayers == 2 else {s: s for s in SEATS}
WEDGES = ["IRON", "TEMPLE", "GOLD", "MANEUVER1", "ARMING", "MARBLE", "KNOW-HOW", "MANEUVER2"]
KNOW = ["WHEEL", "ROADS", "SAILING", "NAVIGATION", "MARKET", "CURRENCY", "MONARCHY", "DEMOCRACY"]
RES = ["marble", "iron", "gold"]


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def J(*args, check=True):
    env = dict(os.environ, JUDGE_NOW=str(now))
    return subprocess.run([judge, "--config", conf, *args], env=env, check=check,
                          capture_output=True, text=True).stdout


def send(sender, body):
    global seq
    seq += 1
    path = os.path.join(work, f"in{seq}.eml")
    with open(path, "w") as f:
        f.write(f"From: <{sender}>\nTo: judge@judge.test\nSubject: orders\n"
                f"Message-ID: <{seq}.ant@test>\nContent-Type: text/plain; charset=utf-8\n\n{body}")
    J("receive", path)


seen = set()


def flush():
    J("flush", "--maildir", os.path.join(work, "mail"))


def new_mail(addr):
    """The messages addr received since the last call (after a flush)."""
    d = os.path.join(work, "mail", addr, "new")
    out = []
    for name in sorted(os.listdir(d)) if os.path.isdir(d) else []:
        if (addr, name) in seen:
            continue
        seen.add((addr, name))
        with open(os.path.join(d, name), "rb") as f:
            out.append(email.message_from_binary_file(f, policy=email.policy.default))
    return out


def text_of(msg):
    return msg.get_body(preferencelist=("plain",)).get_content()


# ---- the map, from the variant's own data ----

def read_map():
    """Provinces (code -> (sea, resource)) and borders (code -> {code: kind})
    from variants/antike/map.txt (its header gives the records)."""
    prov, nb = {}, {}
    with open(os.path.join(srcdir, "variants", "antike", "map.txt")) as f:
        for line in f:
            w = line.split("#")[0].split()
            if not w:
                continue
            if w[0] == "province":
                code, kind = w[1], w[2]
                prov[code] = (kind == "sea", w[3] if kind != "sea" else None)
                nb.setdefault(code, {})
            elif w[0] in ("land", "sea", "both") and w[1].endswith(":"):
                a = w[1][:-1]
                for b in w[2:]:
                    nb.setdefault(a, {})[b] = w[0]
                    nb.setdefault(b, {})[a] = w[0]
    return prov, nb


PROV, NB = read_map()


# ---- the position, from the stored state ----

class Pos:
    def __init__(self, text):
        self.nations, self.active, self.over = [], None, None
        self.nat, self.city, self.temple, self.units, self.held = {}, {}, set(), {}, set()
        self.round = 1
        skip = False
        for line in text.splitlines():
            w = line.split()
            if skip:
                skip = w != ["end"]
                continue
            if not w or w[0].startswith("#"):
                continue
            if w[0] == "nations":
                self.nations = w[1:]
            elif w[0] == "round":
                self.round = int(w[1])
            elif w[0] == "active":
                self.active = w[1]
            elif w[0] == "over":
                self.over = w[1]
            elif w[0] == "nation":
                d = {"wedge": "-", "know": set()}
                i = 2
                while i < len(w):
                    if w[i] == "know":
                        d["know"] = set(w[i + 1].split(","))
                        i += 2
                    elif w[i] == "paid":
                        i += 5
                    elif w[i] == "wedge":
                        d["wedge"] = w[i + 1]
                        i += 2
                    else:
                        d[w[i]] = int(w[i + 1])
                        i += 2
                self.nat[w[1]] = d
            elif w[0] == "city":
                self.city[w[1]] = w[2]
                if len(w) > 3 and w[3] == "temple":
                    self.temple.add(w[1])
            elif w[0] == "units":
                self.units[(w[1], w[2])] = [int(w[3]), int(w[4])]
            elif w[0] == "held":
                self.held.add(w[1])
                skip = True
        for n in self.nations:
            self.nat.setdefault(n, {"wedge": "-", "know": set()})

    def get(self, n, key):
        return self.nat[n].get(key, 0)

    def cities(self, n):
        return [c for c, o in self.city.items() if o == n]

    def legions(self, n, p):
        return self.units.get((p, n), [0, 0])[0]


def state():
    db = sqlite3.connect(os.path.join(work, "judge.db"))
    row = db.execute("SELECT state, status FROM games WHERE name = ?", (GAME,)).fetchone()
    db.close()
    return Pos(row[0] or ""), row[1]


# ---- a greedy player ----

def steps(frm, to):
    if frm == "-":
        return 0
    s = (WEDGES.index(to) - WEDGES.index(frm)) % 8
    return s or 8


def know_price(pos, n, k):
    others = any(k in pos.nat[o]["know"] for o in pos.nations if o != n)
    secondary = KNOW.index(k) % 2
    return (5 if secondary else 3) if others else (10 if secondary else 7)


def wallet(pos, n):
    return {r: pos.get(n, r) for r in RES}, pos.get(n, "coins")


def afford(have, coins, need):
    """Pay need (resource -> amount) from have, then coins; None if not."""
    have = dict(have)
    for r, a in need.items():
        short = max(0, a - have[r])
        have[r] -= a - short
        coins -= short
        if coins < 0:
            return None
    return have, coins


def free_sites_next_to(pos, p):
    return [q for q, k in NB[p].items() if k in ("land", "both") and not PROV[q][0] and q not in pos.city]


def strength_of(pos, p):
    """The defence strength of the city in p (RULES.md)."""
    owner = pos.city[p]
    know = pos.nat[owner]["know"]
    return (3 if p in pos.temple else 1) + sum(pos.units.get((p, owner), [0, 0])) + \
        (2 if "DEMOCRACY" in know else 1 if "MONARCHY" in know else 0)


def plan(pos, n, wedge):
    """The lines (after RONDEL) and a score for playing wedge now."""
    have, coins = wallet(pos, n)
    lines, score = [], 0
    mine = pos.cities(n)
    if wedge == "KNOW-HOW":
        gold = have["gold"] + coins
        for k in KNOW:
            if k in pos.nat[n]["know"] or (KNOW.index(k) % 2 and KNOW[KNOW.index(k) - 1] not in pos.nat[n]["know"]
                                           and KNOW[KNOW.index(k) - 1] not in [l.split()[1] for l in lines]):
                continue
            price = know_price(pos, n, k)
            if price <= gold:
                gold -= price
                lines.append(f"KNOW {k}")
                score += 10 if price >= 7 else 4
    elif wedge == "TEMPLE":
        marble = have["marble"] + coins
        temples_left = 20 - len(pos.temple)
        for c in mine:
            if c not in pos.temple and marble >= 5 and temples_left > 0:
                marble -= 5
                temples_left -= 1
                lines.append(f"TEMPLE {c}")
                score += 7
    elif wedge == "ARMING":
        iron = have["iron"] + coins
        supply = {"LEGION": 17 - sum(l for (p, o), (l, g) in pos.units.items() if o == n),
                  "GALLEY": 17 - sum(g for (p, o), (l, g) in pos.units.items() if o == n)}
        armed = {}

        def arm(c, kind, gain):
            nonlocal iron, score
            if iron < 1 or supply[kind] < 1 or armed.get(c, 0) >= (3 if c in pos.temple else 1):
                return False
            iron -= 1
            supply[kind] -= 1
            armed[c] = armed.get(c, 0) + 1
            lines.append(f"ARM 1 {kind} {c}")
            score += gain
            return True
        # a legion to found a city next door
        for c in mine:
            if free_sites_next_to(pos, c) and pos.legions(n, c) < 2:
                arm(c, "LEGION", 5)
        # armies where a foreign city is near
        for c in mine:
            if not PROV[c][0] and any(pos.city.get(q) not in (None, n) for q in NB[c]):
                while arm(c, "LEGION", 3):
                    pass
        # galleys for the seas, in coastal cities
        for c in mine:
            if any(k in ("sea", "both") for k in NB[c].values()):
                arm(c, "GALLEY", 2)
    elif wedge.startswith("MANEUVER"):
        # galleys spread over the seas (navigators at 7 seas)
        held = {p for (p, o), (l, g) in pos.units.items() if o == n and g and PROV[p][0]}
        for (p, o), (leg, gal) in sorted(pos.units.items()):
            if o != n or not gal or (PROV[p][0] and gal < 2):
                continue
            for q, k in sorted(NB[p].items()):
                if k in ("sea", "both") and PROV[q][0] and q not in held:
                    lines.append(f"MOVE 1 GALLEY {p}-{q}")
                    held.add(q)
                    score += 3
                    break
        need = {"marble": 1, "iron": 1, "gold": 1}
        money = (have, coins)
        taken = set()
        for (p, o), (leg, gal) in sorted(pos.units.items()):
            if o != n or leg == 0:
                continue
            for q in free_sites_next_to(pos, p):
                if q in taken:
                    continue
                paid = afford(money[0], money[1], need)
                lines.append(f"MOVE 1 LEGION {p}-{q}")
                score += 2
                if paid:
                    money = paid
                    taken.add(q)
                    lines.append(f"FOUND {q}")
                    score += 8
                break
        # an army marches on a weakly held foreign city next to it
        for (p, o), (leg, gal) in sorted(pos.units.items()):
            if o != n or leg < 2 or any(l.startswith(f"MOVE 1 LEGION {p}-") for l in lines):
                continue
            for q, k in sorted(NB[p].items()):
                owner = pos.city.get(q)
                if k not in ("land", "both") or owner in (None, n) or len(pos.cities(owner)) < 2:
                    continue
                if f"CONQUER {q}" in lines:
                    continue        # another army of this turn takes it
                if leg >= strength_of(pos, q) + pos.legions(owner, q):
                    lines.append(f"MOVE {leg} LEGION {p}-{q} FIGHT")
                    score += 6
                    if "WHEEL" in pos.nat[n]["know"]:
                        lines.append(f"CONQUER {q}")
                        score += 12
                    break
        # conquest: a foreign city where its legions stand, weakly held
        for (p, o), (leg, gal) in sorted(pos.units.items()):
            owner = pos.city.get(p)
            if o != n or owner in (None, n) or len(pos.cities(owner)) < 2:
                continue
            if leg + gal >= strength_of(pos, p) and f"CONQUER {p}" not in lines and \
                    not any(l.startswith("MOVE") and f" {p}-" in l for l in lines):
                lines.append(f"CONQUER {p}")
                score += 12
    else:
        res = {"IRON": "iron", "GOLD": "gold", "MARBLE": "marble"}[wedge]
        made = sum((3 if c in pos.temple else 1) for c in mine if PROV[c][1] == res)
        want = {"marble": 5, "iron": 4, "gold": 7}[res]
        score = made * 3 if have[res] < want else 0.1
    return lines, score


def turn_orders(pos, n):
    here = pos.nat[n]["wedge"]
    best = None
    for wedge in WEDGES:
        if here != "-" and not 1 <= steps(here, wedge) <= 3:
            continue
        lines, score = plan(pos, n, wedge)
        if best is None or score > best[1]:
            best = (wedge, score, lines)
    wedge, _, lines = best
    return [f"RONDEL {wedge}"] + lines


def mail_orders(seat, nation, lines, advance=False):
    body = f"SIGNON {seat}{GAME} secret{seat}\n"
    if len(COMMANDS[seat]) > 1:
        body += f"{NATION[nation]}:\n"
    body += "\n".join(lines) + "\n"
    send(PLAYER[seat], body)
    flush()
    for msg in new_mail(PLAYER[seat]):
        text = text_of(msg)
        if "REJECTED" in text:
            fail(f"{NATION[nation]}'s orders were rejected{' (advance)' if advance else ''}:\n{text}")


# ---- the game ----

PLAYER = {s: f"{NATION[s].split()[0].lower()}@antike.test" for s in SEATS}
send("master@test", f"CREATE ?{GAME} masterpw antike\n")
for s in SEATS:
    send(PLAYER[s], f"SIGNON ?{GAME} secret{s} {s}\n")
if nplayers < 6:
    send("master@test", f"SIGNON M{GAME} masterpw\nSTART\n")
pos, status = state()
if status != "active":
    fail(f"the game did not start ({status})")
    sys.exit(1)
seat_of = {n: s for s, ns in COMMANDS.items() for n in ns}
# standing battle orders: the Greeks always fight at home, the Romans never
send(PLAYER[seat_of["G"]], f"SIGNON {seat_of['G']}{GAME} secret{seat_of['G']}\nSTANDING\n"
     + ("Greeks:\n" if nplayers == 2 else "") + "FIGHT ALWAYS IN ATH\nFIGHT CITY\nENDSTANDING\n")
# HELP, signed on to an Antike game, teaches Antike's orders, not Diplomacy's
send(PLAYER["R"], f"SIGNON R{GAME} secretR\nHELP\n")
flush()
helped = "".join(text_of(m) for m in new_mail(PLAYER["R"]))
if "RONDEL MANEUVER" not in helped or "A Roma - Samnium" in helped or "GET rules.antike" not in helped:
    fail("HELP in an Antike game does not show Antike's orders:\n" + helped)
turns = results = pictures = advance = rondel_only = 0
for step in range(3000):
    pos, status = state()
    if status == "finished" or pos.over:
        break
    n = pos.active
    seat = seat_of[n]
    if seat in silent:
        now += 30 * 3600                  # the turn's period (24 h) passes
        J("cron", "--now", str(now))
    else:
        lines = None
        if n not in pos.held:
            lines = turn_orders(pos, n)
            mail_orders(seat, n, lines)
        now += 600
        J("cron", "--now", str(now))
        pos2, _ = state()
        # a turn's orders are whole with their RONDEL line (RULES.md 13.1,
        # 14.1): a RONDEL alone is all orders in, and plays the turn at the
        # next run, as any other set does
        if lines is not None and len(lines) == 1:
            rondel_only += 1
            if not pos2.over and pos2.active == n:
                fail(f"the {NATION[n]}' turn, ordered with {lines[0]} alone, was not played "
                     "at the next run")
        # now and then the next nation's player mails its next turn early
        nxt = pos2.active
        if not pos2.over and seat_of[nxt] not in silent and turns % 5 == 2 and nxt != n:
            after = pos2.nations[(pos2.nations.index(nxt) + 1) % len(pos2.nations)]
            if seat_of[after] not in silent and after != nxt:
                mail_orders(seat_of[after], after, turn_orders(pos2, after), advance=True)
                advance += 1
    turns += 1
    flush()
    for s in SEATS:
        for msg in new_mail(PLAYER[s]):
            text = text_of(msg)
            for line in text.split("\n"):
                if len(line) > 78:
                    fail(f"a line mailed to {PLAYER[s]} passes 78 columns: {line!r}")
            if (msg["Subject"] or "").endswith(" results"):
                results += 1
                if any(p.get_content_type() == "image/png" for p in msg.walk()):
                    pictures += 1
# GET map: the picture of the position, attached
send(PLAYER["R"], f"GET map {GAME}\n")
flush()
if not any(p.get_content_type() == "image/png" for m in new_mail(PLAYER["R"]) for p in m.walk()):
    fail("GET map sent no picture of the game")
pos, status = state()
print(f"{turns} turns, {results} results mails ({pictures} with a picture), {advance} advance order mails")
if not pos.over:
    fail(f"the game did not end in {turns} turns")
else:
    print("winner:", pos.over, {n: sum(pos.get(n, k) for k in ("king", "scholar", "general", "citizen", "navigator"))
                                for n in pos.nations})
if rondel_only == 0:
    fail("no turn was ordered with its RONDEL line alone")
if results == 0 or pictures != results:
    fail(f"{results} results mails, {pictures} of them with a picture")
try:
    J("replay", GAME)
except subprocess.CalledProcessError as e:
    fail("replaying the stored history gave a different game:\n" + e.stdout + e.stderr)
sys.exit(1 if failures else 0)
