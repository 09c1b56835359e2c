//! Newport in a battle (in progress).
use crate::battle::{BattleView, Effect, UnitInfo};
use crate::dice::DiceSource;
use crate::odds::OddsReport;
use crate::rules::{Badge, Options, Outcome, Params, PhaseChange, RuleError};
use crate::scenario::{Problem, ScenarioFile};

pub fn validate(_f: &ScenarioFile, _o: &Options) -> Vec<Problem> {
    Vec::new()
}
pub fn hit_limit(_u: &UnitInfo, _o: &Options) -> u32 {
    3
}
pub fn prefill(_v: &BattleView<'_>, _a: &str, p: &Params) -> Result<Params, RuleError> {
    Ok(p.clone())
}
pub fn odds(_v: &BattleView<'_>, _a: &str, _p: &Params) -> Result<OddsReport, RuleError> {
    Err(RuleError::refused("in progress"))
}
pub fn act(
    _v: &BattleView<'_>,
    _a: &str,
    _p: &Params,
    _d: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    Err(RuleError::refused("in progress"))
}
pub fn start(_v: &BattleView<'_>) -> Vec<Effect> {
    Vec::new()
}
pub fn advance(_v: &BattleView<'_>, _d: &mut dyn DiceSource) -> Result<PhaseChange, RuleError> {
    Err(RuleError::refused("in progress"))
}
pub fn badges(_v: &BattleView<'_>, _u: usize) -> Vec<Badge> {
    Vec::new()
}
pub fn formation_badges(_v: &BattleView<'_>, _f: usize) -> Vec<Badge> {
    Vec::new()
}
