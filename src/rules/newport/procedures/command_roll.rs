//! The `command-roll` procedure (command method 2): a stand beyond 2" of its leader rolls to act;
//! failing marks it Finished.

use super::{text, with_defaults};
use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, Options, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::newport::battle_command::{failed_command, who};
use crate::rules::newport::checks::{Acting, in_action_phase, named, own_ready_stand};
use crate::rules::newport::command;
use crate::rules::newport::defs::*;
use crate::rules::newport::units::{is_leader, method};
use crate::ruleset::kit::prefill::fill;
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// A method-2 command roll.
pub struct CommandRoll;

impl Procedure for CommandRoll {
    fn def(&self) -> &'static ActionDef {
        &COMMAND_ROLL_DEF
    }

    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        command::command_roll_odds(params, options, None)
    }

    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        Ok(command::resolve_command_roll(params, options, None, dice)?.0)
    }

    /// The stand's quality.
    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        let u = kit::unit(v, &p, "unit")?;
        fill(&mut p, "quality", text(&v.info(u).quality));
        with_defaults(self.def(), p)
    }

    fn check_inputs(&self, v: &BattleView<'_>, p: &Params) -> Result<(), RuleError> {
        in_action_phase(v, "a command roll")?;
        if let Some(u) = named(v, p, "unit") {
            command_roll_allowed(v, u)?;
        }
        Ok(())
    }


    /// Passed, the stand is in command for the turn; failed, it is Finished.
    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        in_action_phase(v, "a command roll")?;
        let u = kit::unit(v, p, "unit")?;
        command_roll_allowed(v, u)?;
        let (r, ok) =
            command::resolve_command_roll(p, v.options, Some(who(v, u, &v.label(u))), dice)?;
        if !ok {
            return Ok(failed_command(v, u, r));
        }
        Ok(Outcome {
            summary: format!("{} passes its command roll: it may act", v.label(u)),
            resolutions: vec![r],
            effects: vec![kit::flag(v, u, IN_COMMAND, true)],
            prompts: Vec::new(),
            offers: Vec::new(),
        })
    }
}

/// Whether `u` may make a command roll now (the action phase aside).
fn command_roll_allowed(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    own_ready_stand(v, u, Acting::Other)?;
    if method(v, v.info(u).side) != 2 {
        return Err(RuleError::refused(
            "command rolls are made under command method 2 only",
        ));
    }
    if is_leader(v.info(u)) {
        return Err(refuse::refused(v, u, "is a leader: leaders are always in command"));
    }
    if kit::has(v, u, IN_COMMAND) {
        return Err(refuse::refused(v, u, "has already passed its command roll this turn"));
    }
    Ok(())
}
