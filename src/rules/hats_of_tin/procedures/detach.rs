//! `detach`: a commander leaves the unit he is attached to (his one action this turn).

use crate::declare::{ActionDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::rules::hats_of_tin::battle::command::{
    check_commander, commander_acts, commander_param,
};
use crate::rules::hats_of_tin::battle::moment::passing;
use crate::rules::hats_of_tin::battle::rounds::{finish, no_round_waiting};
use crate::rules::hats_of_tin::battle::units::{action_phase, attached_to, refused};
use crate::rules::hats_of_tin::defs::*;
use crate::ruleset::{ActResult, Procedure, kit};

/// The `detach` procedure.
pub struct Detach;

impl Procedure for Detach {
    fn def(&self) -> &'static ActionDef {
        &A_DETACH
    }

    fn check_inputs(&self, v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        let commander = kit::named(v, given, "commander");
        check_commander(v, self.def().id, commander, "detached")
    }

    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        action_phase(v, "leaving a unit")?;
        no_round_waiting(v)?;
        let c = commander_param(v, p, DETACH_PARAMS)?;
        let u = attached_to(v, c)
            .ok_or_else(|| refused(format!("{} is not attached to a unit", v.label(c))))?;
        let done = commander_acts(v, c, "detached")?;
        Ok(finish(
            format!("{} leaves {}", v.label(c), v.label(u)),
            Vec::new(),
            passing(v, vec![kit::unit_marker(v, c, ATTACHED, None), done]),
        ))
    }
}
