//! The `panic` procedure: a Suppressed or Paralyzed infantry stand of the side moving moves a
//! full 8" away from the nearest enemy, ending Paralyzed with one hit more.

use super::offers::{opportunity_offer, with_offer};
use super::{command_roll_matters, with_defaults};
use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, ParamDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::rules::newport::battle_command::{
    command_check, failed_command, has_point, spend_point,
};
use crate::rules::newport::checks::{Acting, in_action_phase, named, own_ready_stand};
use crate::rules::newport::defs::*;
use crate::rules::newport::fire::is_vehicle;
use crate::rules::newport::tables::Morale;
use crate::rules::newport::units::{damage, end_words, is_asset, morale, target_of};
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// A panic move.
pub struct Panic;

impl Procedure for Panic {
    fn def(&self) -> &'static ActionDef {
        &PANIC_DEF
    }

    fn prefill(&self, _v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        with_defaults(self.def(), params.clone())
    }

    fn input_applies(&self, v: &BattleView<'_>, input: &ParamDef, p: &Params) -> bool {
        input.name != "out-of-command" || command_roll_matters(v, named(v, p, "unit"))
    }

    /// The phase; then the stand and its command point.
    fn check_inputs(&self, v: &BattleView<'_>, p: &Params) -> Result<(), RuleError> {
        in_action_phase(v, "a panic move")?;
        if let Some(u) = named(v, p, "unit") {
            panic_allowed(v, u)?;
            has_point(v, u)?;
        }
        Ok(())
    }

    /// The stand Paralyzed with an extra hit and Finished (after its command roll and point), and
    /// opportunity fire offered.
    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        in_action_phase(v, "a panic move")?;
        let u = kit::unit(v, p, "unit")?;
        panic_allowed(v, u)?;
        let before = target_of(v, u);
        let mut resolutions = Vec::new();
        if let Some((roll, ok)) = command_check(v, u, p.flag("out-of-command"), dice)? {
            if !ok {
                return Ok(failed_command(v, u, roll));
            }
            resolutions.push(roll);
        }
        let mut effects = Vec::new();
        let mut words = Vec::new();
        spend_point(v, u, &mut effects, &mut words)?;
        let mut after = before.extra_hit();
        after.morale = Morale::Paralyzed;
        damage(v, u, before, after, "panic move", &mut effects, &mut words);
        if !after.destroyed() {
            effects.push(kit::flag(v, u, FINISHED, true));
        }
        let mut prompts = vec![format!(
            "{} moves a full 8\" directly away from the nearest enemy, ignoring terrain",
            v.label(u)
        )];
        prompts.extend(words);
        Ok(with_offer(
            Outcome {
                summary: format!(
                    "{} makes a panic move: {}",
                    v.label(u),
                    end_words(before, after, true, &[], "no change")
                ),
                resolutions,
                effects,
                prompts,
                offers: Vec::new(),
            },
            opportunity_offer(v, u, "moved", &[]),
        ))
    }
}

/// Whether `u` may make a panic move now (the action phase and its command aside).
fn panic_allowed(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    own_ready_stand(v, u, Acting::Other)?;
    let info = v.info(u);
    if is_vehicle(&info.kind) {
        return Err(refuse::refused(v, u, "is a vehicle: a Suppressed vehicle simply moves away (use move)"));
    }
    if is_asset(info) {
        return Err(refuse::refused(v, u, "is off the table"));
    }
    if morale(v, u) == Morale::Steady {
        return Err(refuse::refused(v, u, "is neither Suppressed nor Paralyzed: only they make a panic move"));
    }
    Ok(())
}
