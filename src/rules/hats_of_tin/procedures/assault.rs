//! `assault`: a unit's assault on an adjacent enemy, one exchange of fire (the first fire here,
//! the second once its hits are taken); off the battle, an assault between two unit types from
//! the inputs.

use super::from_the_units;
use crate::declare::{ActionDef, Options, ParamDef, Params, RuleError, Value};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::hats_of_tin::assault::{self, Side};
use crate::rules::hats_of_tin::battle::command::{
    check_ordered, give_order, order_code, order_words, under_move_order,
};
use crate::rules::hats_of_tin::battle::exchange::{
    AssaultFlags, battle_assault, fire_second, owe_reply,
};
use crate::rules::hats_of_tin::battle::moment::acted;
use crate::rules::hats_of_tin::battle::rounds::{Applied, finish, no_round_waiting, round_on};
use crate::rules::hats_of_tin::battle::units::{
    action_phase, armour, carried_words, carrier_of, commander_of, enemies, firer_class, in_play,
    is_commander, may_shoot, own_turn, quality, refused, };
use crate::rules::hats_of_tin::defs::*;
use crate::rules::hats_of_tin::hits::Taken;
use crate::rules::hats_of_tin::inputs;
use crate::rules::hats_of_tin::shoot;
use crate::ruleset::kit::prefill::fill;
use crate::ruleset::{ActResult, Procedure, kit};

/// The `assault` procedure.
pub struct Assault;

/// The units the inputs name, attacker and defender, their inputs filled from the units.
fn parties(v: &BattleView<'_>, p: &Params) -> Result<(Params, usize, usize), RuleError> {
    let p = Assault.prefill(v, p)?;
    let att = kit::input_unit(v, &p, ASSAULT_PARAMS, "attacker")?;
    let def = kit::input_unit(v, &p, ASSAULT_PARAMS, "defender")?;
    Ok((p, att, def))
}

/// Refuses an assault the battle does not allow: not the attacker's turn, the defender out of
/// the fight, carried or a friend, a commander either side, an attacker that may not shoot or
/// move.
fn may_assault(v: &BattleView<'_>, att: usize, def: usize) -> Result<(), RuleError> {
    own_turn(v, att, "a unit assaults")?;
    in_play(v, def)?;
    enemies(v, att, def)?;
    if let Some(c) = carrier_of(v, def) {
        return Err(refused(carried_words(v, def, c, "assault")));
    }
    for u in [att, def] {
        if is_commander(v, u) {
            return Err(refused(format!(
                "{} is a commander: an assault is between units",
                v.label(u)
            )));
        }
    }
    may_shoot(v, att)?;
    if kit::has(v, att, NO_MOVE) {
        return Err(refused(format!("{} may not move this turn", v.label(att))));
    }
    Ok(())
}

impl Procedure for Assault {
    fn def(&self) -> &'static ActionDef {
        &A_ASSAULT
    }

    fn table_odds(&self, params: &Params, _: &Options) -> Result<OddsReport, RuleError> {
        assault::odds(&inputs::assault(params)?.0)
    }

    fn table_resolve(
        &self,
        params: &Params,
        _: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        let (a, first, second) = inputs::assault(params)?;
        Ok(assault::resolve(&a, &first, &second, dice)?.0)
    }

    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        let text = |s: &str| Value::Text(s.to_string());
        for who in ["attacker", "defender"] {
            if let Some(u) = kit::named(v, &p, who) {
                let hits = Value::Int(i64::from(v.unit_state(u).hits));
                let attached = Value::Bool(commander_of(v, u).is_some());
                let superior = Value::Bool(v.info(u).fields.flag(F_SUPERIOR));
                fill(&mut p, &format!("{who}-armour"), text(armour(v, u).id()));
                fill(
                    &mut p,
                    &format!("{who}-class"),
                    text(firer_class(v, u).id()),
                );
                fill(&mut p, &format!("{who}-quality"), text(quality(v, u).id()));
                fill(&mut p, &format!("{who}-hits"), hits);
                fill(&mut p, &format!("{who}-commander"), attached);
                fill(&mut p, &format!("{who}-superior"), superior);
            }
        }
        Ok(p)
    }

    /// Each party's quality, hits, commander, armour and class are the units'.
    fn input_applies(&self, _: &BattleView<'_>, input: &ParamDef, _: &Params) -> bool {
        let n = input.name;
        !(from_the_units(n)
            || ["-quality", "-hits", "-commander", "-armour", "-class"]
                .iter()
                .any(|end| n.ends_with(end)))
    }

    fn check_inputs(&self, v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        let attacker = kit::named(v, given, "attacker");
        check_ordered(v, self.def().id, attacker, true)?;
        if let Some(d) = kit::named(v, given, "defender")
            && let Some(c) = carrier_of(v, d)
        {
            return Err(refused(carried_words(v, d, c, "assault")));
        }
        Ok(())
    }

    fn battle_odds(&self, v: &BattleView<'_>, p: &Params) -> Result<OddsReport, RuleError> {
        let (p, att, def) = parties(v, p)?;
        assault::odds(&battle_assault(v, att, def, &AssaultFlags::of(&p)))
    }

    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        action_phase(v, "an assault")?;
        no_round_waiting(v)?;
        let (p, att, def) = parties(v, p)?;
        may_assault(v, att, def)?;
        let flags = AssaultFlags::of(&p);
        let asl = battle_assault(v, att, def, &flags);
        let plan = assault::plan(&asl)?;
        let mut a = Applied::default();
        // A unit that moved adjacent under its move order goes on to assault with the same
        // order: the move and the assault are two steps, the enemy's Overwatch moment between
        // them.
        let (e, by) = if under_move_order(v, att) {
            let code = Some(order_code("assault"));
            (vec![kit::marker(v, att, ORDER, code)], None)
        } else {
            give_order(v, att, "assault", &[])?
        };
        a.effects.extend(e);
        let [first, second] = asl.order();
        let (s1, t1) = match first {
            Side::Attacker => (att, def),
            Side::Defender => (def, att),
        };
        let mut summary = format!("{}{}", plan.title, order_words(&by));
        let mut resolutions = Vec::new();
        let k1 = match asl.shot(first, true) {
            Some(shot) => {
                let (mut r, result) = shoot::resolve(&shot, dice)?;
                r.title = format!("Assault, first fire: {}", r.title);
                // The assault's own lines (who shoots first, cover lost) before the shot's.
                let shots: Vec<&String> = plan
                    .fires
                    .iter()
                    .flatten()
                    .flat_map(|f| &f.context)
                    .collect();
                let own = plan.context.iter().filter(|l| !shots.contains(l)).cloned();
                r.context.splice(0..0, own);
                let k = round_on(v, t1, result.hits, &mut r, &mut a)?;
                summary.push_str(&format!(": {}", r.result));
                resolutions.push(r);
                k
            }
            None => {
                a.lines
                    .push(format!("{} has no weapon: it does not shoot", v.label(s1)));
                Some(Taken {
                    hits_after: v.unit_state(t1).hits,
                    ..Taken::default()
                })
            }
        };
        a.effects
            .push(kit::unit_marker(v, def, ASSAULTED_BY, Some(att)));
        match k1 {
            Some(k) => fire_second(v, &asl, [att, def], second, &k, dice, &mut a)?
                .told(&mut summary, &mut resolutions),
            None => {
                let (cover, superior) = match second {
                    Side::Attacker => (flags.defender_cover, flags.attacker_superior),
                    Side::Defender => (false, flags.defender_superior),
                };
                a.effects.extend(owe_reply(v, t1, s1, cover, superior));
                summary.push_str(&format!(
                    "; {}'s reply waits for its hits to be taken",
                    v.info(t1).id
                ));
            }
        }
        acted(v, att, "assaulted", &mut a);
        Ok(finish(summary, resolutions, a))
    }
}
