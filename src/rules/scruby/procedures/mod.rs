//! Scruby's procedures, one object each ([`crate::ruleset::Procedure`]) in a file of its own:
//! what each fills in from the battle, refuses, rolls and changes. The seven that roll also
//! resolve on their own, from the table (`umpire resolve scruby …`); the rest only change a
//! battle.
//!
//! None refuses before its inputs are complete (each one's `check_inputs` accepts what is
//! given): its refusals come with its odds and when it is carried out, in the same words.

mod artillery;
mod canister;
mod deploy;
mod expose;
mod form;
mod hold_gun;
mod lc_morale;
mod melee;
mod melee_crew;
mod reinforced_melee;
mod rifle;
mod take_hq;

pub use artillery::Artillery;
pub use canister::Canister;
pub use deploy::Deploy;
pub use expose::Expose;
pub use form::Form;
pub use hold_gun::HoldGun;
pub use lc_morale::LcMorale;
pub use melee::Melee;
pub use melee_crew::MeleeCrew;
pub use reinforced_melee::ReinforcedMelee;
pub use rifle::Rifle;
pub use take_hq::TakeHq;


