//! The `morale-check` procedure (the morale_check option): a stand's roll to improve one level,
//! rolled on the table only; in a battle morale recovery rolls it.

use super::with_defaults;
use crate::declare::{ActionDef, Options, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::newport::command;
use crate::rules::newport::defs::MORALE_CHECK_DEF;
use crate::ruleset::Procedure;

/// A morale-recovery check.
pub struct MoraleCheck;

impl Procedure for MoraleCheck {
    fn def(&self) -> &'static ActionDef {
        &MORALE_CHECK_DEF
    }

    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        command::morale_check_odds(params, options)
    }

    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        Ok(command::resolve_morale_check(params, options, dice)?.0)
    }

    fn prefill(&self, _v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        with_defaults(self.def(), params.clone())
    }

}
