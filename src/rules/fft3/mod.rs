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

use crate::declare::{Badge, Declaration, Losses, Options, RuleError, TableDoc};
use crate::dice::{DiceSource, Die};
use crate::model::{BattleView, Effect, OrderOfBattle, Problem, UnitInfo};
use crate::ruleset::{PhaseChange, Procedure, Ruleset};

/// The FFT3 rule set.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fft3;

pub(crate) const ID: &str = "fft3";

static DECLARATION: Declaration = Declaration {
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
    ..Declaration::EMPTY
};

impl Ruleset for Fft3 {
    fn declaration(&self) -> &'static Declaration {
        &DECLARATION
    }
    fn procedures(&self) -> &'static [&'static dyn Procedure] {
        procedures::PROCEDURES
    }
    fn tables(&self) -> Vec<TableDoc> {
        tables::table_docs()
    }
    fn validate(&self, order: &OrderOfBattle<'_>, options: &Options) -> Vec<Problem> {
        validate::validate(order, options)
    }
    fn hit_limit(&self, _unit: &UnitInfo, _options: &Options) -> u32 {
        // A stand is in the fight or out of it: one loss removes it.
        1
    }
    fn removal_effects(&self, battle: &BattleView<'_>, unit: usize) -> (Vec<Effect>, Vec<String>) {
        stands::removal(battle, unit)
    }
    fn start(&self, battle: &BattleView<'_>) -> Vec<Effect> {
        turn::start(battle)
    }
    fn advance(
        &self,
        battle: &BattleView<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<PhaseChange, RuleError> {
        turn::advance(battle, dice)
    }
    fn badges(&self, battle: &BattleView<'_>, unit: usize) -> Vec<Badge> {
        badges::badges(battle, unit)
    }
    fn side_badges(&self, battle: &BattleView<'_>, side: usize) -> Vec<Badge> {
        badges::side_badges(battle, side)
    }
    fn formation_badges(&self, battle: &BattleView<'_>, formation: usize) -> Vec<Badge> {
        badges::formation_badges(battle, formation)
    }
    fn may_still_act(&self, battle: &BattleView<'_>, unit: usize) -> bool {
        turn::may_still_act(battle, unit)
    }
    fn left_undone(&self, battle: &BattleView<'_>) -> Vec<String> {
        turn::left_undone(battle)
    }
}
