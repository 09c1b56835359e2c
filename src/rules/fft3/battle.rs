//! What each procedure does to the stands.

use crate::battle::{BattleView, Effect};
use crate::dice::DiceSource;
use crate::odds::OddsReport;
use crate::rules::{Badge, Offer, Outcome, ParamDef, Params, PhaseChange, RuleError};

pub fn prefill(_v: &BattleView<'_>, _action: &str, params: &Params) -> Result<Params, RuleError> {
    Ok(params.clone())
}
pub fn odds(_v: &BattleView<'_>, action: &str, _p: &Params) -> Result<OddsReport, RuleError> {
    Err(RuleError::refused(format!("`{action}`: in progress")))
}
pub fn input_applies(_v: &BattleView<'_>, _a: &str, _i: &ParamDef, _g: &Params) -> bool {
    true
}
pub fn check_inputs(_v: &BattleView<'_>, _a: &str, _g: &Params) -> Result<(), RuleError> {
    Ok(())
}
pub fn act(
    _v: &BattleView<'_>,
    action: &str,
    _p: &Params,
    _d: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    Err(RuleError::refused(format!("`{action}`: in progress")))
}
pub fn start(_v: &BattleView<'_>) -> Vec<Effect> {
    Vec::new()
}
pub fn advance(_v: &BattleView<'_>, _d: &mut dyn DiceSource) -> Result<PhaseChange, RuleError> {
    Ok(PhaseChange::default())
}
pub fn offer_actors(_v: &BattleView<'_>, _o: &Offer) -> Vec<usize> {
    Vec::new()
}
pub fn badges(_v: &BattleView<'_>, _u: usize) -> Vec<Badge> {
    Vec::new()
}
pub fn formation_badges(_v: &BattleView<'_>, _f: usize) -> Vec<Badge> {
    Vec::new()
}
pub fn may_still_act(_v: &BattleView<'_>, _u: usize) -> bool {
    true
}
