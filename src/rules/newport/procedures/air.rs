//! The `air` procedure: an air unit of the side moving attacks one enemy stand, on the infantry
//! table or (at a vehicle) the anti-tank table with gun modifier 0.

use super::{kind_is, text, with_defaults};
use crate::declare::{ActionDef, Options, ParamDef, Params, RuleError, Value};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::newport::checks::{enemy_target, in_action_phase, named, ready_asset, sheltered};
use crate::rules::newport::defs::*;
use crate::rules::newport::fire::{self, is_vehicle};
use crate::rules::newport::units::{damage, is_leader, shot_words, target_of};
use crate::ruleset::kit::prefill::fill;
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// An air attack.
pub struct Air;

impl Procedure for Air {
    fn def(&self) -> &'static ActionDef {
        &AIR_DEF
    }

    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        fire::air_odds(params, options)
    }

    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        Ok(fire::resolve_air(params, options, "air attack", dice)?.0)
    }

    /// The target's kind, quality and (for a vehicle) armour.
    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        let t = kit::unit(v, &p, "target")?;
        let i = v.info(t);
        fill(&mut p, "target-kind", text(&i.kind));
        fill(&mut p, "target-quality", text(&i.quality));
        fill(
            &mut p,
            "armour",
            Value::Int(if is_vehicle(&i.kind) {
                i.fields.int("armour").unwrap_or(0)
            } else {
                0
            }),
        );
        with_defaults(self.def(), p)
    }

    fn input_applies(&self, v: &BattleView<'_>, input: &ParamDef, p: &Params) -> bool {
        match input.name {
            // Only a leader is sheltered by a stand it is in contact with.
            "contact" => named(v, p, "target").is_none_or(|t| is_leader(v.info(t))),
            "armour" => kind_is(p, "target-kind", is_vehicle),
            _ => true,
        }
    }

    /// The phase; then the air unit; then the attack once the target is named.
    fn check_inputs(&self, v: &BattleView<'_>, p: &Params) -> Result<(), RuleError> {
        in_action_phase(v, "air support")?;
        if let Some(a) = named(v, p, "asset") {
            ready_asset(v, a, &["air"])?;
            if named(v, p, "target").is_some() {
                air_allowed(v, p)?;
            }
        }
        Ok(())
    }

    /// Refused as acting would refuse it, before the odds are shown.
    fn allowed(&self, v: &BattleView<'_>, p: &Params) -> Result<(), RuleError> {
        air_allowed(v, p).map(|_| ())
    }

    /// Carries out an air attack with its inputs filled in.
    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        let (a, t) = air_allowed(v, p)?;
        let what = format!("{} attacks {}", v.info(a).id, v.info(t).id);
        let (mut r, e) = fire::resolve_air(p, v.options, &what, dice)?;
        let mut effects = vec![kit::flag(v, a, FINISHED, true)];
        let mut words = Vec::new();
        let before = target_of(v, t);
        let after = before.after(e);
        damage(
            v,
            t,
            before,
            after,
            &format!("air attack by {}", v.info(a).id),
            &mut effects,
            &mut words,
        );
        if e.forced_back && !after.destroyed() {
            words.push(format!(
                "{} is Forced Back 8\" away from the enemy",
                v.label(t)
            ));
        }
        r.context
            .insert(0, format!("{} attacks {}", v.label(a), v.label(t)));
        r.effects = words;
        r.result = shot_words(before, after, e);
        Ok(Outcome {
            summary: format!("{} attacks {}: {}", v.label(a), v.label(t), r.result),
            resolutions: vec![r],
            effects,
            prompts: Vec::new(),
            offers: Vec::new(),
        })
    }
}

/// The air unit and its target, or why the attack is not allowed.
fn air_allowed(v: &BattleView<'_>, p: &Params) -> Result<(usize, usize), RuleError> {
    in_action_phase(v, "air support")?;
    let a = kit::unit(v, p, "asset")?;
    let t = kit::unit(v, p, "target")?;
    ready_asset(v, a, &["air"])?;
    enemy_target(v, a, t)?;
    sheltered(v, t, p)?;
    Ok((a, t))
}

