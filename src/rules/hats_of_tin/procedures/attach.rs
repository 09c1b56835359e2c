//! `attach`: a commander joins a unit of his side (his one action this turn): he adds his die to
//! its shots and +1 to its rally, and its owner chooses where its hits go.

use crate::declare::{ActionDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::rules::hats_of_tin::battle::command::{
    check_commander, commander_acts, commander_param,
};
use crate::rules::hats_of_tin::battle::moment::passing;
use crate::rules::hats_of_tin::battle::rounds::{finish, no_round_waiting};
use crate::rules::hats_of_tin::battle::units::{
    action_phase, attached_to, commander_of, in_play, is_commander, refused, };
use crate::rules::hats_of_tin::defs::*;
use crate::ruleset::{ActResult, Procedure, kit};

/// The `attach` procedure.
pub struct Attach;

impl Procedure for Attach {
    fn def(&self) -> &'static ActionDef {
        &A_ATTACH
    }

    fn check_inputs(&self, v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        let commander = kit::named(v, given, "commander");
        check_commander(v, self.def().id, commander, "attached")
    }

    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        action_phase(v, "joining a unit")?;
        no_round_waiting(v)?;
        let c = commander_param(v, p, ATTACH_PARAMS)?;
        let done = commander_acts(v, c, "attached")?;
        let u = kit::input_unit(v, p, ATTACH_PARAMS, "unit")?;
        in_play(v, u)?;
        if v.info(u).side != v.info(c).side || is_commander(v, u) || v.info(u).kind == TRUCK {
            return Err(refused(format!(
                "{} can join only a unit of his own side (not a commander or a truck)",
                v.label(c)
            )));
        }
        if let Some(now) = attached_to(v, c) {
            return Err(refused(format!(
                "{} is already with {}: detach him first",
                v.label(c),
                v.label(now)
            )));
        }
        if let Some(other) = commander_of(v, u) {
            return Err(refused(format!(
                "{} already has {} attached",
                v.label(u),
                v.label(other)
            )));
        }
        Ok(finish(
            format!(
                "{} joins {}: his die adds to its shots, +1 to its rally; the owner chooses where its hits go",
                v.label(c),
                v.label(u)
            ),
            Vec::new(),
            passing(v, vec![kit::unit_marker(v, c, ATTACHED, Some(u)), done]),
        ))
    }
}
