//! What Newport's rules declare: options, unit kinds, markers, phases, decisions and the inputs of
//! each procedure.

use crate::declare::{
    ActionDef, AreaDef, CounterDef, Decision, FieldDef, FieldKind, KindDef, MarkerDef, MarkerKind,
    OptionConflict, OptionDef, OptionKind, Options, ParamDef, ParamKind, PhaseDef, Tone,
};

/// The example of `umpire rulesets`: a fire on the infantry table at 12", into hard cover, by a
/// Suppressed stand at a green target.
pub const EXAMPLE: &[&str] = &[
    "newport",
    "fire",
    "--table",
    "infantry",
    "--range",
    "12",
    "--cover",
    "hard",
    "--firer-suppressed",
    "--target-quality",
    "green",
    "--dice",
    "3",
];

pub const QUALITIES: &[&str] = &["green", "regular", "elite"];
pub const LEVELS: &[&str] = &["battalion", "company", "platoon"];
pub const UNIT_FIELDS: &[FieldDef] = &[
    FieldDef::new(
        "quality",
        FieldKind::Text,
        "green, regular or elite; the formation's or side's if absent",
    ),
    FieldDef::new(
        "leader",
        FieldKind::Flag,
        "a leader stand (platoon or company leader)",
    ),
    FieldDef::new(
        "hq",
        FieldKind::Flag,
        "the battalion's HQ stand (method 3: it keeps the saved command points)",
    ),
    FieldDef::new(
        "hmg",
        FieldKind::Flag,
        "a heavy machine gun (two dice with the hmg_two_dice option)",
    ),
    FieldDef::new(
        "gun",
        FieldKind::Int { min: -2, max: 2 },
        "a vehicle's or gun's gun modifier: heavier −1/−2, lighter +1/+2",
    ),
    FieldDef::new(
        "armour",
        FieldKind::Int { min: -2, max: 2 },
        "a vehicle's armour modifier: tougher +1/+2, thinner −1/−2",
    ),
];

pub const KINDS: &[KindDef] = &[
    KindDef {
        id: "infantry",
        help: "infantry stand (squad or platoon): 3 hits",
    },
    KindDef {
        id: "weapons",
        help: "weapons stand (two figures): 2 hits with weapons_stand_two_hits, else 3",
    },
    KindDef {
        id: "leader",
        help: "platoon or company leader stand: 1 hit; returns two turns after it dies",
    },
    KindDef {
        id: "hq",
        help: "battalion HQ stand: 1 hit; holds saved command points; never replaced",
    },
    KindDef {
        id: "vehicle",
        help: "tank or other vehicle: 1 hit in a company game, 3 in a battalion game; never Paralyzed",
    },
    KindDef {
        id: "gun",
        help: "towed gun and crew: fired at on the infantry table, hits as a weapons stand, vehicle ranges",
    },
    KindDef {
        id: "air",
        help: "air support (off table): one attack on one stand",
    },
    KindDef {
        id: "artillery",
        help: "artillery battery (off table): a template attack on every stand under it",
    },
    KindDef {
        id: "heavy-mortar",
        help: "heavy mortar (off table): a template attack, no range limit",
    },
    KindDef {
        id: "light-mortar",
        help: "light mortar: one stand, within 16\"",
    },
];

/// Kinds that are not on the table and cannot be targeted.
pub const ASSET_KINDS: &[&str] = &["air", "artillery", "heavy-mortar", "light-mortar"];

pub const SUPPRESSED: &str = "suppressed";
pub const PARALYZED: &str = "paralyzed";
pub const FINISHED: &str = "finished";
pub const RETURNS: &str = "returns";
pub const IN_COMMAND: &str = "in_command";
pub const OPP_FIRED_AT: &str = "opportunity_fired_at";
pub const MOVED_ON_ROAD: &str = "moved_on_road";
pub const CLOSING: &str = "closing";

/// The stands on the table (not the off-table assets).
const ON_TABLE: &[&str] = &["infantry", "weapons", "leader", "hq", "vehicle", "gun"];
/// The stands on the table but vehicles, which are never Paralyzed.
const PARALYZABLE: &[&str] = &["infantry", "weapons", "leader", "hq", "gun"];

pub const MARKERS: &[MarkerDef] = &[
    MarkerDef {
        id: SUPPRESSED,
        badge: "SUP",
        help: "Suppressed: may not move (except a panic move) nor fire opportunity fire; fires at +1",
        kind: MarkerKind::Flag,
        tone: Tone::Warn,
        kinds: ON_TABLE,
    },
    MarkerDef {
        id: PARALYZED,
        badge: "PAR",
        help: "Paralyzed: may not move (except a panic move); fires only once, defending in close combat",
        kind: MarkerKind::Flag,
        tone: Tone::Danger,
        kinds: PARALYZABLE,
    },
    MarkerDef {
        id: FINISHED,
        badge: "FIN",
        help: "Finished: has acted this turn (or its opportunity fire achieved nothing)",
        kind: MarkerKind::Flag,
        tone: Tone::Muted,
        kinds: &[],
    },
    MarkerDef {
        id: RETURNS,
        badge: "BACK",
        help: "A killed leader: returns at the start of its side's turn on this game turn",
        kind: MarkerKind::Turn,
        tone: Tone::Info,
        kinds: &["leader"],
    },
    MarkerDef {
        id: IN_COMMAND,
        badge: "CMD",
        help: "Passed its command roll this turn (method 2): may act",
        kind: MarkerKind::Flag,
        tone: Tone::Info,
        kinds: ON_TABLE,
    },
    MarkerDef {
        id: OPP_FIRED_AT,
        badge: "OPP",
        help: "Already drew opportunity fire against its action this turn (one per enemy action)",
        kind: MarkerKind::Flag,
        tone: Tone::Info,
        kinds: ON_TABLE,
    },
    MarkerDef {
        id: CLOSING,
        badge: "CC",
        help: "Moving into contact: its close combat is resolved next, after any opportunity fire at it",
        kind: MarkerKind::Flag,
        tone: Tone::Warn,
        kinds: ON_TABLE,
    },
    MarkerDef {
        id: MOVED_ON_ROAD,
        badge: "ROAD",
        help: "Moved along a road this turn: −2 on anti-tank fire at it",
        kind: MarkerKind::Flag,
        tone: Tone::Info,
        // The move procedure records it for any stand that moves along a road; it tells on fire
        // at a vehicle.
        kinds: ON_TABLE,
    },
];

/// A method-3 battalion's command points this turn.
pub const CP: &str = "cp";
/// A method-3 battalion's points saved with its HQ.
pub const SAVED: &str = "saved";

pub const COUNTERS: &[CounterDef] = &[
    CounterDef {
        id: CP,
        help: "command points this turn (method 3, per battalion)",
        min: 0,
        max: 999,
    },
    CounterDef {
        id: SAVED,
        help: "command points saved with the battalion's HQ (method 3)",
        min: 0,
        max: 9_999,
    },
];

pub const SMOKE: &str = "smoke";

pub const AREAS: &[AreaDef] = &[AreaDef {
    id: SMOKE,
    help: "smoke laid by a side's mortars or artillery: blocks sight; lifts in the other side's morale recovery",
}];

pub const PH_REMOVE_FINISHED: &str = "remove_finished";
pub const PH_COMMAND: &str = "command";
pub const PH_ACTION: &str = "action";
pub const PH_MORALE: &str = "morale_recovery";

pub const PHASES: &[PhaseDef] = &[
    PhaseDef {
        id: PH_REMOVE_FINISHED,
        name: "Remove Finished",
        automatic: true,
        simultaneous: false,
        help: "Finished markers come off the active side's stands; killed leaders due back return",
    },
    PhaseDef {
        id: PH_COMMAND,
        name: "Command",
        automatic: true,
        simultaneous: false,
        help: "Method 3: each battalion rolls for command points (done on entering the phase)",
    },
    PhaseDef {
        id: PH_ACTION,
        name: "Action",
        automatic: false,
        simultaneous: false,
        help: "Each stand may move, fire or close-assault once; the enemy may opportunity-fire",
    },
    PhaseDef {
        id: PH_MORALE,
        name: "Morale Recovery",
        automatic: true,
        simultaneous: false,
        help: "Suppressed markers removed, then Paralyzed become Suppressed (checks optional); smoke lifts",
    },
];




pub const OPTIONS: &[OptionDef] = &[
    OptionDef {
        key: "scale",
        kind: OptionKind::Choice(&["company", "battalion"]),
        default: "\"company\"",
        help: "company: squad-level stands, vehicles take 1 hit, leaders return, a spotting leader is Finished; battalion: platoon-level stands, vehicles take 3 hits, HQs are not replaced, any stand spots unmarked",
        per_side: false,
    },
    OptionDef::int(
        "command_method",
        1,
        3,
        "1",
        "1: no restrictions; 2: small-unit (stands beyond 2\" of a leader roll to act); 3: large-unit (battalion command points). A side may have its own",
    ).per_side(),
    OptionDef::int(
        "command_roll_green",
        0,
        10,
        "4",
        "method 2: green stands act on this or less",
    ),
    OptionDef::int(
        "command_roll_regular",
        0,
        10,
        "6",
        "method 2: regular stands act on this or less",
    ),
    OptionDef::int(
        "command_roll_elite",
        0,
        10,
        "8",
        "method 2: elite stands act on this or less",
    ),
    OptionDef::int(
        "command_minimum_green",
        0,
        20,
        "2",
        "method 3: fewest command points for a green battalion",
    ),
    OptionDef::int(
        "command_minimum_regular",
        0,
        20,
        "3",
        "method 3: fewest command points for a regular battalion",
    ),
    OptionDef::int(
        "command_minimum_elite",
        0,
        20,
        "4",
        "method 3: fewest command points for an elite battalion",
    ),
    OptionDef::int(
        "command_die",
        6,
        10,
        "10",
        "method 3: sides of the command-point die (decision: a d10, the game's only die; 6 for a d6 reading)",
    ).per_side(),
    OptionDef::flag(
        "superior_command",
        "method 3: roll an extra die for command points and add them (a superior staff)",
    ).per_side(),
    OptionDef::flag(
        "hamstrung",
        "method 3: no minimum command points (a side short of fuel or command)",
    ).per_side(),
    OptionDef::flag(
        "weapons_stand_two_hits",
        "weapons stands (and guns) are removed at 2 hits instead of 3",
    ),
    OptionDef::flag(
        "hmg_two_dice",
        "on the infantry table, a heavy machine gun rolls two dice and keeps the better (lower)",
    ),
    OptionDef::flag(
        "hmg_no_long_range",
        "on the infantry table, a heavy machine gun takes no +1 at long range",
    ),
    OptionDef::flag(
        "morale_check",
        "each morale improvement needs a d10 roll of at least the quality's number",
    ),
    OptionDef::int(
        "morale_check_green",
        1,
        11,
        "6",
        "morale_check: green stands improve on this or more",
    ),
    OptionDef::int(
        "morale_check_regular",
        1,
        11,
        "5",
        "morale_check: regular stands improve on this or more",
    ),
    OptionDef::int(
        "morale_check_elite",
        1,
        11,
        "4",
        "morale_check: elite stands improve on this or more",
    ),
    OptionDef::flag(
        "leader_rally",
        "a leader may move to one Suppressed or Paralyzed stand and improve it by one level",
    ),
    OptionDef::int(
        "leader_return_turns",
        1,
        10,
        "2",
        "a killed platoon or company leader returns at the start of its side's N-th turn after the turn it died",
    ),
    OptionDef::int(
        "infantry_range",
        1,
        100,
        "8",
        "infantry normal range in inches",
    ),
    OptionDef::int(
        "infantry_long_range",
        1,
        100,
        "16",
        "infantry long range in inches (+1)",
    ),
    OptionDef::int(
        "vehicle_range",
        1,
        200,
        "16",
        "vehicle and gun normal range in inches",
    ),
    OptionDef::int(
        "vehicle_long_range",
        1,
        200,
        "24",
        "vehicle and gun long range in inches (+1)",
    ),
    OptionDef::int(
        "infantry_antitank_range",
        0,
        50,
        "2",
        "infantry may fire at a vehicle only this close (anti-tank table, no long range)",
    ),
    OptionDef::int(
        "light_mortar_range",
        1,
        100,
        "16",
        "a light mortar's range limit in inches",
    ),
    OptionDef {
        key: "paralyzing_shot_stops_attacker",
        kind: OptionKind::Bool,
        default: "true",
        help: "close combat against a Paralyzed defender: if its one shot Paralyzes the attacker, the attacker does not fire and both retreat (decision); false lets the attacker fire anyway",
        per_side: false,
    },
];

/// Option pairs that must be ordered: a normal range within its long range (the rules: normal up
/// to 8", long 8–16" for infantry; 16" and 24" for vehicles and guns). Equal is allowed: no
/// long-range band. The infantry anti-tank range stands on its own (it has no long-range band).
const ORDERED_RANGES: &[(&str, &str, &str)] = &[
    ("infantry_range", "infantry_long_range", "infantry"),
    ("vehicle_range", "vehicle_long_range", "vehicle and gun"),
];

/// The options in force (for `side`, if given) that contradict each other.
pub fn option_conflicts(options: &Options, side: Option<&str>) -> Vec<OptionConflict> {
    ORDERED_RANGES
        .iter()
        .filter_map(|&(normal, long, who)| {
            let (n, l) = (options.int_for(normal, side), options.int_for(long, side));
            (n > l).then(|| OptionConflict {
                keys: vec![normal, long],
                message: format!(
                    "the {who} normal range ({n}\") is beyond the {who} long range ({l}\"): `{normal}` may be at most `{long}`"
                ),
            })
        })
        .collect()
}

pub const DECISIONS: &[Decision] = &[
    Decision {
        topic: "command-point die",
        text: "method 3 rolls a d10 (the only die the game uses) for command points",
        option: Some("command_die"),
    },
    Decision {
        topic: "spending command points",
        text: "each stand that moves, fires or panic-moves in its own action phase spends one point; opportunity fire, defending in close combat and calling air or artillery cost none. Points of this turn's roll are spent before saved points",
        option: None,
    },
    Decision {
        topic: "saved points and the HQ",
        text: "unspent points are saved with a living HQ at the end of the turn; when the HQ is lost the saved points are lost at once, and from then on unspent points vanish at the end of each turn",
        option: None,
    },
    Decision {
        topic: "air and artillery at vehicles",
        text: "use the anti-tank table with gun modifier 0 (the target's armour modifier and cover apply)",
        option: None,
    },
    Decision {
        topic: "infantry firing at vehicles",
        text: "only within the anti-tank range (2\"), on the anti-tank table, with gun modifier 0 and no long-range band",
        option: Some("infantry_antitank_range"),
    },
    Decision {
        topic: "cover on the anti-tank table",
        text: "any cover (soft or hard, or smoke) gives the single +1 'target in cover'",
        option: None,
    },
    Decision {
        topic: "smoke",
        text: "smoke gives +1 cover, not added to other cover (the larger applies); it lifts in the Morale Recovery of the opponent's turn that follows the turn it was laid",
        option: None,
    },
    Decision {
        topic: "leader replacement",
        text: "a platoon or company leader returns at the start of its side's second turn after the turn it died: killed on game turn T during or after its own side's turn, it is back at the start of its side's turn on T + 2; killed before its side has moved in game turn T, on T + 1 (company games only; a battalion HQ never returns)",
        option: Some("leader_return_turns"),
    },
    Decision {
        topic: "guns",
        text: "a towed gun is fired at on the infantry table, takes hits as a weapons stand and fires with vehicle ranges and its gun modifier",
        option: None,
    },
    Decision {
        topic: "close combat with vehicles",
        text: "one round only. Infantry assaulting a vehicle: no modifiers except +1 on a Suppressed vehicle's own fire. A vehicle assaulting infantry: the defender keeps its cover and both sides' usual firer modifiers apply; the infantry fires with gun modifier 0 at the vehicle's armour. Vehicle against vehicle: gun and armour modifiers apply. A vehicle wins only by destroying (or Paralyzing) the other stand; otherwise the vehicle falls back 8\"",
        option: None,
    },
    Decision {
        topic: "Paralyzed defender in close combat",
        text: "it fires once at +2; if that shot Paralyzes the attacker, the attacker does not fire and both retreat 4\" with the extra hit",
        option: Some("paralyzing_shot_stops_attacker"),
    },
    Decision {
        topic: "opportunity fire",
        text: "one opportunity fire per enemy stand per turn (a stand takes one action a turn); a mover Suppressed or Paralyzed by it stops and is Finished",
        option: None,
    },
    Decision {
        topic: "opportunity fire at a move into contact",
        text: "a close combat starts with the attacker's move into contact. When a stand of the side not moving may fire opportunity fire at the mover, the move is recorded first (its command roll and command point with it; the attacker is marked CC, moving into contact) and two things are offered: the opportunity fire at the mover and the close combat. The fire is resolved before the combat; taking up the close combat declines it. A mover the fire destroys, Suppresses or Paralyzes stops where it is, is Finished and starts no close combat; otherwise the close combat follows. The umpire says when the attacker did not move 1\" or more in sight (moved = no): the combat is then fought at once",
        option: None,
    },
    Decision {
        topic: "off-table assets",
        text: "air, artillery and mortar units attack once in their side's turn (marked Finished) and cannot be targeted",
        option: None,
    },
    Decision {
        topic: "leaders in contact",
        text: "a leader in contact with another stand (the umpire names it: --contact, or LEADER@STAND under a template) cannot be targeted on its own; under a template it is attacked only if that stand is gone, counting stands destroyed by the same template",
        option: None,
    },
];

// ---- procedure inputs ---------------------------------------------------------------------

pub use crate::declare::params::param;

const COVER: &[&str] = &["none", "soft", "hard"];
const TABLES: &[&str] = &["infantry", "anti-tank"];
const STAND_KINDS: &[&str] = &["infantry", "weapons", "leader", "hq", "vehicle", "gun"];
const MORALE: &[&str] = &["none", "suppressed", "paralyzed"];

/// A gun or armour modifier: the rules give −1/−2 and +1/+2 around the scenario's baseline 0.
pub const MOD_MIN: i64 = -2;
/// See [`MOD_MIN`].
pub const MOD_MAX: i64 = 2;
const MOD: ParamKind = ParamKind::Int {
    min: MOD_MIN,
    max: MOD_MAX,
};
const HITS: ParamKind = ParamKind::Int { min: 0, max: 2 };

pub const FIRE_PARAMS: &[ParamDef] = &[
    ParamDef::new("firer", "the firing stand's id", ParamKind::Unit).battle(),
    ParamDef::new("target", "the target stand's id", ParamKind::Unit).enemy().battle(),
    ParamDef::new(
        "contact",
        "if the target is a leader in contact with another stand: that stand's id (the leader cannot be targeted while it stands)",
        ParamKind::Text,
    )
    .battle(),
    ParamDef::new(
        "range",
        "range to the target in inches",
        ParamKind::Distance,
    ),
    ParamDef::new(
        "cover",
        "the target's cover: soft (+1) or hard, e.g. a building (+2)",
        ParamKind::Choice(COVER),
    )
    .default("none"),
    ParamDef::flag(
        "smoke",
        "the fire passes through smoke (+1 cover, not added to other cover)",
    ),
    ParamDef::flag("flank", "anti-tank: a flank shot (−3)"),
    ParamDef::flag(
        "road",
        "anti-tank: the target moved along a road this turn (−2)",
    )
    .derived(),
    ParamDef::flag(
        "out-of-command",
        "method 2: the firer is beyond 2\" of its leader and must pass a command roll first",
    )
    .battle(),
    ParamDef::new(
        "table",
        "which table: infantry (at infantry, guns, leaders) or anti-tank (at vehicles)",
        ParamKind::Choice(TABLES),
    )
    .default("infantry")
    .derived(),
    ParamDef::new(
        "firer-kind",
        "the firing stand's kind (sets the range bands)",
        ParamKind::Choice(STAND_KINDS),
    )
    .default("infantry")
    .derived(),
    ParamDef::flag("firer-suppressed", "the firing stand is Suppressed (+1)").derived(),
    ParamDef::new(
        "target-quality",
        "the target's quality (a 6 Suppresses green troops only)",
        ParamKind::Choice(QUALITIES),
    )
    .default("regular")
    .derived(),
    ParamDef::flag("hmg", "the firer is a heavy machine gun (hmg options)").derived(),
    ParamDef::new(
        "gun",
        "anti-tank: the firer's gun modifier (heavier −1/−2, lighter +1/+2)",
        MOD,
    )
    .default("0")
    .derived(),
    ParamDef::new(
        "armour",
        "anti-tank: the target's armour modifier (tougher +1/+2, thinner −1/−2)",
        MOD,
    )
    .default("0")
    .derived(),
    ParamDef::flag(
        "opportunity",
        "opportunity fire: no effect marks the firer Finished",
    )
    .derived()
    .qualifies(),
    ParamDef::new(
        "trigger",
        "opportunity fire: the enemy stand moved (it stops if Suppressed) or fired",
        ParamKind::Choice(&["moved", "fired"]),
    )
    .default("moved")
    .battle(),
    ParamDef::new(
        "assaulting",
        "opportunity fire at a stand moving into contact: the stand it moves into contact with, ID[:COVER] with that stand's cover (its close combat is offered after the fire unless the fire stops the mover)",
        ParamKind::Text,
    )
    .battle(),
];

pub const CLOSE_COMBAT_PARAMS: &[ParamDef] = &[
    ParamDef::new("attacker", "the stand moving into contact", ParamKind::Unit).battle(),
    ParamDef::new("defender", "the stand contacted", ParamKind::Unit).enemy().battle(),
    ParamDef::new(
        "cover",
        "the defender's cover (the attacker never has any)",
        ParamKind::Choice(COVER),
    )
    .default("none"),
    ParamDef::flag(
        "out-of-command",
        "method 2: the attacker is beyond 2\" of its leader and must pass a command roll first",
    )
    .battle(),
    ParamDef::flag(
        "moved",
        "the attacker moves 1\" or more in sight of the enemy to make contact: the move is recorded first and the opportunity fire at it offered, then the close combat (no: it was already in contact or moved unseen)",
    )
    .default("yes")
    .battle(),
    ParamDef::new(
        "attacker-kind",
        "the attacking stand's kind",
        ParamKind::Choice(STAND_KINDS),
    )
    .default("infantry")
    .derived(),
    ParamDef::new(
        "defender-kind",
        "the defending stand's kind",
        ParamKind::Choice(STAND_KINDS),
    )
    .default("infantry")
    .derived(),
    ParamDef::new(
        "defender-state",
        "the defender's morale at contact",
        ParamKind::Choice(MORALE),
    )
    .default("none")
    .derived(),
    ParamDef::new(
        "attacker-quality",
        "the attacker's quality",
        ParamKind::Choice(QUALITIES),
    )
    .default("regular")
    .derived(),
    ParamDef::new(
        "defender-quality",
        "the defender's quality",
        ParamKind::Choice(QUALITIES),
    )
    .default("regular")
    .derived(),
    ParamDef::new("attacker-hits", "hits the attacker already has", HITS)
        .default("0")
        .derived(),
    ParamDef::new("defender-hits", "hits the defender already has", HITS)
        .default("0")
        .derived(),
    ParamDef::flag("attacker-hmg", "the attacker is a heavy machine gun").derived(),
    ParamDef::flag("defender-hmg", "the defender is a heavy machine gun").derived(),
    ParamDef::new("attacker-gun", "the attacking vehicle's gun modifier", MOD)
        .default("0")
        .derived(),
    ParamDef::new("defender-gun", "the defending vehicle's gun modifier", MOD)
        .default("0")
        .derived(),
    ParamDef::new(
        "attacker-armour",
        "the attacking vehicle's armour modifier",
        MOD,
    )
    .default("0")
    .derived(),
    ParamDef::new(
        "defender-armour",
        "the defending vehicle's armour modifier",
        MOD,
    )
    .default("0")
    .derived(),
];

pub const AIR_PARAMS: &[ParamDef] = &[
    ParamDef::new("asset", "the air unit making the attack", ParamKind::Unit).battle(),
    ParamDef::new("target", "the target stand", ParamKind::Unit).enemy().battle(),
    ParamDef::new(
        "contact",
        "if the target is a leader in contact with another stand: that stand's id (the leader cannot be targeted while it stands)",
        ParamKind::Text,
    )
    .battle(),
    ParamDef::new("cover", "the target's cover", ParamKind::Choice(COVER)).default("none"),
    ParamDef::flag(
        "smoke",
        "the target is in smoke (+1 cover, not added to other cover)",
    ),
    ParamDef::new(
        "best-of",
        "dice rolled, keeping the best (2 or 3 for a Stuka-like strike)",
        ParamKind::Int { min: 1, max: 3 },
    )
    .default("1"),
    ParamDef::new(
        "target-kind",
        "the target stand's kind",
        ParamKind::Choice(STAND_KINDS),
    )
    .default("infantry")
    .derived(),
    ParamDef::new(
        "target-quality",
        "the target's quality",
        ParamKind::Choice(QUALITIES),
    )
    .default("regular")
    .derived(),
    ParamDef::new("armour", "a vehicle target's armour modifier", MOD)
        .default("0")
        .derived(),
];

pub const ARTILLERY_PARAMS: &[ParamDef] = &[
    ParamDef::new(
        "asset",
        "the artillery or mortar unit firing",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::new(
        "spotter",
        "the stand that spots (company game: a leader, who is marked Finished)",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::new(
        "weapon",
        "artillery or heavy mortar (template, no range limit) or light mortar (one stand, 16\")",
        ParamKind::Choice(&["artillery", "heavy-mortar", "light-mortar"]),
    )
    .default("artillery")
    .derived(),
    ParamDef::new(
        "targets",
        "stands under the template, each ID[:COVER][@CONTACT] in a battle (a leader @ the stand it is in contact with is attacked only once that stand is gone), KIND[:COVER[:QUALITY[:ARMOUR]]] otherwise (e.g. infantry:hard,vehicle::green:+1)",
        ParamKind::List,
    ),
    ParamDef::new(
        "range",
        "light mortar: range to the target in inches",
        ParamKind::Distance,
    ),
];

pub const SMOKE_PARAMS: &[ParamDef] = &[
    ParamDef::new(
        "asset",
        "the artillery or mortar unit laying smoke",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::new(
        "spotter",
        "the stand that spots (company game: a leader, who is marked Finished)",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::new(
        "area",
        "where the smoke lies, in your words (\"the orchard\")",
        ParamKind::Text,
    )
    .battle(),
];

pub const COMMAND_ROLL_PARAMS: &[ParamDef] = &[
    ParamDef::new(
        "unit",
        "the stand beyond 2\" of its leader that wants to act",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::new(
        "quality",
        "the stand's quality",
        ParamKind::Choice(QUALITIES),
    )
    .default("regular")
    .derived(),
];

pub const COMMAND_POINTS_PARAMS: &[ParamDef] = &[
    ParamDef::new(
        "quality",
        "the battalion's quality (sets the minimum)",
        ParamKind::Choice(QUALITIES),
    )
    .default("regular"),
    ParamDef::new(
        "lost",
        "stands the battalion has lost",
        ParamKind::Int { min: 0, max: 99 },
    )
    .default("0"),
    ParamDef::new(
        "saved",
        "points saved with the HQ from earlier turns",
        ParamKind::Int { min: 0, max: 99 },
    )
    .default("0"),
    ParamDef::flag("superior", "superior command: roll an extra die"),
    ParamDef::flag("hamstrung", "hamstrung: no minimum"),
];

pub const MORALE_CHECK_PARAMS: &[ParamDef] = &[ParamDef::new(
    "quality",
    "the stand's quality",
    ParamKind::Choice(QUALITIES),
)
.default("regular")];

pub const UNIT_PARAMS: &[ParamDef] = &[
    ParamDef::new("unit", "the stand", ParamKind::Unit).battle(),
    ParamDef::flag(
        "out-of-command",
        "method 2: beyond 2\" of its leader; must pass a command roll first",
    )
    .battle(),
    ParamDef::flag(
        "road",
        "it moved along a road (−2 on anti-tank fire at it this turn)",
    )
    .battle(),
    ParamDef::flag(
        "away",
        "a Suppressed vehicle: it moves away from the enemy (it may not move closer)",
    )
    .battle(),
];

pub const PANIC_PARAMS: &[ParamDef] = &[
    ParamDef::new(
        "unit",
        "the Suppressed or Paralyzed infantry stand",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::flag(
        "out-of-command",
        "method 2: beyond 2\" of its leader; must pass a command roll first",
    )
    .battle(),
];

pub const RALLY_PARAMS: &[ParamDef] = &[
    ParamDef::new("leader", "the leader moving to the stand", ParamKind::Unit).battle(),
    ParamDef::new(
        "unit",
        "the Suppressed or Paralyzed stand it improves",
        ParamKind::Unit,
    )
    .battle(),
];

// The procedures' declarations, each returned by its object in `super::procedures` (listed in
// this order by the rule set).

/// The `fire` procedure.
pub static FIRE_DEF: ActionDef = ActionDef {
    id: "fire",
    help: "a stand fires at another (infantry or anti-tank table); in a battle, a stand of the side not moving fires opportunity fire",
    params: FIRE_PARAMS,
    key: Some('f'),
    standalone: true,
    in_battle: true,
    rolls: true,
};

/// The `close-combat` procedure.
pub static CLOSE_COMBAT_DEF: ActionDef = ActionDef {
    id: "close-combat",
    help: "a stand moves into contact: alternate fire until one side is Paralyzed or destroyed",
    params: CLOSE_COMBAT_PARAMS,
    key: Some('c'),
    standalone: true,
    in_battle: true,
    rolls: true,
};

/// The `air` procedure.
pub static AIR_DEF: ActionDef = ActionDef {
    id: "air",
    help: "air support attacks one stand (optionally rolling 2 or 3 dice, keeping the best)",
    params: AIR_PARAMS,
    key: Some('a'),
    standalone: true,
    in_battle: true,
    rolls: true,
};

/// The `artillery` procedure.
pub static ARTILLERY_DEF: ActionDef = ActionDef {
    id: "artillery",
    help: "artillery or heavy mortar attacks every stand under its template; a light mortar one stand within 16\"",
    params: ARTILLERY_PARAMS,
    key: Some('A'),
    standalone: true,
    in_battle: true,
    rolls: true,
};

/// The `smoke` procedure.
pub static SMOKE_DEF: ActionDef = ActionDef {
    id: "smoke",
    help: "artillery or mortar lays smoke (+1 cover to fire through it) until the opponent's next morale recovery",
    params: SMOKE_PARAMS,
    key: Some('s'),
    standalone: false,
    in_battle: true,
    rolls: false,
};

/// The `command-roll` procedure.
pub static COMMAND_ROLL_DEF: ActionDef = ActionDef {
    id: "command-roll",
    help: "method 2: a stand beyond 2\" of its leader rolls to act (green 4 or less, regular 6, elite 8); failure marks it Finished",
    params: COMMAND_ROLL_PARAMS,
    key: Some('C'),
    standalone: true,
    in_battle: true,
    rolls: true,
};

/// The `command-points` procedure.
pub static COMMAND_POINTS_DEF: ActionDef = ActionDef {
    id: "command-points",
    help: "method 3: a battalion's command points (d10 − stands lost, at least the minimum, + saved); in a battle rolled on entering the command phase",
    params: COMMAND_POINTS_PARAMS,
    key: None,
    standalone: true,
    in_battle: false,
    rolls: true,
};

/// The `morale-check` procedure.
pub static MORALE_CHECK_DEF: ActionDef = ActionDef {
    id: "morale-check",
    help: "morale_check option: a stand's roll to improve one level in morale recovery; in a battle rolled automatically",
    params: MORALE_CHECK_PARAMS,
    key: None,
    standalone: true,
    in_battle: false,
    rolls: true,
};

/// The `move` procedure.
pub static MOVE_DEF: ActionDef = ActionDef {
    id: "move",
    help: "a stand moves (marked Finished; spends a command point under method 3)",
    params: UNIT_PARAMS,
    key: Some('m'),
    standalone: false,
    in_battle: true,
    rolls: false,
};

/// The `panic` procedure.
pub static PANIC_DEF: ActionDef = ActionDef {
    id: "panic",
    help: "a Suppressed or Paralyzed infantry stand moves 8\" away from the nearest enemy: Paralyzed and one hit",
    params: PANIC_PARAMS,
    key: Some('p'),
    standalone: false,
    in_battle: true,
    rolls: false,
};

/// The `rally` procedure.
pub static RALLY_DEF: ActionDef = ActionDef {
    id: "rally",
    help: "leader_rally option: a leader moves to a Suppressed or Paralyzed stand and improves it one level",
    params: RALLY_PARAMS,
    key: Some('r'),
    standalone: false,
    in_battle: true,
    rolls: false,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::declare::OptionValue;

    #[test]
    fn a_normal_range_beyond_its_long_range_contradicts_it() {
        let mut o = Options::defaults(OPTIONS);
        assert_eq!(option_conflicts(&o, None), []);
        o.set("infantry_range", OptionValue::Int(16));
        assert_eq!(option_conflicts(&o, None), [], "equal: no long-range band");
        o.set("vehicle_long_range", OptionValue::Int(15));
        let c = option_conflicts(&o, None);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].keys, ["vehicle_range", "vehicle_long_range"]);
        assert!(c[0].message.contains("(16\")") && c[0].message.contains("(15\")"));
        // Read for a side: its own values, then the scenario's.
        o.set_for_side("ger", "infantry_long_range", OptionValue::Int(10));
        assert_eq!(option_conflicts(&o, None).len(), 1);
        let ger = option_conflicts(&o, Some("ger"));
        assert_eq!(ger.len(), 2);
        assert_eq!(ger[0].keys, ["infantry_range", "infantry_long_range"]);
        // The anti-tank range is not bound to the others.
        let mut o = Options::defaults(OPTIONS);
        o.set("infantry_antitank_range", OptionValue::Int(50));
        assert_eq!(option_conflicts(&o, None), []);
    }
}
