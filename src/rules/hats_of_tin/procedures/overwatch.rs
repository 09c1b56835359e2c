//! `overwatch`: an ordered unit goes into Overwatch, for one shot in the enemy's turn at a unit
//! that moves or fires (the shot itself is `shoot`).

use crate::declare::{ActionDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::rules::hats_of_tin::battle::command::{check_ordered, give_order, order_words};
use crate::rules::hats_of_tin::battle::moment::moment_passes;
use crate::rules::hats_of_tin::battle::rounds::{Applied, finish, no_round_waiting};
use crate::rules::hats_of_tin::battle::units::{
    action_phase, is_commander, may_shoot, own_turn, refused, };
use crate::rules::hats_of_tin::defs::*;
use crate::ruleset::{ActResult, Procedure, kit};

/// The `overwatch` procedure.
pub struct Overwatch;

impl Procedure for Overwatch {
    fn def(&self) -> &'static ActionDef {
        &A_OVERWATCH
    }

    fn check_inputs(&self, v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        check_ordered(v, self.def().id, kit::named(v, given, "unit"), false)
    }

    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        action_phase(v, "going into Overwatch")?;
        no_round_waiting(v)?;
        let u = kit::input_unit(v, p, UNIT_PARAMS, "unit")?;
        own_turn(v, u, "a unit goes into Overwatch")?;
        if is_commander(v, u) {
            return Err(refused(format!(
                "{} is a commander: Overwatch is a unit's order",
                v.label(u)
            )));
        }
        may_shoot(v, u)?;
        let mut a = Applied::default();
        let (e, by) = give_order(v, u, "overwatch", &[])?;
        a.effects.extend(e);
        a.effects.push(kit::flag(v, u, OVERWATCH, true));
        moment_passes(v, &mut a);
        Ok(finish(
            format!(
                "{} goes into Overwatch{}: one shot in the enemy's turn at a unit that moves or fires",
                v.label(u),
                order_words(&by)
            ),
            Vec::new(),
            a,
        ))
    }
}
