//! `orders`: the orders roll off the battle (in a battle it is rolled at the start of each
//! side's turn, by the turn sequence).

use crate::declare::{ActionDef, Options, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::hats_of_tin::defs::A_ORDERS;
use crate::rules::hats_of_tin::{inputs, orders};
use crate::ruleset::Procedure;

/// The `orders` procedure.
pub struct Orders;

impl Procedure for Orders {
    fn def(&self) -> &'static ActionDef {
        &A_ORDERS
    }

    fn table_odds(&self, params: &Params, _: &Options) -> Result<OddsReport, RuleError> {
        Ok(orders::odds(&inputs::orders_roll(params)))
    }

    fn table_resolve(
        &self,
        params: &Params,
        _: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        Ok(orders::resolve(&inputs::orders_roll(params), dice)?.0)
    }

    fn check_inputs(&self, _: &BattleView<'_>, _: &Params) -> Result<(), RuleError> {
        Ok(())
    }
}
