//! What Scruby's rules declare: options, unit kinds, markers, phases, the readings of the text
//! this program applies (decisions), and the inputs of each procedure; and [`Settings`], the
//! options in force as plain values for the pure table code.

use super::tables::{Formation, GUN_KINDS, INFANTRY_KINDS, Position, TARGET_KINDS};
use crate::declare::{
    ActionDef, AreaDef, CounterDef, Decision, FieldDef, FieldKind, KindDef, MarkerDef, MarkerKind,
    OptionConflict, OptionDef, OptionKind, Options, ParamDef, ParamKind, PhaseDef, Tone,
};

pub const QUALITIES: &[&str] = &["regular"];
pub const LEVELS: &[&str] = &["corps", "division", "brigade", "regiment"];
pub const UNIT_FIELDS: &[FieldDef] = &[
    FieldDef::new(
        "figures",
        FieldKind::Int { min: 1, max: 4 },
        "figures on the tray at the start, when fewer than a full one (4 for a regiment, 3 for a squadron)",
    ),
    FieldDef::new(
        "formation",
        FieldKind::Choice(Formation::IDS),
        "an infantry regiment's formation at the start: line (the default), road-column or cross-country",
    ),
    FieldDef::new(
        "hits_to_destroy",
        FieldKind::Int { min: 1, max: 99 },
        "walls, a fortress or a ship (kind works): the artillery hits that destroy them, as the scenario sets; required on works, and on works only",
    ),
];

pub const KINDS: &[KindDef] = &[
    KindDef {
        id: "line",
        help: "Line infantry regiment: a tray of up to 4 figures, 4 combat points each",
    },
    KindDef {
        id: "light",
        help: "Light infantry regiment: up to 4 figures, 4 combat points each; always kills with its rifles",
    },
    KindDef {
        id: "grenadier",
        help: "Grenadier regiment: up to 4 figures, 6 combat points each; always kills with its rifles, ignores artillery's 2",
    },
    KindDef {
        id: "heavy-cavalry",
        help: "Heavy cavalry squadron: up to 3 figures, 6 combat points each; never enters a forest",
    },
    KindDef {
        id: "light-cavalry",
        help: "Light cavalry squadron: up to 3 figures, 5 combat points each; scouts under the concealment rules",
    },
    KindDef {
        id: "cannon",
        help: "Cannon (a divisional battery): a crew that can be killed; the third counter-battery hit destroys it",
    },
    KindDef {
        id: "horse-artillery",
        help: "Horse artillery: as a cannon, but may half-move and fire in one move",
    },
    KindDef {
        id: "headquarters",
        help: "Headquarters: an objective of the game, held or lost; never fired on nor meleed, it is taken by an enemy regiment or squadron reaching it",
    },
    KindDef {
        id: "works",
        help: "Walls, a fortress or a ship: no figures; only artillery damages them (1-3-6 a hit), and the scenario's hits_to_destroy hits destroy them",
    },
];

pub const RETIRING: &str = "retiring";
pub const RETIRING_FROM: &str = "retiring_from";
pub const CREW_KILLED: &str = "crew_killed";
pub const GUN_HITS: &str = "gun_hits";
pub const WORKS_HITS: &str = "works_hits";
pub const MOVED: &str = "moved";
pub const FIRED: &str = "fired";
pub const RIFLE_LOST: &str = "rifle_lost";
pub const CAPTURED: &str = "captured";
pub const CAPTURED_ON: &str = "captured_on";
pub const HELD: &str = "held";
pub const ROAD_COLUMN: &str = "road_column";
pub const CROSS_COUNTRY: &str = "cross_country";
pub const HQ_LOST: &str = "hq_lost";
pub const EXPOSED_ON: &str = "exposed_on";
pub const FIRED_AT: &str = "fired_at";
pub const FLANK_FIRE: &str = "flank_fire";
pub const GUN_ON: &str = "gun_on";
/// The side counter holding its initiative die this move.
pub const INITIATIVE: &str = "initiative";

/// Moves a crewless gun is held before its holder re-mans it.
pub const HOLD_TO_REMAN: i32 = 3;
/// Moves a unit retires in confusion.
pub const RETIRE_MOVES: i32 = 3;

/// The infantry regiments: their formations and rifle fire.
const REGIMENTS: &[&str] = &["line", "light", "grenadier"];
/// Regiments and cavalry squadrons: what retires and loses figures.
const REGIMENTS_AND_SQUADRONS: &[&str] = &[
    "line",
    "light",
    "grenadier",
    "heavy-cavalry",
    "light-cavalry",
];
/// The guns: crews, counter-battery hits, holding and re-manning.
const GUNS: &[&str] = &["cannon", "horse-artillery"];
/// What fires: the regiments' rifles and the guns.
const REGIMENTS_AND_GUNS: &[&str] = &["line", "light", "grenadier", "cannon", "horse-artillery"];

pub const MARKERS: &[MarkerDef] = &[
    MarkerDef {
        id: RETIRING,
        badge: "RET",
        help: "Retiring / in confusion: moves left (3, then one less at the end of each later move); moves away from the enemy, may not fire, charge or start a melee; if meleed it fights and throws morale normally",
        kind: MarkerKind::Timer,
        tone: Tone::Warn,
        kinds: REGIMENTS_AND_SQUADRONS,
    },
    MarkerDef {
        id: RETIRING_FROM,
        badge: "RETFROM",
        help: "Retiring since: the move its retirement began (that move is not counted down)",
        kind: MarkerKind::Turn,
        tone: Tone::Muted,
        kinds: REGIMENTS_AND_SQUADRONS,
    },
    MarkerDef {
        id: CREW_KILLED,
        badge: "NOCREW",
        help: "Crew killed: the gun can neither fire nor move until the side holding it for 3 moves re-mans it",
        kind: MarkerKind::Flag,
        tone: Tone::Danger,
        kinds: GUNS,
    },
    MarkerDef {
        id: GUN_HITS,
        badge: "CB",
        help: "Counter-battery hits: on the gun (the third destroys it)",
        kind: MarkerKind::Count,
        tone: Tone::Warn,
        kinds: GUNS,
    },
    MarkerDef {
        id: WORKS_HITS,
        badge: "HITS",
        help: "Hits on walls, a fortress or a ship: artillery hits so far (the unit's hits_to_destroy destroy it)",
        kind: MarkerKind::Count,
        tone: Tone::Warn,
        kinds: &["works"],
    },
    MarkerDef {
        id: MOVED,
        badge: "MOV",
        help: "Moved: the gun moved this move and cannot fire (horse artillery may half-move and fire)",
        kind: MarkerKind::Flag,
        tone: Tone::Info,
        kinds: GUNS,
    },
    MarkerDef {
        id: FIRED,
        badge: "FIRED",
        help: "Fired: the gun or regiment has fired this move (canister's return fire is the regiment's rifle fire)",
        kind: MarkerKind::Flag,
        tone: Tone::Muted,
        kinds: REGIMENTS_AND_GUNS,
    },
    MarkerDef {
        id: RIFLE_LOST,
        badge: "HIT",
        help: "Lost to rifle fire: figures lost in this rifle fire; the regiment still fires with them, as fire is simultaneous",
        kind: MarkerKind::Count,
        tone: Tone::Info,
        kinds: REGIMENTS_AND_SQUADRONS,
    },
    MarkerDef {
        id: CAPTURED,
        badge: "CAPT",
        help: "Held by: the side holding the crewless gun, or, once it is re-manned, the enemy side that re-manned it and now fires it",
        kind: MarkerKind::Side,
        tone: Tone::Danger,
        kinds: GUNS,
    },
    MarkerDef {
        id: CAPTURED_ON,
        badge: "CAPTON",
        help: "Held since: the move its holder took the crewless gun (that move is not counted towards re-manning)",
        kind: MarkerKind::Turn,
        tone: Tone::Muted,
        kinds: GUNS,
    },
    MarkerDef {
        id: HELD,
        badge: "HOLD",
        help: "Hold count: consecutive moves one side has held the crewless gun; at 3 that side re-mans it",
        kind: MarkerKind::Count,
        tone: Tone::Info,
        kinds: GUNS,
    },
    MarkerDef {
        id: ROAD_COLUMN,
        badge: "ROAD",
        help: "Road column: the regiment is in road column (only on a road) and fires on the road-column rows",
        kind: MarkerKind::Flag,
        tone: Tone::Info,
        kinds: REGIMENTS,
    },
    MarkerDef {
        id: CROSS_COUNTRY,
        badge: "XC",
        help: "Cross-country column: the number of the column the regiment is in (3+ regiments stand to stand); the column fights as one regiment and only one of its regiments fires in a move",
        kind: MarkerKind::Count,
        tone: Tone::Info,
        kinds: REGIMENTS,
    },
    MarkerDef {
        id: HQ_LOST,
        badge: "LOST",
        help: "Lost: the headquarters is in the enemy's hands (an objective of the game)",
        kind: MarkerKind::Flag,
        tone: Tone::Danger,
        kinds: &["headquarters"],
    },
    MarkerDef {
        id: EXPOSED_ON,
        badge: "EXPON",
        help: "Exposed on: the move its concealed column was exposed and placed in cross-country column; it may deploy from the following move",
        kind: MarkerKind::Turn,
        tone: Tone::Muted,
        kinds: REGIMENTS,
    },
    MarkerDef {
        id: FIRED_AT,
        badge: "AT",
        help: "Fired at: the unit the regiment's rifles fired at this move (its place in the roster, from 1)",
        kind: MarkerKind::Count,
        tone: Tone::Muted,
        kinds: REGIMENTS,
    },
    MarkerDef {
        id: FLANK_FIRE,
        badge: "FLANK",
        help: "Flank fire: the regiment fired on its target from the target's flank this move; the target may not fire back at it",
        kind: MarkerKind::Flag,
        tone: Tone::Muted,
        kinds: REGIMENTS,
    },
    MarkerDef {
        id: GUN_ON,
        badge: "ON",
        help: "Where the gun stands: 1 on a hill, 2 on a fortress wall (none: on the flat), as its last shot gave it; its next shots start from there until it moves",
        kind: MarkerKind::Count,
        tone: Tone::Info,
        kinds: GUNS,
    },
];

/// The places a gun may stand above the flat, by their `gun_on` number (1, 2).
pub const GUN_PLACES: [&str; 2] = ["hill", "fortress"];

pub const COUNTERS: &[CounterDef] = &[CounterDef {
    id: INITIATIVE,
    help: "the side's initiative die this move (the high roller chooses his flank and fires his guns first)",
    min: 1,
    max: 6,
}];
pub const AREAS: &[AreaDef] = &[];

pub const PH_INITIATIVE: &str = "initiative";
pub const PH_MOVEMENT: &str = "movement";
pub const PH_FIRST_CANNON: &str = "cannon_fire";
pub const PH_SECOND_CANNON: &str = "return_cannon_fire";
pub const PH_RIFLE: &str = "rifle_fire";
pub const PH_MELEE: &str = "melee";
pub const PH_END: &str = "end_of_move";

pub const PHASES: &[PhaseDef] = &[
    PhaseDef {
        id: PH_INITIATIVE,
        name: "Initiative",
        automatic: true,
        simultaneous: false,
        help: "Both sides roll a die (ties thrown again); the high roller chooses which flank he moves and gets first artillery fire",
    },
    PhaseDef {
        id: PH_MOVEMENT,
        name: "Movement",
        automatic: false,
        simultaneous: true,
        help: "Both sides move, the high roller from the flank he chose, his opponent from the other; charges that end in melee; a gun that moves (not horse artillery) cannot fire this move",
    },
    PhaseDef {
        id: PH_FIRST_CANNON,
        name: "Cannon fire",
        automatic: false,
        simultaneous: false,
        help: "The high roller's guns fire, and their results apply at once (a gun destroyed now cannot return fire)",
    },
    PhaseDef {
        id: PH_SECOND_CANNON,
        name: "Return cannon fire",
        automatic: false,
        simultaneous: false,
        help: "The other side's guns that are still manned and standing fire",
    },
    PhaseDef {
        id: PH_RIFLE,
        name: "Rifle fire",
        automatic: false,
        simultaneous: true,
        help: "Simultaneous: every regiment fires with the figures it had when rifle fire began; casualties are removed from both sides",
    },
    PhaseDef {
        id: PH_MELEE,
        name: "Melee",
        automatic: false,
        simultaneous: true,
        help: "Melees, each with its morale throw; the loser retires 3 moves",
    },
    PhaseDef {
        id: PH_END,
        name: "End of move",
        automatic: true,
        simultaneous: false,
        help: "Every 3-move timer counts down by one; crewless guns' hold counts run; guns and regiments may move and fire again",
    },
];

// ---- options ------------------------------------------------------------------------------------

const fn int_opt(
    key: &'static str,
    min: i64,
    max: i64,
    default: &'static str,
    help: &'static str,
) -> OptionDef {
    OptionDef {
        key,
        kind: OptionKind::Int { min, max },
        default,
        help,
        per_side: false,
    }
}

const fn choice_opt(
    key: &'static str,
    choices: &'static [&'static str],
    default: &'static str,
    help: &'static str,
) -> OptionDef {
    OptionDef {
        key,
        kind: OptionKind::Choice(choices),
        default,
        help,
        per_side: false,
    }
}

pub const OPTIONS: &[OptionDef] = &[
    int_opt(
        "musket_range",
        1,
        24,
        "6",
        "musket (and canister) range in inches: 6 for Napoleonic and earlier periods, 9 for later ones",
    ),
    int_opt(
        "artillery_range",
        1,
        60,
        "16",
        "a gun's range in inches on the flat (and from a village)",
    ),
    int_opt(
        "artillery_high_range",
        1,
        60,
        "18",
        "a gun's range in inches from a hill or a fortress wall",
    ),
    OptionDef {
        key: "concealment",
        kind: OptionKind::Bool,
        default: "false",
        help: "the concealed-forces rules: light cavalry scout and can be killed only by artillery, heavy cavalry in melee, or the rifles of Light infantry and Grenadiers; they cannot attack a gun",
        per_side: false,
    },
    choice_opt(
        "cross_country_fires_as",
        &["road-column", "line"],
        "\"road-column\"",
        "the formation a cross-country column's front regiment fires as (decision: road-column)",
    ),
    choice_opt(
        "road_column_against_position",
        &["row-6", "row-8"],
        "\"row-6\"",
        "Line in road column (or a cross-country column) firing from the open at a village, forest or hill: row-6 reads the published row 6, which holds for any formation (1-3-6, a 1-figure regiment on a 6) (decision); row-8 is the harsher reading, a kill on a 6 at any strength",
    ),
    choice_opt(
        "three_six",
        &["3-and-6", "3-to-6"],
        "\"3-and-6\"",
        "how \"3-6\" reads: 3-and-6 is faces 3 and 6 (one third), as \"1-3-6\" lists faces 1, 3 and 6 (decision); 3-to-6 is faces 3, 4, 5 and 6, for groups who read it so",
    ),
    choice_opt(
        "morale_tie",
        &["throw-again", "both-hold"],
        "\"throw-again\"",
        "equal morale totals (melee and light-cavalry morale combat): throw-again (decision) or both-hold",
    ),
    choice_opt(
        "canister_in_outer_area",
        &["as-artillery", "automatic"],
        "\"as-artillery\"",
        "canister at troops in a village's or forest's outer area: as-artillery kills on 3-6 (decision); automatic kills one figure as in the open",
    ),
];

/// The options in force that contradict each other: the range from a hill below the range on the
/// flat.
pub fn option_conflicts(options: &Options, side: Option<&str>) -> Vec<OptionConflict> {
    let flat = options.int_for("artillery_range", side);
    let high = options.int_for("artillery_high_range", side);
    if flat > high {
        vec![OptionConflict {
            keys: vec!["artillery_range", "artillery_high_range"],
            message: format!(
                "a gun's range on the flat ({flat}\") is beyond its range from a hill or fortress wall ({high}\"): `artillery_range` may be at most `artillery_high_range`"
            ),
        }]
    } else {
        Vec::new()
    }
}

/// How the text's "3-6" is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ThreeSix {
    /// Faces 3, 4, 5 and 6.
    ThreeToSix,
    /// Faces 3 and 6.
    ThreeAndSix,
}

/// Which row a Line road column firing from the open at a strong position reads: the published
/// row 6 (any formation), or the harsher "row 8" (a kill on a 6 at any strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoadColumnRow {
    Row6,
    Row8,
}

/// Equal morale totals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieRule {
    ThrowAgain,
    BothHold,
}

/// Canister at troops in an outer area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CanisterOuter {
    AsArtillery,
    Automatic,
}

/// The options in force, as plain values for the table code.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    pub musket_range: f64,
    pub artillery_range: f64,
    pub artillery_high_range: f64,
    pub concealment: bool,
    pub cross_country_fires_as: Formation,
    pub road_column_against_position: RoadColumnRow,
    pub three_six: ThreeSix,
    pub morale_tie: TieRule,
    pub canister_in_outer_area: CanisterOuter,
}

impl Default for Settings {
    fn default() -> Self {
        Settings::from_options(&Options::defaults(OPTIONS))
    }
}

impl Settings {
    pub fn from_options(o: &Options) -> Self {
        Settings {
            musket_range: o.int("musket_range") as f64,
            artillery_range: o.int("artillery_range") as f64,
            artillery_high_range: o.int("artillery_high_range") as f64,
            concealment: o.bool("concealment"),
            cross_country_fires_as: if o.text("cross_country_fires_as") == "line" {
                Formation::Line
            } else {
                Formation::RoadColumn
            },
            road_column_against_position: if o.text("road_column_against_position") == "row-8" {
                RoadColumnRow::Row8
            } else {
                RoadColumnRow::Row6
            },
            three_six: if o.text("three_six") == "3-to-6" {
                ThreeSix::ThreeToSix
            } else {
                ThreeSix::ThreeAndSix
            },
            morale_tie: if o.text("morale_tie") == "both-hold" {
                TieRule::BothHold
            } else {
                TieRule::ThrowAgain
            },
            canister_in_outer_area: if o.text("canister_in_outer_area") == "automatic" {
                CanisterOuter::Automatic
            } else {
                CanisterOuter::AsArtillery
            },
        }
    }
}

// ---- decisions ----------------------------------------------------------------------------------

pub const DECISIONS: &[Decision] = &[
    Decision {
        topic: "retiring for 3 moves",
        text: "the timer starts at 3 and drops by one at the end of each later move; while it runs the unit moves away from the enemy, may not fire, charge or start a melee, takes no part in a light-cavalry morale combat it did not start and may not reinforce a melee; if meleed it fights and throws morale normally. A timer the umpire sets by hand counts from the move it is set in",
        option: None,
    },
    Decision {
        topic: "re-manning a crewless gun",
        text: "every crewless gun, however its crew died (rifle fire, canister's return fire, melee), is re-manned by whichever side holds it 3 moves, its own side as much as the enemy; the umpire says who holds it, or that nobody does (hold-gun; a crew killed in melee leaves the gun held by the attacker's side). The count is of consecutive moves held by one side (the move the holding begins is not counted); it restarts when the holder changes and does not run while nobody holds the gun; at 3 the holder's side re-mans and owns the gun, and it fires in that side's cannon fire",
        option: None,
    },
    Decision {
        topic: "initiative",
        text: "when both sides roll the same, the dice are thrown again",
        option: None,
    },
    Decision {
        topic: "rifle table, row 6 (changed)",
        text: "row 6 reads \"Any 4-3-2 Unit Regiment, ATTACKING from the open against a village, hill or forest\": any formation, so Line in road column (or a cross-country column) firing from the open at such a position reads row 6 (1-3-6; a 1-figure regiment on a 6). The harsher reading, a kill on a 6 at any strength (\"row 8\"), is the option",
        option: Some("road_column_against_position"),
    },
    Decision {
        topic: "rifle table, order of precedence",
        text: "row 7 is read first, then row 5, then rows 1–4 and 6 (row 8 only under its option). A town and a village's outer area are the same kind of position; \"such a position\" of row 5 is a town or village's outer area, a forest (either area) or a hill",
        option: None,
    },
    Decision {
        topic: "cross-country column",
        text: "only 3 or more regiments stand to stand are a cross-country column (one or two regiments are not: they stand in line); the column is formed by naming its regiments together, and it fights as one regiment: the regiment facing the attacker (front or flank) fires, on the road-column rows (3, 4 and 6), and only one regiment of the column fires in a move",
        option: Some("cross_country_fires_as"),
    },
    Decision {
        topic: "\"3-6\"",
        text: "the text's \"3-6\" (artillery and canister into an outer area, Line of 4/3/2 figures firing at a gun crew, a 1-figure light cavalry squadron in melee) is a roll of 3 or 6 (one third), never 3 to 6: the text always gives the weaker unit or the better cover the harder throw, which only this reading keeps",
        option: Some("three_six"),
    },
    Decision {
        topic: "firing from a village's inner area",
        text: "a regiment fires out of a village only from its outer area (the published Figure 2); from the inner area it does not fire (refused)",
        option: None,
    },
    Decision {
        topic: "rifle fire at a gun crew",
        text: "the crew table depends only on the firer's type and figures: its formation and where the firer and the gun stand do not change it (a gun in a village's inner area cannot be fired on)",
        option: None,
    },
    Decision {
        topic: "flank fire",
        text: "a unit fired on from its flank may not fire at that firer this move (refused); flank fire at a unit that has already fired at the firer this move is refused until that fire is taken back",
        option: None,
    },
    Decision {
        topic: "canister",
        text: "a gun within musket range of infantry or cavalry fires canister at them, not ordinary fire (artillery refused); canister is the gun's one shot this move; the target's return fire at the crew is that regiment's rifle fire for the move (only infantry fire back: cavalry have no rifles)",
        option: None,
    },
    Decision {
        topic: "canister into an outer area",
        text: "against troops in a village's or forest's outer area canister kills on 3-6, like other artillery",
        option: Some("canister_in_outer_area"),
    },
    Decision {
        topic: "counter-battery at a gun in an outer area",
        text: "a gun in a village's outer area (its gate) is hit on 3-6, as troops there are killed on 3-6",
        option: None,
    },
    Decision {
        topic: "walls, fortresses and ships",
        text: "only artillery damages them (rifles, canister and melee cannot, and they never fire or fight); 1-3-6 is a hit and a 2 has no effect on them; the scenario sets the hits that destroy them (a works unit's hits_to_destroy), and this program keeps the count; they stand in their own terrain and are never concealed",
        option: None,
    },
    Decision {
        topic: "horse artillery",
        text: "horse artillery that moved (a half-move) may still fire; a cannon that moved may not",
        option: None,
    },
    Decision {
        topic: "melee: equal morale totals",
        text: "a tie is thrown again, both sides throwing again",
        option: Some("morale_tie"),
    },
    Decision {
        topic: "melee: a side wiped out",
        text: "a side with no figures left has lost and no morale is thrown; when both sides are wiped out at once, both are destroyed and nobody holds",
        option: None,
    },
    Decision {
        topic: "melee: the order of the dice",
        text: "the kill dice are thrown attacker first, then defender (only those that need one); then the morale throws, attacker then defender, again for each tie",
        option: None,
    },
    Decision {
        topic: "reinforced melee",
        text: "the original pair fights first; then the reinforcing stand fights the remnant, which strikes back with the figures it has left; then morale is thrown once, with every stand's remaining combat points on each side",
        option: None,
    },
    Decision {
        topic: "light cavalry under the concealment rules",
        text: "in melee only heavy cavalry kill light cavalry (other stands' kills on them count for nothing); Line infantry's rifles cannot kill them",
        option: None,
    },
    Decision {
        topic: "light-cavalry morale combat",
        text: "against Light infantry or Grenadiers the light cavalry first lose one figure (row 7: those troops kill automatically), then throw; against Line infantry or light cavalry they throw at once. Equal totals are thrown again",
        option: Some("morale_tie"),
    },
    Decision {
        topic: "the order of the move",
        text: "initiative, then movement (both sides), then the high roller's cannon fire, then the other side's guns still manned and standing, then rifle fire (both sides), then melee (both sides), then the end of the move; canister is fired in its gun's cannon fire, before any rifle",
        option: None,
    },
    Decision {
        topic: "simultaneous rifle fire",
        text: "a regiment fires with the figures it had when rifle fire began: one that loses figures, or its last figure, to rifle fire in the same phase still fires with them",
        option: None,
    },
    Decision {
        topic: "march order of an exposed column",
        text: "Light infantry in front; the cannons in the centre of the whole column; heavy cavalry in the rear; the other regiments in their list order before and after the guns",
        option: None,
    },
    Decision {
        topic: "an exposed column",
        text: "its infantry regiments are placed in cross-country column (firing and fighting as one regiment) and may deploy, or change formation, from the following move; an exposed column of fewer than 3 regiments is no cross-country column, and its regiments stand in line",
        option: None,
    },
    Decision {
        topic: "concealed units",
        text: "a unit still behind its stand may not fire or start a melee (a screened column cannot fire; an unscreened one that acts is seen); a concealed regiment moves in its column, or dispersed in a forest, never in road column; fired on or meleed, its whole column is exposed before the result applies; only infantry regiments deploy into line",
        option: None,
    },
    Decision {
        topic: "firing into a melee",
        text: "the umpire names the firer's own stand fighting the target (--friend-in-melee, on rifle fire, artillery and canister); each figure the fire kills of the enemy, or a crew it kills, costs that stand a figure; a 2's confusion kills nobody, and counter-battery or works are no melee of men (refused)",
        option: None,
    },
    Decision {
        topic: "headquarters",
        text: "a headquarters is an objective, not a fighting unit: it has no figures, is never fired on (rifle, canister or cannon) nor meleed, and never retires; it is lost when an enemy regiment or squadron reaches it (not a gun or another headquarters), and its own side retakes it the same way",
        option: None,
    },
];

// ---- procedure inputs ---------------------------------------------------------------------------

pub use crate::declare::params::param;

const FIGURES: ParamKind = ParamKind::Int { min: 1, max: 4 };
const POSITIONS: ParamKind = ParamKind::Choice(Position::IDS);
const FIGHTERS: ParamKind = ParamKind::Choice(super::tables::FIGHTING_KINDS);

/// Fire into a melee: the firer's own stand fighting in it, which loses as many figures as the
/// fire kills of the enemy. A unit's id as text: left empty, the fire is into no melee.
const FRIEND_IN_MELEE: ParamDef = ParamDef::new(
    "friend-in-melee",
    "if the target is in a melee with a stand of the firer's own side: that stand's id (firing into the melee kills as many of its figures as of the enemy's)",
    ParamKind::Text,
)
.battle();

pub const RIFLE_PARAMS: &[ParamDef] = &[
    ParamDef::new("firer-unit", "the firing regiment", ParamKind::Unit).battle(),
    ParamDef::new(
        "target-unit",
        "the regiment, squadron or gun fired at (a gun: its crew)",
        ParamKind::Unit,
    ).enemy()
    .battle(),
    FRIEND_IN_MELEE,
    ParamDef::new(
        "firer",
        "the firing regiment's type",
        ParamKind::Choice(INFANTRY_KINDS),
    )
    .derived(),
    ParamDef::new("figures", "figures left on the firing regiment's tray", FIGURES).derived(),
    ParamDef::new(
        "formation",
        "the firer's formation (cross-country: the column's regiment facing the target fires)",
        ParamKind::Choice(Formation::IDS),
    )
    .default("line")
    .derived(),
    ParamDef::new("from", "where the firer stands", POSITIONS)
        .default("open")
        .derived(),
    ParamDef::new(
        "target-in",
        "where the target stands (town = a village's outer area; the inner area cannot be fired on)",
        POSITIONS,
    )
    .default("open")
    .derived(),
    ParamDef::new(
        "target",
        "the target's type, when it matters: light-cavalry under the concealment rules, or a gun (fire at its crew)",
        ParamKind::Choice(TARGET_KINDS),
    )
    .derived(),
    ParamDef::flag(
        "flank",
        "the target is fired on from its flank (a road column unless fired on along the road at its head): it gets no return fire at this firer this move (refused)",
    )
    .battle(),
    ParamDef::flag(
        "at-crew",
        "fire at a gun's crew (the cannon's axle within musket range): the crew table",
    ),
    ParamDef::new(
        "range",
        "range to the target in inches (refused beyond musket range)",
        ParamKind::Distance,
    ),
];

pub const ARTILLERY_PARAMS: &[ParamDef] = &[
    ParamDef::new("gun-unit", "the firing gun", ParamKind::Unit).battle(),
    ParamDef::new(
        "target-unit",
        "the regiment, squadron, gun (counter-battery) or works fired at",
        ParamKind::Unit,
    ).enemy()
    .battle(),
    FRIEND_IN_MELEE,
    ParamDef::new(
        "gun",
        "the firing gun: a cannon, or horse artillery (may half-move and fire)",
        ParamKind::Choice(GUN_KINDS),
    )
    .default("cannon")
    .derived(),
    ParamDef::new(
        "target",
        "the target's type (a gun: counter-battery, and with counter-battery it may be left out; works: walls, a fortress or a ship)",
        ParamKind::Choice(TARGET_KINDS),
    )
    .derived(),
    ParamDef::new(
        "target-in",
        "where the target stands (outer areas: kills on 3-6; inner areas cannot be hit; works are their own terrain: open)",
        POSITIONS,
    )
    .default("open")
    .derived(),
    ParamDef::new(
        "range",
        "range to the target in inches (16\" on the flat, 18\" from a hill or fortress wall)",
        ParamKind::Distance,
    ),
    ParamDef::new(
        "gun-on",
        "where the gun stands: flat (a village counts as flat), hill or fortress (its wall)",
        ParamKind::Choice(&["flat", "hill", "fortress"]),
    )
    .default("flat")
    .derived(),
    ParamDef::flag(
        "moved",
        "the gun moved this move (a cannon that moved cannot fire)",
    )
    .derived(),
    ParamDef::flag(
        "counter-battery",
        "fire at an enemy gun (the same as target cannon)",
    ),
    ParamDef::new(
        "gun-hits",
        "counter-battery: hits the target gun already has (the third destroys it)",
        ParamKind::Int { min: 0, max: 2 },
    )
    .default("0")
    .derived(),
    ParamDef::new(
        "works-hits",
        "works (walls, a fortress or a ship): hits they already have, fewer than hits-to-destroy",
        ParamKind::Int { min: 0, max: 98 },
    )
    .default("0")
    .derived(),
    ParamDef::new(
        "hits-to-destroy",
        "works: the hits that destroy them, as the scenario sets (the unit's hits_to_destroy)",
        ParamKind::Int { min: 1, max: 99 },
    )
    .derived(),
];

pub const CANISTER_PARAMS: &[ParamDef] = &[
    ParamDef::new("gun-unit", "the firing gun", ParamKind::Unit).battle(),
    ParamDef::new(
        "target-unit",
        "the regiment or squadron within musket range",
        ParamKind::Unit,
    )
    .enemy()
    .battle(),
    FRIEND_IN_MELEE,
    ParamDef::new("gun", "the firing gun", ParamKind::Choice(GUN_KINDS))
        .default("cannon")
        .derived(),
    ParamDef::new(
        "target",
        "the target regiment's or squadron's type (canister is only against troops)",
        FIGHTERS,
    )
    .derived(),
    ParamDef::new(
        "target-figures",
        "figures on the target before the canister",
        FIGURES,
    )
    .derived(),
    ParamDef::new(
        "target-in",
        "where the target stands (outer areas: kills on 3-6; inner areas cannot be hit)",
        POSITIONS,
    )
    .default("open")
    .derived(),
    ParamDef::new(
        "range",
        "range to the target in inches (canister reaches musket range only)",
        ParamKind::Distance,
    ),
    ParamDef::flag("moved", "the gun moved this move").derived(),
    ParamDef::flag(
        "return-fire",
        "the target fires back at the crew at the same moment, with its figures after the canister (infantry only)",
    ),
];

pub const MELEE_PARAMS: &[ParamDef] = &[
    ParamDef::new("attacker-unit", "the attacking stand", ParamKind::Unit).battle(),
    ParamDef::new(
        "defender-unit",
        "the defending stand (a cross-country column: its regiment in contact)",
        ParamKind::Unit,
    )
    .enemy()
    .battle(),
    ParamDef::new("attacker", "the attacking stand's type", FIGHTERS).derived(),
    ParamDef::new(
        "attacker-figures",
        "figures left on the attacking stand",
        FIGURES,
    )
    .derived(),
    ParamDef::new("defender", "the defending stand's type", FIGHTERS).derived(),
    ParamDef::new(
        "defender-figures",
        "figures left on the defending stand (a cross-country column: its regiment in contact)",
        FIGURES,
    )
    .derived(),
    ParamDef::new(
        "defender-in",
        "where the defender stands (only infantry may melee defenders in a village's outer area)",
        POSITIONS,
    )
    .default("open")
    .derived(),
    ParamDef::new(
        "defender-formation",
        "the defender's formation (a cross-country column defends with the power of one regiment)",
        ParamKind::Choice(Formation::IDS),
    )
    .default("line")
    .derived(),
    ParamDef::flag(
        "gate",
        "cavalry charge through the village's gate (needed to reach its inner area)",
    ),
];

pub const REINFORCED_PARAMS: &[ParamDef] = &[
    ParamDef::new("attacker-unit", "the attacking stand", ParamKind::Unit).battle(),
    ParamDef::new("defender-unit", "the defending stand", ParamKind::Unit).enemy().battle(),
    ParamDef::new(
        "reinforcement-unit",
        "the stand that comes in on the enemy's flank or rear (its side is the reinforcing side)",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::new("attacker", "the attacking stand's type", FIGHTERS).derived(),
    ParamDef::new(
        "attacker-figures",
        "figures left on the attacking stand",
        FIGURES,
    )
    .derived(),
    ParamDef::new("defender", "the defending stand's type", FIGHTERS).derived(),
    ParamDef::new(
        "defender-figures",
        "figures left on the defending stand",
        FIGURES,
    )
    .derived(),
    ParamDef::new(
        "reinforcing-side",
        "whose stand comes in to the enemy's flank or rear",
        ParamKind::Choice(&["defender", "attacker"]),
    )
    .default("defender"),
    ParamDef::new(
        "reinforcement",
        "the reinforcing stand's type (it must reach the enemy's flank or rear, never by a charge move)",
        FIGHTERS,
    )
    .derived(),
    ParamDef::new(
        "reinforcement-figures",
        "figures on the reinforcing stand",
        FIGURES,
    )
    .derived(),
    ParamDef::new(
        "defender-in",
        "where the defender stands (only infantry may melee defenders in a village's outer area)",
        POSITIONS,
    )
    .default("open")
    .derived(),
    ParamDef::flag(
        "gate",
        "cavalry charge through the village's gate (needed to reach its inner area)",
    ),
];

pub const MELEE_CREW_PARAMS: &[ParamDef] = &[
    ParamDef::new("attacker-unit", "the attacking stand", ParamKind::Unit).battle(),
    ParamDef::new("gun-unit", "the gun whose crew is attacked", ParamKind::Unit)
        .battle()
        .enemy(),
    ParamDef::new(
        "attacked-from",
        "the side of the gun the attackers reach (front or flank: the crew fires; rear: no roll)",
        ParamKind::Choice(&["front", "flank", "rear"]),
    )
    .default("front"),
    ParamDef::new(
        "attacker",
        "the attacking stand's type (light cavalry may not attack a gun under the concealment rules)",
        FIGHTERS,
    )
    .derived(),
];

pub const LC_MORALE_PARAMS: &[ParamDef] = &[
    ParamDef::new(
        "cavalry-unit",
        "the light cavalry squadron (a scout)",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::new(
        "opponent-unit",
        "the enemy met within 9\": Line, Light infantry, Grenadiers or light cavalry",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::new(
        "cavalry-figures",
        "figures of the light cavalry squadron",
        ParamKind::Int { min: 1, max: 3 },
    )
    .derived(),
    ParamDef::new(
        "opponent",
        "the enemy met within 9\": Line, Light infantry, Grenadiers or light cavalry",
        ParamKind::Choice(&["line", "light", "grenadier", "light-cavalry"]),
    )
    .derived(),
    ParamDef::new("opponent-figures", "figures of the enemy stand", FIGURES).derived(),
];

/// The causes of an exposure the rules name.
pub const EXPOSE_CAUSES: &[&str] = &["vision", "cannon", "rifle", "melee", "scouting"];

const STAND: ParamDef = ParamDef::new(
    "stand",
    "the concealment stand's number",
    ParamKind::Int { min: 1, max: 999 },
)
.battle();
const STAND_SIDE: ParamDef = ParamDef::new(
    "side",
    "the side whose stand it is (needed only when both sides have a stand of that number)",
    ParamKind::Text,
)
.battle();

pub const EXPOSE_PARAMS: &[ParamDef] = &[
    STAND,
    STAND_SIDE,
    ParamDef::new(
        "cause",
        "why: vision (an enemy within 16\" of the unscreened stand), cannon, rifle, melee (attacked while unscreened), scouting (light cavalry drove off its screen or reached it)",
        ParamKind::Choice(EXPOSE_CAUSES),
    )
    .battle(),
    ParamDef::new(
        "scout",
        "the light cavalry squadron that exposed it: it leaves the table afterwards",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::flag(
        "scout-stays",
        "the scout has other columns to expose: it stays on the table",
    )
    .battle(),
];

pub const DEPLOY_PARAMS: &[ParamDef] = &[
    STAND,
    STAND_SIDE,
    ParamDef::new(
        "units",
        "the regiments placed in the line (at least 3): they are exposed, the rest stay concealed behind them",
        ParamKind::List,
    )
    .battle(),
];

pub const FORM_PARAMS: &[ParamDef] = &[
    ParamDef::new("unit", "the infantry regiment", ParamKind::Unit).battle(),
    ParamDef::new(
        "formation",
        "its new formation: line, road-column (only on a road) or cross-country (3+ regiments stand to stand)",
        ParamKind::Choice(Formation::IDS),
    )
    .battle(),
    ParamDef::new(
        "with",
        "cross-country: the other regiments of the column, stand to stand (3 or more regiments in all); a regiment already in a column brings its column",
        ParamKind::List,
    )
    .battle(),
];

pub const TAKE_HQ_PARAMS: &[ParamDef] = &[
    ParamDef::new("hq", "the headquarters", ParamKind::Unit).battle(),
    ParamDef::new(
        "by",
        "the regiment or squadron that reaches it (the enemy's: the headquarters is lost; its own side's: retaken)",
        ParamKind::Unit,
    )
    .battle(),
];

pub const HOLD_GUN_PARAMS: &[ParamDef] = &[
    ParamDef::new("gun-unit", "the crewless gun", ParamKind::Unit).battle(),
    ParamDef::new(
        "by",
        "the regiment or squadron holding it: its side holds the gun (its own side or the enemy)",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::flag(
        "nobody",
        "nobody holds the gun (it stands in no-man's land): its hold count stops",
    )
    .battle(),
];

pub const ACTIONS: &[ActionDef] = &[
    ActionDef {
        id: "rifle",
        help: "a regiment's rifle fire (or fire at a gun's crew): the rifle fire table, read in its order of precedence",
        params: RIFLE_PARAMS,
        key: Some('f'),
        standalone: true,
        in_battle: true,
    },
    ActionDef {
        id: "artillery",
        help: "a gun fires one d6: 1-3-6 kills a figure, 2 drives the target back in confusion 3 moves; counter-battery: 1-3-6 is a hit, the third destroys the gun; at walls, a fortress or a ship 1-3-6 is a hit, and the scenario's count destroys them",
        params: ARTILLERY_PARAMS,
        key: Some('a'),
        standalone: true,
        in_battle: true,
    },
    ActionDef {
        id: "canister",
        help: "a gun fires canister at troops within musket range: one figure killed; the target may fire back at the crew at the same moment",
        params: CANISTER_PARAMS,
        key: Some('c'),
        standalone: true,
        in_battle: true,
    },
    ActionDef {
        id: "melee",
        help: "stand against stand: each side's kills by type and figures, removed at once, then morale (combat points × one d6; the lower retires 3 moves)",
        params: MELEE_PARAMS,
        key: Some('m'),
        standalone: true,
        in_battle: true,
    },
    ActionDef {
        id: "reinforced-melee",
        help: "a melee reinforced on the enemy's flank or rear: the original pair fights, then the reinforcing stand fights the remnant, then one morale throw",
        params: REINFORCED_PARAMS,
        key: Some('r'),
        standalone: true,
        in_battle: true,
    },
    ActionDef {
        id: "melee-crew",
        help: "a melee against a gun's crew: from front or flank the crew saves the gun on 1-3-6; from the rear it is captured",
        params: MELEE_CREW_PARAMS,
        key: Some('C'),
        standalone: true,
        in_battle: true,
    },
    ActionDef {
        id: "lc-morale",
        help: "concealment rules: light cavalry within 9\" of Line infantry or light cavalry (or, after taking their fire, Light infantry or Grenadiers) throw combat points × one d6; the lower retires 3 moves",
        params: LC_MORALE_PARAMS,
        key: Some('s'),
        standalone: true,
        in_battle: true,
    },
    ActionDef {
        id: "expose",
        help: "concealment rules: expose a whole concealed column, naming the cause; its units are laid out in march order (Light infantry in front, cannons in the centre, heavy cavalry in the rear), its infantry in cross-country column until they deploy from the following move",
        params: EXPOSE_PARAMS,
        key: Some('e'),
        standalone: false,
        in_battle: true,
    },
    ActionDef {
        id: "deploy",
        help: "concealment rules: deploy part of a concealed column into line; every regiment placed in the line (at least 3) is exposed, the rest stay concealed behind them",
        params: DEPLOY_PARAMS,
        key: Some('D'),
        standalone: false,
        in_battle: true,
    },
    ActionDef {
        id: "form",
        help: "an infantry regiment changes formation: line, road column, or a cross-country column of 3 or more regiments named together",
        params: FORM_PARAMS,
        key: Some('F'),
        standalone: false,
        in_battle: true,
    },
    ActionDef {
        id: "take-hq",
        help: "a headquarters is taken by an enemy regiment or squadron reaching it (lost), or retaken by its own side (held)",
        params: TAKE_HQ_PARAMS,
        key: Some('H'),
        standalone: false,
        in_battle: true,
    },
    ActionDef {
        id: "hold-gun",
        help: "who holds a crewless gun (a side, by the regiment or squadron on it), or that nobody does: the side holding it 3 consecutive moves re-mans it",
        params: HOLD_GUN_PARAMS,
        key: Some('T'),
        standalone: false,
        in_battle: true,
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::declare::OptionValue;

    #[test]
    fn settings_follow_the_options() {
        let d = Settings::default();
        assert_eq!(d.musket_range, 6.0);
        assert_eq!(d.artillery_range, 16.0);
        assert_eq!(d.artillery_high_range, 18.0);
        assert!(!d.concealment);
        assert_eq!(d.cross_country_fires_as, Formation::RoadColumn);
        // Row 6 for any formation, and "3-6" as faces 3 and 6 (the digest's readings).
        assert_eq!(d.road_column_against_position, RoadColumnRow::Row6);
        assert_eq!(d.three_six, ThreeSix::ThreeAndSix);
        assert_eq!(d.morale_tie, TieRule::ThrowAgain);
        assert_eq!(d.canister_in_outer_area, CanisterOuter::AsArtillery);
        let mut o = Options::defaults(OPTIONS);
        for text in [
            "musket_range=9",
            "concealment=true",
            "cross_country_fires_as=line",
            "road_column_against_position=row-8",
            "three_six=3-to-6",
            "morale_tie=both-hold",
            "canister_in_outer_area=automatic",
        ] {
            o.set_text(OPTIONS, text).unwrap();
        }
        let s = Settings::from_options(&o);
        assert_eq!(s.musket_range, 9.0);
        assert!(s.concealment);
        assert_eq!(s.cross_country_fires_as, Formation::Line);
        assert_eq!(s.road_column_against_position, RoadColumnRow::Row8);
        assert_eq!(s.three_six, ThreeSix::ThreeToSix);
        assert_eq!(s.morale_tie, TieRule::BothHold);
        assert_eq!(s.canister_in_outer_area, CanisterOuter::Automatic);
    }

    #[test]
    fn every_option_a_decision_names_exists() {
        for d in DECISIONS {
            if let Some(key) = d.option {
                assert!(OPTIONS.iter().any(|o| o.key == key), "{key}");
            }
        }
    }

    #[test]
    fn artillery_ranges_must_be_ordered() {
        let mut o = Options::defaults(OPTIONS);
        assert!(option_conflicts(&o, None).is_empty());
        o.set("artillery_range", OptionValue::Int(20));
        let c = option_conflicts(&o, None);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].keys, ["artillery_range", "artillery_high_range"]);
    }
}
