//! What FFT3's rules declare: options, unit kinds and fields, markers, counters, phases, the
//! readings of the text this program applies (decisions), and the inputs of each procedure.

use super::tables::AvWeapon;
use crate::declare::{
    ActionDef, AreaDef, CounterDef, Decision, FieldDef, FieldKind, KindDef, MarkerDef, MarkerKind,
    OptionDef, OptionKind, ParamDef, ParamKind, PhaseDef, Tone,
};

/// Stands have no quality of their own: the nationality sets it.
pub const QUALITIES: &[&str] = &[];
/// A unit is a company (Western) or a battalion (Soviet) of stands.
pub const LEVELS: &[&str] = &["force", "battalion", "company"];

pub const TANK: &str = "tank";
pub const HALFTRACK: &str = "halftrack";
pub const TRUCK: &str = "truck";
pub const INFANTRY: &str = "infantry";

pub const KINDS: &[KindDef] = &[
    KindDef {
        id: TANK,
        help: "A tank stand (about 5 vehicles); a Soviet tank may carry one infantry stand",
    },
    KindDef {
        id: HALFTRACK,
        help: "A halftrack stand: carries one infantry stand; anti-infantry fire only",
    },
    KindDef {
        id: TRUCK,
        help: "A truck stand: soft (armour S), carries one infantry stand, cannot fire",
    },
    KindDef {
        id: INFANTRY,
        help: "An infantry stand (a platoon): anti-infantry fire and a LAW",
    },
];

/// The unit field naming the stand's type in the tables.
pub const TYPE: &str = "type";
/// The unit field naming the vehicle an infantry stand rides at the start.
pub const RIDES: &str = "rides";

pub const UNIT_FIELDS: &[FieldDef] = &[
    FieldDef::new(
        TYPE,
        FieldKind::Text,
        "the stand's type in the vehicle or infantry table (panther, t-34, sherman, halftrack, truck, american-infantry, german-infantry, soviet-infantry, or the scenario's own); required",
    ),
    FieldDef::new(
        RIDES,
        FieldKind::Unit,
        "an infantry stand carried at the start: the halftrack, truck or Soviet tank it rides",
    ),
];

// ---- markers ----

pub const SUPPRESSED: &str = "suppressed";
pub const OVERWATCH: &str = "overwatch";
pub const STRATEGIC: &str = "strategic";
pub const FIRED_AV: &str = "fired_av";
pub const FIRED_AI: &str = "fired_ai";
pub const FIRE_CHECK: &str = "fire_check";
pub const ARTILLERY_CHECK: &str = "artillery_check";
pub const OUT_OF_COHESION: &str = "out_of_cohesion";
pub const RIDING: &str = "riding";
pub const AT_AMMO_USED: &str = "at_ammo_used";
pub const UNDER_TEMPLATE: &str = "under_template";

/// The stands that attack (a truck has no weapon).
const ARMED: &[&str] = &[TANK, HALFTRACK, INFANTRY];

pub const MARKERS: &[MarkerDef] = &[
    MarkerDef {
        id: SUPPRESSED,
        badge: "SUP",
        help: "Suppressed: by the artillery of the side given, until the start of that side's next artillery phase; −1 to hit (a vehicle) or −2 (an infantry stand), −2 movement points",
        kind: MarkerKind::Side,
        tone: Tone::Warn,
        kinds: &[],
    },
    MarkerDef {
        id: OVERWATCH,
        badge: "OW",
        help: "Overwatch: one attack at −1 during the opponent's next movement phase, belonging to the turn the marker was taken in; goes after that attack or at the end of that phase",
        kind: MarkerKind::Flag,
        tone: Tone::Info,
        kinds: ARMED,
    },
    MarkerDef {
        id: STRATEGIC,
        badge: "STRAT",
        help: "Strategic movement: moved at double speed in its side's turn and cannot fire this turn",
        kind: MarkerKind::Flag,
        tone: Tone::Muted,
        kinds: &[],
    },
    MarkerDef {
        id: FIRED_AV,
        badge: "AV",
        help: "Anti-vehicle attack made in its side's turn: a vehicle may make no anti-infantry attack; an infantry stand has used its LAW",
        kind: MarkerKind::Flag,
        tone: Tone::Muted,
        kinds: ARMED,
    },
    MarkerDef {
        id: FIRED_AI,
        badge: "AI",
        help: "Anti-infantry attack made in its side's turn: a vehicle may make no anti-vehicle attack; an infantry stand may still fire its LAW",
        kind: MarkerKind::Flag,
        tone: Tone::Muted,
        kinds: ARMED,
    },
    MarkerDef {
        id: FIRE_CHECK,
        badge: "QC-FIRE",
        help: "Passed a quality check from enemy fire this turn (this side's turn, so this phase of fire): ignores further fire checks until the turn ends",
        kind: MarkerKind::Flag,
        tone: Tone::Info,
        kinds: &[],
    },
    MarkerDef {
        id: ARTILLERY_CHECK,
        badge: "QC-ART",
        help: "Took a quality check from artillery this turn (this side's turn): a further artillery check before the turn ends counts as passed (Suppressed)",
        kind: MarkerKind::Flag,
        tone: Tone::Info,
        kinds: &[],
    },
    MarkerDef {
        id: OUT_OF_COHESION,
        badge: "NOCOH",
        help: "Out of cohesion (the umpire sets it): −1 on the stand's quality checks; it must try to move back into cohesion",
        kind: MarkerKind::Flag,
        tone: Tone::Warn,
        kinds: &[],
    },
    MarkerDef {
        id: RIDING,
        badge: "ON",
        help: "Carried: the carrier the infantry stand rides (a halftrack, truck or tank)",
        kind: MarkerKind::UNIT,
        tone: Tone::Info,
        kinds: &[INFANTRY],
    },
    MarkerDef {
        id: AT_AMMO_USED,
        badge: "ATX",
        help: "Special AT ammo used: the tank's one fire phase of it this game is spent (from the turn numbered)",
        kind: MarkerKind::Turn,
        tone: Tone::Muted,
        kinds: &[TANK],
    },
    MarkerDef {
        id: UNDER_TEMPLATE,
        badge: "TMPL",
        help: "Attacked under the artillery template numbered, while it stays",
        kind: MarkerKind::Count,
        tone: Tone::Info,
        kinds: &[],
    },
];

// ---- counters ----

/// A side's templates left to place this artillery phase.
pub const TEMPLATES: &str = "templates";
/// A side's templates placed so far in the battle (the next one's number).
pub const TEMPLATES_PLACED: &str = "templates_placed";
/// A unit's stands lost when its losses were last looked at by a casualty check phase.
pub const LOST_SEEN: &str = "lost_seen";
/// A unit's losses first reached two thirds (its first casualty check was taken).
pub const CASUALTY_REACHED: &str = "casualty_reached";
/// The turn a unit last took a casualty check.
pub const CASUALTY_TURN: &str = "casualty_turn";

pub const COUNTERS: &[CounterDef] = &[
    CounterDef {
        id: TEMPLATES,
        help: "artillery templates the side may still place this artillery phase (one per 3 units still in play)",
        min: 0,
        max: 999,
    },
    CounterDef {
        id: TEMPLATES_PLACED,
        help: "artillery templates the side has placed in the battle",
        min: 0,
        max: 99_999,
    },
    CounterDef {
        id: LOST_SEEN,
        help: "stands of the unit lost by the last quality-check phase",
        min: 0,
        max: 999,
    },
    CounterDef {
        id: CASUALTY_REACHED,
        help: "1 once the unit's losses have reached two thirds (rounded up): every later turn with a loss calls for a casualty check",
        min: 0,
        max: 1,
    },
    CounterDef {
        id: CASUALTY_TURN,
        help: "the turn of the unit's last casualty check (a record: the check comes once, at the end of a side's turn)",
        min: 0,
        max: 99_999,
    },
];

/// An artillery template on the table.
pub const TEMPLATE: &str = "template";

pub const AREAS: &[AreaDef] = &[AreaDef {
    id: TEMPLATE,
    help: "An artillery template (2\" circle): stays until its owner's next artillery phase; a stand that touches it while moving is attacked at once",
}];

// ---- phases ----

pub const PH_ARTILLERY: &str = "artillery";
pub const PH_MOVEMENT: &str = "movement";
pub const PH_FIRE: &str = "fire";
pub const PH_QUALITY: &str = "quality-checks";

pub const PHASES: &[PhaseDef] = &[
    PhaseDef {
        id: PH_ARTILLERY,
        name: "Artillery",
        automatic: false,
        simultaneous: false,
        help: "The side's old templates and the Suppressed markers its artillery caused come off; it places its templates (one per 3 units still in play, counted after every loss so far) and each is resolved",
    },
    PhaseDef {
        id: PH_MOVEMENT,
        name: "Movement",
        automatic: false,
        simultaneous: false,
        help: "The side moves (strategic movement, carrying infantry); a stand touching a template is attacked at once; the other side's Overwatch stands may fire",
    },
    PhaseDef {
        id: PH_FIRE,
        name: "Fire",
        automatic: false,
        simultaneous: false,
        help: "The side's stands fire (several at one target declared together), or take Overwatch",
    },
    PhaseDef {
        id: PH_QUALITY,
        name: "Quality checks",
        automatic: true,
        simultaneous: false,
        help: "Each unit that first reached two thirds lost, or lost a stand after that, takes one casualty check for all its stands (the riders of a carrier it loses take theirs); then the side's turn ends and its limits lift",
    },
];

// ---- options ----

pub const OPT_AT_AMMO: &str = "special_at_ammo";
pub const OPT_SUPPRESSED_INFANTRY: &str = "suppressed_infantry_to_hit";
pub const OPT_TRUCK_RIDERS: &str = "truck_riders_check";
pub const OPT_CASUALTY_THIRDS: &str = "casualty_thirds";

pub const OPTIONS: &[OptionDef] = &[
    OptionDef {
        key: OPT_AT_AMMO,
        kind: OptionKind::Bool,
        default: "false",
        help: "special AT ammo, \"if the players agree\": once a game per tank that has it, for one fire phase at full ROF",
        per_side: false,
    },
    OptionDef {
        key: OPT_SUPPRESSED_INFANTRY,
        kind: OptionKind::Int { min: -2, max: -1 },
        default: "-2",
        help: "to-hit modifier of a Suppressed infantry stand (the Suppression section says −2; the fire sections say −1 for any Suppressed firer)",
        per_side: false,
    },
    OptionDef {
        key: OPT_TRUCK_RIDERS,
        kind: OptionKind::Bool,
        default: "true",
        help: "infantry carried by a destroyed truck survive only on a passed quality check, as from a halftrack (the text names only the halftrack)",
        per_side: false,
    },
    OptionDef {
        key: OPT_CASUALTY_THIRDS,
        kind: OptionKind::Int { min: 1, max: 3 },
        default: "2",
        help: "the share of its starting stands, in thirds (rounded up), whose loss first calls for a unit's casualty check",
        per_side: false,
    },
];

// ---- decisions ----

pub const DECISIONS: &[Decision] = &[
    Decision {
        topic: "Trucks as targets",
        text: "Armour S is armour 0 against anti-vehicle fire, so a truck may be its target; it may also be attacked by anti-infantry fire, and artillery treats it as infantry (in the open or in difficult terrain, wherever it is).",
        option: None,
    },
    Decision {
        topic: "Suppressed infantry",
        text: "A Suppressed vehicle has −1 to hit and a Suppressed infantry stand −2 (the Suppression section; the fire sections' −1 is read as the vehicle's).",
        option: Some(OPT_SUPPRESSED_INFANTRY),
    },
    Decision {
        topic: "A second artillery check",
        text: "A stand takes at most one quality check from artillery a turn (one side's turn): a second result that would call for one calls for none — the stand counts as having passed and is Suppressed. A 6 on infantry in the open still destroys it, since that is not a check.",
        option: None,
    },
    Decision {
        topic: "Checks from fire",
        text: "A stand takes at most one quality check from enemy fire a turn (one side's turn); one that passed ignores further fire checks until the turn ends. So a target takes at most one check per phase in which fire happens — the fire phase, or the movement phase for overwatch attacks — however many firers: penetration 4–5 calls for one at most, and anti-infantry hits of every firer declared at it count towards one.",
        option: None,
    },
    Decision {
        topic: "What a turn is",
        text: "\"Turn\" in the rules' limits is one side's turn (its artillery, movement, fire and quality-check phases); a game turn is both sides' turns. The limits \"per turn\" — attacks made, strategic movement, quality checks from fire and from artillery — lift at the end of every side's turn, the same for both sides; Suppression and templates run to their owner's next artillery phase.",
        option: None,
    },
    Decision {
        topic: "Casualty checks",
        text: "A unit takes a casualty check at the end of the side's turn in which its losses since the start first reach two thirds of its starting stands (rounded up), and again at the end of every later side's turn — its own side's or the enemy's — in which it loses a stand: at most one a side's turn. One roll for the unit; each stand out of cohesion reads it 1 lower; a stand that fails is eliminated. The riders of a carrier lost in it take their check as from any lost carrier, and a rider lost so counts towards its own unit's check in the same phase.",
        option: Some(OPT_CASUALTY_THIRDS),
    },
    Decision {
        topic: "Carried infantry",
        text: "If a halftrack is destroyed its infantry survive only on a passed quality check, and the same for a truck, whatever destroyed the carrier — fire, artillery, or a failed quality or casualty check; the survivors are dismounted, never left aboard a lost vehicle, and so are the riders of a lost tank. If a tank carrying infantry is hit by anti-vehicle fire (a hit remaining after terrain saves, whatever the penetration result) the riders take a quality check. Anti-infantry fire at a tank with riders attacks only the riders, as infantry in the open; artillery makes one roll for a tank and its riders.",
        option: Some(OPT_TRUCK_RIDERS),
    },
    Decision {
        topic: "Beyond long range",
        text: "Fire is declared before the range is measured: an attack declared beyond long range (more than 1½ × the effective range) misses and nothing is rolled, but it is spent — the firer has made its attack for the turn (its Overwatch attack, if it was one) — and the miss is logged.",
        option: None,
    },
    Decision {
        topic: "Several firers",
        text: "Every firer declared at one target is resolved in one procedure, in the order given: each one's to-hit dice, terrain saves and penetration dice, then the one quality check. Anti-infantry hits of every firer count towards the one check (−1 for each after the first).",
        option: None,
    },
    Decision {
        topic: "Overwatch",
        text: "A stand eligible to fire that takes Overwatch in its own fire phase instead of firing makes one attack at −1 during the opponent's next movement phase; the marker goes after that attack or at the end of that phase. The attack belongs to the turn in which the stand took the marker (that turn's fire, made late): it never counts against the stand's attacks in its own next turn, so both sides' Overwatch costs the same.",
        option: None,
    },
    Decision {
        topic: "Nationality",
        text: "A stand's quality, to-hit and ROF bonus are its side's nationality's; a side without one takes the nationality of its stands' types.",
        option: None,
    },
    Decision {
        topic: "Templates",
        text: "A side gets one template per 3 of its units (companies or battalions) with a stand still in play, counted at the start of its artillery phase after every loss so far (a unit eliminated by the casualty check just before is gone). A template stays until its owner's next artillery phase; a stand that touches it while moving is attacked at once, as under a template just placed.",
        option: None,
    },
];

// ---- procedure inputs ----

pub const ARCS: &[&str] = &["front", "flank"];
pub const TERRAINS: &[&str] = &["open", "difficult"];

const FIRER: ParamDef = ParamDef::new(
    "firer",
    "the firing stand: its id in a battle; off the battle its type (panther, t-34, sherman, halftrack, american-infantry, german-infantry, soviet-infantry, or a scenario's own)",
    ParamKind::Unit,
);
const TARGET: ParamDef = ParamDef::new(
    "target",
    "the target stand: its id in a battle; off the battle its type (t-34, halftrack, truck, soviet-infantry …)",
    ParamKind::Unit,
).enemy();
const RANGE: ParamDef = ParamDef::new(
    "range",
    "the firer's range to the target in inches",
    ParamKind::Distance,
);
const TERRAIN: ParamDef = ParamDef::new(
    "terrain",
    "the target's terrain: open, or difficult (forest, town, swamp: a terrain save of 5+ per hit)",
    ParamKind::Choice(TERRAINS),
)
.default("open");
const WITH: ParamDef = ParamDef::new(
    "with",
    "more firers declared at the same target, resolved together: ID@RANGE, with :flank, :gun/:law/:missile/:at-ammo where it applies (off the battle a type, with :suppressed and :overwatch too): g-p2@7,g-i1@3:law",
    ParamKind::List,
);
const NATIONALITY: ParamDef = ParamDef::new(
    "nationality",
    "the firer's nationality (german, american, soviet, or a scenario's own): by default its type's",
    ParamKind::Text,
)
.derived();
const TARGET_NATIONALITY: ParamDef = ParamDef::new(
    "target-nationality",
    "the target's nationality, for its quality check: by default its type's",
    ParamKind::Text,
)
.derived();
const FIRER_SUPPRESSED: ParamDef = ParamDef::flag(
    "firer-suppressed",
    "the firer is Suppressed (−1 a vehicle, −2 an infantry stand)",
)
.derived();
const OVERWATCH_FIRE: ParamDef = ParamDef::flag("overwatch", "an overwatch attack (−1)")
    .derived()
    .qualifies();
const TARGET_OUT_OF_COHESION: ParamDef = ParamDef::flag(
    "target-out-of-cohesion",
    "the target is out of cohesion (−1 on its quality check)",
)
.derived();
const FIRE_CHECKED: ParamDef = ParamDef::flag(
    "fire-checked",
    "the target already passed a quality check from enemy fire this turn (it ignores further ones)",
)
.derived();
const RIDERS: ParamDef = ParamDef::new(
    "riders",
    "the target vehicle carries an infantry stand of this type (soviet-infantry …)",
    ParamKind::Text,
)
.derived();

pub const AV_PARAMS: &[ParamDef] = &[
    FIRER,
    TARGET,
    RANGE,
    ParamDef::new(
        "arc",
        "the target's armour the fire strikes: front (the firer wholly or partly in its front 120°) or flank",
        ParamKind::Choice(ARCS),
    )
    .default("front"),
    TERRAIN,
    ParamDef::new(
        "weapon",
        "the firer's weapon, where it has more than one: gun, law, missile or at-ammo (special AT ammo)",
        ParamKind::Choice(AvWeapon::IDS),
    ),
    WITH,
    NATIONALITY,
    TARGET_NATIONALITY,
    FIRER_SUPPRESSED,
    OVERWATCH_FIRE,
    TARGET_OUT_OF_COHESION,
    FIRE_CHECKED,
    RIDERS,
];

pub const AI_PARAMS: &[ParamDef] = &[
    FIRER,
    TARGET,
    RANGE,
    TERRAIN,
    WITH,
    NATIONALITY,
    TARGET_NATIONALITY,
    FIRER_SUPPRESSED,
    OVERWATCH_FIRE,
    TARGET_OUT_OF_COHESION,
    FIRE_CHECKED,
    RIDERS,
];

pub const ARTILLERY_PARAMS: &[ParamDef] = &[
    ParamDef::new(
        "stands",
        "every stand wholly or partly under the template: in a battle ids, off it types; add :difficult for a stand in difficult terrain, and off the battle :riders for a tank carrying infantry (s-i1:difficult,s-t2)",
        ParamKind::List,
    ),
    ParamDef::new(
        "at",
        "where the template is, in the umpire's words (the crossroads)",
        ParamKind::Text,
    )
    .battle(),
    ParamDef::new(
        "nationality",
        "the stands' nationality, for their quality checks: by default each type's",
        ParamKind::Text,
    )
    .derived(),
    ParamDef::flag(
        "checked",
        "the stands already took a quality check from artillery this turn (a second counts as passed)",
    )
    .derived(),
];

pub const TOUCH_PARAMS: &[ParamDef] = &[
    ParamDef::new(
        "stand",
        "the moving stand that touched the template",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::new(
        "template",
        "the template's number: 3 for template-3 (the roster's TMPL 3)",
        ParamKind::Int {
            min: 1,
            max: 99_999,
        },
    )
    .battle(),
    ParamDef::new(
        "terrain",
        "the stand's terrain: open, or difficult",
        ParamKind::Choice(TERRAINS),
    )
    .default("open")
    .battle(),
];

pub const CHECK_PARAMS: &[ParamDef] = &[
    ParamDef::new("stand", "the stand that checks", ParamKind::Unit).battle(),
    ParamDef::new(
        "nationality",
        "the stand's nationality (german 3+, american 4+, soviet 5+, or a scenario's own)",
        ParamKind::Text,
    )
    .derived(),
    ParamDef::new(
        "extra-hits",
        "anti-infantry hits after the first (−1 each)",
        ParamKind::Int { min: 0, max: 50 },
    )
    .default("0"),
    ParamDef::flag("out-of-cohesion", "the stand is out of cohesion (−1)").derived(),
    ParamDef::new(
        "reason",
        "why the check is taken, for the log",
        ParamKind::Text,
    )
    .battle(),
];

const STAND: ParamDef = ParamDef::new("stand", "the stand", ParamKind::Unit).battle();

pub const STAND_PARAMS: &[ParamDef] = &[STAND];

pub const EMBARK_PARAMS: &[ParamDef] = &[
    STAND,
    ParamDef::new(
        "carrier",
        "the halftrack, truck or Soviet tank it boards (2 movement points)",
        ParamKind::Unit,
    )
    .battle(),
];

pub const COHESION_PARAMS: &[ParamDef] = &[
    STAND,
    ParamDef::flag(
        "restored",
        "the stand is back in cohesion (the marker comes off)",
    )
    .battle(),
];

// ---- procedures ----

/// Anti-vehicle fire.
pub static ANTI_VEHICLE: ActionDef = ActionDef {
    id: "anti-vehicle",
    help: "tank guns or infantry LAWs at a tank, halftrack or truck: ROF dice to hit (4+), terrain saves, penetration dice",
    params: AV_PARAMS,
    key: Some('f'),
    standalone: true,
    in_battle: true,
    rolls: true,
};

/// Anti-infantry fire.
pub static ANTI_INFANTRY: ActionDef = ActionDef {
    id: "anti-infantry",
    help: "fire at infantry stands and trucks: ROF dice to hit with the AI rating (4+), terrain saves, one quality check",
    params: AI_PARAMS,
    key: Some('i'),
    standalone: true,
    in_battle: true,
    rolls: true,
};

/// An artillery template placed.
pub static ARTILLERY: ActionDef = ActionDef {
    id: "artillery",
    help: "place an artillery template and roll a d6 for every stand under it",
    params: ARTILLERY_PARAMS,
    key: Some('a'),
    standalone: true,
    in_battle: true,
    rolls: true,
};

/// A template touched while moving.
pub static TOUCH_TEMPLATE: ActionDef = ActionDef {
    id: "template",
    help: "a moving stand touches a template still on the table: it is attacked at once",
    params: TOUCH_PARAMS,
    key: Some('T'),
    standalone: false,
    in_battle: true,
    rolls: true,
};

/// A quality check.
pub static QUALITY_CHECK: ActionDef = ActionDef {
    id: "quality-check",
    help: "a quality check: a d6 of the nationality's rating or more passes; failing eliminates the stand",
    params: CHECK_PARAMS,
    key: Some('Q'),
    standalone: true,
    in_battle: true,
    rolls: true,
};

/// Overwatch taken.
pub static TAKE_OVERWATCH: ActionDef = ActionDef {
    id: "overwatch",
    help: "a stand that has not moved takes Overwatch instead of firing: one attack at −1 in the opponent's next movement phase",
    params: STAND_PARAMS,
    key: Some('O'),
    standalone: false,
    in_battle: true,
    rolls: false,
};

/// Strategic movement.
pub static STRATEGIC_MOVE: ActionDef = ActionDef {
    id: "strategic",
    help: "a stand uses strategic movement (double movement points, not within 10\" of the enemy): it cannot fire this turn",
    params: STAND_PARAMS,
    key: Some('s'),
    standalone: false,
    in_battle: true,
    rolls: false,
};

/// Infantry boarding.
pub static EMBARK: ActionDef = ActionDef {
    id: "embark",
    help: "an infantry stand boards a halftrack, truck or Soviet tank next to it (the carrier spends 2 movement points)",
    params: EMBARK_PARAMS,
    key: Some('e'),
    standalone: false,
    in_battle: true,
    rolls: false,
};

/// Infantry getting off.
pub static DEBARK: ActionDef = ActionDef {
    id: "debark",
    help: "an infantry stand gets off its carrier (the carrier spends 2 movement points, the stand loses 2)",
    params: STAND_PARAMS,
    key: Some('D'),
    standalone: false,
    in_battle: true,
    rolls: false,
};

/// Out of cohesion, or back in it.
pub static COHESION: ActionDef = ActionDef {
    id: "cohesion",
    help: "a stand is out of cohesion (not within 2\" of another of its unit at the start and end of its movement), or back in it",
    params: COHESION_PARAMS,
    key: Some('c'),
    standalone: false,
    in_battle: true,
    rolls: false,
};
