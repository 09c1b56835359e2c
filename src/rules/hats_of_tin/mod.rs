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

use crate::declare::{Badge, Declaration, Options, RuleError, TableDoc};
use crate::dice::{DiceSource, Die};
use crate::model::{BattleView, Effect, OrderOfBattle, Problem, UnitInfo};
use crate::ruleset::{Offer, PhaseChange, Procedure, Ruleset};
use battle::{badges, rounds, turn};

/// The Hats of Tin rule set.
#[derive(Clone, Copy, Debug, Default)]
pub struct HatsOfTin;

static DECLARATION: Declaration = Declaration {
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
    ..Declaration::EMPTY
};

/// The procedures, in the order the umpire is shown them.
static PROCEDURES: [&dyn Procedure; 11] = [
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
];

impl Ruleset for HatsOfTin {
    fn declaration(&self) -> &'static Declaration {
        &DECLARATION
    }
    fn procedures(&self) -> &'static [&'static dyn Procedure] {
        &PROCEDURES
    }
    fn tables(&self) -> Vec<TableDoc> {
        tables::table_docs()
    }
    fn validate(&self, order: &OrderOfBattle<'_>, options: &Options) -> Vec<Problem> {
        validate::validate(order, options)
    }
    fn hit_limit(&self, unit: &UnitInfo, _options: &Options) -> u32 {
        turn::hit_limit(&unit.kind, &unit.quality)
    }
    fn is_leader(&self, unit: &UnitInfo) -> bool {
        unit.kind == defs::COMMANDER
    }
    fn removal_effects(&self, battle: &BattleView<'_>, unit: usize) -> (Vec<Effect>, Vec<String>) {
        rounds::removal(battle, unit)
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
    fn waiting_offers(&self, battle: &BattleView<'_>) -> Vec<Offer> {
        rounds::waiting_offers(battle)
    }
    fn badges(&self, battle: &BattleView<'_>, unit: usize) -> Vec<Badge> {
        badges::badges(battle, unit)
    }
    fn side_badges(&self, battle: &BattleView<'_>, side: usize) -> Vec<Badge> {
        badges::side_badges(battle, side)
    }
    fn formation_badges(&self, _battle: &BattleView<'_>, _formation: usize) -> Vec<Badge> {
        Vec::new()
    }
    fn may_still_act(&self, battle: &BattleView<'_>, unit: usize) -> bool {
        turn::may_still_act(battle, unit)
    }
}
