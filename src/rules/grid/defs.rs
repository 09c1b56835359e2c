//! What Grid skirmish declares: its unit kinds, its one marker, its two phases, its option, the
//! inputs of its one procedure and the list of its procedures.

use super::fire::{Fire, table_docs};
use crate::declare::{
    ActionDef, Declaration, KindDef, MarkerDef, MarkerKind, OptionDef, ParamDef,
    ParamKind, PhaseDef, Tone,
};
use crate::dice::Die;
use crate::ruleset::{Definition, Rules};

/// The Grid skirmish rule set.
#[derive(Clone, Copy, Debug, Default)]
pub struct Grid;

impl Rules for Grid {
    fn definition(&self) -> &'static Definition {
        &DEFINITION
    }
}

pub const INFANTRY: &str = "infantry";
pub const TANK: &str = "tank";
pub const FIRED: &str = "fired";
pub const MOVE: &str = "move";
pub const FIRE: &str = "fire";
pub const LONG_RANGE: &str = "long_range";

/// Per kind: the dice it fires and the losses that remove it.
pub const KINDS: &[(&str, u32, u32)] = &[(INFANTRY, 2, 2), (TANK, 3, 3)];

pub static DEFINITION: Definition = Definition {
    declaration: Declaration {
        id: "grid",
        title: "Grid skirmish (a minimal game on squares, the example rule set)",
        example: &["grid", "fire", "--firer-kind", "tank", "--range", "8", "--dice", "6,4,5"],
        die: Die::D6,
        options: &[OptionDef::int(
            LONG_RANGE,
            1,
            24,
            "6",
            "Squares beyond which a die hits only on 5 or more",
        )],
        kinds: &[
            KindDef { id: INFANTRY, help: "Fires 2 dice; removed at 2 hits" },
            KindDef { id: TANK, help: "Fires 3 dice; removed at 3 hits" },
        ],
        markers: &[MarkerDef {
            id: FIRED,
            badge: "FIRED",
            help: "Fired: has fired this turn, and may not again until its side's next turn",
            kind: MarkerKind::Flag,
            tone: Tone::Muted,
            kinds: &[],
        }],
        phases: &[
            PhaseDef {
                id: MOVE,
                name: "Move",
                automatic: false,
                simultaneous: false,
                help: "The side moves its units; nothing is recorded",
            },
            PhaseDef {
                id: FIRE,
                name: "Fire",
                automatic: false,
                simultaneous: false,
                help: "Each unit of the side may fire once",
            },
        ],
        tables: table_docs,
        ..Declaration::EMPTY
    },
    procedures: &[&Fire],
};

/// The one procedure's declaration.
pub static FIRE_DEF: ActionDef = ActionDef {
    id: FIRE,
    help: "A unit fires at an enemy unit: its dice hit on 4+ (5+ beyond long range, one more in cover)",
    params: &[
        ParamDef::new("firer", "The unit firing", ParamKind::Unit).battle(),
        ParamDef::new("target", "The enemy unit fired at", ParamKind::Unit)
            .battle()
            .enemy(),
        ParamDef::new("range", "Squares to the target", ParamKind::Int { min: 1, max: 48 }),
        ParamDef::flag("cover", "The target is in cover: one more is needed to hit"),
        ParamDef::new("firer-kind", "What fires (its dice)", ParamKind::Choice(&[INFANTRY, TANK]))
            .derived(),
    ],
    key: Some('f'),
    standalone: true,
    in_battle: true,
    rolls: true,
};
