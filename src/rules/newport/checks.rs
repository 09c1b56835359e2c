//! The refusals Newport's procedures share: a stand off the table, a procedure outside the action
//! phase, a stand that may not act (not its side's turn, Finished, moving into contact), a target
//! of its own side or off the table, a leader sheltered by the stand it is in contact with, an
//! off-table asset of the wrong kind.

use super::defs::*;
use super::units::{is_asset, is_leader};
use crate::declare::{Params, RuleError};
use crate::model::BattleView;
use crate::ruleset::kit::{self, refuse};
pub(super) use crate::ruleset::kit::refuse::on_table;

/// What a stand of the side moving is about to do, as far as the refusals of
/// [`own_ready_stand`] differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Acting {
    /// Fire: the refusal of a stand of the other side points to opportunity fire.
    Fire,
    /// A close combat: the one action a stand moving into contact may still take.
    CloseCombat,
    /// Anything else (moving, spotting, rallying, a command roll, support).
    Other,
}

/// The unit named by input `name`, once it names one of the battle (the id trimmed).
pub(super) fn named(v: &BattleView<'_>, p: &Params, name: &str) -> Option<usize> {
    p.text(name).and_then(|id| v.roster.unit_index(id.trim()))
}

/// Refuses `what` outside the action phase.
pub(super) fn in_action_phase(v: &BattleView<'_>, what: &str) -> Result<(), RuleError> {
    if v.state.phase == PH_ACTION {
        Ok(())
    } else {
        Err(RuleError::refused(format!(
            "{what} happens in the action phase; advance the phase first"
        )))
    }
}

/// Refuses a stand that may not act now: off the table, of the side not moving, Finished, or
/// moving into contact (unless `acting` is its close combat).
pub(super) fn own_ready_stand(
    v: &BattleView<'_>,
    u: usize,
    acting: Acting,
) -> Result<(), RuleError> {
    on_table(v, u)?;
    let info = v.info(u);
    if info.side != v.active_side() {
        return Err(RuleError::refused(format!(
            "{} belongs to {}, whose turn it is not{}",
            v.label(u),
            v.roster.sides[info.side].name,
            if acting == Acting::Fire {
                " (a stand of the side not moving fires opportunity fire)"
            } else {
                ""
            }
        )));
    }
    if kit::has(v, u, FINISHED) {
        return Err(refuse::refused(v, u, "is Finished: it has already acted this turn"));
    }
    if acting != Acting::CloseCombat && kit::has(v, u, CLOSING) {
        return Err(refuse::refused(v, u, "is moving into contact: its action is the close combat, resolved after any opportunity fire at it"));
    }
    Ok(())
}

/// Refuses a target `t` of `by` that is off the table, of `by`'s own side, or an off-table asset.
pub(super) fn enemy_target(v: &BattleView<'_>, by: usize, t: usize) -> Result<(), RuleError> {
    on_table(v, t)?;
    if v.info(t).side == v.info(by).side {
        return Err(RuleError::refused(format!(
            "{} is on the same side as {}",
            v.label(t),
            v.label(by)
        )));
    }
    if is_asset(v.info(t)) {
        return Err(refuse::refused(v, t, "is off the table and cannot be targeted"));
    }
    Ok(())
}

/// The stand a leader is in contact with, checked: the target must be a leader, the stand one of
/// its side's.
pub(super) fn contact_of(v: &BattleView<'_>, leader: usize, id: &str) -> Result<usize, RuleError> {
    let c = v.unit(id.trim())?;
    if !is_leader(v.info(leader)) {
        return Err(refuse::refused(v, leader, "is not a leader: only a leader is sheltered by a stand it is in contact with"));
    }
    if c == leader || v.info(c).side != v.info(leader).side {
        return Err(RuleError::refused(format!(
            "{} cannot shelter {}: name a stand of its own side",
            v.label(c),
            v.label(leader)
        )));
    }
    Ok(c)
}

/// A leader in contact with another stand cannot be targeted on its own while that stand stands.
pub(super) fn sheltered(v: &BattleView<'_>, target: usize, p: &Params) -> Result<(), RuleError> {
    let Some(id) = p.text("contact").filter(|c| !c.trim().is_empty()) else {
        return Ok(());
    };
    let c = contact_of(v, target, id)?;
    if v.unit_state(c).on_table() {
        return Err(RuleError::refused(format!(
            "{} is in contact with {}: it cannot be targeted on its own and takes a hit only once that stand is gone",
            v.label(target),
            v.label(c)
        )));
    }
    Ok(())
}

/// Refuses an off-table asset `a` that is not of one of `kinds`, or that may not act now.
pub(super) fn ready_asset(v: &BattleView<'_>, a: usize, kinds: &[&str]) -> Result<(), RuleError> {
    let i = v.info(a);
    if !kinds.contains(&i.kind.as_str()) {
        return Err(RuleError::refused(format!(
            "{} is of kind `{}`; this needs one of: {}",
            v.label(a),
            i.kind,
            kinds.join(", ")
        )));
    }
    own_ready_stand(v, a, Acting::Other)
}
