//! Hats of Tin's turn sequence: the markers a battle starts with, each side's orders phase (its
//! Overwatch markers go, its orders are rolled) and action phase, the end of a side's turn, which
//! units may still act, and the hits that remove a unit.

use super::command::{held_order, orders_left, subordinate_for};
use super::rounds::{no_round_waiting, waiting};
use super::units::{carrier_of, is_commander, is_force_commander, move_left, on_table};
use crate::declare::RuleError;
use crate::dice::DiceSource;
use crate::model::{BattleView, Effect};
use crate::rules::hats_of_tin::defs::*;
use crate::rules::hats_of_tin::orders::{self, OrdersRoll};
use crate::rules::hats_of_tin::tables::Quality;
use crate::rules::hats_of_tin::HatsOfTin;
use crate::ruleset::{Offer, PhaseChange, Turn, kit};

impl Turn for HatsOfTin {
    fn waiting_offers(&self, v: &BattleView<'_>) -> Vec<Offer> {
        super::rounds::waiting_offers(v)
    }

    /// The markers at the start: each commander attached and each unit embarked as the scenario
    /// says.
    fn start(&self, v: &BattleView<'_>) -> Vec<Effect> {
        let mut out = Vec::new();
        for u in 0..v.roster.units.len() {
            let f = &v.info(u).fields;
            if let Some(x) = f.text(F_ATTACHED).and_then(|id| v.roster.unit_index(id)) {
                out.push(kit::unit_marker(v, u, ATTACHED, Some(x)));
            }
            if let Some(x) = f.text(F_EMBARKED).and_then(|id| v.roster.unit_index(id)) {
                out.push(kit::unit_marker(v, u, EMBARKED, Some(x)));
            }
        }
        out
    }

    /// From the orders phase, the side's orders rolled and its action phase begun; from the action
    /// phase (no round of hits waiting), the end of the side's turn and the next side's orders
    /// rolled, in the next turn when the order of moving comes round again.
    fn advance(&self, v: &BattleView<'_>, dice: &mut dyn DiceSource) -> Result<PhaseChange, RuleError> {
        let mut ch = PhaseChange::default();
        let side = v.active_side();
        let turn = v.state.turn;
        if v.state.phase == PH_ORDERS {
            orders_phase(v, side, dice, &mut ch)?;
            ch.effects.push(kit::phase(v, turn, side, PH_ACTION));
            ch.steps
                .push(format!("{}: action", v.roster.sides[side].name));
            return Ok(ch);
        }
        no_round_waiting(v)?;
        end_of_side_turn(v, side, &mut ch);
        let (next, new_turn) = kit::next_side(v, side, turn);
        if kit::past_last_turn(v, new_turn) {
            ch.effects.push(kit::phase(v, new_turn, next, PH_ORDERS));
            return Ok(ch);
        }
        if new_turn != turn {
            // The new turn's orders are rolled once its reinforcements are on (`turn_begins`).
            ch.steps.push(format!("Turn {new_turn}"));
            ch.effects.push(kit::phase(v, new_turn, next, PH_ORDERS));
            return Ok(ch);
        }
        orders_phase(v, next, dice, &mut ch)?;
        ch.effects.push(kit::phase(v, new_turn, next, PH_ACTION));
        ch.steps
            .push(format!("{}: action", v.roster.sides[next].name));
        Ok(ch)
    }

    /// The first side's orders phase: its orders rolled and its action phase begun.
    fn turn_begins(&self, v: &BattleView<'_>, dice: &mut dyn DiceSource) -> Result<PhaseChange, RuleError> {
        self.advance(v, dice)
    }

    /// Whether `u` may still act: a round of hits to take; in the action phase, an Overwatch shot at
    /// an enemy that just acted, the one area after shooting with one die fewer, the rest of a move,
    /// or an order still to be had.
    fn may_still_act(&self, v: &BattleView<'_>, u: usize) -> bool {
        if !on_table(v, u) {
            return false;
        }
        if waiting(v, u).is_some() {
            return true;
        }
        if v.state.phase != PH_ACTION {
            return false;
        }
        if v.info(u).side != v.active_side() {
            return kit::has(v, u, OVERWATCH)
                && (0..v.roster.units.len())
                    .any(|t| kit::has(v, t, JUST_ACTED) && v.info(t).side != v.info(u).side);
        }
        if is_commander(v, u) || carrier_of(v, u).is_some() {
            return kit::has(v, u, MOVE_ONE);
        }
        if let Some(order) = held_order(v, u) {
            return kit::has(v, u, MOVE_ONE) || order == "move" && move_left(v, u) > 0;
        }
        let (pool, _) = orders_left(v, v.info(u).side);
        pool > 0 || subordinate_for(v, u, &[]).is_some()
    }
}

/// The start of `side`'s turn: its Overwatch markers go, and its orders are rolled.
fn orders_phase(
    v: &BattleView<'_>,
    side: usize,
    dice: &mut dyn DiceSource,
    ch: &mut PhaseChange,
) -> Result<(), RuleError> {
    ch.side_step(v, side, "orders");
    let sname = &v.roster.sides[side].name;
    let mine = |u: usize| v.info(u).side == side && on_table(v, u);
    for u in (0..v.roster.units.len()).filter(|&u| mine(u)) {
        if kit::has(v, u, OVERWATCH) {
            ch.effects.push(kit::marker(v, u, OVERWATCH, None));
            ch.steps.push(format!(
                "  {}: its Overwatch was not used; the marker goes at its side's turn",
                v.label(u)
            ));
        }
    }
    let force = (0..v.roster.units.len()).any(|u| mine(u) && is_force_commander(v, u));
    let subs: Vec<usize> = (0..v.roster.units.len())
        .filter(|&u| mine(u) && is_commander(v, u) && !is_force_commander(v, u))
        .collect();
    let roll = OrdersRoll {
        side: sname.clone(),
        force_commander: force,
        subordinates: subs.len() as u32,
    };
    let (r, out) = orders::resolve(&roll, dice)?;
    let pool = out.face.map_or(0, i32::from);
    ch.steps.push(format!("  {}", r.result));
    let sid = v.side_id(side);
    ch.effects.push(kit::counter(sid, ORDERS_LEFT, Some(pool)));
    ch.effects
        .push(kit::counter(sid, ORDERS_TOTAL, Some(out.orders as i32)));
    for c in subs {
        ch.effects.push(kit::flag(v, c, SUB_ORDER, true));
    }
    ch.resolutions.push(r);
    Ok(())
}

/// The end of `side`'s turn: its orders and what they allowed go.
fn end_of_side_turn(v: &BattleView<'_>, side: usize, ch: &mut PhaseChange) {
    let sid = v.side_id(side);
    for u in 0..v.roster.units.len() {
        if v.info(u).side == side {
            for m in [
                ORDER, MOVE_ONE, NO_MOVE, SUB_ORDER, MOVED, CDR_ACTION, OW_MOMENT,
            ] {
                if kit::has(v, u, m) {
                    ch.effects.push(kit::marker(v, u, m, None));
                }
            }
        }
        if kit::has(v, u, JUST_ACTED) {
            ch.effects.push(kit::marker(v, u, JUST_ACTED, None));
        }
    }
    let (pool, subs) = orders_left(v, side);
    if pool + subs > 0 {
        ch.steps.push(format!(
            "{}: {} order{} not given",
            v.roster.sides[side].name,
            pool + subs,
            if pool + subs == 1 { "" } else { "s" }
        ));
    }
    ch.effects.push(kit::counter(sid, ORDERS_LEFT, None));
    ch.effects.push(kit::counter(sid, ORDERS_TOTAL, None));
}

/// The hits that remove a unit: its quality's limit; a commander's is one.
pub fn hit_limit(kind: &str, quality: &str) -> u32 {
    if kind == COMMANDER {
        1
    } else {
        Quality::parse(quality).unwrap_or(Quality::Regular).limit()
    }
}
