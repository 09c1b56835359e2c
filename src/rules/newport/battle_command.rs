//! Command in a battle: the battalions of a side and whether their HQ stands (method 3), the
//! command point a stand's action spends, the command roll a stand out of command makes before
//! acting (method 2), and the outcome of a failed roll. The rolls themselves are [`super::command`]'s.

use super::command::{self, Who};
use super::defs::*;
use super::units::{is_hq, is_leader, method};
use crate::declare::{Params, RuleError, Value};
use crate::dice::DiceSource;
use crate::model::{BattleView, Effect};
use crate::resolution::Resolution;
use crate::ruleset::{Outcome, kit};

/// Method 3: the battalion whose points a stand spends, if any.
pub(super) fn battalion(v: &BattleView<'_>, u: usize) -> Option<usize> {
    v.roster.enclosing(u, "battalion")
}

/// The formations of `side` at battalion level, in roster order.
pub(super) fn battalions_of(v: &BattleView<'_>, side: usize) -> Vec<usize> {
    (0..v.roster.formations.len())
        .filter(|&f| {
            let fi = &v.roster.formations[f];
            fi.side == side && fi.level.as_deref() == Some("battalion")
        })
        .collect()
}

/// True while battalion `bn` has an HQ stand on the table (to save unspent points with).
pub(super) fn hq_alive(v: &BattleView<'_>, bn: usize) -> bool {
    v.roster
        .units_of(bn)
        .any(|u| is_hq(v.info(u)) && v.unit_state(u).on_table())
}

/// Spends one command point for `u`'s action (method 3), this turn's roll before saved points.
pub(super) fn spend_point(
    v: &BattleView<'_>,
    u: usize,
    effects: &mut Vec<Effect>,
    words: &mut Vec<String>,
) -> Result<(), RuleError> {
    if method(v, v.info(u).side) != 3 {
        return Ok(());
    }
    let Some(bn) = battalion(v, u) else {
        return Ok(());
    };
    let bid = v.roster.formations[bn].id.clone();
    let cp = v.state.counter(&bid, CP).unwrap_or(0);
    let saved = v.state.counter(&bid, SAVED).unwrap_or(0);
    let (name, left) = if cp > 0 {
        (CP, cp - 1)
    } else if saved > 0 {
        (SAVED, saved - 1)
    } else {
        return Err(RuleError::refused(format!(
            "{} has no command points left this turn: {} cannot act",
            v.roster.formations[bn].name,
            v.label(u)
        )));
    };
    effects.push(kit::counter(&bid, name, Some(left)));
    words.push(format!(
        "{} spends a command point ({} left{})",
        bid,
        left + if name == CP { saved } else { 0 },
        if name == SAVED {
            ", from saved points"
        } else {
            ""
        }
    ));
    Ok(())
}

/// Refuses `u`'s action when it would spend a command point its battalion no longer has.
pub(super) fn has_point(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    spend_point(v, u, &mut Vec::new(), &mut Vec::new())
}

/// Method 2: a stand beyond its leader's 2" must pass a command roll before acting. Returns the
/// roll's resolution and whether the stand may act.
pub(super) fn command_check(
    v: &BattleView<'_>,
    u: usize,
    out_of_command: bool,
    dice: &mut dyn DiceSource,
) -> Result<Option<(Resolution, bool)>, RuleError> {
    let info = v.info(u);
    if !out_of_command || !command_roll_possible(v, u) {
        return Ok(None);
    }
    let p = Params::new().with("quality", Value::Text(info.quality.clone()));
    Ok(Some(command::resolve_command_roll(
        &p,
        v.options,
        Some(who(v, u, &v.label(u))),
        dice,
    )?))
}

/// Stand `u` for a roll's explanation (`label`) and its dice's purposes (its id).
pub(super) fn who<'a>(v: &BattleView<'a>, u: usize, label: &'a str) -> Who<'a> {
    Who {
        label,
        id: &v.info(u).id,
    }
}

/// Method 2: whether `u` would have to pass a command roll when out of command (its side plays
/// method 2, it is not a leader, and it has not passed one this turn).
pub(super) fn command_roll_possible(v: &BattleView<'_>, u: usize) -> bool {
    method(v, v.info(u).side) == 2 && !is_leader(v.info(u)) && !kit::has(v, u, IN_COMMAND)
}

/// The outcome of a failed command roll: the stand is Finished and does nothing else.
pub(super) fn failed_command(v: &BattleView<'_>, u: usize, roll: Resolution) -> Outcome {
    Outcome {
        summary: format!("{} fails its command roll: Finished", v.label(u)),
        resolutions: vec![roll],
        effects: vec![kit::flag(v, u, FINISHED, true)],
        prompts: Vec::new(),
        offers: Vec::new(),
    }
}
