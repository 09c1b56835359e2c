//! Canister in a battle: a gun's shot at troops within musket range, with the target's return
//! fire at the crew, read from the units ([`super::super::artillery`] reads the table), refused
//! where the move's order or a marker forbids it, and its kill, the crew's fate and the return
//! fire turned into effects.

use super::artillery::gun_units;
use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, Options, Params, RuleError, Value};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::scruby::battle::*;
use crate::rules::scruby::concealment::expose_any;
use crate::rules::scruby::defs::*;
use crate::rules::scruby::{artillery, inputs};
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// Canister at troops within musket range; the target may fire back at the crew.
pub struct Canister;

impl Procedure for Canister {
    fn def(&self) -> &'static ActionDef {
        &inputs::CANISTER
    }
    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        let s = Settings::from_options(options);
        artillery::canister_odds(&artillery::Canister::from_params(params)?, &s)
    }
    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        let s = Settings::from_options(options);
        Ok(artillery::resolve_canister(&artillery::Canister::from_params(params)?, &s, dice)?.0)
    }
    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        let g = unit_param(v, &p, "gun-unit")?;
        let t = unit_param(v, &p, "target-unit")?;
        fill(&mut p, "gun", text(&v.info(g).kind));
        fill(&mut p, "target", text(&v.info(t).kind));
        fill(&mut p, "target-figures", figures_value(figures_left(v, t)));
        fill(&mut p, "moved", Value::Bool(kit::has(v, g, MOVED)));
        p.fill_defaults(self.def().params)?;
        Ok(p)
    }
    fn check_inputs(&self, _: &BattleView<'_>, _: &Params) -> Result<(), RuleError> {
        Ok(())
    }
    fn battle_odds(&self, v: &BattleView<'_>, p: &Params) -> Result<OddsReport, RuleError> {
        let (g, t) = gun_units(v, p, true)?;
        let friend = melee_friend(v, p, g, t, at_troops(v, t)?)?;
        Ok(with_friend(v, self.table_odds(p, v.options)?, friend))
    }
    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        act_canister(v, p, &Settings::from_options(v.options), dice)
    }
}

/// Carries out the canister and the return fire: the kill, the friend in the melee hit, the
/// crew's fate, the target's rifle fire spent, its column exposed.
fn act_canister(
    v: &BattleView<'_>,
    p: &Params,
    s: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let (g, t) = gun_units(v, p, true)?;
    let friend = melee_friend(v, p, g, t, true)?;
    if p.flag("return-fire") {
        if !kind_of(v, t)?.is_infantry() {
            return Err(refuse::refused(v, t, "has no rifles to fire back with: only infantry return canister"));
        }
        if let Some(left) = v.marker(t, RETIRING) {
            return Err(RuleError::refused(format!(
                "{} is retiring ({left} moves left): it may not fire back",
                v.label(t)
            )));
        }
        not_fired(v, t)?;
        column_not_fired(v, t)?;
    }
    let c = artillery::Canister::from_params(p)?;
    let (mut r, end) = artillery::resolve_canister(&c, s, dice)?;
    let mut out = Outcome::default();
    out.effects.push(kit::flag(v, g, FIRED, true));
    let mut lines = Vec::new();
    if let Some(fr) = friend {
        r.context.push(into_melee(v, fr));
    }
    if end.killed {
        lines.push(lose(v, t, 1, "canister", &mut out.effects));
        if let Some(fr) = friend {
            lines.push(friend_loses(v, fr, &mut out.effects));
        }
    } else {
        lines.push(format!("{} loses no figure", v.label(t)));
    }
    if end.crew_killed.is_some() {
        out.effects
            .push(kit::unit_marker(v, t, FIRED_AT, Some(g)));
    }
    match end.crew_killed {
        Some(true) => {
            out.effects.push(kit::flag(v, g, CREW_KILLED, true));
            held_by_nobody(v, g, &mut out.effects);
            out.effects.push(kit::flag(v, t, FIRED, true));
            lines.push(format!(
                "{}'s return fire kills the crew of {}: the canister kill stands; nobody holds the gun yet (hold-gun says who does), and the side that holds it 3 consecutive moves re-mans it",
                v.info(t).id,
                v.label(g)
            ));
        }
        Some(false) => {
            out.effects.push(kit::flag(v, t, FIRED, true));
            lines.push(format!(
                "{}'s return fire misses the crew (it was its rifle fire for the move)",
                v.info(t).id
            ));
        }
        None => {}
    }
    out.summary = format!(
        "{} fires canister at {}: {}",
        v.info(g).id,
        v.info(t).id,
        end.words()
    );
    expose_any(v, &[t], "fired on by cannon", &mut out);
    out.resolutions.push(done(r, &lines, dice));
    Ok(out)
}
