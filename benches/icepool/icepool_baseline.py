#!/usr/bin/env python3
"""The odds of every case in cases.toml computed with icepool, for comparison with umpire's.

For each case it builds icepool's formulation of the same distribution from the case's inputs,
times it with timeit (the best of several runs, in µs per call, of the thread's CPU time as the
Rust benchmark measures it, or with --wall of the wall clock; where more than one formulation is
written, each is timed and the fastest reported), prints the distribution's values, and, given the
JSON the Rust benchmark prints (`UMPIRE_ODDS_JSON=1 cargo bench --bench odds > odds.json`), checks
that every result line's probability equals icepool's exact fraction to 1e-16 (or, for a value
above one half, whose doubles are 1.1e-16 apart, to one unit in the last place), and says where
each is the double nearest to it.

    python3 -m venv /tmp/icepool-venv && /tmp/icepool-venv/bin/pip install icepool
    /tmp/icepool-venv/bin/python benches/icepool/icepool_baseline.py [--rust odds.json] [--quick] [--wall]

Not part of CI or `cargo test`. The rule numbers (ranges, ratings, kill tables) are the rule sets'
defaults, written out here; a case whose inputs a formulation does not model is refused rather
than guessed.
"""

import argparse
import json
import math
import pathlib
import sys
import time
import timeit
import tomllib
from fractions import Fraction

import icepool
from icepool import Die, d6, d10

HERE = pathlib.Path(__file__).resolve().parent
TOLERANCE = 1e-16


class Unmodelled(Exception):
    pass


def only(inputs, *known):
    extra = set(inputs) - set(known)
    if extra:
        raise Unmodelled(f"inputs not modelled: {sorted(extra)}")


def bern(p_faces, die=d6):
    """A die reading 1 on the faces for which `p_faces` holds, else 0."""
    return die.map(lambda f: 1 if p_faces(f) else 0)


def probabilities(die, order):
    return [die.probability(o) if o in die else Fraction(0) for o in order]


# ---- Newport -------------------------------------------------------------------------------------

INFANTRY_ROWS = [1, 3, 5, 6]  # row maxima; a fifth row takes the rest
ANTI_TANK_ROWS = [3, 5, 6]


def row(total, maxima):
    for i, m in enumerate(maxima):
        if total <= m:
            return i
    return len(maxima)


def newport_table_shot(maxima, m, dice):
    """The row read by the lowest of `dice` d10 plus `m`: the fastest of three formulations."""
    rows = list(range(len(maxima) + 1))
    if dice == 1:
        candidates = [
            ("Die of the faces read", lambda: Die([row(f + m, maxima) for f in range(1, 11)])),
            ("d10.map", lambda: d10.map(lambda f: row(f + m, maxima))),
        ]
    else:
        candidates = [
            ("d10.lowest(n).map", lambda: d10.lowest(dice).map(lambda f: row(f + m, maxima))),
            ("pool lowest", lambda: d10.pool(dice).lowest(1).sum().map(lambda f: row(f + m, maxima))),
        ]
    return candidates, lambda die: probabilities(die, rows)


def newport_fire(inputs, options):
    only(inputs, "range", "cover", "firer-suppressed", "hmg", "table", "firer-kind", "flank", "gun", "armour")
    anti_tank = inputs.get("table") == "anti-tank"
    vehicle_firer = inputs.get("firer-kind", "infantry") in ("vehicle", "gun")
    normal, long = (16, 24) if vehicle_firer else (8, 16)
    rng = float(inputs["range"])
    m = 0
    cover = inputs.get("cover", "none")
    if anti_tank:
        m += -3 if "flank" in inputs else 0
        m += 1 if cover in ("soft", "hard") else 0
    else:
        m += {"none": 0, "soft": 1, "hard": 2}[cover]
    m += 1 if "firer-suppressed" in inputs else 0
    m += 1 if rng > normal else 0
    if anti_tank:
        m += int(inputs.get("gun", 0)) if vehicle_firer else 0
        m += int(inputs.get("armour", 0))
    dice = 2 if ("hmg" in inputs and not anti_tank and options.get("hmg_two_dice") == "true") else 1
    assert rng <= long
    return newport_table_shot(ANTI_TANK_ROWS if anti_tank else INFANTRY_ROWS, m, dice)


def newport_air(inputs, options):
    only(inputs, "best-of", "cover")
    m = {"none": 0, "soft": 1, "hard": 2}[inputs.get("cover", "none")]
    return newport_table_shot(INFANTRY_ROWS, m, int(inputs.get("best-of", 1)))


def newport_artillery(inputs, options):
    only(inputs, "targets")
    shots = []
    for spec in inputs["targets"].split(","):
        parts = spec.split(":") + [""] * 4
        kind, cover, _quality, armour = parts[0], parts[1] or "none", parts[2], parts[3] or "0"
        if kind == "vehicle":
            shots.append((ANTI_TANK_ROWS, (1 if cover != "none" else 0) + int(armour)))
        else:
            shots.append((INFANTRY_ROWS, {"none": 0, "soft": 1, "hard": 2}[cover]))

    def compute():
        return [Die([row(f + m, maxima) for f in range(1, 11)]) for maxima, m in shots]

    def lines(dice):
        out = []
        for (maxima, _), die in zip(shots, dice):
            out += probabilities(die, range(len(maxima) + 1))
        return out

    return [("a Die of the faces read, per target", compute)], lines


# Close combat: the state machine of `src/rules/newport/close_combat.rs`, its absorbing
# probabilities by icepool's `map(..., repeat='inf')`.
STEADY, SUPPRESSED, PARALYZED = 0, 1, 2
CC_RESULTS = [
    "AttackerDestroyed", "AttackerRetreats", "AttackerFallsBack", "BothRetreat",
    "BothWithdraw", "DefenderFallsBack", "DefenderRetreats", "DefenderDestroyed",
]
EFFECTS = {  # row effect -> (hit, blow: 0 none / 1 suppress / 2 paralyze, forced back)
    "HitParalyzed": (1, 2, 0), "HitSuppressed": (1, 1, 0), "HitForcedBack": (1, 1, 1),
    "Suppressed": (0, 1, 0), "IfGreen": (0, 0, 0), "NoEffect": (0, 0, 0),
}
INFANTRY_EFFECTS = ["HitParalyzed", "HitSuppressed", "Suppressed", "IfGreen", "NoEffect"]
ANTI_TANK_EFFECTS = ["HitForcedBack", "Suppressed", "IfGreen", "NoEffect"]


def newport_close_combat(inputs, options):
    only(inputs, "cover", "defender-state", "defender-hmg", "attacker-hmg", "attacker-kind", "attacker-armour")
    two = options.get("hmg_two_dice") == "true"
    a_vehicle = inputs.get("attacker-kind", "infantry") == "vehicle"
    d_vehicle = False
    a_armour = int(inputs.get("attacker-armour", 0))
    a_limit = 1 if a_vehicle else 3
    d_limit = 3
    cover = {"none": 0, "soft": 1, "hard": 2}[inputs.get("cover", "none")]
    d_start = {"none": STEADY, "suppressed": SUPPRESSED, "paralyzed": PARALYZED}[inputs.get("defender-state", "none")]
    paralyzed_start = d_start == PARALYZED
    vehicle_involved = a_vehicle or d_vehicle
    dice = {"a": 2 if ("attacker-hmg" in inputs and two) else 1, "d": 2 if ("defender-hmg" in inputs and two) else 1}

    def after(hits, morale, limit, vehicle, e):
        hit, blow, _ = EFFECTS[e]
        hits = min(hits + hit, limit)
        if blow:
            if vehicle:
                morale = SUPPRESSED
            elif blow == 2 or morale != STEADY:
                morale = PARALYZED
            else:
                morale = SUPPRESSED
        return hits, morale

    def kept(n):
        return d10 if n == 1 else d10.lowest(n)

    def end(result, ah, dh):
        if result == "AttackerRetreats" and ah >= a_limit:
            result = "AttackerDestroyed"
        if result in ("DefenderRetreats", "BothWithdraw") and dh >= d_limit:
            result = "DefenderDestroyed"
        return ("end", result, ah, dh)

    def step(state):
        if state[0] == "end":
            return state
        stage, ah, am, dh, dm = state
        if stage == "d":  # the defender fires at the attacker
            table = ANTI_TANK_EFFECTS if a_vehicle else INFANTRY_EFFECTS
            # the attacker never has cover; an anti-tank shot counts its armour
            m = {SUPPRESSED: 1, PARALYZED: 2}.get(dm, 0) + (a_armour if a_vehicle else 0)

            def shot(f):
                e = table[row(f + m, ANTI_TANK_ROWS if a_vehicle else INFANTRY_ROWS)]
                nah, nam = after(ah, am, a_limit, a_vehicle, e)
                fb = EFFECTS[e][2]
                if nah >= a_limit:
                    return end("AttackerDestroyed", nah, dh)
                if paralyzed_start:
                    if fb:
                        return end("BothWithdraw", nah, min(dh + 1, d_limit))
                elif nam == PARALYZED:
                    return end("AttackerRetreats", min(nah + 1, a_limit), dh)
                elif fb:
                    return end("AttackerFallsBack", nah, dh)
                return ("a", nah, nam, dh, dm)

            return kept(dice["d"]).map(shot)
        # the attacker fires at the defender
        m = cover + {SUPPRESSED: 1, PARALYZED: 2}.get(am, 0)

        def shot(f):
            e = INFANTRY_EFFECTS[row(f + m, INFANTRY_ROWS)]
            ndh, ndm = after(dh, dm, d_limit, d_vehicle, e)
            if ndh >= d_limit:
                return end("DefenderDestroyed", ah, ndh)
            if paralyzed_start:
                if am == PARALYZED:
                    return end("BothRetreat", min(ah + 1, a_limit), min(ndh + 1, d_limit))
                return end("DefenderRetreats", ah, min(ndh + 1, d_limit))
            if ndm == PARALYZED:
                return end("DefenderRetreats", ah, min(ndh + 1, d_limit))
            if vehicle_involved:
                return end("AttackerFallsBack" if a_vehicle else "DefenderFallsBack", ah, ndh)
            return ("d", ah, am, ndh, ndm)

        return kept(dice["a"]).map(shot)

    def compute():
        return icepool.map(step, ("d", 0, STEADY, 0, d_start), repeat="inf")

    def lines(die):
        by_result = die.marginals[1]
        return [by_result.probability(r) for r in CC_RESULTS if r in by_result]

    return [("map(step, start, repeat='inf')", compute)], lines


def newport_command_roll(inputs, options):
    only(inputs, "quality")
    target = {"green": 4, "regular": 6, "elite": 8}[inputs["quality"]]
    return [
        ("Die of the faces read", lambda: Die([f <= target for f in range(1, 11)])),
        ("d10 <= target", lambda: d10 <= target),
    ], lambda die: probabilities(die, [True, False])


def newport_morale_check(inputs, options):
    only(inputs, "quality")
    target = {"green": 6, "regular": 5, "elite": 4}[inputs["quality"]]
    return [
        ("Die of the faces read", lambda: Die([f >= target for f in range(1, 11)])),
        ("d10 >= target", lambda: d10 >= target),
    ], lambda die: probabilities(die, [True, False])


def newport_command_points(inputs, options):
    only(inputs, "superior", "lost", "saved", "quality")
    minimum = {"green": 2, "regular": 3, "elite": 4}[inputs.get("quality", "regular")]
    lost, saved = int(inputs.get("lost", 0)), int(inputs.get("saved", 0))
    n = 2 if "superior" in inputs else 1

    def compute():
        return (n @ d10).map(lambda t: max(t - lost, minimum) + saved)

    return [("(n @ d10).map", compute)], lambda die: [die.probability(o) for o in die.outcomes()]


# ---- Scruby --------------------------------------------------------------------------------------

ONE_THREE_SIX = (1, 3, 6)


def scruby_rifle(inputs, options):
    only(inputs, "firer", "figures", "range", "target-in")
    # Line, 4/3/2 figures, from the open at a village's outer area: row 6, kills on 1-3-6.
    assert inputs["firer"] == "line" and int(inputs["figures"]) >= 2
    assert inputs["target-in"] in ("village-outer", "town", "hill", "forest-outer")
    return [
        ("Die of the faces read", lambda: Die([f in ONE_THREE_SIX for f in range(1, 7)])),
        ("d6.map", lambda: d6.map(lambda f: f in ONE_THREE_SIX)),
    ], lambda die: probabilities(die, [True, False])


def scruby_artillery(inputs, options):
    only(inputs, "target", "range", "counter-battery", "gun-hits", "gun-on")
    if "counter-battery" in inputs:
        read = lambda f: "hit" if f in ONE_THREE_SIX else "none"
        order = ["hit", "none"]
    else:
        assert inputs["target"] in ("line", "light", "heavy-cavalry", "light-cavalry")
        read = lambda f: "kill" if f in ONE_THREE_SIX else ("retire" if f == 2 else "none")
        order = ["kill", "retire", "none"]
    return [
        ("Die of the faces read", lambda: Die([read(f) for f in range(1, 7)])),
        ("d6.map", lambda: d6.map(read)),
    ], lambda die: probabilities(die, order)


def scruby_canister(inputs, options):
    only(inputs, "target", "target-figures", "range", "return-fire")
    # The canister kills one figure; the return fire of a Line regiment of 2-4 figures (after the
    # canister) kills the crew on 3-6.
    left = int(inputs["target-figures"]) - 1
    assert inputs["target"] == "line" and "return-fire" in inputs and left >= 2
    return [
        ("Die of the faces read", lambda: Die([f in (3, 6) for f in range(1, 7)])),
        ("d6.map", lambda: d6.map(lambda f: f in (3, 6))),
    ], lambda die: probabilities(die, [True, False])


# The melee kill table: (kills, faces) by type and figures; faces None = automatic.
KILLS = {
    "line": {4: (1, None), 3: (1, None), 2: (1, None), 1: (1, (6,))},
    "light": {4: (1, None), 3: (1, None), 2: (1, None), 1: (1, (6,))},
    "grenadier": {4: (2, None), 3: (1, None), 2: (1, None), 1: (1, None)},
    "heavy-cavalry": {3: (2, None), 2: (1, None), 1: (1, ONE_THREE_SIX)},
    "light-cavalry": {3: (1, None), 2: (1, ONE_THREE_SIX), 1: (1, (3, 6))},
}
POINTS = {"line": 4, "light": 4, "grenadier": 6, "heavy-cavalry": 6, "light-cavalry": 5}


def kills(kind, figures, victim_figures):
    """The figures a stand kills, as a die."""
    n, faces = KILLS[kind][figures]
    n = min(n, victim_figures)
    if faces is None:
        return Die([n])
    return d6.map(lambda f: n if f in faces else 0)


def morale(first_points, second_points):
    """The morale throw, ties thrown again: 'first' or 'second' holds."""
    return icepool.map(
        lambda a, b: "first" if a * first_points > b * second_points
        else ("second" if a * first_points < b * second_points else icepool.Reroll),
        d6, d6,
    )


def scruby_melee(inputs, options):
    only(inputs, "attacker", "attacker-figures", "defender", "defender-figures")
    a, af = inputs["attacker"], int(inputs["attacker-figures"])
    d, df = inputs["defender"], int(inputs["defender-figures"])
    order = ["AttackerHolds", "DefenderWipedOut", "DefenderHolds", "AttackerWipedOut", "BothHold", "BothWipedOut"]

    def compute():
        def end(ka, kd):
            al, dl = af - kd, df - ka
            if al == 0 and dl == 0:
                return "BothWipedOut"
            if al == 0:
                return "AttackerWipedOut"
            if dl == 0:
                return "DefenderWipedOut"
            return morale(al * POINTS[a], dl * POINTS[d]).map({"first": "AttackerHolds", "second": "DefenderHolds"})

        return icepool.map(end, kills(a, af, df), kills(d, df, af))

    return [("map over both strikes, then the morale throw", compute)], lambda die: [
        die.probability(o) for o in order if o in die
    ]


def scruby_reinforced_melee(inputs, options):
    only(inputs, "attacker", "attacker-figures", "defender", "defender-figures", "reinforcement", "reinforcement-figures")
    a, af = inputs["attacker"], int(inputs["attacker-figures"])
    d, df = inputs["defender"], int(inputs["defender-figures"])
    r, rf = inputs["reinforcement"], int(inputs["reinforcement-figures"])
    assert inputs.get("reinforcing-side", "defender") == "defender"

    def compute():
        def second(ka, kd):
            al, dl = af - kd, df - ka
            if al == 0:
                return icepool.Die([(al, dl, rf)])
            return icepool.map(lambda ka2, kd2: (al - kd2, dl, rf - ka2), kills(a, al, rf), kills(r, rf, al))

        def end(left):
            al, dl, rl = left
            pa, pd = al * POINTS[a], dl * POINTS[d] + rl * POINTS[r]
            if pa == 0 and pd == 0:
                return "BothWipedOut"
            if pa == 0:
                return "AttackerWipedOut"
            if pd == 0:
                return "DefenderWipedOut"
            return morale(pa, pd).map({"first": "AttackerHolds", "second": "DefenderHolds"})

        return icepool.map(second, kills(a, af, df), kills(d, df, af)).map(end)

    order = ["AttackerHolds", "DefenderWipedOut", "DefenderHolds", "AttackerWipedOut", "BothHold", "BothWipedOut"]
    return [("two bouts by map, then the morale throw", compute)], lambda die: [
        die.probability(o) for o in order if o in die
    ]


def scruby_melee_crew(inputs, options):
    only(inputs, "attacker", "attacked-from")
    assert inputs.get("attacked-from", "front") in ("front", "flank")
    return [
        ("Die of the faces read", lambda: Die([f in ONE_THREE_SIX for f in range(1, 7)])),
        ("d6.map", lambda: d6.map(lambda f: f in ONE_THREE_SIX)),
    ], lambda die: probabilities(die, [True, False])


def scruby_lc_morale(inputs, options):
    only(inputs, "cavalry-figures", "opponent", "opponent-figures")
    assert inputs["opponent"] == "line"
    pc = int(inputs["cavalry-figures"]) * POINTS["light-cavalry"]
    po = int(inputs["opponent-figures"]) * POINTS["line"]
    return [("map over two d6, ties rerolled", lambda: morale(pc, po))], lambda die: probabilities(
        die, ["first", "second"]
    )


# ---- FFT3 ----------------------------------------------------------------------------------------

RATING = {"german": 3, "american": 4, "soviet": 5}


def fft3_anti_vehicle(inputs, options):
    only(inputs, "firer", "weapon", "target", "target-nationality", "range", "terrain", "riders")
    # A Panther-D's special AT ammo at close range: ROF 3 + 1 German = 4 dice hitting on 4+ with +2
    # (close +1, German +1); Pen 9 + 2 close = 11 dice a hit against a halftrack's 0 armour.
    assert inputs["firer"] == "panther" and inputs["weapon"] == "at-ammo"
    assert inputs["target"] == "halftrack" and float(inputs["range"]) <= 4
    difficult = inputs.get("terrain") == "difficult"
    rating = RATING[inputs["target-nationality"]]
    riders = "riders" in inputs
    hit = bern(lambda f: f + 2 >= 4)
    kept = bern(lambda f: f <= 4) if difficult else Die([1])
    # Each penetration die: 0 no effect, 1 a 4–5 (quality check), 2 a 6 (destroyed).
    pen = d6.map(lambda f: 2 if f >= 6 else (1 if f >= 4 else 0))
    check = bern(lambda f: f >= rating)

    def compute():
        remaining = (4 @ hit).map(lambda h: h @ kept)
        best = remaining.map(lambda r: pen.highest(11 * r) if r else -1)

        def fate(b):
            if b == 2:
                target = Die(["destroyed"])
            elif b == 1:
                target = check.map({1: "passed", 0: "failed"})
            else:
                target = Die(["none"])
            if riders:
                return target.map(
                    lambda t: (t, check.map({1: "riders pass", 0: "riders fail"}))
                    if t in ("destroyed", "failed") else (t, "")
                )
            return target.map(lambda t: (t, ""))

        return best.map(fate)

    order = [
        ("destroyed", "riders fail"), ("destroyed", "riders pass"), ("failed", "riders fail"),
        ("failed", "riders pass"), ("passed", ""), ("none", ""),
    ]
    return [("binomial hits, saves, highest penetration die", compute)], lambda die: [
        die.probability(o) for o in order if o in die
    ]


def fft3_anti_infantry(inputs, options):
    only(inputs, "firer", "range", "with", "target", "terrain")
    # American infantry: ROF 3, AI +1, small arms close ≤ 2" (+2), effective ≤ 4" (+1), long ≤ 6"
    # (0); the to-hit modifier is AI + the range's.
    firers = [float(inputs["range"])] + [float(w.split("@")[1]) for w in inputs["with"].split(",")]
    assert inputs["firer"] == "american-infantry"
    assert all(w.split("@")[0] == "american-infantry" for w in inputs["with"].split(","))
    mods = [1 + (2 if r <= 2 else 1 if r <= 4 else 0) for r in firers]
    difficult = inputs.get("terrain") == "difficult"
    rating = RATING[{"german-infantry": "german"}[inputs["target"]]]
    kept = bern(lambda f: f <= 4) if difficult else Die([1])

    def compute():
        total = sum((3 @ bern(lambda f, m=m: f + m >= 4)).map(lambda h: h @ kept) for m in mods)

        def fate(n):
            if n == 0:
                return "none"
            return d6.map(lambda f: "passed" if f - (n - 1) >= rating else "failed")

        return total.map(fate)

    return [("binomial hits and saves summed, one quality check", compute)], lambda die: [
        die.probability(o) for o in ["failed", "passed", "none"] if o in die
    ]


def fft3_artillery(inputs, options):
    only(inputs, "nationality", "stands")
    rating = RATING[inputs["nationality"]]
    stands = []
    for s in inputs["stands"].split(","):
        kind, *flags = s.split(":")
        armoured = kind in ("t-34", "halftrack")
        stands.append("armour" if armoured or "difficult" in flags else "open")
        if "riders" in flags:
            stands.append("open")

    def stand(kind):
        check = d6.map(lambda f: "passed" if f >= rating else "failed")
        if kind == "open":  # 1–3 nothing, 4–5 a check, 6 destroyed
            return d6.map(lambda f: "none" if f <= 3 else (check if f <= 5 else "destroyed"))
        # in difficult terrain or armour: 1–3 nothing, 4–5 Suppressed, 6 a check
        return d6.map(lambda f: "none" if f <= 3 else ("suppressed" if f <= 5 else check))

    def compute():
        return [stand(k) for k in stands]

    def lines(dice):
        out = []
        for d in dice:
            out += [d.probability(o) for o in ["none", "suppressed", "passed", "failed", "destroyed"] if o in d]
        return out

    return [("one d6 a stand", compute)], lines


def fft3_quality_check(inputs, options):
    only(inputs, "nationality", "extra-hits", "out-of-cohesion")
    rating = RATING[inputs["nationality"]]
    m = -int(inputs.get("extra-hits", 0)) - (1 if "out-of-cohesion" in inputs else 0)
    return [
        ("Die of the faces read", lambda: Die([f + m >= rating for f in range(1, 7)])),
        ("d6 + m >= rating", lambda: d6 + m >= rating),
    ], lambda die: probabilities(die, [True, False])


# ---- Hats of Tin ---------------------------------------------------------------------------------


def hats_shoot(inputs, options):
    only(inputs, "firer", "commander-attached", "superior", "range", "target-cover", "flank", "friend-adjacent", "friend-armour")
    assert inputs["firer"] == "infantry" and int(inputs["range"]) <= 3
    dice = 3 if "commander-attached" in inputs else 2
    base = (1 if "superior" in inputs else 0) + (1 if "flank" in inputs else 0)
    at_target = base - (1 if "target-cover" in inputs else 0)
    armour = {"none": 0, "light": 1, "medium": 2, "heavy": 3, "pillbox": 3}[inputs.get("friend-armour", "none")]
    at_friend = base - armour
    hit = bern(lambda f: f + at_target >= 5)
    friend = bern(lambda f: f + at_friend >= 5)

    def compute():
        return (dice @ hit).map(lambda h: (h, (dice - h) @ friend))

    order = [(t, f) for t in range(dice + 1) for f in range(dice - t + 1)]
    return [("hits, then the misses re-rolled at the friend", compute)], lambda die: [
        die.probability(o) for o in order if o in die
    ]


def hats_assault(inputs, options):
    only(inputs, "attacker", "defender", "attacker-commander", "defender-commander", "attacker-hits", "defender-cover")
    assert inputs["attacker"] == "infantry" and inputs["defender"] == "infantry"
    # The attacker is in the defender's front arc: the defender shoots first (+1 infantry being
    # assaulted), then the attacker, if it still stands (+1 infantry assaulting, −1 cover).
    limit = 3  # regular
    a_hits = int(inputs.get("attacker-hits", 0))
    d_dice = 3 if "defender-commander" in inputs else 2
    a_dice = 3 if "attacker-commander" in inputs else 2
    first = bern(lambda f: f + 1 >= 5)
    second = bern(lambda f: f + 1 - (1 if "defender-cover" in inputs else 0) >= 5)

    def compute():
        return (d_dice @ first).map(
            lambda h: -1 if a_hits + h >= limit else (a_dice @ second)
        )

    # -1: the attacker destroyed by the first fire; else the second fire's hits
    return [("first fire, then the second if the attacker stands", compute)], lambda die: [
        die.probability(o) for o in range(-1, a_dice + 1) if o in die
    ]


def hats_rally(inputs, options):
    only(inputs, "hits", "commander-attached")
    m = 1 if "commander-attached" in inputs else 0
    return [
        ("Die of the faces read", lambda: Die([f + m >= 5 for f in range(1, 7)])),
        ("d6 + m >= 5", lambda: d6 + m >= 5),
    ], lambda die: probabilities(die, [True, False])


def hats_orders(inputs, options):
    only(inputs, "subordinates")
    n = int(inputs["subordinates"])
    return [("d6 + n", lambda: d6 + n)], lambda die: [die.probability(o) for o in die.outcomes()]


# ---- Grid ----------------------------------------------------------------------------------------


def grid_fire(inputs, options):
    only(inputs, "range", "cover", "firer-kind")
    dice = {"infantry": 2, "tank": 3}[inputs["firer-kind"]]
    need = 4 + (1 if int(inputs["range"]) > 6 else 0) + (1 if "cover" in inputs else 0)
    hit = bern(lambda f: f >= need)
    return [
        ("n @ hit", lambda: dice @ hit),
        ("pool sum", lambda: hit.pool(dice).sum()),
    ], lambda die: [die.probability(o) for o in range(dice + 1)]


FORMULATIONS = {
    ("newport", "fire"): newport_fire,
    ("newport", "air"): newport_air,
    ("newport", "artillery"): newport_artillery,
    ("newport", "close-combat"): newport_close_combat,
    ("newport", "command-roll"): newport_command_roll,
    ("newport", "command-points"): newport_command_points,
    ("newport", "morale-check"): newport_morale_check,
    ("scruby", "rifle"): scruby_rifle,
    ("scruby", "artillery"): scruby_artillery,
    ("scruby", "canister"): scruby_canister,
    ("scruby", "melee"): scruby_melee,
    ("scruby", "reinforced-melee"): scruby_reinforced_melee,
    ("scruby", "melee-crew"): scruby_melee_crew,
    ("scruby", "lc-morale"): scruby_lc_morale,
    ("fft3", "anti-vehicle"): fft3_anti_vehicle,
    ("fft3", "anti-infantry"): fft3_anti_infantry,
    ("fft3", "artillery"): fft3_artillery,
    ("fft3", "quality-check"): fft3_quality_check,
    ("hats-of-tin", "shoot"): hats_shoot,
    ("hats-of-tin", "assault"): hats_assault,
    ("hats-of-tin", "rally"): hats_rally,
    ("hats-of-tin", "orders"): hats_orders,
    ("grid", "fire"): grid_fire,
}


def best_time(fn, quick, timer):
    """The best of several runs, in µs a call."""
    fn()
    number = 1
    while True:
        t = timeit.timeit(fn, number=number, timer=timer)
        if t >= (0.02 if quick else 0.2):
            break
        number *= 2
    runs = timeit.repeat(fn, number=number, repeat=3 if quick else 7, timer=timer)
    return min(runs) / number * 1e6


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rust", type=pathlib.Path, help="the JSON the Rust benchmark prints")
    ap.add_argument("--quick", action="store_true", help="shorter timing runs")
    ap.add_argument("--wall", action="store_true", help="time by the wall clock, not CPU time")
    ap.add_argument("--json", type=pathlib.Path, help="write the times and values here")
    args = ap.parse_args()
    cases = tomllib.loads((HERE / "cases.toml").read_text())["case"]
    rust = {}
    if args.rust:
        rust = {c["name"]: c for c in json.loads(args.rust.read_text())}
    failures = 0
    report = []
    for case in cases:
        inputs = dict(case.get("inputs", []))
        options = dict(o.split("=", 1) for o in case.get("options", []))
        build = FORMULATIONS[(case["ruleset"], case["action"])]
        candidates, lines = build(inputs, options)
        timed = []
        values = None
        for label, fn in candidates:
            v = lines(fn())
            if values is not None and v != values:
                print(f"{case['name']}: formulation {label!r} disagrees", file=sys.stderr)
                failures += 1
            values = v
            timer = time.perf_counter if args.wall else time.thread_time
            timed.append((best_time(fn, args.quick, timer), label))
        us, label = min(timed)
        print(f"{case['name']}: {us:.1f} µs ({label})")
        print("  " + ", ".join(str(Fraction(x)) for x in values))
        entry = {"name": case["name"], "icepool_us": us, "formulation": label, "values": [float(x) for x in values]}
        if args.rust:
            r = rust.get(case["name"])
            if r is None:
                print("  no Rust odds for this case", file=sys.stderr)
                failures += 1
            else:
                got = [line["probability"] for line in r["results"]]
                if len(got) != len(values):
                    print(f"  Rust has {len(got)} lines, icepool {len(values)}", file=sys.stderr)
                    failures += 1
                else:
                    # The difference from the exact fraction; and whether each value is the
                    # double nearest to it, or the next one (one unit in the last place, which
                    # is 1.1e-16 from one half up).
                    diffs = [abs(Fraction(g) - Fraction(v)) for g, v in zip(got, values)]
                    worst = float(max(diffs))
                    nearest = all(g == float(v) for g, v in zip(got, values))
                    within_ulp = all(
                        d <= Fraction(math.ulp(float(v))) for d, v in zip(diffs, values)
                    )
                    ok = worst <= TOLERANCE or within_ulp
                    failures += not ok
                    how = (
                        "each the double nearest to the exact fraction"
                        if nearest
                        else f"largest difference {worst:.1e}"
                        + ("" if worst <= TOLERANCE else ", within one unit in the last place")
                    )
                    print(f"  Rust equal to 1e-16: {'yes' if ok else 'NO'} ({how})")
                    entry["largest_difference"] = worst
                    entry["nearest_doubles"] = nearest
        report.append(entry)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")
    if failures:
        print(f"{failures} failure(s)", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
