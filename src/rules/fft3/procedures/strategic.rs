//! Strategic movement: a stand moves at double speed, never within 10" of the enemy, and cannot
//! fire this turn.

use super::super::defs::{self, PH_MOVEMENT, STRATEGIC};
use super::super::stands::{in_phase, on_table, own_side};
use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::ruleset::{ActResult, Procedure, kit};

/// A stand uses strategic movement.
pub struct Strategic;

impl Procedure for Strategic {
    fn def(&self) -> &'static ActionDef {
        &defs::STRATEGIC_MOVE
    }

    fn check_inputs(&self, v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        super::moving(v, given)
    }

    /// The marker taken, once a turn, in the side's own movement phase.
    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        let u = kit::input_unit(v, p, defs::STAND_PARAMS, "stand")?;
        on_table(v, u)?;
        in_phase(v, "strategic movement", &[PH_MOVEMENT])?;
        own_side(v, u, "a stand moves")?;
        if kit::has(v, u, STRATEGIC) {
            return Err(refuse::refused(v, u, "has already used strategic movement"));
        }
        Ok(super::simple(
            format!(
                "{} uses strategic movement (double movement points, never within 10\" of an enemy stand): it cannot fire this turn",
                v.label(u)
            ),
            vec![kit::flag(v, u, STRATEGIC, true)],
        ))
    }
}

