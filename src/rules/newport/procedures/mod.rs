//! Newport's procedures, one object each: what it refuses as soon as a unit is named, which
//! inputs matter, what it fills in from the battle, its odds, and what it does to the units. Each
//! reads the units, builds the same table inputs as `umpire resolve` (`fire`, `close_combat`,
//! `command`), rolls through them, and turns the result into effects.
//!
//! Here also what several share: filling inputs from the battle, and `offers`, the follow-ups
//! (opportunity fire, a close combat) a procedure offers.

mod air;
mod artillery;
mod close_combat;
mod command_points;
mod command_roll;
mod fire;
mod morale_check;
mod movement;
pub(super) mod offers;
mod panic;
mod rally;
mod smoke;

pub use air::Air;
pub use artillery::Artillery;
pub use close_combat::CloseCombat;
pub use command_points::CommandPoints;
pub use command_roll::CommandRoll;
pub use fire::Fire;
pub use morale_check::MoraleCheck;
pub use movement::Move;
pub use panic::Panic;
pub use rally::Rally;
pub use smoke::Smoke;

use super::battle_command::command_roll_possible;
use super::units::method;
use crate::declare::{ActionDef, Params, RuleError, Value};
use crate::model::BattleView;

/// A text value.
fn text(s: &str) -> Value {
    Value::Text(s.to_string())
}

/// `p` with the defaults of `def`'s inputs filled in: the last step of every prefill.
fn with_defaults(def: &ActionDef, mut p: Params) -> Result<Params, RuleError> {
    p.fill_defaults(def.params)?;
    Ok(p)
}

/// Whether an `out-of-command` input can matter for `unit`'s action in its own action phase:
/// only under command method 2, for a stand that is not a leader and has not already passed a
/// command roll this turn. Before the stand is named: whether the side moving plays method 2.
fn command_roll_matters(v: &BattleView<'_>, unit: Option<usize>) -> bool {
    match unit {
        Some(u) => v.info(u).side == v.active_side() && command_roll_possible(v, u),
        None => method(v, v.active_side()) == 2,
    }
}

/// Whether the kind given in input `name` passes `test` (or is not given yet).
fn kind_is(p: &Params, name: &str, test: fn(&str) -> bool) -> bool {
    p.text(name).is_none_or(test)
}
