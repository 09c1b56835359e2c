//! Overwatch: a stand eligible to fire takes it in its own fire phase instead of firing, for one
//! attack at −1 in the opponent's next movement phase (the attack itself is the stand's fire).

use super::super::defs::{self, FIRED_AV, OVERWATCH, PH_FIRE};
use super::super::fire::Attack;
use super::super::stands::{in_phase, own_side, stand_type};
use super::super::tables::Data;
use super::fire::may_fire;
use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::ruleset::{ActResult, Procedure, kit};

/// A stand takes Overwatch instead of firing.
pub struct Overwatch;

impl Procedure for Overwatch {
    fn def(&self) -> &'static ActionDef {
        &defs::TAKE_OVERWATCH
    }

    fn check_inputs(&self, v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        in_phase(v, "taking Overwatch", &[PH_FIRE])?;
        if let Some(u) = kit::named(v, given, "stand") {
            own_side(v, u, "a stand takes Overwatch")?;
        }
        Ok(())
    }

    /// The marker taken, by a stand that could fire now and has not.
    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        let data = Data::from_options(v.options);
        let u = kit::input_unit(v, p, defs::STAND_PARAMS, "stand")?;
        in_phase(v, "taking Overwatch", &[PH_FIRE])?;
        own_side(v, u, "a stand takes Overwatch")?;
        let ty = stand_type(&data, v, u)?;
        if ty.ai_weapon().is_none() && ty.av_weapons().is_empty() {
            return Err(refuse::refused(v, u, "cannot fire: no Overwatch"));
        }
        if kit::has(v, u, OVERWATCH) {
            return Err(refuse::refused(v, u, "is already on Overwatch"));
        }
        // Eligible to fire: the same refusals as a fire (strategic movement, carried, attacks made).
        may_fire(v, ty, u, Attack::AntiInfantry)?;
        if kit::has(v, u, FIRED_AV) {
            return Err(refuse::refused(v, u, "has fired this turn"));
        }
        Ok(super::simple(
            format!(
                "{} takes Overwatch instead of firing: one attack at −1 in the opponent's next movement phase",
                v.label(u)
            ),
            vec![kit::flag(v, u, OVERWATCH, true)],
        ))
    }
}

