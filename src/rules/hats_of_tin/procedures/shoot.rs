//! `shoot`: a unit's shot, on its order or an Overwatch unit's one shot in the enemy's turn,
//! with the friendly re-roll of the misses and indirect fire for a spotter; off the battle, a
//! weapon type's shot from the inputs.

use super::from_the_units;
use crate::declare::{ActionDef, Options, ParamDef, Params, RuleError, Value};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::hats_of_tin::battle::command::{
    commander_acts, give_order, may_be_ordered, order_words,
};
use crate::rules::hats_of_tin::battle::moment::{acted, overwatchers};
use crate::rules::hats_of_tin::battle::rounds::{Applied, finish, no_round_waiting, round_on};
use crate::rules::hats_of_tin::battle::units::{
    action_phase, armour, commander_of, enemies, firer_class, fires_indirectly, in_play,
    is_commander, may_be_shot, may_shoot, on_table, own_turn, refused, type_of, };
use crate::rules::hats_of_tin::defs::*;
use crate::rules::hats_of_tin::inputs;
use crate::rules::hats_of_tin::shoot::{self, Firer, Shooter, Shot, Target};
use crate::ruleset::kit::prefill::fill;
use crate::ruleset::{ActResult, Offer, Procedure, kit};

/// The `shoot` procedure.
pub struct Shoot;

/// Whether `x` may take the re-rolled misses of `f`'s shot at `t`: a unit of the firer's side
/// adjacent to the target ("friendly" is said in the firer's voice: shooting at an enemy next to
/// one's own troops risks hitting them), never the firer itself; with the option
/// `friend_of_target`, another unit of the target's side.
fn may_take_the_misses(v: &BattleView<'_>, f: usize, t: usize, x: usize) -> Result<(), RuleError> {
    may_be_shot(v, x)?;
    if v.options.bool(OPT_FRIEND_OF_TARGET) {
        if x == t || v.info(x).side != v.info(t).side {
            return Err(refused(format!(
                "{} cannot take the misses: with the option `{OPT_FRIEND_OF_TARGET}` they go to another unit of {}'s side adjacent to it",
                v.label(x),
                v.label(t)
            )));
        }
    } else if x == f || v.info(x).side != v.info(f).side {
        return Err(refused(format!(
            "{} cannot take the misses: they are re-rolled against a unit of {}'s own side adjacent to the target, not the firer itself (the risk of hitting one's own troops; the option `{OPT_FRIEND_OF_TARGET}` reads it as a friend of the target)",
            v.label(x),
            v.label(f)
        )));
    }
    Ok(())
}

/// The unit `f` as the firer.
fn firer_of(v: &BattleView<'_>, f: usize, p: &Params) -> Firer {
    let ty = type_of(v, f);
    Firer {
        label: v.label(f),
        shooter: if is_commander(v, f) {
            Shooter::LoneCommander
        } else if commander_of(v, f).is_some() {
            Shooter::WithCommander
        } else {
            Shooter::Unit
        },
        weapon_range: ty.range(),
        class: firer_class(v, f),
        superior_firepower: p.flag("superior"),
        assault_class: ty.assault,
    }
}

/// The unit `t` as a target (or as the friend that takes the misses).
fn target_of(v: &BattleView<'_>, t: usize, cover: bool) -> Target {
    Target {
        label: v.label(t),
        cover,
        armour: armour(v, t),
        commander: is_commander(v, t),
    }
}

/// The shot the inputs describe, with the units it names.
struct BattleShot {
    shot: Shot,
    firer: usize,
    target: usize,
    friend: Option<usize>,
    spotter: Option<usize>,
}

/// The spotter `s` of `f`'s indirect fire: refused unless `f` is a mortar or artillery, `s`
/// another unit of its side, and both have a radio.
fn may_spot(v: &BattleView<'_>, f: usize, s: usize) -> Result<(), RuleError> {
    if !fires_indirectly(v, f) {
        return Err(refused(format!(
            "{} cannot fire indirectly: only a mortar or artillery can",
            v.label(f)
        )));
    }
    in_play(v, s)?;
    if s == f || v.info(s).side != v.info(f).side {
        return Err(refused(format!(
            "{} cannot spot for {}: the spotter is another unit of its side",
            v.label(s),
            v.label(f)
        )));
    }
    for x in [f, s] {
        if !v.info(x).fields.flag(F_RADIO) {
            return Err(refused(format!(
                "{} has no radio or telephone: indirect fire needs one for the firer and the spotter",
                v.label(x)
            )));
        }
    }
    Ok(())
}

/// The shot `p` describes in the battle, its inputs filled from the units; or why it may not be
/// taken.
fn battle_shot(v: &BattleView<'_>, p: &Params) -> Result<BattleShot, RuleError> {
    let p = &Shoot.prefill(v, p)?;
    let f = kit::input_unit(v, p, SHOOT_PARAMS, "firer")?;
    let t = kit::input_unit(v, p, SHOOT_PARAMS, "target")?;
    may_shoot(v, f)?;
    may_be_shot(v, t)?;
    enemies(v, f, t)?;
    let friend = match kit::named(v, p, "friend") {
        Some(x) => {
            may_take_the_misses(v, f, t, x)?;
            Some(x)
        }
        None => None,
    };
    let one_die_fewer = p.flag("one-die-fewer");
    if one_die_fewer && !v.options.bool(OPT_SHOOT_AND_MOVE) {
        return Err(refused(format!(
            "one die fewer is the optional rule `{OPT_SHOOT_AND_MOVE}`, not in force"
        )));
    }
    if p.flag("friend-adjacent") && friend.is_none() {
        return Err(refused(
            "name the friendly unit adjacent to the target (friend)",
        ));
    }
    let spotter = kit::named(v, p, "spotter");
    if p.flag("indirect") && spotter.is_none() {
        return Err(refused(
            "indirect fire: name the unit that spots the target (spotter)",
        ));
    }
    if let Some(s) = spotter {
        may_spot(v, f, s)?;
    }
    let range = p.int("range").unwrap_or(0).max(0) as u32;
    let shot = Shot {
        firer: firer_of(v, f, p),
        target: target_of(v, t, p.flag("target-cover")),
        range,
        flank_or_rear: p.flag("flank"),
        assault: None,
        one_die_fewer,
        friend: friend.map(|x| target_of(v, x, p.flag("friend-cover"))),
    };
    Ok(BattleShot {
        shot,
        firer: f,
        target: t,
        friend,
        spotter,
    })
}

/// An Overwatch shot by `f` at `t`: refused unless `f` is on Overwatch, it is the enemy's turn
/// and `t` has just moved or fired; its marker goes.
fn overwatch_shot(v: &BattleView<'_>, b: &BattleShot, a: &mut Applied) -> Result<(), RuleError> {
    let (f, t) = (b.firer, b.target);
    if !kit::has(v, f, OVERWATCH) {
        return Err(refused(format!("{} is not on Overwatch", v.label(f))));
    }
    if b.spotter.is_some() {
        return Err(refused(format!(
            "{}: an Overwatch shot takes no order, and indirect fire needs an order for the firer and one for its spotter",
            v.label(f)
        )));
    }
    if v.info(f).side == v.active_side() {
        return Err(refused(format!(
            "{}: an Overwatch shot is taken in the enemy's turn",
            v.label(f)
        )));
    }
    if !kit::has(v, t, JUST_ACTED) {
        return Err(refused(format!(
            "{} has not just moved or fired: Overwatch shoots at a unit at that moment, or never",
            v.label(t)
        )));
    }
    a.effects.push(kit::marker(v, f, OVERWATCH, None));
    Ok(())
}

/// A shot on an order: the firer's order (a commander's one action), the spotter's, and what
/// they forbid after. Returns the words on who gave the orders.
fn ordered_shot(v: &BattleView<'_>, b: &BattleShot, a: &mut Applied) -> Result<String, RuleError> {
    let f = b.firer;
    if is_commander(v, f) {
        a.effects.push(commander_acts(v, f, "shot")?);
    }
    own_turn(v, f, "a unit shoots")?;
    let (e, by) = give_order(v, f, "shoot", &[])?;
    a.effects.extend(e);
    let mut order_note = order_words(&by);
    if let Some(s) = b.spotter {
        own_turn(v, s, "a unit spots")?;
        let (e, by) = give_order(v, s, "spot", &a.effects)?;
        a.effects.extend(e);
        order_note.push_str(&order_words(&by));
        for x in [f, s] {
            a.effects.push(kit::flag(v, x, NO_MOVE, true));
        }
    }
    if b.shot.one_die_fewer {
        a.effects.push(kit::flag(v, f, MOVE_ONE, true));
    }
    Ok(order_note)
}

impl Procedure for Shoot {
    fn def(&self) -> &'static ActionDef {
        &A_SHOOT
    }

    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        shoot::odds(&inputs::shot(params, options)?)
    }

    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        Ok(shoot::resolve(&inputs::shot(params, options)?, dice)?.0)
    }

    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        let text = |s: &str| Value::Text(s.to_string());
        if let Some(f) = kit::named(v, &p, "firer") {
            let superior = v.info(f).fields.flag(F_SUPERIOR);
            fill(&mut p, "superior", Value::Bool(superior));
            let attached = commander_of(v, f).is_some();
            fill(&mut p, "commander-attached", Value::Bool(attached));
            fill(&mut p, "lone-commander", Value::Bool(is_commander(v, f)));
            fill(&mut p, "firer-class", text(firer_class(v, f).id()));
        }
        if let Some(t) = kit::named(v, &p, "target") {
            fill(&mut p, "target-armour", text(armour(v, t).id()));
            fill(&mut p, "target-commander", Value::Bool(is_commander(v, t)));
        }
        if kit::named(v, &p, "spotter").is_some() {
            fill(&mut p, "indirect", Value::Bool(true));
        }
        if let Some(x) = kit::named(v, &p, "friend") {
            fill(&mut p, "friend-adjacent", Value::Bool(true));
            fill(&mut p, "friend-armour", text(armour(v, x).id()));
        }
        Ok(p)
    }

    /// The friend's inputs only with a friend adjacent, one die fewer only with the optional
    /// rule, the spotter only for indirect fire, indirect fire only for a mortar or artillery,
    /// the Overwatch shot only for a unit on Overwatch.
    fn input_applies(&self, v: &BattleView<'_>, input: &ParamDef, given: &Params) -> bool {
        let unit = |name: &str| kit::named(v, given, name);
        if from_the_units(input.name) {
            return false;
        }
        match input.name {
            "friend" | "friend-cover" => given.flag("friend-adjacent"),
            "one-die-fewer" => v.options.bool(OPT_SHOOT_AND_MOVE),
            "spotter" => given.flag("indirect"),
            "indirect" => unit("firer").is_none_or(|f| fires_indirectly(v, f)),
            "overwatch" => unit("firer").is_none_or(|f| kit::has(v, f, OVERWATCH)),
            _ => true,
        }
    }

    fn check_inputs(&self, v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        let unit = |name: &str| kit::named(v, given, name);
        action_phase(v, "shooting")?;
        if let Some(f) = unit("firer") {
            may_shoot(v, f)?;
            if is_commander(v, f) && !given.flag("overwatch") {
                commander_acts(v, f, "shot")?;
            } else if given.flag("overwatch") || v.info(f).side != v.active_side() {
                if !kit::has(v, f, OVERWATCH) {
                    own_turn(v, f, "a unit shoots")?;
                }
            } else {
                may_be_ordered(v, f)?;
            }
        }
        if let Some(t) = unit("target") {
            may_be_shot(v, t)?;
            if let (Some(f), Some(x)) = (unit("firer"), unit("friend")) {
                may_take_the_misses(v, f, t, x)?;
            }
        }
        Ok(())
    }

    fn battle_odds(&self, v: &BattleView<'_>, p: &Params) -> Result<OddsReport, RuleError> {
        shoot::odds(&battle_shot(v, p)?.shot)
    }

    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        action_phase(v, "shooting")?;
        no_round_waiting(v)?;
        let b = battle_shot(v, p)?;
        let (f, t) = (b.firer, b.target);
        let mut a = Applied::default();
        let overwatch = p.flag("overwatch");
        let order_note = if overwatch {
            overwatch_shot(v, &b, &mut a)?;
            String::new()
        } else {
            ordered_shot(v, &b, &mut a)?
        };
        let (mut r, result) = shoot::resolve(&b.shot, dice)?;
        round_on(v, t, result.hits, &mut r, &mut a)?;
        if let (Some(x), Some(n)) = (b.friend, result.friend_hits) {
            round_on(v, x, n, &mut r, &mut a)?;
        }
        if overwatch {
            r.context.insert(
                0,
                format!("{}'s Overwatch shot: the marker goes", v.label(f)),
            );
        } else {
            acted(v, f, "fired", &mut a);
        }
        if let Some(s) = b.spotter {
            r.context.insert(
                0,
                format!(
                    "indirect fire spotted by {}: an order each; neither may move this turn",
                    v.label(s)
                ),
            );
        }
        if b.shot.one_die_fewer {
            a.prompts.push(format!(
                "{} may now move one area (never into impassable terrain)",
                v.label(f)
            ));
        }
        let summary = format!("{}{order_note}: {}", r.title, r.result);
        Ok(finish(summary, vec![r], a))
    }

    /// The enemy's Overwatch units that may shoot at the unit that has just moved or fired.
    fn offer_actors(&self, v: &BattleView<'_>, offer: &Offer) -> Vec<usize> {
        match kit::named(v, &offer.params, "target") {
            Some(t) if on_table(v, t) && kit::has(v, t, JUST_ACTED) => overwatchers(v, t),
            _ => Vec::new(),
        }
    }
}
