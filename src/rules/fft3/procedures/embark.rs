//! Infantry boarding a carrier in its side's movement phase: a halftrack, a truck or a Soviet
//! tank, one stand each (the carrier spends 2 movement points).

use super::super::defs::{self, PH_MOVEMENT, RIDING};
use super::super::stands::{
    carrier_of, in_phase, nationality, on_table, own_side, rider_of, stand_type, };
use super::super::tables::{Class, Data};
use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::ruleset::{ActResult, Procedure, kit};

/// An infantry stand boards a halftrack, truck or Soviet tank.
pub struct Embark;

impl Procedure for Embark {
    fn def(&self) -> &'static ActionDef {
        &defs::EMBARK
    }

    fn check_inputs(&self, v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        super::moving(v, given)
    }

    /// The stand marked aboard its carrier, if both are its side's, free and able.
    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        let data = Data::from_options(v.options);
        let u = kit::input_unit(v, p, defs::EMBARK_PARAMS, "stand")?;
        let c = kit::input_unit(v, p, defs::EMBARK_PARAMS, "carrier")?;
        on_table(v, u)?;
        on_table(v, c)?;
        in_phase(v, "carrying infantry", &[PH_MOVEMENT])?;
        own_side(v, u, "a stand boards")?;
        if v.info(u).side != v.info(c).side {
            return Err(refuse::refused(v, c, "is the enemy's"));
        }
        if !stand_type(&data, v, u)?.is_infantry() {
            return Err(refuse::refused(v, u, "is not an infantry stand"));
        }
        if let Some(now) = carrier_of(v, u) {
            return Err(RuleError::refused(format!(
                "{} already rides {}",
                v.label(u),
                v.label(now)
            )));
        }
        let cty = stand_type(&data, v, c)?;
        let carries = match cty.class() {
            Some(Class::Halftrack | Class::Truck) => true,
            Some(Class::Tank) => nationality(&data, v, c)?.id == "soviet",
            None => false,
        };
        if !carries {
            return Err(refuse::refused(v, c, "cannot carry infantry: only halftracks, trucks and Soviet tanks do"));
        }
        if let Some(r) = rider_of(v, c) {
            return Err(RuleError::refused(format!(
                "{} already carries {}",
                v.label(c),
                v.label(r)
            )));
        }
        Ok(super::simple(
            format!(
                "{} boards {} (the carrier spends 2 movement points)",
                v.label(u),
                v.label(c)
            ),
            vec![kit::unit_marker(v, u, RIDING, Some(c))],
        ))
    }
}

