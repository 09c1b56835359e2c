//! What the umpire sees of Hats of Tin's units and sides: a unit's type line, a commander's role
//! and his one action, the order a unit holds, its move so far, a round of hits waiting, who is
//! with or carried by whom, the markers in play; and a side's orders left this turn.

use super::command::{commander_action, held_order, orders_left};
use super::rounds::waiting;
use super::units::{
    armour, attached_to, carrier_of, commander_of, firer_class, halves, is_commander,
    is_force_commander, passenger_of, type_of,
};
use crate::declare::{Badge, Tone};
use crate::model::BattleView;
use crate::rules::hats_of_tin::defs::*;
use crate::rules::hats_of_tin::shoot::hits_words;
use crate::rules::hats_of_tin::tables::{Armour, FirerClass, UnitType};
use crate::rules::hats_of_tin::HatsOfTin;
use crate::ruleset::Looks;
use crate::ruleset::kit::{self, badge};

/// A unit's line of its type's table: "Move 2 areas; difficult terrain counts as 2 · range 3 ·
/// …", with the firer class and armour the unit has, each said when the scenario set it over its
/// type's.
pub fn type_summary(ty: &UnitType, armour: Armour, class: FirerClass) -> String {
    let weapon = ty.weapon.map_or_else(
        || "no weapon".to_string(),
        |w| format!("{} range {}", w.name, w.range),
    );
    let class_words = if class == ty.class {
        class.words().to_string()
    } else {
        format!(
            "{} (the scenario's, over the {} type's {})",
            class.words(),
            ty.name,
            ty.class.words()
        )
    };
    let armour_words = if armour == ty.armour {
        format!("armour {}", armour.id())
    } else {
        format!(
            "armour {} (the scenario's, over the {} type's {})",
            armour.id(),
            ty.name,
            ty.armour.id()
        )
    };
    format!(
        "Move {} · {weapon} · {class_words} · {armour_words}",
        ty.movement.words()
    )
}

/// A commander's badges: his role, his order unused, what he did this turn, the unit he is with.
fn commander_badges(v: &BattleView<'_>, u: usize, ty: &UnitType, out: &mut Vec<Badge>) {
    let (text, what) = if is_force_commander(v, u) {
        ("FC", "Force Commander: rolls 1d6 for the side's orders")
    } else {
        (
            "CDR",
            "Subordinate commander: one order a turn for a unit of his command",
        )
    };
    out.push(badge(
        text,
        Tone::Info,
        format!(
            "{what}; needs no orders, destroyed by a single hit; alone he moves and shoots (1 die) as {}",
            ty.name
        ),
    ));
    if kit::has(v, u, SUB_ORDER) {
        out.push(badge(
            "ORDER UNUSED",
            Tone::Info,
            "His one order this turn is not given yet",
        ));
    }
    if let Some((done, words)) = commander_action(v, u) {
        out.push(badge(
            done.to_uppercase(),
            Tone::Muted,
            format!("He has {words} this turn: a commander acts once in his side's turn"),
        ));
    }
    if let Some(x) = attached_to(v, u) {
        out.push(badge(
            format!("WITH {}", v.info(x).id),
            Tone::Info,
            format!("Attached to {}", v.label(x)),
        ));
    }
}

impl Looks for HatsOfTin {
    /// None: a formation's command is its commander, shown as a unit.
    fn formation_badges(&self, _v: &BattleView<'_>, _f: usize) -> Vec<Badge> {
        Vec::new()
    }

    /// A unit's badges, in display order.
    fn badges(&self, v: &BattleView<'_>, u: usize) -> Vec<Badge> {
        let mut out = Vec::new();
        let ty = type_of(v, u);
        if is_commander(v, u) {
            commander_badges(v, u, ty, &mut out);
        } else {
            out.push(badge(
                ty.name,
                Tone::Muted,
                type_summary(ty, armour(v, u), firer_class(v, u)),
            ));
            if let Some(c) = commander_of(v, u) {
                out.push(badge(
                    format!("+{}", v.info(c).id),
                    Tone::Info,
                    format!(
                        "{} is attached: +1 die to its shots, +1 to its rally; the owner chooses where its hits go",
                        v.label(c)
                    ),
                ));
            }
        }
        if let Some(order) = held_order(v, u).filter(|_| !kit::has(v, u, OVERWATCH)) {
            out.push(badge(
                order.to_uppercase(),
                Tone::Muted,
                format!("Its order this turn: {order}"),
            ));
        }
        if let Some(n) = v.marker(u, MOVED).filter(|&n| n > 0) {
            out.push(badge(
                format!("{}/{}", halves(n as u32), ty.movement.areas),
                Tone::Muted,
                format!(
                    "Moved {} of its {} areas this turn",
                    halves(n as u32),
                    ty.movement.areas
                ),
            ));
        }
        if let Some(n) = waiting(v, u) {
            out.push(badge(
                format!("TAKE {n}"),
                Tone::Danger,
                format!(
                    "{} waiting for the owner's choice of retreats and the commander's share: take-hits",
                    hits_words(n)
                ),
            ));
        }
        out.extend(kit::carriage_badges(v, carrier_of(v, u), passenger_of(v, u)));
        for m in [
            OVERWATCH,
            SECOND_FIRE,
            ASSAULTED_BY,
            JUST_ACTED,
            MOVE_ONE,
            NO_MOVE,
        ] {
            if kit::has(v, u, m)
                && let Some(def) = MARKERS.iter().find(|d| d.id == m)
            {
                out.push(badge(def.badge, def.tone, def.help));
            }
        }
        out
    }

    /// "orders 3 of 5 left" for the side whose turn it is.
    fn side_badges(&self, v: &BattleView<'_>, side: usize) -> Vec<Badge> {
        let Some(total) = v.state.counter(v.side_id(side), ORDERS_TOTAL) else {
            return Vec::new();
        };
        let (pool, subs) = orders_left(v, side);
        vec![badge(
            format!("orders {} of {total} left", pool + subs),
            if pool + subs == 0 {
                Tone::Muted
            } else {
                Tone::Info
            },
            format!(
                "Orders this turn: {pool} of the Force Commander's roll left, {subs} of the subordinates' own (one each, for a unit of his command)"
            ),
        )]
    }
}

