//! Refusals that name the unit refused, in the words every rule set uses: the unit's name and id
//! first, then why ("1st Rifles (b1) has fired this turn").

use crate::declare::RuleError;
use crate::model::BattleView;

/// The refusal of `unit` for `why`: "NAME (ID) WHY".
pub fn refused(v: &BattleView<'_>, unit: usize, why: &str) -> RuleError {
    RuleError::refused(format!("{} {why}", v.label(unit)))
}

/// Refuses `unit` for `why` when `cond` holds.
pub fn unless(cond: bool, v: &BattleView<'_>, unit: usize, why: &str) -> Result<(), RuleError> {
    if cond {
        Err(refused(v, unit, why))
    } else {
        Ok(())
    }
}

/// Refuses `unit` when it is no longer on the table, with the cause of its removal: "NAME (ID) is
/// no longer on the table (destroyed by fire)"; or not yet on it: "NAME (ID) is not yet on the
/// table (it arrives on turn 6)".
pub fn on_table(v: &BattleView<'_>, unit: usize) -> Result<(), RuleError> {
    let st = v.unit_state(unit);
    match (&st.removed, st.awaited) {
        (Some(cause), _) => Err(refused(
            v,
            unit,
            &format!("is no longer on the table ({cause})"),
        )),
        (None, Some(a)) => Err(refused(
            v,
            unit,
            &format!("is not yet on the table (it arrives {})", a.words()),
        )),
        (None, None) => Ok(()),
    }
}
