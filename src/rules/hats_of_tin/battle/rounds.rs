//! Hats of Tin's rounds of hits in a battle: what a round taken does to the units (hits, removal,
//! the commander's hit, the load of a carrier destroyed), the rounds that wait on a unit for its
//! owner's choice with their `take-hits` offers, and the effects, lines and follow-ups a procedure
//! gathers as it goes ([`Applied`]) into its [`Outcome`].
//!
//! Every round of hits on one unit is either taken at once (a single hit, no commander attached:
//! there is no choice to make) or marked `pending` on the unit with a `take-hits` offer; nothing
//! else may happen until the owner's choice is entered, so no hit is ever lost.

use super::units::{
    attached_to, commander_of, is_commander, on_table, passenger_of, quality, refused,
};
use crate::declare::{Params, RuleError, Value};
use crate::declare::Options;
use crate::model::{BattleView, Effect, OrderOfBattle, Problem, UnitInfo};
use crate::rules::hats_of_tin::HatsOfTin;
use crate::resolution::{Resolution, Step};
use crate::rules::hats_of_tin::defs::*;
use crate::rules::hats_of_tin::hits::{self, Round, Taken, Taking};
use crate::rules::hats_of_tin::shoot::{self, hits_words};
use crate::ruleset::{Offer, Outcome, Units, kit};

/// What a procedure did to the units so far: its effects, the lines that explain them, and the
/// follow-ups for the umpire.
#[derive(Default)]
pub struct Applied {
    pub effects: Vec<Effect>,
    pub lines: Vec<String>,
    pub prompts: Vec<String>,
    pub offers: Vec<Offer>,
}

/// The outcome of a procedure: `summary`, its `resolutions` (each ending with the lines of `a`),
/// and what `a` gathered.
pub fn finish(summary: String, mut resolutions: Vec<Resolution>, a: Applied) -> Outcome {
    for r in &mut resolutions {
        r.effects.extend(a.lines.iter().cloned());
    }
    Outcome {
        summary,
        resolutions,
        effects: a.effects,
        prompts: a.prompts,
        offers: a.offers,
    }
}

/// The effects of a round taken on `u`: its hits, its removal, the commander's hit, the
/// consequences for a commander attached to it and the units it carried.
pub fn apply_taken(v: &BattleView<'_>, u: usize, k: &Taken, out: &mut Applied) {
    let id = v.info(u).id.clone();
    out.effects.push(Effect::Hits {
        unit: id.clone(),
        hits: k.hits_after,
    });
    if let (true, Some(c)) = (k.commander_hit, commander_of(v, u)) {
        out.effects.extend(destroyed(v, c));
        out.effects.push(kit::unit_marker(v, c, ATTACHED, None));
    }
    if k.destroyed {
        out.effects.push(Effect::Removed {
            unit: id,
            cause: format!(
                "{} hits, the limit of a {} unit",
                k.hits_after,
                quality(v, u).id()
            ),
        });
        if let Some(c) = commander_of(v, u).filter(|_| !k.commander_hit) {
            left_alone(v, c, out);
        }
        if let Some(pass) = passenger_of(v, u) {
            carrier_destroyed(v, u, pass, out);
        }
    }
    if k.retreats > 0 {
        out.prompts.push(format!(
            "{} retreats {} move{}: move it on the table",
            v.label(u),
            k.retreats,
            if k.retreats == 1 { "" } else { "s" }
        ));
    }
}

/// A commander destroyed: his hits at his limit and his removal.
fn destroyed(v: &BattleView<'_>, c: usize) -> Vec<Effect> {
    kit::losses(
        v,
        c,
        v.info(c).hit_limit,
        "a single hit destroys a commander",
    )
}

/// The commander `c` left alone: his unit is gone.
fn left_alone(v: &BattleView<'_>, c: usize, out: &mut Applied) {
    out.effects.push(kit::unit_marker(v, c, ATTACHED, None));
    out.lines.push(format!(
        "{} is left alone: his unit is destroyed",
        v.label(c)
    ));
}

/// A carrier destroyed: the unit it carried takes one hit and disembarks.
fn carrier_destroyed(v: &BattleView<'_>, carrier: usize, pass: usize, out: &mut Applied) {
    let round = Round {
        unit: v.label(pass),
        quality: quality(v, pass),
        hits_before: v.unit_state(pass).hits,
        hits: 1,
        commander: None,
        taking: Taking::default(),
    };
    out.effects.push(kit::unit_marker(v, pass, EMBARKED, None));
    let Ok(k) = hits::take(&round) else {
        return;
    };
    out.lines.push(format!(
        "{} is destroyed with {}: {}",
        v.label(carrier),
        v.label(pass),
        hits::summary(&round, &k)
    ));
    apply_taken(v, pass, &k, out);
    if !k.destroyed {
        out.prompts.push(format!(
            "{} disembarks into an adjacent empty area; if there is none it is destroyed (set its hits to {} by hand)",
            v.label(pass),
            v.info(pass).hit_limit
        ));
    }
}

impl Units for HatsOfTin {
    fn hit_limit(&self, unit: &UnitInfo, _options: &Options) -> u32 {
        super::turn::hit_limit(&unit.kind, &unit.quality)
    }

    /// A commander, the Force Commander or a subordinate.
    fn is_leader(&self, unit: &UnitInfo) -> bool {
        unit.kind == COMMANDER
    }

    fn validate(&self, order: &OrderOfBattle<'_>, options: &Options) -> Vec<Problem> {
        crate::rules::hats_of_tin::validate::validate(order, options)
    }

    /// What the rules make of `u` leaving the table by the umpire's hand (its hits set to its limit),
    /// as they make of its destruction by fire: a commander removed leaves the unit he was with; a
    /// unit removed leaves its commander alone; a carrier removed is destroyed with its load, which
    /// takes one hit and gets off (or is destroyed with it). The effects, and the words for the log.
    fn removal_effects(&self, v: &BattleView<'_>, u: usize) -> (Vec<Effect>, Vec<String>) {
        let mut a = Applied::default();
        if is_commander(v, u) {
            if kit::has(v, u, ATTACHED) {
                a.effects.push(kit::unit_marker(v, u, ATTACHED, None));
            }
        } else {
            if let Some(c) = commander_of(v, u) {
                left_alone(v, c, &mut a);
            }
            if let Some(pass) = passenger_of(v, u) {
                carrier_destroyed(v, u, pass, &mut a);
            }
        }
        let mut words = a.lines;
        words.extend(a.prompts);
        (a.effects, words)
    }
}

/// A round of `n` hits on the commander `c`, alone: a single hit destroys him, whatever the
/// round, and none is converted into a retreat. Its steps and lines for the umpire, and what it
/// did.
pub fn commander_destroyed(
    v: &BattleView<'_>,
    c: usize,
    n: u32,
    out: &mut Applied,
) -> (Vec<Step>, Vec<String>, Taken) {
    out.effects.extend(destroyed(v, c));
    if attached_to(v, c).is_some() {
        out.effects.push(kit::unit_marker(v, c, ATTACHED, None));
    }
    let label = v.label(c);
    let steps = vec![Step {
        label: format!("{label}, a commander alone, takes a round of {}", hits_words(n)),
        outcome: "destroyed: a commander is destroyed by a single hit, from any round; no hit is converted into a retreat".into(),
        ..Step::default()
    }];
    let effects = vec![format!(
        "{label} is destroyed (a single hit destroys a commander): remove him"
    )];
    let k = Taken {
        taken: 1,
        hits_after: v.info(c).hit_limit,
        destroyed: true,
        ..Taken::default()
    };
    (steps, effects, k)
}

/// The round of `n` hits on `u`: taken at once when there is no choice (one hit, no commander
/// attached), else left waiting for the owner's choice with a `take-hits` offer. Returns what it
/// did when taken.
pub fn round_on(
    v: &BattleView<'_>,
    u: usize,
    n: u32,
    r: &mut Resolution,
    out: &mut Applied,
) -> Result<Option<Taken>, RuleError> {
    if n == 0 {
        return Ok(Some(Taken {
            hits_after: v.unit_state(u).hits,
            ..Taken::default()
        }));
    }
    // The round's one line of the shot's effects gives way to how it is taken.
    let said = shoot::round_effect(&v.label(u), n, is_commander(v, u));
    r.effects.retain(|e| !e.starts_with(&said));
    if is_commander(v, u) {
        let (steps, effects, k) = commander_destroyed(v, u, n, out);
        r.steps.extend(steps);
        r.effects.extend(effects);
        return Ok(Some(k));
    }
    let commander = commander_of(v, u);
    if n == 1 && commander.is_none() {
        let round = Round {
            unit: v.label(u),
            quality: quality(v, u),
            hits_before: v.unit_state(u).hits,
            hits: 1,
            commander: None,
            taking: Taking::default(),
        };
        let k = hits::take(&round)?;
        r.steps.extend(hits::steps(&round, &k));
        r.effects.extend(hits::effects(&round, &k));
        apply_taken(v, u, &k, out);
        return Ok(Some(k));
    }
    out.effects.push(kit::marker(v, u, PENDING, Some(n as i32)));
    let why = if n > 1 {
        "the owner takes the first and may convert the rest into retreats".to_string()
    } else {
        format!(
            "{} is attached: the owner chooses where the hit goes",
            commander.map_or_else(String::new, |c| v.label(c))
        )
    };
    r.effects.push(format!(
        "the {} on {} wait for the owner's choice ({why}): take-hits",
        hits_words(n),
        v.label(u)
    ));
    out.offers.push(take_hits_offer(v, u, n));
    Ok(None)
}

// ---- rounds waiting ---------------------------------------------------------------------------

/// The hits of the round waiting on `u` for its owner's choice: a `pending` marker of one hit or
/// more on a unit still on the table. A marker set to nought by hand, or left on a unit that is
/// gone, holds nothing back.
pub fn waiting(v: &BattleView<'_>, u: usize) -> Option<u32> {
    v.marker(u, PENDING)
        .and_then(|n| u32::try_from(n).ok())
        .filter(|&n| n > 0 && on_table(v, u))
}

/// The units with a round waiting, in roster order.
fn rounds_waiting<'a>(v: &'a BattleView<'a>) -> impl Iterator<Item = (usize, u32)> + 'a {
    (0..v.roster.units.len()).filter_map(move |u| waiting(v, u).map(|n| (u, n)))
}

/// A round of hits still waiting for its owner's choice blocks everything else.
pub fn no_round_waiting(v: &BattleView<'_>) -> Result<(), RuleError> {
    match rounds_waiting(v).next() {
        Some((u, n)) => Err(refused(format!(
            "{} has {} waiting: take them first (take-hits)",
            v.label(u),
            hits_words(n)
        ))),
        None => Ok(()),
    }
}

/// The `take-hits` offer of the round waiting on `u`.
fn take_hits_offer(v: &BattleView<'_>, u: usize, n: u32) -> Offer {
    Offer {
        action: A_TAKE_HITS.id.into(),
        text: format!("{} to take on {}", hits_words(n), v.info(u).id),
        actor_param: "unit".into(),
        params: Params::new().with("unit", Value::Text(v.info(u).id.clone())),
    }
}

/// Every round waiting, each offered until it is taken, whatever came since.
pub fn waiting_offers(v: &BattleView<'_>) -> Vec<Offer> {
    rounds_waiting(v)
        .map(|(u, n)| take_hits_offer(v, u, n))
        .collect()
}
