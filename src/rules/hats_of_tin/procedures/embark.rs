//! `embark`: a unit boards a truck or boat of its side as part of its move order.

use crate::declare::{ActionDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::rules::hats_of_tin::battle::command::{check_ordered, move_order, order_words};
use crate::rules::hats_of_tin::battle::moment::passing;
use crate::rules::hats_of_tin::battle::rounds::{finish, no_round_waiting};
use crate::rules::hats_of_tin::battle::units::{
    action_phase, carrier_of, in_play, is_carrier, is_commander, own_turn, passenger_of,
    refused, };
use crate::rules::hats_of_tin::defs::*;
use crate::ruleset::{ActResult, Procedure, kit};

/// The `embark` procedure.
pub struct Embark;

/// Refuses `u` boarding `c`: a carrier of its side with room, a unit that may be carried and is
/// not already.
fn may_board(v: &BattleView<'_>, u: usize, c: usize) -> Result<(), RuleError> {
    if v.info(c).side != v.info(u).side || !is_carrier(v, c) || c == u {
        return Err(refused(format!(
            "{} is not a truck or boat of {}'s side",
            v.label(c),
            v.label(u)
        )));
    }
    if is_commander(v, u) || is_carrier(v, u) {
        return Err(refused(format!("{} cannot be carried", v.label(u))));
    }
    if let Some(now) = carrier_of(v, u) {
        return Err(refused(format!(
            "{} is already on {}",
            v.label(u),
            v.label(now)
        )));
    }
    if let Some(x) = passenger_of(v, c) {
        return Err(refused(format!(
            "{} already carries {}",
            v.label(c),
            v.label(x)
        )));
    }
    Ok(())
}

impl Procedure for Embark {
    fn def(&self) -> &'static ActionDef {
        &A_EMBARK
    }

    fn check_inputs(&self, v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        check_ordered(v, self.def().id, kit::named(v, given, "unit"), true)
    }

    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        action_phase(v, "boarding")?;
        no_round_waiting(v)?;
        let u = kit::input_unit(v, p, EMBARK_PARAMS, "unit")?;
        let c = kit::input_unit(v, p, EMBARK_PARAMS, "carrier")?;
        in_play(v, u)?;
        in_play(v, c)?;
        own_turn(v, u, "a unit boards")?;
        may_board(v, u, c)?;
        let (mut effects, by) = move_order(v, u)?;
        effects.push(kit::unit_marker(v, u, EMBARKED, Some(c)));
        Ok(finish(
            format!(
                "{} boards {}{} (loading costs ½ area of the move)",
                v.label(u),
                v.label(c),
                order_words(&by)
            ),
            Vec::new(),
            passing(v, effects),
        ))
    }
}
