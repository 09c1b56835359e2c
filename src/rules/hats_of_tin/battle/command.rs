//! Hats of Tin's command in a battle: the orders a side has left and gives (from the Force
//! Commander's roll, or a subordinate's own order for a unit of his command), the order a unit
//! holds, and a commander's one action a turn; with the refusals the ordered procedures share
//! from the inputs given so far.

use super::units::{
    action_phase, in_play, is_commander, on_table, own_turn, refused, };
use crate::declare::{ParamDef, Params, RuleError};
use crate::model::{BattleView, Effect};
use crate::rules::hats_of_tin::defs::*;
use crate::ruleset::kit;

// ---- the order a unit holds ------------------------------------------------------------------

/// The order `u` holds this turn: none when its marker holds no order's number (set by hand).
pub fn held_order(v: &BattleView<'_>, u: usize) -> Option<&'static str> {
    v.marker(u, ORDER)
        .and_then(|code| usize::try_from(code - 1).ok())
        .and_then(|i| ORDERS.get(i))
        .copied()
}

/// True when `u` holds a move order this turn: boarding, getting off and an assault go on with it.
pub fn under_move_order(v: &BattleView<'_>, u: usize) -> bool {
    held_order(v, u) == Some("move")
}

/// The number a marker holds for the `i`th of its list ([`ORDERS`], [`CDR_ACTIONS`]): 1 for the
/// first.
fn code_of(i: usize) -> i32 {
    i as i32 + 1
}

/// The number of the order `name` in the `order` marker (1 = move).
pub fn order_code(name: &str) -> i32 {
    ORDERS.iter().position(|o| *o == name).map_or(0, code_of)
}

// ---- a commander's one action ----------------------------------------------------------------

/// What a commander did, in the words of a sentence "he has … this turn", by the number of the
/// action in [`CDR_ACTIONS`].
const CDR_ACTION_WORDS: [&str; 4] = ["moved", "shot", "joined a unit", "left his unit"];

/// What the commander `c` did this turn, by its index in [`CDR_ACTIONS`], if anything (a marker
/// holding no action's number, set by hand, is none).
fn commander_action_index(v: &BattleView<'_>, c: usize) -> Option<usize> {
    v.marker(c, CDR_ACTION)
        .and_then(|code| usize::try_from(code - 1).ok())
        .filter(|&i| i < CDR_ACTIONS.len())
}

/// What the commander `c` did this turn (one of [`CDR_ACTIONS`]) and it in words ("joined a
/// unit"), if anything.
pub fn commander_action(v: &BattleView<'_>, c: usize) -> Option<(&'static str, &'static str)> {
    commander_action_index(v, c).map(|i| (CDR_ACTIONS[i], CDR_ACTION_WORDS[i]))
}

/// "A commander needs no order but acts at most once in his own side's turn, like an ordered
/// unit: he moves OR shoots (1 die) on his own, or attaches to / detaches from a unit": the
/// effect that marks `what` (one of [`CDR_ACTIONS`]) done, or why he may not. A move may go on in
/// steps, as a unit's move order does; the die he adds to his unit's shot is that unit's action.
pub fn commander_acts(v: &BattleView<'_>, c: usize, what: &str) -> Result<Effect, RuleError> {
    if v.info(c).side != v.active_side() {
        return Err(refused(format!(
            "{}: a commander acts only in his own side's turn; it is {}'s turn",
            v.label(c),
            v.roster.sides[v.active_side()].name
        )));
    }
    let code = CDR_ACTIONS
        .iter()
        .position(|a| *a == what)
        .map_or(0, code_of);
    match commander_action(v, c) {
        // A move may go on in steps.
        Some((done, words)) if !(done == "moved" && what == "moved") => Err(refused(format!(
            "{} has already {words} this turn: a commander acts once in his side's turn (he moves or shoots on his own, or joins or leaves a unit)",
            v.label(c),
        ))),
        _ => Ok(kit::marker(v, c, CDR_ACTION, Some(code))),
    }
}

// ---- orders ----------------------------------------------------------------------------------

/// `c` is a subordinate commander on the table with his one order unused (a marker set by hand
/// on a unit gives no order).
pub fn holds_sub_order(v: &BattleView<'_>, c: usize) -> bool {
    on_table(v, c) && is_commander(v, c) && kit::has(v, c, SUB_ORDER)
}

/// The orders a side has left this turn: from the roll, and each subordinate's own.
pub fn orders_left(v: &BattleView<'_>, side: usize) -> (i32, i32) {
    let pool = v.state.counter(v.side_id(side), ORDERS_LEFT).unwrap_or(0);
    let subs = (0..v.roster.units.len())
        .filter(|&c| v.info(c).side == side && holds_sub_order(v, c))
        .count() as i32;
    (pool, subs)
}

/// The subordinate whose own order may go to `u`: one of the side's with his order unused who
/// commands `u` (or commands no one in particular).
pub fn subordinate_for(v: &BattleView<'_>, u: usize, earlier: &[Effect]) -> Option<usize> {
    let side = v.info(u).side;
    let id = &v.info(u).id;
    let unused = |c: usize| {
        v.info(c).side == side
            && holds_sub_order(v, c)
            && !earlier.contains(&kit::marker(v, c, SUB_ORDER, None))
    };
    let list = |c: usize| v.info(c).fields.list(F_COMMANDS);
    (0..v.roster.units.len())
        .find(|&c| unused(c) && list(c).contains(id))
        .or_else(|| (0..v.roster.units.len()).find(|&c| unused(c) && list(c).is_empty()))
}

/// An order given: its effects and, when a subordinate gives it, his name.
pub type Given = (Vec<Effect>, Option<String>);

/// The order `u` is given for `order`: none for a commander; refused when it already holds one
/// or none is left, counting the orders the same procedure gave before (`earlier`: its effects so
/// far). Returns the effects and, when a subordinate gives it, his name.
pub fn give_order(
    v: &BattleView<'_>,
    u: usize,
    order: &str,
    earlier: &[Effect],
) -> Result<Given, RuleError> {
    if is_commander(v, u) {
        return Ok((Vec::new(), None));
    }
    if let Some(held) = held_order(v, u) {
        return Err(refused(format!(
            "{} already holds its order this turn ({held}): one order a unit a turn",
            v.label(u),
        )));
    }
    let side = v.info(u).side;
    let mut effects = vec![kit::marker(v, u, ORDER, Some(order_code(order)))];
    if let Some(c) = subordinate_for(v, u, earlier) {
        effects.push(kit::marker(v, c, SUB_ORDER, None));
        return Ok((effects, Some(v.label(c))));
    }
    let sid = v.side_id(side);
    let pool = earlier
        .iter()
        .rev()
        .find_map(|e| match e {
            Effect::Counter { scope, name, value } if scope == sid && name == ORDERS_LEFT => {
                Some(value.unwrap_or(0))
            }
            _ => None,
        })
        .unwrap_or(orders_left(v, side).0);
    if pool <= 0 {
        let total = v.state.counter(v.side_id(side), ORDERS_TOTAL).unwrap_or(0);
        // The subordinates' own orders not yet given (none of them for this unit's command).
        let unused = (0..v.roster.units.len())
            .filter(|&c| {
                v.info(c).side == side
                    && holds_sub_order(v, c)
                    && !earlier.contains(&kit::marker(v, c, SUB_ORDER, None))
            })
            .count() as i32;
        let name = &v.roster.sides[side].name;
        return Err(refused(if unused > 0 {
            format!(
                "{name} has no orders left this turn ({} of {total} given); no subordinate with his order unused commands {}",
                (total - unused).max(0),
                v.info(u).id
            )
        } else {
            format!("{name} has no orders left this turn ({total} given)")
        }));
    }
    effects.push(kit::counter(v.side_id(side), ORDERS_LEFT, Some(pool - 1)));
    Ok((effects, None))
}

/// The refusal `give_order` would make, without its effects (for the form's early checks).
pub fn may_be_ordered(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    give_order(v, u, "move", &[]).map(|_| ())
}

/// " (the order of Lt. Moss)" when a subordinate gave the order, else nothing.
pub fn order_words(by: &Option<String>) -> String {
    by.as_ref()
        .map_or_else(String::new, |c| format!(" (the order of {c})"))
}

/// Boarding and getting off are part of a move order: given now if the unit holds none.
pub fn move_order(v: &BattleView<'_>, u: usize) -> Result<Given, RuleError> {
    if under_move_order(v, u) {
        return Ok((Vec::new(), None));
    }
    give_order(v, u, "move", &[])
}

/// The commander the input `commander` of `defs` names: in play and a commander.
pub fn commander_param(
    v: &BattleView<'_>,
    p: &Params,
    defs: &'static [ParamDef],
) -> Result<usize, RuleError> {
    let c = kit::input_unit(v, p, defs, "commander")?;
    in_play(v, c)?;
    if !is_commander(v, c) {
        return Err(refused(format!("{} is not a commander", v.label(c))));
    }
    Ok(c)
}

// ---- the refusals from the inputs so far ------------------------------------------------------

/// What an ordered unit's procedure (`what`, in the refusal's words) already refuses of the
/// acting unit `u`, if it is given: outside the action phase, out of the fight, not its side's
/// turn, or no order left for it. A commander needs no order, nor does a unit under its move
/// order for a procedure that `goes_on` with that order (an assault after the move, boarding or
/// getting off).
pub fn check_ordered(
    v: &BattleView<'_>,
    what: &str,
    u: Option<usize>,
    goes_on: bool,
) -> Result<(), RuleError> {
    action_phase(v, what)?;
    if let Some(u) = u {
        in_play(v, u)?;
        own_turn(v, u, "a unit acts")?;
        if !(is_commander(v, u) || goes_on && under_move_order(v, u)) {
            may_be_ordered(v, u)?;
        }
    }
    Ok(())
}

/// What a commander's procedure (`what`, in the refusal's words) already refuses of the
/// commander `c`, if one is given: outside the action phase, out of the fight, or his one action
/// this turn (`done`, one of [`CDR_ACTIONS`]) not his to take.
pub fn check_commander(
    v: &BattleView<'_>,
    what: &str,
    c: Option<usize>,
    done: &str,
) -> Result<(), RuleError> {
    action_phase(v, what)?;
    if let Some(c) = c.filter(|&c| is_commander(v, c)) {
        in_play(v, c)?;
        commander_acts(v, c, done)?;
    }
    Ok(())
}
