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
use crate::declare::{ActionDef, ParamDef, Params, RuleError, Value};
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

/// The refusal of a table-only resolution of a procedure used only in a battle.
pub fn not_table_only(def: &ActionDef) -> RuleError {
    RuleError::refused(format!(
        "`{}` is not a table-only procedure of fft3",
        def.id
    ))
}

/// The refusal of odds for a procedure that rolls nothing.
pub fn no_odds(def: &ActionDef) -> RuleError {
    RuleError::refused(format!("`{}` has no odds: nothing is rolled", def.id))
}

/// The methods of a procedure used only in a battle: it has no table-only resolution and no
/// odds off the battle ([`not_table_only`]).
macro_rules! off_table {
    () => {
        fn table_odds(
            &self,
            _params: &$crate::declare::Params,
            _options: &$crate::declare::Options,
        ) -> Result<$crate::odds::OddsReport, $crate::declare::RuleError> {
            Err(super::not_table_only(self.def()))
        }

        fn table_resolve(
            &self,
            _params: &$crate::declare::Params,
            _options: &$crate::declare::Options,
            _dice: &mut dyn $crate::dice::DiceSource,
        ) -> Result<$crate::resolution::Resolution, $crate::declare::RuleError> {
            Err(super::not_table_only(self.def()))
        }
    };
}
pub(crate) use off_table;

/// The methods of a procedure that only sets a marker: off the table ([`off_table`]), and no
/// odds in a battle either ([`no_odds`]).
macro_rules! nothing_rolled {
    () => {
        super::off_table!();

        fn battle_odds(
            &self,
            _battle: &$crate::model::BattleView<'_>,
            _params: &$crate::declare::Params,
        ) -> Result<$crate::odds::OddsReport, $crate::declare::RuleError> {
            Err(super::no_odds(self.def()))
        }
    };
}
pub(crate) use nothing_rolled;

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
