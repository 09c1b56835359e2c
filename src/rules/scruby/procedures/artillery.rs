//! A gun's fire in a battle: at an enemy regiment or squadron, at another gun (counter-battery)
//! or at works, read from the units ([`super::super::artillery`] reads the table), refused where
//! the move's order or a marker forbids it, and its result turned into figures lost, a retreat,
//! hits on a gun or on works.

use crate::declare::{ActionDef, Options, Params, RuleError, Value};
use crate::dice::DiceSource;
use crate::model::{BattleView, Effect};
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::scruby::battle::*;
use crate::rules::scruby::concealment::expose_any;
use crate::rules::scruby::defs::*;
use crate::rules::scruby::{artillery, inputs, tables};
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// A gun's fire: one d6 at troops, at a gun (counter-battery) or at works.
pub struct Artillery;

impl Procedure for Artillery {
    fn def(&self) -> &'static ActionDef {
        &inputs::ARTILLERY
    }
    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        let s = Settings::from_options(options);
        artillery::odds(&artillery::Bombardment::from_params(params)?, &s)
    }
    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        let s = Settings::from_options(options);
        Ok(artillery::resolve(&artillery::Bombardment::from_params(params)?, &s, dice)?.0)
    }
    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        let g = unit_param(v, &p, "gun-unit")?;
        let t = unit_param(v, &p, "target-unit")?;
        fill(&mut p, "gun", text(&v.info(g).kind));
        fill(&mut p, "target", text(&v.info(t).kind));
        fill(&mut p, "moved", Value::Bool(kit::has(v, g, MOVED)));
        // Where the gun stands, as its last shot gave it, until it moves.
        if let Some(place) = gun_place(v, g) {
            fill(&mut p, "gun-on", text(place));
        }
        if kind(v.info(t)).is_some_and(Kind::is_gun) {
            fill(&mut p, "counter-battery", Value::Bool(true));
            fill(
                &mut p,
                "gun-hits",
                Value::Int(i64::from(v.marker(t, GUN_HITS).unwrap_or(0))),
            );
        }
        if kind(v.info(t)).is_some_and(Kind::is_works) {
            fill(
                &mut p,
                "works-hits",
                Value::Int(i64::from(v.marker(t, WORKS_HITS).unwrap_or(0))),
            );
            if let Some(n) = v.info(t).fields.int("hits_to_destroy") {
                fill(&mut p, "hits-to-destroy", Value::Int(n));
            }
        }
        p.fill_defaults(self.def().params)?;
        Ok(p)
    }
    fn check_inputs(&self, _: &BattleView<'_>, _: &Params) -> Result<(), RuleError> {
        Ok(())
    }
    fn battle_odds(&self, v: &BattleView<'_>, p: &Params) -> Result<OddsReport, RuleError> {
        let (g, t) = gun_units(v, p, false)?;
        let friend = melee_friend(v, p, g, t, at_troops(v, t)?)?;
        Ok(with_friend(v, self.table_odds(p, v.options)?, friend))
    }
    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        act_artillery(v, p, &Settings::from_options(v.options), dice)
    }
}

/// The gun and its target, refused where the rules forbid the fire: the gun's side's cannon
/// fire, a gun that may fire, an enemy on the table; `canister` only at troops.
pub(super) fn gun_units(
    v: &BattleView<'_>,
    p: &Params,
    canister: bool,
) -> Result<(usize, usize), RuleError> {
    in_phase(
        v,
        if canister { "Canister" } else { "Cannon fire" },
        &[PH_FIRST_CANNON, PH_SECOND_CANNON],
    )?;
    let g = unit_param(v, p, "gun-unit")?;
    let t = unit_param(v, p, "target-unit")?;
    gun_may_fire(v, g)?;
    on_table(v, t)?;
    not_headquarters(v, t, "fired on (rifle, canister or cannon)")?;
    if fights_for(v, t) == gun_side(v, g) {
        return Err(RuleError::refused(format!(
            "{} and {} are on the same side",
            v.label(g),
            v.label(t)
        )));
    }
    if canister && kind_of(v, t)?.is_works() {
        return Err(RuleError::refused(format!(
            "canister is fired only at troops: {} is a wall, fortress or ship; fire `artillery` at it ({})",
            v.label(t),
            tables::ONLY_ARTILLERY
        )));
    }
    if canister && !kind_of(v, t)?.is_infantry() && !kind_of(v, t)?.is_cavalry() {
        return Err(RuleError::refused(format!(
            "canister is fired only at troops: {} is a {}",
            v.label(t),
            v.info(t).kind
        )));
    }
    Ok((g, t))
}

/// Carries out the gun's fire: the gun marked as fired (and where it stands), the result on the
/// target, the friend in the melee hit, the target's column exposed.
fn act_artillery(
    v: &BattleView<'_>,
    p: &Params,
    s: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let (g, t) = gun_units(v, p, false)?;
    let friend = melee_friend(v, p, g, t, at_troops(v, t)?)?;
    let b = artillery::Bombardment::from_params(p)?;
    let (mut r, result) = artillery::resolve(&b, s, dice)?;
    let mut out = Outcome::default();
    out.effects.push(kit::flag(v, g, FIRED, true));
    out.effects.extend(keep_gun_place(v, g, p));
    let mut lines = Vec::new();
    match result {
        artillery::ArtilleryResult::Kill => {
            lines.push(lose(v, t, 1, "artillery", &mut out.effects));
            if let Some(fr) = friend {
                lines.push(friend_loses(v, fr, &mut out.effects));
            }
        }
        artillery::ArtilleryResult::Retire => {
            lines.push(retire(v, t, &mut out.effects));
        }
        artillery::ArtilleryResult::NoEffect => lines.push("no effect".into()),
        artillery::ArtilleryResult::Hit(n) => {
            out.effects
                .push(kit::marker(v, t, GUN_HITS, Some(i32::from(n))));
            lines.push(format!(
                "{} takes a counter-battery hit: {n} of 3",
                v.label(t)
            ));
        }
        artillery::ArtilleryResult::Destroyed => {
            out.effects.push(kit::marker(v, t, GUN_HITS, Some(3)));
            out.effects.push(Effect::Removed {
                unit: v.info(t).id.clone(),
                cause: "destroyed by counter-battery fire".into(),
            });
            lines.push(format!(
                "{} takes its third hit: the gun is destroyed at once and does not fire back",
                v.label(t)
            ));
        }
        artillery::ArtilleryResult::WorksHit { hits, of } => {
            out.effects
                .push(kit::marker(v, t, WORKS_HITS, Some(i32::from(hits))));
            lines.push(format!(
                "{} takes a hit: {hits} of the {of} that destroy it",
                v.label(t)
            ));
        }
        artillery::ArtilleryResult::WorksDestroyed { of } => {
            out.effects
                .push(kit::marker(v, t, WORKS_HITS, Some(i32::from(of))));
            out.effects.push(Effect::Removed {
                unit: v.info(t).id.clone(),
                cause: "destroyed by artillery fire".into(),
            });
            lines.push(format!(
                "{} takes hit {of} of {of}: destroyed, it is removed from the table",
                v.label(t)
            ));
        }
    }
    if let Some(fr) = friend {
        r.context.push(into_melee(v, fr));
    }
    out.summary = format!(
        "{} fires at {}: {}",
        v.info(g).id,
        v.info(t).id,
        result.words().to_lowercase()
    );
    expose_any(v, &[t], "fired on by cannon", &mut out);
    out.resolutions.push(done(r, &lines, dice));
    Ok(out)
}
