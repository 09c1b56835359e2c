//! `move`: an ordered unit (or a commander alone) moves, in steps up to its allowance, or one
//! area after shooting with one die fewer; entering an area gives the enemy's Overwatch its
//! moment.

use crate::declare::params::param;
use crate::declare::{ActionDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::rules::hats_of_tin::battle::command::{
    commander_acts, may_be_ordered, move_order, order_words, under_move_order,
};
use crate::rules::hats_of_tin::battle::moment::{acted, moment_passes};
use crate::rules::hats_of_tin::battle::rounds::{Applied, finish, no_round_waiting};
use crate::rules::hats_of_tin::battle::units::{
    action_phase, attached_to, carrier_of, commander_of, halves, in_play, is_commander, moved,
    own_turn, passenger_of, refused, type_of, };
use crate::rules::hats_of_tin::defs::*;
use crate::rules::hats_of_tin::shoot;
use crate::ruleset::{ActResult, Procedure, kit};

/// The `move` procedure.
pub struct Move;

/// The areas a move of `cost` entered: as the umpire says (`entered`), else as many as the cost
/// pays for (a road area ½ for the types that have roads at ½, 1 for the others); a move after
/// shooting with one die fewer enters one area at most.
fn areas_entered(v: &BattleView<'_>, u: usize, cost: f64, p: &Params) -> Result<u32, RuleError> {
    let move_one = kit::has(v, u, MOVE_ONE);
    let per_area = if move_one || !type_of(v, u).movement.road_half {
        1.0
    } else {
        0.5
    };
    let most = if move_one && cost > 0.0 {
        1
    } else {
        (cost / per_area).floor().max(0.0) as u32
    };
    match p.int("entered") {
        None => Ok(most),
        Some(n) if n < 0 || n as u64 > u64::from(most) => Err(refused(format!(
            "{}: a move costing {cost} enters at most {} (each area costs at least {})",
            v.label(u),
            shoot::areas(most),
            if per_area < 1.0 { "½" } else { "1" }
        ))),
        Some(n) => Ok(n as u32),
    }
}

/// Refuses a unit that may not move on its own: a commander with a unit, a unit carried, a unit
/// that fired or spotted indirectly.
fn may_move(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    if let Some(c) = attached_to(v, u).filter(|_| is_commander(v, u)) {
        return Err(refused(format!(
            "{} moves with {}: detach him first",
            v.label(u),
            v.label(c)
        )));
    }
    if let Some(c) = carrier_of(v, u) {
        return Err(refused(format!(
            "{} is carried by {}: it moves with its carrier",
            v.label(u),
            v.label(c)
        )));
    }
    if kit::has(v, u, NO_MOVE) {
        return Err(refused(format!(
            "{} fired or spotted indirectly: it may not move this turn",
            v.label(u)
        )));
    }
    Ok(())
}

/// A step of `u`'s move order of `areas`, within its allowance: the order given with the first
/// step (a commander's one action), the half areas moved so far. Returns the words on who gave
/// the order.
fn move_step(
    v: &BattleView<'_>,
    u: usize,
    areas: f64,
    a: &mut Applied,
) -> Result<String, RuleError> {
    let ty = type_of(v, u);
    // One move order may be spent in steps (getting off a truck, then on foot): the half areas
    // moved so far count against the allowance.
    let spent = moved(v, u);
    let allowance = 2 * ty.movement.areas;
    let step = (areas * 2.0).ceil() as u32;
    if spent + step > allowance {
        return Err(refused(if spent == 0 {
            format!(
                "{} moves at most {} areas ({}): not {areas}",
                v.label(u),
                ty.movement.areas,
                ty.movement.words()
            )
        } else {
            format!(
                "{} has moved {} of its {} areas this turn: {areas} more is too far",
                v.label(u),
                halves(spent),
                ty.movement.areas
            )
        }));
    }
    let (e, by) = move_order(v, u)?;
    a.effects.extend(e);
    if is_commander(v, u) {
        a.effects.push(commander_acts(v, u, "moved")?);
    }
    a.effects
        .push(kit::marker(v, u, MOVED, Some((spent + step) as i32)));
    Ok(order_words(&by))
}

impl Procedure for Move {
    fn def(&self) -> &'static ActionDef {
        &A_MOVE
    }

    fn check_inputs(&self, v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        action_phase(v, self.def().id)?;
        if let Some(u) = kit::named(v, given, "unit") {
            in_play(v, u)?;
            if is_commander(v, u) {
                commander_acts(v, u, "moved")?;
            }
            own_turn(v, u, "a unit acts")?;
            let free = is_commander(v, u) || kit::has(v, u, MOVE_ONE) || under_move_order(v, u);
            if !free {
                may_be_ordered(v, u)?;
            }
        }
        Ok(())
    }

    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        action_phase(v, "moving")?;
        no_round_waiting(v)?;
        let u = kit::input_unit(v, p, MOVE_PARAMS, "unit")?;
        in_play(v, u)?;
        if is_commander(v, u) {
            commander_acts(v, u, "moved")?;
        }
        own_turn(v, u, "a unit moves")?;
        let areas = p.require_num(param(MOVE_PARAMS, "areas"))?;
        may_move(v, u)?;
        let entered = areas_entered(v, u, areas, p)?;
        let mut a = Applied::default();
        let note = if kit::has(v, u, MOVE_ONE) {
            if areas > 1.0 {
                return Err(refused(format!(
                    "{} shot with one die fewer: it may move one area, not {areas}",
                    v.label(u)
                )));
            }
            a.effects.push(kit::marker(v, u, MOVE_ONE, None));
            " after shooting with one die fewer".to_string()
        } else {
            move_step(v, u, areas, &mut a)?
        };
        let mut carried = String::new();
        if let Some(x) = passenger_of(v, u) {
            carried = format!(", carrying {}", v.label(x));
        }
        if let Some(c) = commander_of(v, u) {
            carried.push_str(&format!(", with {}", v.label(c)));
        }
        // "Has moved at least one area" counts areas entered, not movement cost.
        if entered >= 1 {
            acted(v, u, "moved", &mut a);
        } else {
            moment_passes(v, &mut a);
        }
        Ok(finish(
            format!(
                "{} moves {areas} area{}{carried}{note}",
                v.label(u),
                if areas == 1.0 { "" } else { "s" }
            ),
            Vec::new(),
            a,
        ))
    }
}
