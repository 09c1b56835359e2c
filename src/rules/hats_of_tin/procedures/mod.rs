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
