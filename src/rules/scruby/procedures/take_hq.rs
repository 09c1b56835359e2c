//! A headquarters taken in a battle by an enemy regiment or squadron reaching it (lost), or
//! retaken by its own side (held): the objectives of the game.

use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::rules::scruby::battle::*;
use crate::rules::scruby::defs::*;
use crate::rules::scruby::inputs;
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// A headquarters taken, or retaken.
pub struct TakeHq;

impl Procedure for TakeHq {
    fn def(&self) -> &'static ActionDef {
        &inputs::TAKE_HQ
    }
    fn prefill(&self, _: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        with_defaults(self.def(), params)
    }
    fn check_inputs(&self, _: &BattleView<'_>, _: &Params) -> Result<(), RuleError> {
        Ok(())
    }
    /// Takes the headquarters for the enemy, or retakes it for its own side.
    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        let hq = unit_param(v, p, "hq")?;
        let by = unit_param(v, p, "by")?;
        if kind_of(v, hq)? != Kind::Headquarters {
            return Err(refuse::refused(v, hq, "is not a headquarters"));
        }
        on_table(v, hq)?;
        on_table(v, by)?;
        regiment_or_squadron(
            v,
            by,
            "takes a headquarters, by reaching it (not a gun or another headquarters)",
        )?;
        let lost = kit::has(v, hq, HQ_LOST);
        let own = fights_for(v, by) == v.info(hq).side;
        let mut out = Outcome::default();
        match (own, lost) {
            (false, false) => {
                may_start(v, by, "take a headquarters")?;
                out.effects.push(kit::flag(v, hq, HQ_LOST, true));
                out.summary = format!(
                    "{} takes {}: {} has lost it",
                    v.info(by).id,
                    v.label(hq),
                    v.roster.sides[v.info(hq).side].name
                );
            }
            (true, true) => {
                may_start(v, by, "retake a headquarters")?;
                out.effects.push(kit::marker(v, hq, HQ_LOST, None));
                out.summary = format!("{} retakes {}: held again", v.info(by).id, v.label(hq));
            }
            (false, true) => {
                return Err(refuse::refused(v, hq, "is already in the enemy's hands"));
            }
            (true, false) => {
                return Err(refuse::refused(v, hq, "is held by its own side already"));
            }
        }
        Ok(out)
    }
}

