//! Scruby's move and what the umpire sees of it: the opening state, the order of the move
//! (initiative, movement, the high roller's cannon fire, the other side's, rifle fire, melee, the
//! end of the move with its timers), the badges, who is still to act, and the headquarters held
//! or lost.

use super::battle::{
    column, column_not_fired, gun_may_fire, gun_place, kind, kind_of, phase_name, roster_number,
};
use super::defs::*;
use crate::declare::{Badge, Objective, RuleError, Tone};
use crate::dice::{DiceSource, Die, Roll};
use crate::model::{BattleView, Effect, Viewer, timers};
use crate::resolution::{Resolution, Step};
use super::Scruby;
use crate::ruleset::{Looks, PhaseChange, Turn, kit};

// ---- the move -----------------------------------------------------------------------------------

impl Turn for Scruby {
    /// The opening state: a regiment or squadron that starts with fewer figures than a full tray has
    /// the rest lost already (a 3-figure regiment shows ●●●○), and each infantry regiment's formation
    /// from the scenario is a marker: the regiments of one formation that start in cross-country
    /// column (not those behind a concealment stand, placed in column when exposed) are one column,
    /// numbered from 1.
    fn start(&self, v: &BattleView<'_>) -> Vec<Effect> {
        let mut out = Vec::new();
        let mut columns: Vec<(usize, Option<usize>)> = Vec::new();
        for u in 0..v.roster.units.len() {
            let info = v.info(u);
            if let Some(n) = info
                .fields
                .int("figures")
                .and_then(|n| u32::try_from(n).ok())
                && n < info.hit_limit
            {
                out.push(Effect::Hits {
                    unit: info.id.clone(),
                    hits: info.hit_limit - n,
                });
            }
            match v.info(u).fields.text("formation") {
                Some("road-column") => out.push(kit::flag(v, u, ROAD_COLUMN, true)),
                Some("cross-country") if !v.unit_state(u).concealed => {
                    let key = (info.side, info.formation);
                    let n = match columns.iter().position(|c| *c == key) {
                        Some(i) => i + 1,
                        None => {
                            columns.push(key);
                            columns.len()
                        }
                    };
                    out.push(kit::marker(v, u, CROSS_COUNTRY, Some(roster_number(n - 1))));
                }
                _ => {}
            }
        }
        out
    }

    /// Ends the current phase and carries out the automatic steps up to the next that needs the
    /// umpire.
    fn advance(&self, v: &BattleView<'_>, dice: &mut dyn DiceSource) -> Result<PhaseChange, RuleError> {
        let mut ch = PhaseChange::default();
        let n = v.roster.sides.len();
        let active = v.active_side();
        let turn = v.state.turn;
        let next = |phase: &str, side: usize, ch: &mut PhaseChange| {
            ch.effects.push(kit::phase(v, turn, side, phase));
            ch.steps.push(format!(
                "{}{}",
                phase_name(phase),
                if PHASES.iter().any(|p| p.id == phase && p.simultaneous) {
                    ": both sides".to_string()
                } else {
                    format!(": {}", v.roster.sides[side].name)
                }
            ));
        };
        match v.state.phase.as_str() {
            PH_INITIATIVE => initiative(v, turn, dice, &mut ch)?,
            PH_MOVEMENT => next(PH_FIRST_CANNON, active, &mut ch),
            PH_FIRST_CANNON => next(PH_SECOND_CANNON, kit::next_side(v, active, turn).0, &mut ch),
            PH_SECOND_CANNON => {
                let first = (active + n - 1) % n;
                next(PH_RIFLE, first, &mut ch);
            }
            PH_RIFLE => {
                for u in 0..v.roster.units.len() {
                    if v.marker(u, RIFLE_LOST).is_some() {
                        ch.effects.push(kit::marker(v, u, RIFLE_LOST, None));
                    }
                }
                next(PH_MELEE, active, &mut ch);
            }
            _ => {
                // The next move's initiative is thrown once its reinforcements are on
                // (`turn_begins`), or not at all past the battle's last.
                end_of_move(v, &mut ch);
                ch.effects
                    .push(kit::phase(v, turn + 1, v.state.first_side, PH_INITIATIVE));
            }
        }
        Ok(ch)
    }

    /// The move's initiative.
    fn turn_begins(&self, v: &BattleView<'_>, dice: &mut dyn DiceSource) -> Result<PhaseChange, RuleError> {
        self.advance(v, dice)
    }

    /// True while a unit is still expected to act in this phase: a gun of the firing side that can
    /// fire and has not; in rifle fire, a regiment that can fire and has not. Movement and melee
    /// depend on the table, not on the roster, so nobody is waited for there.
    fn may_still_act(&self, v: &BattleView<'_>, u: usize) -> bool {
        let Some(k) = kind(v.info(u)) else {
            return false;
        };
        match v.state.phase.as_str() {
            PH_FIRST_CANNON | PH_SECOND_CANNON => k.is_gun() && gun_may_fire(v, u).is_ok(),
            PH_RIFLE => {
                k.is_infantry()
                    && v.unit_state(u).on_table()
                    && !v.unit_state(u).concealed
                    && !kit::has(v, u, FIRED)
                    && v.marker(u, RETIRING).is_none()
                    && column_not_fired(v, u).is_ok()
            }
            _ => false,
        }
    }
}

/// Both sides throw a die, again while they tie; the high roller moves first and fires first.
fn initiative(
    v: &BattleView<'_>,
    turn: u32,
    dice: &mut dyn DiceSource,
    ch: &mut PhaseChange,
) -> Result<(), RuleError> {
    ch.steps.push(format!("Move {turn}: initiative"));
    let sides = v.sides_in_order();
    let mut steps = Vec::new();
    let (winner, faces) = loop {
        let mut rolls = Vec::new();
        // After a tie, the prompt says so: the same question again would look like a fault.
        let again = steps.last().map(|last: &Step| {
            let tie = last.outcome.split(": a tie").next().unwrap_or_default();
            format!("{tie}: a tie: throw again")
        });
        for &s in &sides {
            let purpose = match &again {
                None => format!(
                    "initiative, {}: the high roller chooses his flank and fires first (ties thrown again)",
                    v.roster.sides[s].name
                ),
                Some(again) => format!("initiative, {} ({again})", v.roster.sides[s].name),
            };
            let face = dice.roll(Die::D6, &purpose)?;
            rolls.push(Roll {
                die: Die::D6,
                face,
                purpose,
            });
        }
        let best = rolls.iter().map(|r| r.face).max().unwrap_or(0);
        let top: Vec<usize> = (0..rolls.len())
            .filter(|&i| rolls[i].face == best)
            .collect();
        let faces: Vec<u8> = rolls.iter().map(|r| r.face).collect();
        let words: Vec<String> = sides
            .iter()
            .zip(&faces)
            .map(|(&s, f)| format!("{} {f}", v.roster.sides[s].name))
            .collect();
        let tie = top.len() > 1;
        steps.push(Step {
            label: if steps.is_empty() {
                "Initiative".into()
            } else {
                format!("Initiative, thrown again ({})", steps.len() + 1)
            },
            table: None,
            dice: rolls,
            outcome: if tie {
                format!("{}: a tie, thrown again", words.join(", "))
            } else {
                format!(
                    "{}: {} is the high roller",
                    words.join(", "),
                    v.roster.sides[sides[top[0]]].name
                )
            },
            ..Step::default()
        });
        if !tie {
            break (sides[top[0]], faces);
        }
    };
    let name = &v.roster.sides[winner].name;
    for (&s, f) in sides.iter().zip(&faces) {
        ch.effects
            .push(kit::counter(v.side_id(s), INITIATIVE, Some(i32::from(*f))));
    }
    ch.steps.push(format!(
        "  initiative to {name}: theirs to choose the flank they move from, and their guns fire first"
    ));
    ch.resolutions.push(Resolution {
        ruleset: super::ID.into(),
        action: "initiative".into(),
        title: format!("Initiative for move {turn}"),
        context: Vec::new(),
        steps,
        result: format!("{name} has the initiative"),
        effects: vec![format!(
            "{name} choose the flank they move from, the opponent starts from the other, and their guns fire first"
        )],
        rolled_by_program: dice.is_generated(),
    });
    ch.effects.push(kit::phase(v, turn, winner, PH_MOVEMENT));
    ch.steps.push("Movement: both sides".into());
    Ok(())
}

/// The end of a move: every 3-move timer counts down (not in the move it began), captured guns'
/// hold counts run, and every gun and regiment may move and fire again.
fn end_of_move(v: &BattleView<'_>, ch: &mut PhaseChange) {
    let turn = v.state.turn as i32;
    ch.steps.push(format!("End of move {turn}"));
    // A timer set by hand has no move it began in: it counts from the move it is set in (the
    // program cannot know when the retirement began).
    let running: Vec<usize> = (0..v.roster.units.len())
        .filter(|&u| {
            v.unit_state(u).on_table()
                && v.marker(u, RETIRING).is_some()
                && v.marker(u, RETIRING_FROM).is_none_or(|t| t < turn)
        })
        .collect();
    let cd = timers::count_down(v, MARKERS, running, "move");
    for e in &cd.effects {
        if let Effect::Marker {
            unit, value: None, ..
        } = e
        {
            ch.effects.push(Effect::Marker {
                unit: unit.clone(),
                marker: RETIRING_FROM.into(),
                value: None,
            });
        }
    }
    ch.steps
        .extend(cd.steps.into_iter().map(|s| format!("  {s}")));
    ch.effects.extend(cd.effects);
    for u in 0..v.roster.units.len() {
        // A gun that moved stands somewhere new: its place is asked again at its next shot,
        // unless it fired from there after moving (horse artillery), which gave it.
        if kit::has(v, u, MOVED) && !kit::has(v, u, FIRED) && v.marker(u, GUN_ON).is_some() {
            ch.effects.push(kit::marker(v, u, GUN_ON, None));
        }
        for m in [FIRED, MOVED, FIRED_AT, FLANK_FIRE, EXPOSED_ON] {
            if v.marker(u, m).is_some() {
                ch.effects.push(kit::marker(v, u, m, None));
            }
        }
        // A crewless gun's hold count runs only while one side holds it, and not in the move its
        // holding began (a holder set by hand, with no such move, counts from this one).
        let Some(holder) = v.marker(u, CAPTURED) else {
            continue;
        };
        let began_now = v.marker(u, CAPTURED_ON).is_some_and(|on| on >= turn);
        if !kit::has(v, u, CREW_KILLED) || began_now || !v.unit_state(u).on_table() {
            continue;
        }
        let held = v.marker(u, HELD).unwrap_or(0) + 1;
        let hside = usize::try_from(holder - 1).unwrap_or(usize::MAX);
        let hname = v.roster.sides.get(hside).map_or("?", |s| s.name.as_str());
        if held >= HOLD_TO_REMAN {
            ch.effects.push(kit::marker(v, u, CREW_KILLED, None));
            ch.effects.push(kit::marker(v, u, HELD, None));
            ch.effects.push(kit::marker(v, u, CAPTURED_ON, None));
            if hside == v.info(u).side {
                // Its own side re-mans it: it is simply its gun again.
                ch.effects.push(kit::marker(v, u, CAPTURED, None));
                ch.steps.push(format!(
                    "  {}: held {HOLD_TO_REMAN} moves — re-manned by its own side, {hname}",
                    v.info(u).id
                ));
            } else {
                ch.steps.push(format!(
                    "  {}: held {HOLD_TO_REMAN} moves — re-manned by {hname}, it fires for them from now on",
                    v.info(u).id
                ));
            }
        } else {
            ch.effects.push(kit::marker(v, u, HELD, Some(held)));
            ch.steps.push(format!(
                "  {}: held by {hname} — {held} of {HOLD_TO_REMAN} moves",
                v.info(u).id
            ));
        }
    }
}

// ---- what the umpire sees -----------------------------------------------------------------------

impl Looks for Scruby {
    /// A unit's badges, in display order: out, retiring, held or captured, crewless, counter-battery
    /// and works hits, its column, its flags, where its gun stands, figures lost to rifle fire now.
    fn badges(&self, v: &BattleView<'_>, u: usize) -> Vec<Badge> {
        let st = v.unit_state(u);
        if st.removed.is_some() {
            return vec![kit::badge("OUT", Tone::Muted, "no longer on the table")];
        }
        let mut out = Vec::new();
        let def = |id: &str| MARKERS.iter().find(|m| m.id == id).expect("declared");
        let marker = |id: &str| {
            let d = def(id);
            kit::marker_badge(v, u, d, d.tone)
        };
        out.extend(marker(RETIRING));
        if let Some(h) = st.marker(CAPTURED) {
            let holder = v
                .roster
                .sides
                .get(usize::try_from(h - 1).unwrap_or(usize::MAX))
                .map_or("?", |s| s.id.as_str());
            if st.has(CREW_KILLED) {
                let held = st.marker(HELD).unwrap_or(0);
                out.push(kit::badge(
                    format!("HELD {holder} {held}/{HOLD_TO_REMAN}"),
                    Tone::Danger,
                    format!(
                        "crewless, held by {holder}: {held} of the {HOLD_TO_REMAN} consecutive moves before {holder} re-mans it; it neither moves nor fires"
                    ),
                ));
            } else {
                out.push(kit::badge(
                    format!("TAKEN {holder}"),
                    Tone::Warn,
                    format!("captured and re-manned: it fires for {holder}"),
                ));
            }
        } else {
            out.extend(marker(CREW_KILLED));
        }
        if let Some(n) = st.marker(GUN_HITS) {
            out.push(kit::badge(
                format!("CB {n}/3"),
                Tone::Warn,
                def(GUN_HITS).help,
            ));
        }
        // Works show their count from the start: the umpire sees how many hits destroy them.
        if kind(v.info(u)).is_some_and(Kind::is_works) {
            let n = st.marker(WORKS_HITS).unwrap_or(0);
            let of = v.info(u).fields.int("hits_to_destroy").unwrap_or(0);
            out.push(kit::badge(
                format!("HITS {n}/{of}"),
                if n > 0 { Tone::Warn } else { Tone::Info },
                def(WORKS_HITS).help,
            ));
        }
        // A column of fewer than 3 regiments is none: its number is not shown.
        if column(v, u).is_some() {
            out.extend(marker(CROSS_COUNTRY));
        }
        for id in [ROAD_COLUMN, MOVED, FIRED, HQ_LOST] {
            out.extend(marker(id));
        }
        if let Some(place) = gun_place(v, u) {
            let text = if place == "hill" { "HILL" } else { "WALL" };
            out.push(kit::badge(text, Tone::Info, def(GUN_ON).help));
        }
        if let Some(n) = st.marker(RIFLE_LOST) {
            out.push(kit::badge(
                format!("−{n} RIFLE"),
                Tone::Info,
                def(RIFLE_LOST).help,
            ));
        }
        out
    }

    /// A side's initiative die this move, shown on the side.
    fn formation_badges(&self, _v: &BattleView<'_>, _f: usize) -> Vec<Badge> {
        Vec::new()
    }

    /// Each headquarters the viewer may see, held or lost: the objectives of the game.
    fn objectives(&self, v: &BattleView<'_>, viewer: Viewer) -> Vec<Objective> {
        (0..v.roster.units.len())
            .filter(|&u| {
                kind_of(v, u).is_ok_and(|k| k == Kind::Headquarters) && v.visible_to(u, viewer)
            })
            .map(|u| {
                let side = v.info(u).side;
                let lost = kit::has(v, u, HQ_LOST);
                let text = if lost {
                    format!("{} is lost: in the enemy's hands.", v.label(u))
                } else if v.unit_state(u).on_table() {
                    format!("{} is held by {}.", v.label(u), v.roster.sides[side].name)
                } else {
                    format!("{} is off the table.", v.label(u))
                };
                Objective { text, side, lost }
            })
            .collect()
    }
}

