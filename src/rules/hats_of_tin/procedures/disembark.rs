//! `disembark`: a unit gets off its carrier onto an empty area as part of its move order; it
//! enters the area, and the enemy's Overwatch has its moment at it.

use crate::declare::{ActionDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::rules::hats_of_tin::battle::command::{check_ordered, move_order, order_words};
use crate::rules::hats_of_tin::battle::moment::acted;
use crate::rules::hats_of_tin::battle::rounds::{Applied, finish, no_round_waiting};
use crate::rules::hats_of_tin::battle::units::{
    action_phase, carrier_of, in_play, own_turn, refused, };
use crate::rules::hats_of_tin::defs::*;
use crate::ruleset::{ActResult, Procedure, kit};

/// The `disembark` procedure.
pub struct Disembark;

impl Procedure for Disembark {
    fn def(&self) -> &'static ActionDef {
        &A_DISEMBARK
    }

    fn check_inputs(&self, v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        check_ordered(v, self.def().id, kit::named(v, given, "unit"), true)
    }

    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        action_phase(v, "getting off")?;
        no_round_waiting(v)?;
        let u = kit::input_unit(v, p, UNIT_PARAMS, "unit")?;
        in_play(v, u)?;
        own_turn(v, u, "a unit gets off")?;
        let c =
            carrier_of(v, u).ok_or_else(|| refused(format!("{} is not carried", v.label(u))))?;
        let (mut effects, by) = move_order(v, u)?;
        effects.push(kit::unit_marker(v, u, EMBARKED, None));
        let mut a = Applied {
            effects,
            ..Applied::default()
        };
        // Troops "disembark onto an empty area": they enter it, and the enemy's Overwatch has its
        // moment at them.
        acted(v, u, "got off", &mut a);
        Ok(finish(
            format!(
                "{} gets off {}{} (unloading costs ½ area of the move)",
                v.label(u),
                v.label(c),
                order_words(&by)
            ),
            Vec::new(),
            a,
        ))
    }
}
