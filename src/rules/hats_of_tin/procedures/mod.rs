//! Hats of Tin's procedures, one object each: its inputs read off the battle, what it refuses,
//! its odds, its resolution and its effects. What several share stands beside them: the refusal
//! of a procedure that rolls nothing ([`rolls_nothing!`]), the inputs a battle fills in from the
//! units ([`from_the_units`]).

mod assault;
mod attach;
mod detach;
mod disembark;
mod embark;
mod r#move;
mod orders;
mod overwatch;
mod rally;
mod shoot;
mod take_hits;

pub use assault::Assault;
pub use attach::Attach;
pub use detach::Detach;
pub use disembark::Disembark;
pub use embark::Embark;
pub use r#move::Move;
pub use orders::Orders;
pub use overwatch::Overwatch;
pub use rally::Rally;
pub use shoot::Shoot;
pub use take_hits::TakeHits;

use crate::declare::{ActionDef, RuleError};

/// The refusal of a table-only resolution of a procedure that has none.
pub fn not_table_only(def: &ActionDef) -> RuleError {
    RuleError::refused(format!(
        "`{}` is not a table-only procedure of hats-of-tin",
        def.id
    ))
}

/// The refusal of odds of a procedure that rolls nothing in a battle.
pub fn no_odds(def: &ActionDef) -> RuleError {
    RuleError::refused(format!("`{}` has no odds: nothing is rolled", def.id))
}

/// The methods of a procedure that only changes a battle and rolls nothing: no table-only
/// resolution, and no odds, each refused in the rule set's words.
macro_rules! rolls_nothing {
    () => {
        fn table_odds(
            &self,
            _: &$crate::declare::Params,
            _: &$crate::declare::Options,
        ) -> Result<$crate::odds::OddsReport, $crate::declare::RuleError> {
            Err($crate::rules::hats_of_tin::procedures::not_table_only(
                self.def(),
            ))
        }

        fn table_resolve(
            &self,
            _: &$crate::declare::Params,
            _: &$crate::declare::Options,
            _: &mut dyn $crate::dice::DiceSource,
        ) -> Result<$crate::resolution::Resolution, $crate::declare::RuleError> {
            Err($crate::rules::hats_of_tin::procedures::not_table_only(
                self.def(),
            ))
        }

        fn battle_odds(
            &self,
            _: &$crate::model::BattleView<'_>,
            _: &$crate::declare::Params,
        ) -> Result<$crate::odds::OddsReport, $crate::declare::RuleError> {
            Err($crate::rules::hats_of_tin::procedures::no_odds(self.def()))
        }
    };
}
pub(crate) use rolls_nothing;

/// True for an input that the units of a battle give (a commander attached, a unit's hits,
/// quality, armour or class, the retreats of a fire taken with take-hits): entered by hand only
/// off the battle.
pub fn from_the_units(name: &str) -> bool {
    matches!(
        name,
        "commander-attached"
            | "lone-commander"
            | "hits"
            | "quality"
            | "hits-before"
            | "first-retreats"
            | "second-retreats"
            | "target-armour"
            | "friend-armour"
            | "target-commander"
            | "firer-class"
    )
}
