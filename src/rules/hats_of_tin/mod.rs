//! `hats-of-tin` — *Hats of Tin / Helmets of Steel*, rough-draft rules for 20th-century wargames
//! on a grid of areas: orders on 1d6, two dice a unit to shoot, hits against the unit's quality,
//! hits converted to retreats, assaults as one exchange of fire, rally.
//!
//! - [`defs`]: options, kinds, fields, markers, counters, phases, Decisions and every procedure's
//!   declaration; [`tables`]: the unit types, armour and firer classes and qualities as data;
//! - the rolls, in plain values: [`shoot`] (misses re-rolled against a friendly unit), [`hits`]
//!   (a round taken: retreats, a commander, the quality limit), [`assault`] (one exchange of
//!   fire), [`rally`], [`orders`]; [`inputs`] reads them from the inputs off the battle;
//! - [`procedures`]: one object a procedure, reading the units into those rolls and turning the
//!   results into effects;
//! - [`battle`]: what the procedures share of the battle (the units read, orders, rounds of hits,
//!   Overwatch's moment, the assault's second fire), the turn sequence and the badges;
//! - [`validate`]: a scenario's checks that need the rules.

pub mod assault;
pub mod battle;
pub mod defs;
pub mod hits;
pub mod inputs;
pub mod orders;
pub mod procedures;
pub mod rally;
pub mod shoot;
pub mod tables;
pub mod validate;

use crate::declare::Declaration;
use crate::dice::Die;
use crate::ruleset::{Definition, Rules};

/// The Hats of Tin rule set.
#[derive(Clone, Copy, Debug, Default)]
pub struct HatsOfTin;

static DEFINITION: Definition = Definition {
    declaration: Declaration {
        id: tables::RULESET,
        title: "Hats of Tin / Helmets of Steel: rough-draft rules for 20th-century wargames on a grid",
        example: &[
            "hats-of-tin",
            "shoot",
            "--firer",
            "infantry",
            "--commander-attached",
            "--target-cover",
            "--range",
            "2",
            "--dice",
            "6,5,3",
        ],
        die: Die::D6,
        options: defs::OPTIONS,
        kinds: defs::KINDS,
        qualities: defs::QUALITIES,
        levels: defs::LEVELS,
        unit_fields: defs::UNIT_FIELDS,
        markers: defs::MARKERS,
        counters: defs::COUNTERS,
        areas: &[],
        phases: defs::PHASES,
        decisions: defs::DECISIONS,
        leaders_are_units: false,
        tables: tables::table_docs,
        ..Declaration::EMPTY
    },
    procedures: &[
        &procedures::Shoot,
        &procedures::Assault,
        &procedures::TakeHits,
        &procedures::Rally,
        &procedures::Orders,
        &procedures::Move,
        &procedures::Overwatch,
        &procedures::Attach,
        &procedures::Detach,
        &procedures::Embark,
        &procedures::Disembark,
    ],
};

impl Rules for HatsOfTin {
    fn definition(&self) -> &'static Definition {
        &DEFINITION
    }
}
