//! Infantry getting off its carrier in its side's movement phase (the carrier spends 2 movement
//! points, the stand loses 2).

use super::super::defs::{self, PH_MOVEMENT, RIDING};
use super::super::stands::{carrier_of, in_phase, on_table, own_side};
use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::ruleset::{ActResult, Procedure, kit};

/// An infantry stand gets off its carrier.
pub struct Debark;

impl Procedure for Debark {
    fn def(&self) -> &'static ActionDef {
        &defs::DEBARK
    }

    fn check_inputs(&self, v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        super::moving(v, given)
    }

    /// The stand taken off the carrier it rides.
    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        let u = kit::input_unit(v, p, defs::STAND_PARAMS, "stand")?;
        on_table(v, u)?;
        in_phase(v, "carrying infantry", &[PH_MOVEMENT])?;
        own_side(v, u, "a stand debarks")?;
        let c = carrier_of(v, u)
            .ok_or_else(|| refuse::refused(v, u, "is not carried"))?;
        Ok(super::simple(
            format!(
                "{} gets off {} (the carrier spends 2 movement points; the stand loses 2)",
                v.label(u),
                v.label(c)
            ),
            vec![kit::unit_marker(v, u, RIDING, None)],
        ))
    }
}

