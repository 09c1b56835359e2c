//! Cohesion, as the umpire sees it: a stand not within 2" of another of its unit at the start and
//! end of its movement is out of cohesion (−1 on its quality checks), until it is back.

use super::super::defs::{self, OUT_OF_COHESION};
use super::super::stands::{on_table};
use crate::declare::{ActionDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::ruleset::kit::refuse;
use crate::ruleset::{ActResult, Procedure, kit};

/// A stand is out of cohesion, or back in it.
pub struct Cohesion;

impl Procedure for Cohesion {
    fn def(&self) -> &'static ActionDef {
        &defs::COHESION
    }

    /// Nothing is refused from the inputs alone: cohesion is the umpire's to judge, in any
    /// phase.
    fn check_inputs(&self, _v: &BattleView<'_>, _given: &Params) -> Result<(), RuleError> {
        Ok(())
    }

    /// The marker put on or taken off.
    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        let u = kit::input_unit(v, p, defs::COHESION_PARAMS, "stand")?;
        on_table(v, u)?;
        let restored = p.flag("restored");
        if restored != kit::has(v, u, OUT_OF_COHESION) {
            let already = if restored { "in cohesion" } else { "out of cohesion" };
            return Err(refuse::refused(v, u, &format!("is already {already}")));
        }
        Ok(if restored {
            super::simple(
                format!("{} is back in cohesion", v.label(u)),
                vec![kit::flag(v, u, OUT_OF_COHESION, false)],
            )
        } else {
            super::simple(
                format!(
                    "{} is out of cohesion: −1 on its quality checks; it must try to move back into cohesion",
                    v.label(u)
                ),
                vec![kit::flag(v, u, OUT_OF_COHESION, true)],
            )
        })
    }
}

