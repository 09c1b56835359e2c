//! Newport's turn sequence: the state at the start of a battle, and the automatic steps between
//! one side's action phase and the next (morale recovery, the end of a side's turn, Finished
//! markers removed and leaders returned, method 3's command points), with which stands may still
//! act in the action phase.

use super::battle_command::{battalion, battalions_of, hq_alive, who};
use super::command::{self, PointsInput};
use super::defs::*;
use super::tables::Morale;
use super::units::{is_asset, method, morale, morale_effects};
use crate::declare::{Params, RuleError, Value};
use crate::dice::DiceSource;
use crate::model::{BattleView, Effect};
use super::Newport;
use crate::ruleset::{PhaseChange, Turn, kit};

impl Turn for Newport {
    /// The initial counters: method-3 battalions start with no points.
    fn start(&self, v: &BattleView<'_>) -> Vec<Effect> {
        let mut out = Vec::new();
        for side in 0..v.roster.sides.len() {
            if method(v, side) == 3 {
                for bn in battalions_of(v, side) {
                    for name in [CP, SAVED] {
                        out.push(kit::counter(&v.roster.formations[bn].id, name, Some(0)));
                    }
                }
            }
        }
        out
    }

    /// Ends the current phase and runs the automatic steps to the next action phase.
    fn advance(&self, v: &BattleView<'_>, dice: &mut dyn DiceSource) -> Result<PhaseChange, RuleError> {
        let mut ch = PhaseChange::default();
        let mut side = v.active_side();
        let mut turn = v.state.turn;
        if v.state.phase == PH_ACTION {
            morale_recovery(v, side, dice, &mut ch)?;
            end_of_turn(v, side, &mut ch);
            (side, turn) = kit::next_side(v, side, turn);
            if turn != v.state.turn {
                // The new turn is begun once its reinforcements are on (`turn_begins`), or not
                // at all past the battle's last.
                ch.effects
                    .push(kit::phase(v, turn, side, PH_REMOVE_FINISHED));
                return Ok(ch);
            }
        }
        // Past the battle's last turn nothing of the next one is started: the battle is over.
        if kit::past_last_turn(v, turn) {
            ch.effects
                .push(kit::phase(v, turn, side, PH_REMOVE_FINISHED));
            return Ok(ch);
        }
        let sname = v.roster.sides[side].name.clone();
        ch.steps.push(format!("Turn {turn}: {sname}"));
        remove_finished(v, side, turn, &mut ch);
        command_phase(v, side, dice, &mut ch)?;
        ch.effects.push(kit::phase(v, turn, side, PH_ACTION));
        ch.steps.push(format!("{sname}: action phase"));
        Ok(ch)
    }

    /// The first side's turn: Finished markers removed, command points rolled, its action phase.
    fn turn_begins(&self, v: &BattleView<'_>, dice: &mut dyn DiceSource) -> Result<PhaseChange, RuleError> {
        self.advance(v, dice)
    }

    /// A stand may still act this turn: it is on the table, of the side whose turn it is, not
    /// Finished, and (method 3) its battalion has a command point left for it. Off-table assets spend
    /// no points.
    fn may_still_act(&self, v: &BattleView<'_>, u: usize) -> bool {
        let info = v.info(u);
        if !v.acts_now(info.side) || !v.unit_state(u).on_table() || kit::has(v, u, FINISHED) {
            return false;
        }
        if method(v, info.side) != 3 || is_asset(info) {
            return true;
        }
        battalion(v, u).is_none_or(|bn| {
            let id = &v.roster.formations[bn].id;
            v.state.counter(id, CP).unwrap_or(0) + v.state.counter(id, SAVED).unwrap_or(0) > 0
        })
    }
}

/// `side`'s morale recovery: each stand shaken improves one level (with the morale_check option,
/// if it passes its check), and smoke laid by the other side lifts.
fn morale_recovery(
    v: &BattleView<'_>,
    side: usize,
    dice: &mut dyn DiceSource,
    ch: &mut PhaseChange,
) -> Result<(), RuleError> {
    ch.side_step(v, side, "morale recovery");
    let checks = v.options.bool("morale_check");
    let mut improved = 0;
    for u in 0..v.roster.units.len() {
        let i = v.info(u);
        if i.side != side || !v.unit_state(u).on_table() {
            continue;
        }
        let before = morale(v, u);
        if before == Morale::Steady {
            continue;
        }
        let ok = if checks {
            let label = v.label(u);
            let (r, ok) =
                command::morale_check(&i.quality, v.options, Some(who(v, u, &label)), dice)?;
            ch.resolutions.push(r);
            ok
        } else {
            true
        };
        if ok {
            let after = before.improved();
            ch.effects.extend(morale_effects(v, u, before, after));
            ch.steps.push(format!(
                "  {}: {} → {}",
                v.label(u),
                before.name(),
                after.name()
            ));
            improved += 1;
        } else {
            ch.steps.push(format!(
                "  {}: stays {} (failed its morale check)",
                v.label(u),
                before.name()
            ));
        }
    }
    if improved == 0 && !checks {
        ch.steps.push("  no stand to recover".into());
    }
    // Smoke laid by the other side lifts in this side's morale recovery.
    for (id, m) in &v.state.areas {
        if m.kind == SMOKE && m.side != v.side_id(side) {
            ch.effects.push(Effect::Area {
                id: id.clone(),
                marker: None,
            });
            ch.steps.push(format!("  smoke lifts: {}", m.label));
        }
    }
    Ok(())
}

/// The end of `side`'s turn: its stands' markers of the turn are lifted (a move into contact never
/// fought said so), and under method 3 each battalion's unspent points are saved with its HQ, or
/// lost without one.
fn end_of_turn(v: &BattleView<'_>, side: usize, ch: &mut PhaseChange) {
    for u in 0..v.roster.units.len() {
        let i = v.info(u);
        if i.side == side && kit::has(v, u, CLOSING) {
            ch.steps.push(format!(
                "  {}: its close combat was never resolved; it no longer moves into contact",
                v.label(u)
            ));
        }
        for m in [OPP_FIRED_AT, MOVED_ON_ROAD, IN_COMMAND, CLOSING] {
            if i.side == side && kit::has(v, u, m) {
                ch.effects.push(kit::flag(v, u, m, false));
            }
        }
    }
    if method(v, side) != 3 {
        return;
    }
    for bn in battalions_of(v, side) {
        let bid = v.roster.formations[bn].id.clone();
        let cp = v.state.counter(&bid, CP).unwrap_or(0);
        let saved = v.state.counter(&bid, SAVED).unwrap_or(0);
        if hq_alive(v, bn) {
            if cp > 0 {
                ch.steps.push(format!(
                    "  {bid}: {cp} unspent point(s) saved with the HQ ({} saved)",
                    saved + cp
                ));
            }
            ch.effects.push(kit::counter(&bid, SAVED, Some(saved + cp)));
        } else if cp > 0 {
            ch.steps.push(format!(
                "  {bid}: {cp} unspent point(s) lost (no HQ to save them)"
            ));
        }
        ch.effects.push(kit::counter(&bid, CP, Some(0)));
    }
}

/// The start of `side`'s turn: its Finished markers are removed, and a replacement leader due on
/// `turn` returns to the table.
fn remove_finished(v: &BattleView<'_>, side: usize, turn: u32, ch: &mut PhaseChange) {
    let mut n = 0;
    for u in 0..v.roster.units.len() {
        let i = v.info(u);
        if i.side != side {
            continue;
        }
        if kit::has(v, u, FINISHED) {
            ch.effects.push(kit::flag(v, u, FINISHED, false));
            n += 1;
        }
        if let Some(back) = v.marker(u, RETURNS)
            && back as u32 <= turn
            && !v.unit_state(u).on_table()
        {
            ch.effects.push(Effect::Returned { unit: i.id.clone() });
            ch.steps.push(format!(
                "  {} returns to the table (a replacement leader)",
                v.label(u)
            ));
        }
    }
    ch.steps
        .push(format!("  Finished markers removed from {n} stand(s)"));
}

/// `side`'s command phase: under method 3, each battalion with a stand on the table rolls its
/// command points for the turn.
fn command_phase(
    v: &BattleView<'_>,
    side: usize,
    dice: &mut dyn DiceSource,
    ch: &mut PhaseChange,
) -> Result<(), RuleError> {
    if method(v, side) != 3 {
        return Ok(());
    }
    let sid = v.side_id(side).to_string();
    for bn in battalions_of(v, side) {
        let f = &v.roster.formations[bn];
        let units: Vec<usize> = v.roster.units_of(bn).collect();
        if units.iter().all(|&u| !v.unit_state(u).on_table()) {
            continue;
        }
        let lost = units
            .iter()
            .filter(|&&u| v.unit_state(u).is_removed())
            .count() as i64;
        let saved = if hq_alive(v, bn) {
            v.state.counter(&f.id, SAVED).unwrap_or(0)
        } else {
            0
        };
        let p = Params::new().with("quality", Value::Text(f.quality.clone()));
        let mut input = PointsInput::from_params(&p, v.options, Some(&sid));
        input.lost = lost;
        input.saved = i64::from(saved);
        let (r, points) = command::points_roll(
            &input,
            v.options,
            &format!("Command points for {}", f.name),
            Some(&f.id),
            dice,
        )?;
        ch.steps.push(format!(
            "  {}: {points} command point(s) this turn{}",
            f.name,
            if saved > 0 {
                format!(" + {saved} saved")
            } else {
                String::new()
            }
        ));
        ch.resolutions.push(r);
        ch.effects
            .push(kit::counter(&f.id, CP, Some(points as i32)));
    }
    Ok(())
}

