//! `take-hits`: the owner's choice for a round of hits waiting on a unit (the retreats, the
//! blocked ones, the commander's share), and the assault it holds up going on; off the battle, a
//! round from the inputs.

use super::from_the_units;
use crate::declare::{ActionDef, Options, ParamDef, Params, RuleError, Value};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::hats_of_tin::assault::Side;
use crate::rules::hats_of_tin::battle::exchange::{
    AssaultFlags, assault_end, battle_assault, fire_second, owed_reply,
};
use crate::rules::hats_of_tin::battle::rounds::{
    Applied, apply_taken, commander_destroyed, finish, waiting,
};
use crate::rules::hats_of_tin::battle::units::{
    commander_of, is_commander, quality, refused, };
use crate::rules::hats_of_tin::defs::*;
use crate::rules::hats_of_tin::hits::{self, Round, Taken, Taking};
use crate::rules::hats_of_tin::inputs;
use crate::rules::hats_of_tin::shoot::hits_words;
use crate::rules::hats_of_tin::tables::RULESET;
use crate::ruleset::kit::prefill::fill;
use crate::ruleset::{ActResult, Offer, Procedure, kit};

/// The `take-hits` procedure.
pub struct TakeHits;

/// The refusal of a unit with no round waiting.
fn nothing_waiting(v: &BattleView<'_>, u: usize) -> RuleError {
    refused(format!(
        "{} has no round of hits waiting for its owner's choice",
        v.label(u)
    ))
}

/// The round waiting on the unit named by `p`, taken as `p` chooses.
fn battle_round(v: &BattleView<'_>, p: &Params) -> Result<(usize, Round), RuleError> {
    let u = kit::input_unit(v, p, TAKE_HITS_PARAMS, "unit")?;
    let n = waiting(v, u).ok_or_else(|| nothing_waiting(v, u))?;
    let commander = commander_of(v, u);
    let to_commander = p.flag("to-commander");
    if to_commander && commander.is_none() {
        return Err(refused(format!("{} has no commander attached", v.label(u))));
    }
    let round = Round {
        unit: v.label(u),
        quality: quality(v, u),
        hits_before: v.unit_state(u).hits,
        hits: n,
        commander: commander.map(|c| v.label(c)),
        taking: Taking {
            converted: p.int("retreats").unwrap_or(0).max(0) as u32,
            blocked: p.int("blocked").unwrap_or(0).max(0) as u32,
            to_commander: u32::from(to_commander),
        },
    };
    Ok((u, round))
}

/// A round left waiting on a commander alone (by hand): it destroys him, whatever the owner
/// would choose.
fn commander_round(
    v: &BattleView<'_>,
    u: usize,
    round: &Round,
    a: &mut Applied,
) -> Result<(Resolution, Taken), RuleError> {
    if round.taking != Taking::default() {
        return Err(refused(format!(
            "{} is a commander alone: a single hit destroys him; none is converted into a retreat or given to another",
            v.label(u)
        )));
    }
    let (steps, effects, k) = commander_destroyed(v, u, round.hits, a);
    let r = Resolution {
        ruleset: RULESET.into(),
        action: A_TAKE_HITS.id.into(),
        title: format!("Taking hits: {} on {}", hits_words(round.hits), v.label(u)),
        context: vec!["a commander is destroyed by a single hit".into()],
        steps,
        result: format!("{} is destroyed", v.label(u)),
        effects,
        rolled_by_program: false,
    };
    Ok((r, k))
}

/// The assault that the round on `u` held up goes on (`k`: what the round did): `u`'s reply,
/// and who holds the area. Adds to `summary` and `resolutions`.
fn assault_goes_on(
    v: &BattleView<'_>,
    u: usize,
    k: &Taken,
    dice: &mut dyn DiceSource,
    a: &mut Applied,
    summary: &mut String,
    resolutions: &mut Vec<Resolution>,
) -> Result<(), RuleError> {
    // Its flags come off with the marker.
    if kit::has(v, u, SECOND_FIRE) {
        a.effects.push(kit::unit_marker(v, u, SECOND_FIRE, None));
    }
    let reply = v
        .marker_unit(u, SECOND_FIRE)
        .map(|named| (named, owed_reply(v, u)));
    if let Some((named, None)) = reply {
        a.lines.push(format!(
            "{}'s assault reply marker ({}) names no enemy unit on the table: there is no reply",
            v.label(u),
            v.info(named).id
        ));
        if kit::has(v, u, ASSAULTED_BY) {
            a.effects.push(kit::unit_marker(v, u, ASSAULTED_BY, None));
        }
    } else if let Some((_, Some((target, cover, superior)))) = reply {
        let (att, def) = if kit::has(v, u, ASSAULTED_BY) {
            (target, u)
        } else {
            (u, target)
        };
        let flags = AssaultFlags::second(att == u, cover, superior);
        let asl = battle_assault(v, att, def, &flags);
        let second = if att == u {
            Side::Attacker
        } else {
            Side::Defender
        };
        fire_second(v, &asl, [att, def], second, k, dice, a)?.told(summary, resolutions);
    } else if let Some(att) = v.marker_unit(u, ASSAULTED_BY) {
        let end = assault_end(v, att, u, k.left_area(), a);
        summary.push_str(&format!("; {end}"));
    }
    Ok(())
}

impl Procedure for TakeHits {
    fn def(&self) -> &'static ActionDef {
        &A_TAKE_HITS
    }

    fn table_resolve(
        &self,
        params: &Params,
        _: &Options,
        _: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        Ok(hits::resolve(&inputs::round(params)?)?.0)
    }

    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        if let Some(u) = kit::named(v, &p, "unit") {
            if let Some(n) = waiting(v, u) {
                fill(&mut p, "hits", Value::Int(i64::from(n)));
            }
            fill(
                &mut p,
                "quality",
                Value::Text(quality(v, u).id().to_string()),
            );
            let before = Value::Int(i64::from(v.unit_state(u).hits));
            fill(&mut p, "hits-before", before);
            let attached = Value::Bool(commander_of(v, u).is_some());
            fill(&mut p, "commander-attached", attached);
        }
        Ok(p)
    }

    /// The hits, quality and commander are the unit's; a hit goes to the commander only with one
    /// attached.
    fn input_applies(&self, v: &BattleView<'_>, input: &ParamDef, given: &Params) -> bool {
        if from_the_units(input.name) {
            return false;
        }
        input.name != "to-commander"
            || kit::named(v, given, "unit").is_none_or(|u| commander_of(v, u).is_some())
    }

    fn check_inputs(&self, v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        match kit::named(v, given, "unit") {
            Some(u) if waiting(v, u).is_none() => Err(nothing_waiting(v, u)),
            _ => Ok(()),
        }
    }

    fn battle_odds(&self, v: &BattleView<'_>, p: &Params) -> Result<OddsReport, RuleError> {
        let (_, round) = battle_round(v, p)?;
        hits::odds(&round)
    }

    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        let (u, round) = battle_round(v, p)?;
        let mut a = Applied::default();
        let (r, k) = if is_commander(v, u) {
            commander_round(v, u, &round, &mut a)?
        } else {
            hits::resolve(&round)?
        };
        a.effects.push(kit::marker(v, u, PENDING, None));
        if !is_commander(v, u) {
            apply_taken(v, u, &k, &mut a);
        }
        let mut summary = format!("{} takes its hits: {}", v.label(u), r.result);
        let mut resolutions = vec![r];
        assault_goes_on(v, u, &k, dice, &mut a, &mut summary, &mut resolutions)?;
        Ok(finish(summary, resolutions, a))
    }

    /// The unit whose round waits, while it does.
    fn offer_actors(&self, v: &BattleView<'_>, offer: &Offer) -> Vec<usize> {
        kit::named(v, &offer.params, "unit")
            .filter(|&u| waiting(v, u).is_some())
            .into_iter()
            .collect()
    }
}
