//! `scruby` — Jack Scruby, *The Strategy-Tactical Wargame* (1961): musket-era grand tactics on a
//! d6, where a regiment is a tray of up to 4 figures and each figure is a casualty marker.
//!
//! - [`defs`]: options, kinds, markers, phases, what a unit is, how and where it stands, and
//!   [`Settings`] (the options as plain values); [`inputs`]: each procedure's inputs and
//!   declaration; [`decisions`]: the readings of the text this program applies;
//! - [`tables`]: the published tables as data and the faces each entry needs; [`fire`]: rifle
//!   fire; [`artillery`]: a gun's fire, counter-battery and canister; [`melee`]: melee, reinforced
//!   melee and the morale throw; [`crew`]: melee against a gun crew; [`scouts`]: light cavalry's
//!   morale combat — each read with dice or counted into exact odds ([`crate::odds::exact`]);
//! - [`procedures`]: one object per procedure, what it reads of the battle, refuses and changes,
//!   with what they share in [`battle`] and [`concealment`] (concealed columns exposed);
//! - [`turn`]: the move and its order, the badges; [`validate`]: the scenario checks.

pub mod artillery;
pub mod battle;
pub mod concealment;
pub mod crew;
pub mod decisions;
pub mod defs;
pub mod fire;
pub mod inputs;
pub mod melee;
pub mod procedures;
pub mod scouts;
pub mod tables;
pub mod turn;
pub mod validate;

pub use defs::Settings;

use crate::declare::{Declaration, Losses};
use crate::dice::Die;
use crate::ruleset::{Definition, Rules};
use procedures::*;

/// The Scruby rule set.
#[derive(Clone, Copy, Debug, Default)]
pub struct Scruby;

/// The rule set's id, as typed and as its resolutions name it.
pub(crate) const ID: &str = "scruby";

static DEFINITION: Definition = Definition {
    declaration: Declaration {
        id: ID,
        title: "Jack Scruby, The Strategy-Tactical Wargame (musket-era grand tactics)",
        example: &[
            "scruby",
            "melee",
            "--attacker",
            "grenadier",
            "--attacker-figures",
            "4",
            "--defender",
            "heavy-cavalry",
            "--defender-figures",
            "3",
            "--dice",
            "2,5",
        ],
        die: Die::D6,
        options: defs::OPTIONS,
        kinds: defs::KINDS,
        qualities: defs::QUALITIES,
        levels: defs::LEVELS,
        unit_fields: defs::UNIT_FIELDS,
        markers: defs::MARKERS,
        counters: defs::COUNTERS,
        areas: defs::AREAS,
        phases: defs::PHASES,
        decisions: decisions::DECISIONS,
        conceals: true,
        losses: Losses {
            one: "figure",
            many: "figures",
            counts_left: true,
        },
        tables: tables::table_docs,
        option_conflicts: defs::option_conflicts,
        ..Declaration::EMPTY
    },
    procedures: &[
        &Rifle,
        &Artillery,
        &Canister,
        &Melee,
        &ReinforcedMelee,
        &MeleeCrew,
        &LcMorale,
        &Expose,
        &Deploy,
        &Form,
        &TakeHq,
        &HoldGun,
    ],
};

impl Rules for Scruby {
    fn definition(&self) -> &'static Definition {
        &DEFINITION
    }
}

/// The settings in force for a test: the defaults with `KEY=VALUE` changes.
#[cfg(test)]
pub(crate) fn test_settings(changes: &[&str]) -> Settings {
    let options = crate::declare::Options::with_changes(defs::OPTIONS, changes);
    Settings::from_options(&options.expect("valid options"))
}

#[cfg(test)]
mod tests;
