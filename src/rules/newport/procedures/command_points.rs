//! The `command-points` procedure (command method 3): a battalion's command points for the turn,
//! rolled on the table only; in a battle the command phase rolls them.

use super::with_defaults;
use crate::declare::{ActionDef, Options, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::newport::command;
use crate::rules::newport::defs::COMMAND_POINTS_DEF;
use crate::ruleset::Procedure;

/// A method-3 command-point roll.
pub struct CommandPoints;

impl Procedure for CommandPoints {
    fn def(&self) -> &'static ActionDef {
        &COMMAND_POINTS_DEF
    }

    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        command::command_points_odds(params, options, None)
    }

    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        Ok(command::resolve_command_points(params, options, None, dice)?.0)
    }

    fn prefill(&self, _v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        with_defaults(self.def(), params.clone())
    }

}
