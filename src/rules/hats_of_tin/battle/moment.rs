//! Overwatch's moment: a unit that has just entered an area or fired may be shot at by the
//! enemy's Overwatch units, then or never. The moment is marked on the unit (`just_acted`) and
//! offered as an Overwatch shot; it passes with the next procedure, and comes once in the unit's
//! turn (`ow_moment`).

use super::rounds::Applied;
use super::units::{may_shoot, on_table};
use crate::declare::{Params, Value};
use crate::model::{BattleView, Effect};
use crate::rules::hats_of_tin::defs::*;
use crate::ruleset::{Offer, kit};

/// The enemy Overwatch units that may shoot at `u`, which has just moved or fired.
pub fn overwatchers(v: &BattleView<'_>, u: usize) -> Vec<usize> {
    (0..v.roster.units.len())
        .filter(|&w| {
            v.info(w).side != v.info(u).side
                && on_table(v, w)
                && kit::has(v, w, OVERWATCH)
                && may_shoot(v, w).is_ok()
        })
        .collect()
}

/// `u` has just entered an area or fired: the moment for the enemy's Overwatch, offered if any
/// may shoot. It comes once in the unit's turn: "if it declines at that moment it cannot go back
/// to that unit later" — not after the second step of a move, a move after shooting with one die
/// fewer, or the assault that follows a move.
pub fn acted(v: &BattleView<'_>, u: usize, what: &str, out: &mut Applied) {
    for x in 0..v.roster.units.len() {
        if x != u && kit::has(v, x, JUST_ACTED) {
            out.effects.push(kit::marker(v, x, JUST_ACTED, None));
        }
    }
    let watchers = overwatchers(v, u);
    if kit::has(v, u, OW_MOMENT) {
        if kit::has(v, u, JUST_ACTED) {
            out.effects.push(kit::marker(v, u, JUST_ACTED, None));
        }
        if !watchers.is_empty() {
            out.prompts.push(format!(
                "{} {what}: the enemy's Overwatch had its moment at it this turn; a unit that let it pass cannot go back to it",
                v.info(u).id
            ));
        }
        return;
    }
    out.effects.push(kit::flag(v, u, JUST_ACTED, true));
    if watchers.is_empty() {
        return;
    }
    out.effects.push(kit::flag(v, u, OW_MOMENT, true));
    let names: Vec<&str> = watchers.iter().map(|&w| v.info(w).id.as_str()).collect();
    out.prompts.push(format!(
        "{} {what}: Overwatch ({}) may shoot at it now, or never at this move",
        v.info(u).id,
        names.join(", ")
    ));
    out.offers.push(Offer {
        action: A_SHOOT.id.into(),
        text: format!("Overwatch shot at {} after it {what}", v.info(u).id),
        actor_param: "firer".into(),
        params: Params::new()
            .with("target", Value::Text(v.info(u).id.clone()))
            .with("overwatch", Value::Bool(true)),
    });
}

/// Every other unit's moment for Overwatch passes with this procedure.
pub fn moment_passes(v: &BattleView<'_>, out: &mut Applied) {
    for x in 0..v.roster.units.len() {
        if kit::has(v, x, JUST_ACTED) {
            out.effects.push(kit::marker(v, x, JUST_ACTED, None));
        }
    }
}

/// A procedure's `effects`, with every unit's moment for Overwatch passing.
pub fn passing(v: &BattleView<'_>, effects: Vec<Effect>) -> Applied {
    let mut a = Applied {
        effects,
        ..Applied::default()
    };
    moment_passes(v, &mut a);
    a
}
