//! Rifle fire in a battle: a regiment's rifles at an enemy regiment, squadron or gun crew, read
//! from the units ([`super::super::fire`] reads the table), refused where the move's order or a
//! marker forbids it, and its kill taken off the tray, the crew killed, or a friend in the melee
//! hit.

use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, Options, Params, RuleError, Value};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::scruby::battle::*;
use crate::rules::scruby::concealment::expose_any;
use crate::rules::scruby::defs::*;
use crate::rules::scruby::{fire, inputs};
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// A regiment's rifle fire, or its fire at a gun's crew.
pub struct Rifle;

impl Procedure for Rifle {
    fn def(&self) -> &'static ActionDef {
        &inputs::RIFLE
    }
    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        let s = Settings::from_options(options);
        fire::odds(&fire::RifleFire::from_params(params)?, &s)
    }
    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        let s = Settings::from_options(options);
        Ok(fire::resolve(&fire::RifleFire::from_params(params)?, &s, dice)?.0)
    }
    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        let f = unit_param(v, &p, "firer-unit")?;
        let t = unit_param(v, &p, "target-unit")?;
        fill(&mut p, "firer", text(&v.info(f).kind));
        fill(&mut p, "figures", figures_value(rifle_figures(v, f)));
        fill(&mut p, "formation", text(formation(v, f).id()));
        fill(&mut p, "target", text(&v.info(t).kind));
        if kind(v.info(t)).is_some_and(Kind::is_gun) {
            fill(&mut p, "at-crew", Value::Bool(true));
        }
        p.fill_defaults(self.def().params)?;
        Ok(p)
    }
    fn check_inputs(&self, _: &BattleView<'_>, _: &Params) -> Result<(), RuleError> {
        Ok(())
    }
    fn battle_odds(&self, v: &BattleView<'_>, p: &Params) -> Result<OddsReport, RuleError> {
        let (f, t) = rifle_units(v, p)?;
        let friend = melee_friend(v, p, f, t, true)?;
        Ok(with_friend(v, self.table_odds(p, v.options)?, friend))
    }
    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        act_rifle(v, p, &Settings::from_options(v.options), dice)
    }
}

/// The firer and its target, refused where the rules forbid the fire.
fn rifle_units(v: &BattleView<'_>, p: &Params) -> Result<(usize, usize), RuleError> {
    in_phase(v, "Rifle fire", &[PH_RIFLE])?;
    let f = unit_param(v, p, "firer-unit")?;
    let t = unit_param(v, p, "target-unit")?;
    // Fire is simultaneous: a regiment that lost its last figure in this rifle fire still fires.
    not_works(v, f, true)?;
    not_works(v, t, false)?;
    if !(v.unit_state(f).removed.is_some() && v.marker(f, RIFLE_LOST).is_some()) {
        may_start(v, f, "fire")?;
    } else if let Some(left) = v.marker(f, RETIRING) {
        return Err(RuleError::refused(format!(
            "{} is retiring ({left} moves left): it may not fire",
            v.label(f)
        )));
    }
    if !kind_of(v, f)?.is_infantry() {
        return Err(refuse::refused(v, f, "has no rifles: only infantry regiments fire"));
    }
    not_fired(v, f)?;
    column_not_fired(v, f)?;
    on_table(v, t)?;
    not_headquarters(v, t, "fired on (rifle, canister or cannon)")?;
    enemies(v, f, t)?;
    if kind_of(v, t)?.is_gun() && kit::has(v, t, CREW_KILLED) {
        return Err(refuse::refused(v, t, "has no crew left to fire at"));
    }
    // Fired on from its flank, a unit gets no return fire at that firer this move.
    if kit::has(v, t, FLANK_FIRE) && v.marker_unit(t, FIRED_AT) == Some(f) {
        return Err(RuleError::refused(format!(
            "{} was fired on from its flank by {} this move: it gets no return fire at {}",
            v.label(f),
            v.label(t),
            v.info(t).id
        )));
    }
    if p.flag("flank") && v.marker_unit(t, FIRED_AT) == Some(f) {
        return Err(RuleError::refused(format!(
            "{} has already fired at {} this move, but fired on from its flank it gets no return fire at {}: take that fire back (undo) first, or fire without --flank",
            v.label(t),
            v.label(f),
            v.info(f).id
        )));
    }
    Ok((f, t))
}

/// Carries out the fire: the firer marked as fired (and at whom, and from the flank), the kill
/// or the crew killed, the friend in the melee hit, the target's column exposed.
fn act_rifle(
    v: &BattleView<'_>,
    p: &Params,
    s: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let (f, t) = rifle_units(v, p)?;
    let friend = melee_friend(v, p, f, t, true)?;
    let shot = fire::RifleFire::from_params(p)?;
    let (mut r, kill) = fire::resolve(&shot, s, dice)?;
    let mut out = Outcome::default();
    out.effects.push(kit::flag(v, f, FIRED, true));
    out.effects
        .push(kit::unit_marker(v, f, FIRED_AT, Some(t)));
    if p.flag("flank") {
        out.effects.push(kit::flag(v, f, FLANK_FIRE, true));
    }
    let mut lines = Vec::new();
    let (fl, tl) = (v.info(f).id.clone(), v.info(t).id.clone());
    if shot.at_gun() {
        if kill {
            out.effects.push(kit::flag(v, t, CREW_KILLED, true));
            held_by_nobody(v, t, &mut out.effects);
            lines.push(format!(
                "{}'s crew is killed: the gun can neither fire nor move; nobody holds it yet (hold-gun says who does), and the side that holds it 3 consecutive moves re-mans it",
                v.label(t)
            ));
        } else {
            lines.push(format!("{}'s crew survives", v.label(t)));
        }
        out.summary = format!(
            "{fl} fires at {tl}'s crew: {}",
            if kill { "crew killed" } else { "no kill" }
        );
    } else {
        if kill {
            lines.push(lose(v, t, 1, "rifle fire", &mut out.effects));
            let lost = v.marker(t, RIFLE_LOST).unwrap_or(0) + 1;
            out.effects.push(kit::marker(v, t, RIFLE_LOST, Some(lost)));
        } else {
            lines.push(format!("{} loses no figure", v.label(t)));
        }
        out.summary = format!(
            "{fl} fires at {tl}: {}",
            if kill { "one figure killed" } else { "no kill" }
        );
    }
    if let Some(fr) = friend {
        r.context.push(into_melee(v, fr));
        if kill {
            lines.push(friend_loses(v, fr, &mut out.effects));
        }
    }
    if p.flag("flank") {
        out.prompts.push(format!(
            "{tl} is fired on from its flank: it gets no return fire at {fl} this move (refused)"
        ));
    }
    expose_any(v, &[t], "fired on by rifles", &mut out);
    out.resolutions.push(done(r, &lines, dice));
    Ok(out)
}
