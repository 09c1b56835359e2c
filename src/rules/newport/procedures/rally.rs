//! The `rally` procedure (the leader_rally option): a leader of the side moving moves to a
//! Suppressed or Paralyzed stand of its side and improves it one level.

use super::with_defaults;
use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::rules::newport::battle_command::{has_point, spend_point};
use crate::rules::newport::checks::{Acting, in_action_phase, named, on_table, own_ready_stand};
use crate::rules::newport::defs::*;
use crate::rules::newport::tables::{Morale, Target};
use crate::rules::newport::units::{damage, is_leader, morale, target_of};
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// A leader's rally.
pub struct Rally;

impl Procedure for Rally {
    fn def(&self) -> &'static ActionDef {
        &RALLY_DEF
    }

    fn prefill(&self, _v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        with_defaults(self.def(), params.clone())
    }

    /// Whether leaders rally at all; then the leader and its command point; then the rally once
    /// the stand is named.
    fn check_inputs(&self, v: &BattleView<'_>, p: &Params) -> Result<(), RuleError> {
        rally_possible(v)?;
        if let Some(l) = named(v, p, "leader") {
            rally_leader_ready(v, l)?;
            has_point(v, l)?;
            if named(v, p, "unit").is_some() {
                rally_allowed(v, p)?;
            }
        }
        Ok(())
    }

    /// The leader Finished (after its command point), the stand improved one level.
    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        let (l, u) = rally_allowed(v, p)?;
        let before = target_of(v, u);
        let mut effects = vec![kit::flag(v, l, FINISHED, true)];
        let mut words = Vec::new();
        spend_point(v, l, &mut effects, &mut words)?;
        let after = Target {
            morale: before.morale.improved(),
            ..before
        };
        damage(v, u, before, after, "", &mut effects, &mut words);
        Ok(Outcome {
            summary: format!(
                "{} rallies {}: {}",
                v.label(l),
                v.label(u),
                if after.morale == Morale::Steady {
                    format!("no longer {}", before.morale.name())
                } else {
                    format!("{} → {}", before.morale.name(), after.morale.name())
                }
            ),
            resolutions: Vec::new(),
            effects,
            prompts: words,
            offers: Vec::new(),
        })
    }
}

/// Whether a leader may rally now at all: in the action phase, with the leader_rally option.
fn rally_possible(v: &BattleView<'_>) -> Result<(), RuleError> {
    in_action_phase(v, "a leader's rally")?;
    if !v.options.bool("leader_rally") {
        return Err(RuleError::refused(
            "leaders rally only with the leader_rally option",
        ));
    }
    Ok(())
}

/// Whether `l` may move to rally a stand, whichever it is.
fn rally_leader_ready(v: &BattleView<'_>, l: usize) -> Result<(), RuleError> {
    own_ready_stand(v, l, Acting::Other)?;
    rally_leader(v, l)?;
    steady_to_rally(v, l)
}

/// Only a leader rallies.
fn rally_leader(v: &BattleView<'_>, l: usize) -> Result<(), RuleError> {
    if !is_leader(v.info(l)) {
        return Err(refuse::refused(v, l, "is not a leader"));
    }
    Ok(())
}

/// A leader that may not move may not move to rally.
fn steady_to_rally(v: &BattleView<'_>, l: usize) -> Result<(), RuleError> {
    if morale(v, l) != Morale::Steady {
        return Err(RuleError::refused(format!(
            "{} is {}: it may not move to rally a stand",
            v.label(l),
            morale(v, l).name()
        )));
    }
    Ok(())
}

/// The leader and the stand it rallies, or why it may not.
fn rally_allowed(v: &BattleView<'_>, p: &Params) -> Result<(usize, usize), RuleError> {
    rally_possible(v)?;
    let l = kit::unit(v, p, "leader")?;
    let u = kit::unit(v, p, "unit")?;
    own_ready_stand(v, l, Acting::Other)?;
    on_table(v, u)?;
    rally_leader(v, l)?;
    if v.info(u).side != v.info(l).side {
        return Err(refuse::refused(v, u, "is an enemy stand"));
    }
    if u == l {
        return Err(RuleError::refused(
            "a leader rallies another stand, not itself",
        ));
    }
    steady_to_rally(v, l)?;
    if morale(v, u) == Morale::Steady {
        return Err(refuse::refused(v, u, "is neither Suppressed nor Paralyzed"));
    }
    Ok((l, u))
}
