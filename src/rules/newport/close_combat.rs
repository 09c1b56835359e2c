//! Close combat (in progress).
use crate::dice::DiceSource;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::{Options, Params, RuleError};

pub fn odds(_p: &Params, _o: &Options) -> Result<OddsReport, RuleError> {
    Err(RuleError::refused("close combat: in progress"))
}
pub fn resolve(
    _p: &Params,
    _o: &Options,
    _d: &mut dyn DiceSource,
) -> Result<(Resolution, ()), RuleError> {
    Err(RuleError::refused("close combat: in progress"))
}
