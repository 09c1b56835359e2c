//! Hats of Tin's definitions: its options, unit qualities, the Decisions it applies where the text
//! is silent, and the inputs of its table-only procedures (`umpire resolve hats-of-tin …`).

use super::tables::{Armour, FIRER_IDS, Quality};
use crate::rules::{Decision, OptionDef, OptionKind, ParamDef, ParamKind};

// ---- options ----

pub const OPT_SHOOT_AND_MOVE: &str = "shoot_and_move";

pub const OPTIONS: &[OptionDef] = &[OptionDef {
    key: OPT_SHOOT_AND_MOVE,
    kind: OptionKind::Bool,
    default: "false",
    help: "the optional rule \"if both sides agree\": a unit that shoots with one die fewer may then move one area (never into or across impassable terrain; assaults unaffected)",
    per_side: false,
}];

pub const QUALITIES: &[&str] = Quality::IDS;

// ---- decisions ----

pub const DECISIONS: &[Decision] = &[
    Decision {
        topic: "superior firepower",
        text: "Superior firepower (+1) is situational: a flag the umpire sets for each shot, with a default for each unit in the scenario. It adds to a medium gun's +1 and a heavy gun's +2.",
        option: None,
    },
    Decision {
        topic: "a lone commander",
        text: "A commander alone shoots 1 die with the range and firer class of the type he commands, and takes no part in an assault (an assault is between units).",
        option: None,
    },
    Decision {
        topic: "orders without the Force Commander",
        text: "With the Force Commander lost there is no 1d6 roll: only the surviving subordinates' one order each. A lost subordinate gives no order.",
        option: None,
    },
    Decision {
        topic: "indirect fire",
        text: "A mortar or artillery firing at a target it cannot see needs an order for itself and one for its spotter; neither may move that turn.",
        option: None,
    },
    Decision {
        topic: "adjacent at the start of the turn",
        text: "A unit that begins its turn adjacent to an enemy is not obliged to assault: it may shoot without the assault +1 or move away; an assault still costs an order.",
        option: None,
    },
    Decision {
        topic: "the friendly re-roll",
        text: "Misses re-rolled against a friendly unit adjacent to the target keep every firer modifier of the shot and take the friend's own cover and armour; with several friends adjacent the umpire names the one that takes them. The friend's hits are its own round.",
        option: None,
    },
    Decision {
        topic: "hits on a commander",
        text: "With a commander attached the owner chooses where the hits go: at most one to the commander (a single hit destroys him); it may be the round's first, always-taken hit. A destroyed unit makes no retreat.",
        option: None,
    },
    Decision {
        topic: "the assault",
        text: "An attacker outside the defender's front arc is on its flank or rear: the defender shoots second and the attacker has +1. A unit without a weapon cannot assault and, assaulted, does not shoot. A commander destroyed by the first fire takes his die from his unit's reply.",
        option: None,
    },
    Decision {
        topic: "overwatch",
        text: "An Overwatch marker goes when it is used, or at the start of its own side's next turn; a shot declined when the enemy moves or fires cannot be taken at that unit later.",
        option: None,
    },
    Decision {
        topic: "a destroyed carrier",
        text: "When a truck or boat is destroyed, each unit it carries takes one hit and disembarks into an adjacent empty area, or is destroyed if there is none.",
        option: None,
    },
    Decision {
        topic: "the optional rule and the assault",
        text: "Shooting with one die fewer to move one area afterwards is refused in an assault and for a lone commander's single die.",
        option: Some(OPT_SHOOT_AND_MOVE),
    },
];

// ---- table-only inputs ----

const RANGE: ParamKind = ParamKind::Int { min: 0, max: 99 };
const HITS: ParamKind = ParamKind::Int { min: 0, max: 9 };

pub const SHOOT_PARAMS: &[ParamDef] = &[
    ParamDef::new(
        "firer",
        "the firer's weapon type: infantry, mg, light-gun, mortar, light-medium-gun, heavy-gun, field-artillery, cavalry, infantry-support, tank, heavy-tank, fast-tank, armoured-car",
        ParamKind::Choice(FIRER_IDS),
    ),
    ParamDef::new(
        "range",
        "the range in areas (through sides, not corners)",
        RANGE,
    ),
    ParamDef::flag("target-cover", "the target is in cover (−1)"),
    ParamDef::new(
        "target-armour",
        "the target's armour: none, light (−1), medium (−2), heavy (−3) or pillbox (−3)",
        ParamKind::Choice(Armour::IDS),
    )
    .default("none"),
    ParamDef::flag("flank", "shooting from the target's flank or rear (+1)"),
    ParamDef::flag(
        "superior",
        "superior firepower (+1): flamethrowers assaulting, effective anti-tank weapons against tanks, superior ammunition or optics",
    ),
    ParamDef::flag(
        "commander-attached",
        "a commander attached to the firer adds his die (3 dice)",
    ),
    ParamDef::flag(
        "lone-commander",
        "the firer is a commander alone (1 die, with the range and class of the type he commands)",
    ),
    ParamDef::flag(
        "one-die-fewer",
        "the optional rule: one die fewer, to move one area after shooting",
    ),
    ParamDef::flag(
        "friend-adjacent",
        "a friendly unit is adjacent to the target: every miss is re-rolled against it",
    ),
    ParamDef::flag("friend-cover", "that friendly unit is in cover (−1)"),
    ParamDef::new(
        "friend-armour",
        "that friendly unit's armour: none, light, medium, heavy or pillbox",
        ParamKind::Choice(Armour::IDS),
    )
    .default("none"),
];

pub const RALLY_PARAMS: &[ParamDef] = &[
    ParamDef::new("hits", "the hits the unit has now", HITS).default("1"),
    ParamDef::flag("commander-attached", "a commander is attached (+1)"),
    ParamDef::flag(
        "adjacent-enemy",
        "the unit is adjacent to an enemy (it cannot rally)",
    ),
];

pub const ORDERS_PARAMS: &[ParamDef] = &[
    ParamDef::new(
        "subordinates",
        "surviving subordinate commanders: one order each",
        ParamKind::Int { min: 0, max: 99 },
    )
    .default("0"),
    ParamDef::flag(
        "force-commander-lost",
        "the Force Commander is lost: no 1d6 roll",
    ),
];

pub const TAKE_HITS_PARAMS: &[ParamDef] = &[
    ParamDef::new(
        "hits",
        "the hits of the round",
        ParamKind::Int { min: 1, max: 9 },
    ),
    ParamDef::new(
        "quality",
        "the unit's quality: militia (destroyed at 2 hits), regular (3), elite (4)",
        ParamKind::Choice(Quality::IDS),
    )
    .default("regular"),
    ParamDef::new("hits-before", "the hits the unit already had", HITS).default("0"),
    ParamDef::new(
        "retreats",
        "hits after the first the owner converts into retreats of one move each",
        HITS,
    )
    .default("0"),
    ParamDef::new(
        "blocked",
        "of those retreats, the ones blocked (impassable terrain, an enemy, the stacking limit): each taken as a hit",
        HITS,
    )
    .default("0"),
    ParamDef::flag("commander-attached", "a commander is attached to the unit"),
    ParamDef::flag(
        "to-commander",
        "the owner puts one hit on the attached commander (a single hit destroys him)",
    ),
];

pub const ASSAULT_PARAMS: &[ParamDef] = &[
    ParamDef::new(
        "attacker",
        "the attacker's type (infantry, cavalry, tank …)",
        ParamKind::Choice(FIRER_IDS),
    ),
    ParamDef::new(
        "defender",
        "the defender's type",
        ParamKind::Choice(FIRER_IDS),
    ),
    ParamDef::flag(
        "outside-front-arc",
        "the attacker is outside the defender's front arc: the attacker shoots first, at +1",
    ),
    ParamDef::flag(
        "defender-cover",
        "the defender is in cover (−1 to the attacker's dice)",
    ),
    ParamDef::flag(
        "attacker-cover",
        "the attacker launched the assault from cover (it loses it)",
    ),
    ParamDef::new(
        "attacker-armour",
        "the attacker's armour (by default its type's)",
        ParamKind::Choice(Armour::IDS),
    ),
    ParamDef::new(
        "defender-armour",
        "the defender's armour (by default its type's)",
        ParamKind::Choice(Armour::IDS),
    ),
    ParamDef::new(
        "attacker-quality",
        "the attacker's quality",
        ParamKind::Choice(Quality::IDS),
    )
    .default("regular"),
    ParamDef::new(
        "defender-quality",
        "the defender's quality",
        ParamKind::Choice(Quality::IDS),
    )
    .default("regular"),
    ParamDef::new(
        "attacker-hits",
        "the attacker's hits before the assault",
        HITS,
    )
    .default("0"),
    ParamDef::new(
        "defender-hits",
        "the defender's hits before the assault",
        HITS,
    )
    .default("0"),
    ParamDef::flag(
        "attacker-commander",
        "a commander is attached to the attacker",
    ),
    ParamDef::flag(
        "defender-commander",
        "a commander is attached to the defender",
    ),
    ParamDef::flag(
        "attacker-superior",
        "the attacker has superior firepower (+1)",
    ),
    ParamDef::flag(
        "defender-superior",
        "the defender has superior firepower (+1)",
    ),
    ParamDef::new(
        "first-retreats",
        "hits of the first fire its target converts into retreats",
        HITS,
    )
    .default("0"),
    ParamDef::new(
        "second-retreats",
        "hits of the second fire its target converts into retreats",
        HITS,
    )
    .default("0"),
];
