//! `fft3` — Ty Beard and Paul Minson, *A Fistful of TOWs 3*, introductory rules for World War 2:
//! stands of about a platoon or five vehicles on a d6, ROF dice to hit, penetration dice, quality
//! checks and artillery templates.
//!
//! - [`defs`]: options, kinds, fields, markers, counters, phases, decisions, procedures and their
//!   inputs; [`tables`]: the vehicle, infantry and nationality tables as data, and the data in
//!   force for a scenario that changes or extends them; [`validate`]: a scenario's checks that
//!   need the rules;
//! - [`fire`]: anti-vehicle and anti-infantry fire, several firers at one target together;
//!   [`artillery`]: a template and every stand under it; [`check`]: the quality check — each
//!   thrown with its explanation or counted into exact odds; [`inputs`]: the umpire's inputs
//!   read into them off the battle;
//! - [`procedures`]: each procedure as one object, in a battle and off it, reading the stands
//!   ([`stands`]) and the templates on the table ([`templates`]);
//! - [`turn`]: the turn's automatic steps; [`badges`]: what the umpire sees of the stands.

pub mod artillery;
pub mod badges;
pub mod check;
pub mod defs;
pub mod fire;
pub mod inputs;
pub mod procedures;
pub mod stands;
pub mod tables;
pub mod templates;
pub mod turn;
pub mod validate;

use crate::declare::{Declaration, Losses};
use crate::dice::Die;
use crate::ruleset::{Definition, Rules};

/// The FFT3 rule set.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fft3;

pub(crate) const ID: &str = "fft3";

static DEFINITION: Definition = Definition {
    declaration: Declaration {
        id: ID,
        title: "Ty Beard and Paul Minson, A Fistful of TOWs 3: introductory rules for World War 2",
        nouns: ("stand", "stands"),
        example: &[
            "fft3", "anti-infantry", "--firer", "panther", "--target", "soviet-infantry", "--range",
            "12", "--terrain", "difficult", "--dice", "1,4,5,6,2,4,5",
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
        decisions: defs::DECISIONS,
        data_tables: tables::DATA_TABLES,
        losses: // A stand is the unit of strength: a side's losses are the stands it has lost.
            Losses {
                one: "stand",
                many: "stands",
                counts_left: true,
            },
        tables: tables::table_docs,
        ..Declaration::EMPTY
    },
    procedures: procedures::PROCEDURES,
};

impl Rules for Fft3 {
    fn definition(&self) -> &'static Definition {
        &DEFINITION
    }
}
