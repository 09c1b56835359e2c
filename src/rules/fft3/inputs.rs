//! The umpire's inputs read into the procedures.

use crate::dice::DiceSource;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::{Options, Params, RuleError};

pub fn odds(action: &str, _params: &Params, _options: &Options) -> Result<OddsReport, RuleError> {
    Err(RuleError::refused(format!("`{action}`: in progress")))
}

pub fn resolve(
    action: &str,
    _params: &Params,
    _options: &Options,
    _dice: &mut dyn DiceSource,
) -> Result<Resolution, RuleError> {
    Err(RuleError::refused(format!("`{action}`: in progress")))
}
