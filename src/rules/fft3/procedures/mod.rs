//! FFT3's procedures, one object each, in the order the umpire is shown them ([`PROCEDURES`]),
//! and what several of them share: the refusals of a procedure with nothing to roll, the inputs
//! the battle fills in itself, the refusals of the movement phase.

mod artillery;
mod cohesion;
mod debark;
mod embark;
mod fire;
mod overwatch;
mod quality_check;
mod strategic;
mod template;

pub use artillery::Artillery;
pub use cohesion::Cohesion;
pub use debark::Debark;
pub use embark::Embark;
pub use fire::{ANTI_INFANTRY, ANTI_VEHICLE, Fire};
pub use overwatch::Overwatch;
pub use quality_check::QualityCheck;
pub use strategic::Strategic;
pub use template::Touch;

use super::defs::PH_MOVEMENT;
use super::stands::{in_phase, on_table, own_side};
use crate::declare::{ParamDef, Params, RuleError, Value};
use crate::model::{BattleView, Effect};
use crate::ruleset::{Outcome, Procedure, kit};

/// Every procedure, in the order the umpire is shown them.
pub static PROCEDURES: &[&dyn Procedure] = &[
    &ANTI_VEHICLE,
    &ANTI_INFANTRY,
    &Artillery,
    &Touch,
    &QualityCheck,
    &Overwatch,
    &Strategic,
    &Embark,
    &Debark,
    &Cohesion,
];

/// Whether the umpire is asked for `input` in a battle: the stands say the nationalities, the
/// riders and a second artillery check, which are given by hand only off the battle.
pub fn asked_in_battle(input: &ParamDef) -> bool {
    !matches!(
        input.name,
        "nationality" | "target-nationality" | "riders" | "checked"
    )
}

/// Sets the input `name` to `value` unless it is given already.
pub fn fill(p: &mut Params, name: &str, value: Value) {
    if p.get(name).is_none() {
        p.set(name, value);
    }
}

/// The refusals a stand's move already shows: the movement phase, a stand in the fight, of the
/// side that moves.
pub fn moving(v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
    in_phase(v, "movement", &[PH_MOVEMENT])?;
    if let Some(u) = kit::named(v, given, "stand") {
        on_table(v, u)?;
        own_side(v, u, "a stand moves")?;
    }
    Ok(())
}

/// What a procedure that rolls nothing gives back: its summary and its effects.
pub fn simple(summary: String, effects: Vec<Effect>) -> Outcome {
    Outcome {
        summary,
        effects,
        ..Outcome::default()
    }
}
