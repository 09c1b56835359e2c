//! Hats of Tin's definitions: its options, unit kinds, fields and qualities, the markers and
//! counters it keeps, its phases, the Decisions it applies where the text is silent, and the
//! inputs of every procedure, off the battle (`umpire resolve hats-of-tin …`) and in it.

use super::tables::{Armour, FirerClass, Quality, UNIT_TYPE_IDS};
use crate::declare::{
    ActionDef, CounterDef, Decision, FieldDef, FieldKind, KindDef, MarkerDef, MarkerKind,
    OptionDef, OptionKind, ParamDef, ParamKind, PhaseDef, Tone,
};

// ---- options ----

pub const OPT_SHOOT_AND_MOVE: &str = "shoot_and_move";
pub const OPT_FRIEND_OF_TARGET: &str = "friend_of_target";

pub const OPTIONS: &[OptionDef] = &[
    OptionDef {
        key: OPT_SHOOT_AND_MOVE,
        kind: OptionKind::Bool,
        default: "false",
        help: "the optional rule \"if both sides agree\": a unit that shoots with one die fewer may then move one area (never into or across impassable terrain; assaults unaffected)",
        per_side: false,
    },
    OptionDef {
        key: OPT_FRIEND_OF_TARGET,
        kind: OptionKind::Bool,
        default: "false",
        help: "the other reading of the friendly re-roll: the misses are re-rolled at a unit of the target's side adjacent to the target (off: at a unit of the firer's side next to the target, the risk of hitting one's own troops)",
        per_side: false,
    },
];

pub const QUALITIES: &[&str] = Quality::IDS;

// ---- decisions ----

pub const DECISIONS: &[Decision] = &[
    Decision {
        topic: "superior firepower",
        text: "Superior firepower (+1) is situational: a flag the umpire sets for each shot, with a default for each unit in the scenario. It adds to a medium gun's +1 and a heavy gun's +2.",
        option: None,
    },
    Decision {
        topic: "armour and gun relative to the period",
        text: "Each unit type has a usual armour and firer class (the Unit types table); a scenario sets a unit's own (armour, firer_class) where the period makes it lighter or heavier (a Panzer 38(t) is light armour against 1940 French rifles). Off the battle both are inputs. A lone commander shoots with the class of the type he commands.",
        option: None,
    },
    Decision {
        topic: "a lone commander",
        text: "A commander alone shoots 1 die with the range and firer class of the type he commands, and takes no part in an assault (an assault is between units).",
        option: None,
    },
    Decision {
        topic: "a commander acts once a turn",
        text: "A commander needs no order but acts at most once in his own side's turn, like an ordered unit: he moves or shoots (1 die) on his own, or joins or leaves a unit, never in the enemy's turn. A move may be made in steps, as a unit's move order may. The die he adds to the shot of the unit he is attached to is that unit's action, not his.",
        option: None,
    },
    Decision {
        topic: "orders without the Force Commander",
        text: "With the Force Commander lost there is no 1d6 roll: only the surviving subordinates' one order each. A lost subordinate gives no order.",
        option: None,
    },
    Decision {
        topic: "indirect fire",
        text: "A mortar or artillery firing at a target it cannot see needs an order for itself and one for its spotter; neither may move that turn. An Overwatch shot, which takes no order, is never indirect.",
        option: None,
    },
    Decision {
        topic: "adjacent at the start of the turn",
        text: "A unit that begins its turn adjacent to an enemy is not obliged to assault: it may shoot without the assault +1 or move away; an assault still costs an order.",
        option: None,
    },
    Decision {
        topic: "the friendly re-roll",
        text: "\"Friendly\" is the firer's side: the text speaks in the firer's voice, and shooting at an enemy next to one's own troops risks hitting them. Every miss is re-rolled once against a unit of the firer's side adjacent to the target (never the firer itself), keeping every firer modifier of the shot and taking that unit's own cover and armour; with several adjacent the umpire names the one that takes them. Its hits are its own round. The option reads it as a friend of the target instead.",
        option: Some(OPT_FRIEND_OF_TARGET),
    },
    Decision {
        topic: "hits on a commander",
        text: "A commander is destroyed by a single hit, from any round, never converted into a retreat (his quality does not matter). An attached commander cannot be shot at on his own: a shot at him is a shot at his unit, and the owner chooses where its hits go: at most one to the commander; it may be the round's first, always-taken hit. A destroyed unit makes no retreat.",
        option: None,
    },
    Decision {
        topic: "the assault",
        text: "An attacker outside the defender's front arc is on its flank or rear: the defender shoots second and the attacker has +1. A unit without a weapon cannot assault and, assaulted, does not shoot. A commander destroyed by the first fire takes his die from his unit's reply.",
        option: None,
    },
    Decision {
        topic: "overwatch",
        text: "An Overwatch marker goes when it is used, or at the start of its own side's next turn. Its moment at a unit comes once in that unit's turn, when it has entered at least one area (areas entered, not movement cost) or has fired: a shot declined then cannot be taken at that unit later, after a second step of its move, a move after shooting with one die fewer, or its assault. A unit that moves and then assaults is two steps, the moment between them: its move order becomes its assault, shot at after the move and before the exchange of fire.",
        option: None,
    },
    Decision {
        topic: "a destroyed carrier",
        text: "When a truck or boat is destroyed, each unit it carries takes one hit and disembarks into an adjacent empty area, or is destroyed if there is none.",
        option: None,
    },
    Decision {
        topic: "taking hits in a battle",
        text: "A single hit on a unit without a commander is taken at once. A round of more hits, or a hit on a unit with a commander attached, waits for its owner's choice (take-hits) before anything else happens; every round waiting is offered until it is taken (the target's and the re-roll's both). An assault's second fire is thrown once the first fire's hits are taken.",
        option: None,
    },
    Decision {
        topic: "a carrier's load",
        text: "A truck or boat carries one unit (the one-unit stacking limit); boarding and getting off are part of the carried unit's move order, and troops getting off onto an empty area enter it (the enemy's Overwatch has its moment at them). Carried troops are off the table (they \"embark and are then removed\"): they are neither shot at nor assaulted, their carrier is. A commander whose unit is destroyed stays in play, alone.",
        option: None,
    },
    Decision {
        topic: "moves",
        text: "The umpire gives a move's cost in areas (difficult terrain, roads, limbering as the unit's type says) and, when it is not plain, the areas it entered (by default as many as the cost pays for, a road area ½ for trucks and artillery); the program refuses a cost beyond the type's allowance. A commander alone moves as the type he commands.",
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
        "the firing unit: its id in a battle; off the battle its weapon type (infantry, mg, light-gun, mortar, light-medium-gun, heavy-gun, field-artillery, cavalry, infantry-support, tank, heavy-tank, fast-tank, armoured-car)",
        ParamKind::Unit,
    ),
    ParamDef::new("target", "the target unit", ParamKind::Unit).enemy().battle(),
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
    .default("none")
    .derived(),
    ParamDef::flag(
        "target-commander",
        "the target is a commander alone: any hit destroys him, never converted into a retreat",
    )
    .derived(),
    ParamDef::flag("flank", "shooting from the target's flank or rear (+1)"),
    ParamDef::flag(
        "superior",
        "superior firepower (+1): flamethrowers assaulting, effective anti-tank weapons against tanks, superior ammunition or optics",
    )
    .derived(),
    ParamDef::new(
        "firer-class",
        "the firer's class (gun weight), relative to the period: normal, medium-gun (+1) or heavy-gun (+2); by default its type's",
        ParamKind::Choice(FirerClass::IDS),
    )
    .derived(),
    ParamDef::flag(
        "commander-attached",
        "a commander attached to the firer adds his die (3 dice)",
    )
    .derived(),
    ParamDef::flag(
        "lone-commander",
        "the firer is a commander alone (1 die, with the range and class of the type he commands)",
    )
    .derived(),
    ParamDef::flag(
        "one-die-fewer",
        "the optional rule: one die fewer, to move one area after shooting",
    ),
    ParamDef::new(
        "friend",
        "a unit of the firer's side adjacent to the target (of the target's side with the option friend_of_target): every miss is re-rolled against it",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::flag(
        "friend-adjacent",
        "a unit of the firer's side is adjacent to the target: every miss is re-rolled against it",
    )
    .derived(),
    ParamDef::flag("friend-cover", "that unit is in cover (−1)"),
    ParamDef::new(
        "friend-armour",
        "that unit's armour: none, light, medium, heavy or pillbox",
        ParamKind::Choice(Armour::IDS),
    )
    .default("none")
    .derived(),
    ParamDef::flag(
        "indirect",
        "indirect fire: a mortar or artillery firing at a target it cannot see, for a spotter that can",
    )
    .battle(),
    ParamDef::new(
        "spotter",
        "indirect fire by a mortar or artillery: the unit that sees the target (an order for it too; both need a radio; neither may move this turn)",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::flag(
        "overwatch",
        "an Overwatch unit's one shot in the enemy's turn, at a unit that has just moved or fired (no order)",
    )
    .battle()
    .qualifies(),
];

pub const RALLY_PARAMS: &[ParamDef] = &[
    ParamDef::new("unit", "the unit that rallies", ParamKind::Unit).battle(),
    ParamDef::new("hits", "the hits the unit has now", HITS)
        .default("1")
        .derived(),
    ParamDef::flag("commander-attached", "a commander is attached (+1)").derived(),
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
        "unit",
        "the unit whose round of hits waits for its owner's choice",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::new(
        "hits",
        "the hits of the round",
        ParamKind::Int { min: 1, max: 9 },
    )
    .derived(),
    ParamDef::new(
        "quality",
        "the unit's quality: militia (destroyed at 2 hits), regular (3), elite (4)",
        ParamKind::Choice(Quality::IDS),
    )
    .default("regular")
    .derived(),
    ParamDef::new("hits-before", "the hits the unit already had", HITS)
        .default("0")
        .derived(),
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
    ParamDef::flag("commander-attached", "a commander is attached to the unit").derived(),
    ParamDef::flag(
        "to-commander",
        "the owner puts one hit on the attached commander (a single hit destroys him)",
    ),
];

pub const ASSAULT_PARAMS: &[ParamDef] = &[
    ParamDef::new(
        "attacker",
        "the assaulting unit: its id in a battle; off the battle its type (infantry, cavalry, tank …)",
        ParamKind::Unit,
    ),
    ParamDef::new(
        "defender",
        "the assaulted unit: its id in a battle; off the battle its type",
        ParamKind::Unit,
    ).enemy(),
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
    )
    .derived(),
    ParamDef::new(
        "defender-armour",
        "the defender's armour (by default its type's)",
        ParamKind::Choice(Armour::IDS),
    )
    .derived(),
    ParamDef::new(
        "attacker-class",
        "the attacker's firer class: normal, medium-gun or heavy-gun (by default its type's)",
        ParamKind::Choice(FirerClass::IDS),
    )
    .derived(),
    ParamDef::new(
        "defender-class",
        "the defender's firer class: normal, medium-gun or heavy-gun (by default its type's)",
        ParamKind::Choice(FirerClass::IDS),
    )
    .derived(),
    ParamDef::new(
        "attacker-quality",
        "the attacker's quality",
        ParamKind::Choice(Quality::IDS),
    )
    .default("regular")
    .derived(),
    ParamDef::new(
        "defender-quality",
        "the defender's quality",
        ParamKind::Choice(Quality::IDS),
    )
    .default("regular")
    .derived(),
    ParamDef::new(
        "attacker-hits",
        "the attacker's hits before the assault",
        HITS,
    )
    .default("0")
    .derived(),
    ParamDef::new(
        "defender-hits",
        "the defender's hits before the assault",
        HITS,
    )
    .default("0")
    .derived(),
    ParamDef::flag(
        "attacker-commander",
        "a commander is attached to the attacker",
    )
    .derived(),
    ParamDef::flag(
        "defender-commander",
        "a commander is attached to the defender",
    )
    .derived(),
    ParamDef::flag(
        "attacker-superior",
        "the attacker has superior firepower (+1)",
    )
    .derived(),
    ParamDef::flag(
        "defender-superior",
        "the defender has superior firepower (+1)",
    )
    .derived(),
    ParamDef::new(
        "first-retreats",
        "hits of the first fire its target converts into retreats (in a battle the owner chooses after the fire, with take-hits)",
        HITS,
    )
    .default("0")
    .derived(),
    ParamDef::new(
        "second-retreats",
        "hits of the second fire its target converts into retreats (in a battle: take-hits)",
        HITS,
    )
    .default("0")
    .derived(),
];

// ---- the battle's inputs ----

const UNIT: ParamDef = ParamDef::new("unit", "the unit", ParamKind::Unit).battle();

pub const UNIT_PARAMS: &[ParamDef] = &[UNIT];

pub const MOVE_PARAMS: &[ParamDef] = &[
    UNIT,
    ParamDef::new(
        "areas",
        "the move's cost in areas: each area 1, difficult terrain as the type's table says, a road area ½ for trucks and artillery, limbering or loading ½",
        ParamKind::Distance,
    )
    .battle(),
    ParamDef::new(
        "entered",
        "the areas the unit entered (Overwatch may shoot at a unit that entered at least one): by default as many as the cost pays for, a road area ½ for trucks and artillery; 0 when the cost went on limbering or loading alone",
        ParamKind::Int { min: 0, max: 99 },
    )
    .battle(),
];

pub const ATTACH_PARAMS: &[ParamDef] = &[
    ParamDef::new("commander", "the commander", ParamKind::Unit).battle(),
    ParamDef::new("unit", "the unit he joins (in his area)", ParamKind::Unit).battle(),
];

pub const DETACH_PARAMS: &[ParamDef] = &[ParamDef::new(
    "commander",
    "the commander who leaves his unit",
    ParamKind::Unit,
)
.battle()];

pub const EMBARK_PARAMS: &[ParamDef] = &[
    UNIT,
    ParamDef::new(
        "carrier",
        "the truck or boat it boards (loading costs ½ area of its move)",
        ParamKind::Unit,
    )
    .battle(),
];

// ---- the procedures ----

/// A procedure used both off the battle (`umpire resolve`) and in it.
const fn both(
    id: &'static str,
    help: &'static str,
    params: &'static [ParamDef],
    key: char,
) -> ActionDef {
    ActionDef {
        id,
        help,
        params,
        key: Some(key),
        standalone: true,
        in_battle: true,
        rolls: true,
    }
}

/// A procedure used in a battle only, that throws no dice (a move, an order kept for later).
const fn in_battle(
    id: &'static str,
    help: &'static str,
    params: &'static [ParamDef],
    key: char,
) -> ActionDef {
    ActionDef {
        standalone: false,
        rolls: false,
        ..both(id, help, params, key)
    }
}

/// A unit's shot (`procedures::Shoot`).
pub static A_SHOOT: ActionDef = both(
    "shoot",
    "a unit shoots: 2 dice (a lone commander 1, an attached commander +1), each 5 or 6 after modifiers a hit; misses re-rolled at the firer's own unit adjacent to the target",
    SHOOT_PARAMS,
    'f',
);

/// An assault's exchange of fire (`procedures::Assault`).
pub static A_ASSAULT: ActionDef = both(
    "assault",
    "a unit that moves adjacent to an enemy assaults (with its move order, the enemy's Overwatch moment after the move): one exchange of fire, the defender first when the attacker is in its front arc",
    ASSAULT_PARAMS,
    'a',
);

/// The owner's choice for a round of hits (`procedures::TakeHits`).
pub static A_TAKE_HITS: ActionDef = both(
    "take-hits",
    "a round of more than one hit (or with a commander attached): the owner takes the first hit, converts others into retreats (a blocked one is a hit) and may put one on the commander",
    TAKE_HITS_PARAMS,
    'H',
);

/// A rally (`procedures::Rally`).
pub static A_RALLY: ActionDef = both(
    "rally",
    "a unit with hits, not adjacent to an enemy, rallies: one die, 5 or 6 removes a hit (+1 with a commander attached)",
    RALLY_PARAMS,
    'r',
);

/// The orders roll (`procedures::Orders`), off the battle only: in a battle the turn sequence
/// rolls it.
pub static A_ORDERS: ActionDef = ActionDef {
    id: "orders",
    help: "the orders roll: 1d6 for the Force Commander plus one order for each surviving subordinate (in a battle, rolled at the start of each side's turn)",
    params: ORDERS_PARAMS,
    key: None,
    standalone: true,
    in_battle: false,
    rolls: true,
};

/// A move (`procedures::Move`).
pub static A_MOVE: ActionDef = in_battle(
    "move",
    "an ordered unit moves up to its move allowance in areas; enemy Overwatch units may shoot at it once it has entered an area; moved next to an enemy, it assaults with the same order",
    MOVE_PARAMS,
    'm',
);

/// Going into Overwatch (`procedures::Overwatch`).
pub static A_OVERWATCH: ActionDef = in_battle(
    "overwatch",
    "an ordered unit goes into Overwatch: one shot in the enemy's turn at a unit that moves or fires",
    UNIT_PARAMS,
    'O',
);

/// A commander joining a unit (`procedures::Attach`).
pub static A_ATTACH: ActionDef = in_battle(
    "attach",
    "a commander joins a unit in his area (no order needed; his one action this turn): he adds his die to its shots and +1 to its rally",
    ATTACH_PARAMS,
    'A',
);

/// A commander leaving his unit (`procedures::Detach`).
pub static A_DETACH: ActionDef = in_battle(
    "detach",
    "a commander leaves the unit he is attached to (no order needed; his one action this turn)",
    DETACH_PARAMS,
    'D',
);

/// Boarding a carrier (`procedures::Embark`).
pub static A_EMBARK: ActionDef = in_battle(
    "embark",
    "a unit boards a truck or boat as part of its move order",
    EMBARK_PARAMS,
    'e',
);

/// Getting off a carrier (`procedures::Disembark`).
pub static A_DISEMBARK: ActionDef = in_battle(
    "disembark",
    "a unit gets off its carrier as part of its move order",
    UNIT_PARAMS,
    'E',
);

// ---- kinds and fields ----

/// A commander: not a unit of the fight but a figure that gives orders, may join a unit and is
/// destroyed by a single hit.
pub const COMMANDER: &str = "commander";

/// The kind that always carries (a boat, or a tank with riders, carries when its scenario says).
pub const TRUCK: &str = "truck";

pub const KINDS: &[KindDef] = &[
    KindDef {
        id: "infantry",
        help: "Infantry: 2 areas, weapons range 3; +1 assaulting or assaulted",
    },
    KindDef {
        id: "infantry-support",
        help: "Infantry support (flamethrowers, engineers): 2 areas, an MG's range 5",
    },
    KindDef {
        id: "cavalry",
        help: "Cavalry: 3 areas, range 3; +1 assaulting or assaulted",
    },
    KindDef {
        id: "mg",
        help: "Machine gun: 2 areas, range 5",
    },
    KindDef {
        id: "mortar",
        help: "Mortar: 2 areas, range 6; indirect fire with a spotter",
    },
    KindDef {
        id: "light-gun",
        help: "Light gun: towed (2 areas, not into difficult terrain) or 1 area unlimbered; range 5",
    },
    KindDef {
        id: "light-medium-gun",
        help: "Light-medium gun: towed, range 6, +1 (medium gun)",
    },
    KindDef {
        id: "heavy-gun",
        help: "Heavy gun: towed, range 7, +2 (heavy gun)",
    },
    KindDef {
        id: "field-artillery",
        help: "Field artillery: towed, range 20; indirect fire with a spotter",
    },
    KindDef {
        id: "tank",
        help: "Tank: 3 areas, medium armour, a light gun (range 5); +1 assaulting or assaulted",
    },
    KindDef {
        id: "heavy-tank",
        help: "Heavy tank: 2 areas, heavy armour, a light-medium gun (range 6, +1)",
    },
    KindDef {
        id: "fast-tank",
        help: "Fast tank: 4 areas, light armour, a light gun (range 5)",
    },
    KindDef {
        id: "armoured-car",
        help: "Armoured car: 4 areas (not into difficult terrain), light armour, an MG (range 5)",
    },
    KindDef {
        id: "truck",
        help: "Truck: 2 areas, carries units; cannot shoot",
    },
    KindDef {
        id: COMMANDER,
        help: "A commander (the Force Commander or a subordinate): needs no orders but acts once in his side's turn, may join a unit, destroyed by one hit",
    },
];

pub const F_ARMOUR: &str = "armour";
pub const F_FIRER_CLASS: &str = "firer_class";
pub const F_SUPERIOR: &str = "superior";
pub const F_FORCE: &str = "force";
pub const F_COMMANDS: &str = "commands";
pub const F_ATTACHED: &str = "attached";
pub const F_EMBARKED: &str = "embarked";
pub const F_CARRIER: &str = "carrier";
pub const F_FIGHTING: &str = "fighting";
pub const F_RADIO: &str = "radio";

pub const UNIT_FIELDS: &[FieldDef] = &[
    FieldDef::new(
        "quality",
        FieldKind::Text,
        "militia (destroyed at 2 hits), regular (3) or elite (4); the formation's or side's if absent, else regular",
    ),
    FieldDef::new(
        F_ARMOUR,
        FieldKind::Choice(Armour::IDS),
        "the unit's armour when it is not its type's, relative to the period (a Panzer 38(t) is light armour against 1940 French rifles): none, light, medium, heavy or pillbox",
    ),
    FieldDef::new(
        F_FIRER_CLASS,
        FieldKind::Choice(FirerClass::IDS),
        "the unit's firer class (gun weight) when it is not its type's, relative to the period: normal, medium-gun (+1) or heavy-gun (+2)",
    ),
    FieldDef::new(
        F_SUPERIOR,
        FieldKind::Flag,
        "superior firepower by default (flamethrowers, effective anti-tank weapons, superior optics): +1, set or cleared shot by shot",
    ),
    FieldDef::new(
        F_FORCE,
        FieldKind::Flag,
        "a commander: the Force Commander, who rolls 1d6 for the side's orders",
    ),
    FieldDef::new(
        F_COMMANDS,
        FieldKind::Units,
        "a commander: the units he commands (a subordinate orders one of them each turn; a lone commander shoots and moves as the first)",
    ),
    FieldDef::new(
        F_ATTACHED,
        FieldKind::Unit,
        "a commander: the unit he is attached to at the start",
    ),
    FieldDef::new(
        F_EMBARKED,
        FieldKind::Unit,
        "the truck or boat that carries the unit at the start",
    ),
    FieldDef::new(
        F_CARRIER,
        FieldKind::Flag,
        "the unit carries others (trucks always do; a boat, a tank with riders)",
    ),
    FieldDef::new(
        F_FIGHTING,
        FieldKind::Flag,
        "a specialised fighting carrier: the units it carries may shoot and assault",
    ),
    FieldDef::new(
        F_RADIO,
        FieldKind::Flag,
        "has a radio or telephone: it may fire indirectly or spot for indirect fire",
    ),
];

// ---- markers and counters ----

pub const ORDER: &str = "order";
pub const OVERWATCH: &str = "overwatch";
pub const ATTACHED: &str = "attached";
pub const EMBARKED: &str = "embarked";
pub const SUB_ORDER: &str = "sub_order";
pub const PENDING: &str = "pending";
pub const SECOND_FIRE: &str = "second_fire";
pub const SECOND_FIRE_COVER: &str = "second_fire_cover";
pub const SECOND_FIRE_SUPERIOR: &str = "second_fire_superior";
pub const ASSAULTED_BY: &str = "assaulted_by";
pub const JUST_ACTED: &str = "just_acted";
pub const MOVE_ONE: &str = "move_one";
pub const NO_MOVE: &str = "no_move";
pub const MOVED: &str = "moved";
pub const CDR_ACTION: &str = "cdr_action";
pub const OW_MOMENT: &str = "ow_moment";

/// What a commander did in his side's turn, by its number in the `cdr_action` marker (1 = moved).
pub const CDR_ACTIONS: &[&str] = &["moved", "shot", "attached", "detached"];

/// The orders a unit may hold, by their number in the `order` marker (1 = move).
pub const ORDERS: &[&str] = &["move", "shoot", "rally", "assault", "overwatch", "spot"];

/// The units, that is every kind but a commander (who needs no orders and acts alone): the unit
/// types.
const UNITS: &[&str] = UNIT_TYPE_IDS;
/// What a truck or boat may carry: foot troops and towed weapons.
const CARRIED: &[&str] = &[
    "infantry",
    "infantry-support",
    "mg",
    "mortar",
    "light-gun",
    "light-medium-gun",
    "heavy-gun",
    "field-artillery",
];

pub const MARKERS: &[MarkerDef] = &[
    MarkerDef {
        id: ORDER,
        badge: "ORD",
        help: "Order: the order the unit holds this turn, by number: 1 move, 2 shoot, 3 rally, 4 assault, 5 overwatch, 6 spot",
        kind: MarkerKind::Count,
        tone: Tone::Info,
        kinds: UNITS,
    },
    MarkerDef {
        id: OVERWATCH,
        badge: "OW",
        help: "Overwatch: one shot in the enemy's turn at a unit that moves or fires; goes when used or at its side's next turn",
        kind: MarkerKind::Flag,
        tone: Tone::Info,
        kinds: UNITS,
    },
    MarkerDef {
        id: ATTACHED,
        badge: "WITH",
        help: "Attached: the unit the commander is attached to",
        kind: MarkerKind::UNIT,
        tone: Tone::Info,
        kinds: &[COMMANDER],
    },
    MarkerDef {
        id: EMBARKED,
        badge: "ON",
        help: "Embarked: the unit carrying it; it neither shoots nor assaults unless the carrier is a fighting one",
        kind: MarkerKind::UNIT,
        tone: Tone::Info,
        kinds: CARRIED,
    },
    MarkerDef {
        id: SUB_ORDER,
        badge: "SUB",
        help: "Subordinate's order: the commander's one order this turn, for a unit of his command, not yet given",
        kind: MarkerKind::Flag,
        tone: Tone::Info,
        kinds: &[COMMANDER],
    },
    MarkerDef {
        id: PENDING,
        badge: "TAKE",
        help: "Hits to take: a round of hits waiting for the owner's choice of retreats and the commander's share (take-hits)",
        kind: MarkerKind::Count,
        tone: Tone::Danger,
        kinds: &[],
    },
    MarkerDef {
        id: SECOND_FIRE,
        badge: "REPLY",
        help: "Assault reply: the unit it shoots at second in an assault, once it has taken the first fire's hits (REPLY -1 and REPLY +1 go with it)",
        kind: MarkerKind::Unit {
            flags: &[SECOND_FIRE_COVER, SECOND_FIRE_SUPERIOR],
        },
        tone: Tone::Warn,
        kinds: &[],
    },
    MarkerDef {
        id: ASSAULTED_BY,
        badge: "ASSAULTED",
        help: "Assaulted: the unit assaulting it, the exchange of fire not yet over",
        kind: MarkerKind::UNIT,
        tone: Tone::Warn,
        kinds: &[],
    },
    MarkerDef {
        id: JUST_ACTED,
        badge: "ACTED",
        help: "Just moved or fired: enemy Overwatch units may shoot at it now; the moment passes with the next procedure",
        kind: MarkerKind::Flag,
        tone: Tone::Info,
        kinds: &[],
    },
    MarkerDef {
        id: OW_MOMENT,
        badge: "OW PASSED",
        help: "Overwatch moment had: the enemy's Overwatch had its moment at this unit this turn; a unit that let it pass cannot go back to it",
        kind: MarkerKind::Flag,
        tone: Tone::Muted,
        kinds: &[],
    },
    MarkerDef {
        id: MOVE_ONE,
        badge: "+1 AREA",
        help: "Shot with one die fewer (the optional rule): it may still move one area",
        kind: MarkerKind::Flag,
        tone: Tone::Info,
        kinds: UNITS,
    },
    MarkerDef {
        id: MOVED,
        badge: "MOVED",
        help: "Moved: the half areas the unit has moved this turn under its move order (3 = 1½ areas); it may go on to its allowance",
        kind: MarkerKind::Count,
        tone: Tone::Info,
        kinds: UNITS,
    },
    MarkerDef {
        id: CDR_ACTION,
        badge: "DONE",
        help: "Commander's action: what the commander did this turn, by number: 1 moved, 2 shot, 3 attached, 4 detached (he acts once in his side's turn, with no order)",
        kind: MarkerKind::Count,
        tone: Tone::Muted,
        kinds: &[COMMANDER],
    },
    MarkerDef {
        id: NO_MOVE,
        badge: "NO MOVE",
        help: "Fired or spotted indirectly: it may not move this turn",
        kind: MarkerKind::Flag,
        tone: Tone::Muted,
        kinds: UNITS,
    },
    MarkerDef {
        id: SECOND_FIRE_COVER,
        badge: "REPLY -1",
        help: "Reply at cover: the target of the unit's assault reply is in cover (−1); it comes off with the reply",
        kind: MarkerKind::Flag,
        tone: Tone::Info,
        kinds: UNITS,
    },
    MarkerDef {
        id: SECOND_FIRE_SUPERIOR,
        badge: "REPLY +1",
        help: "Reply with superior firepower: the unit's assault reply has superior firepower (+1); it comes off with the reply",
        kind: MarkerKind::Flag,
        tone: Tone::Info,
        kinds: UNITS,
    },
];

/// A side's orders left this turn from the Force Commander's roll.
pub const ORDERS_LEFT: &str = "orders";
/// A side's orders this turn in all: the roll and the subordinates' one each.
pub const ORDERS_TOTAL: &str = "orders_total";

pub const COUNTERS: &[CounterDef] = &[
    CounterDef {
        id: ORDERS_LEFT,
        help: "orders left this turn from the Force Commander's roll (the subordinates' own are marked on them)",
        min: 0,
        max: 999,
    },
    CounterDef {
        id: ORDERS_TOTAL,
        help: "orders this turn in all: the roll and one for each surviving subordinate",
        min: 0,
        max: 999,
    },
];

// ---- phases ----

pub const PH_ORDERS: &str = "orders";
pub const PH_ACTION: &str = "action";

pub const PHASES: &[PhaseDef] = &[
    PhaseDef {
        id: PH_ORDERS,
        name: "Orders",
        automatic: true,
        simultaneous: false,
        help: "The side's Overwatch markers go; the Force Commander rolls 1d6 orders, each surviving subordinate gives one more to a unit of his command",
    },
    PhaseDef {
        id: PH_ACTION,
        name: "Action",
        automatic: false,
        simultaneous: false,
        help: "Each ordered unit moves, shoots, rallies, assaults or goes into Overwatch; commanders need no orders; the enemy's Overwatch units may shoot at a unit that moves or fires",
    },
];

/// The formations a scenario may group units into.
pub const LEVELS: &[&str] = &["force", "company", "platoon"];
