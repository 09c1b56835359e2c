//! What Scruby's rules declare: options, unit kinds, markers, phases; [`Settings`], the options in
//! force as plain values for the pure table code; and what a unit is to the rules ([`Kind`]), how
//! it stands ([`Formation`]) and where ([`Position`]), which the tables, the inputs and the battle
//! all read. The procedures' inputs are in [`super::inputs`], the readings of the text this
//! program applies in [`super::decisions`].

use crate::declare::{
    AreaDef, CounterDef, FieldDef, FieldKind, KindDef, MarkerDef, MarkerKind, OptionConflict,
    OptionDef, OptionKind, OptionValue, Options, PhaseDef, Tone,
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
        help: "Fired at: the unit the regiment's rifles fired at this move",
        kind: MarkerKind::UNIT,
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



pub const OPTIONS: &[OptionDef] = &[
    OptionDef::int(
        "musket_range",
        1,
        24,
        "6",
        "musket (and canister) range in inches: 6 for Napoleonic and earlier periods, 9 for later ones",
    ),
    OptionDef::int(
        "artillery_range",
        1,
        60,
        "16",
        "a gun's range in inches on the flat (and from a village)",
    ),
    OptionDef::int(
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
    OptionDef::choice(
        "cross_country_fires_as",
        &["road-column", "line"],
        "\"road-column\"",
        "the formation a cross-country column's front regiment fires as (decision: road-column)",
    ),
    OptionDef::choice(
        "road_column_against_position",
        &["row-6", "row-8"],
        "\"row-6\"",
        "Line in road column (or a cross-country column) firing from the open at a village, forest or hill: row-6 reads the published row 6, which holds for any formation (1-3-6, a 1-figure regiment on a 6) (decision); row-8 is the harsher reading, a kill on a 6 at any strength",
    ),
    OptionDef::choice(
        "three_six",
        &["3-and-6", "3-to-6"],
        "\"3-and-6\"",
        "how \"3-6\" reads: 3-and-6 is faces 3 and 6 (one third), as \"1-3-6\" lists faces 1, 3 and 6 (decision); 3-to-6 is faces 3, 4, 5 and 6, for groups who read it so",
    ),
    OptionDef::choice(
        "morale_tie",
        &["throw-again", "both-hold"],
        "\"throw-again\"",
        "equal morale totals (melee and light-cavalry morale combat): throw-again (decision) or both-hold",
    ),
    OptionDef::choice(
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
    /// The settings of `o`, its options read once ([`Options::read_once`]) in one pass.
    pub fn from_options(o: &Options) -> Self {
        o.read_once(Settings::read)
    }

    fn read(o: &Options) -> Self {
        let mut s = Settings {
            musket_range: 0.0,
            artillery_range: 0.0,
            artillery_high_range: 0.0,
            concealment: false,
            cross_country_fires_as: Formation::RoadColumn,
            road_column_against_position: RoadColumnRow::Row6,
            three_six: ThreeSix::ThreeAndSix,
            morale_tie: TieRule::ThrowAgain,
            canister_in_outer_area: CanisterOuter::AsArtillery,
        };
        for (key, value) in o.each() {
            let (n, yes, text) = match value {
                OptionValue::Int(n) => (*n as f64, false, ""),
                OptionValue::Bool(b) => (0.0, *b, ""),
                OptionValue::Text(t) => (0.0, false, t.as_str()),
            };
            // Told apart by first letter and length, then checked whole: each key is compared
            // once.
            let is = |k: &str| key == k;
            match (key.as_bytes().first(), key.len()) {
                (Some(b'm'), 12) if is("musket_range") => s.musket_range = n,
                (Some(b'a'), 15) if is("artillery_range") => s.artillery_range = n,
                (Some(b'a'), 20) if is("artillery_high_range") => s.artillery_high_range = n,
                (Some(b'c'), 11) if is("concealment") => s.concealment = yes,
                (Some(b'c'), 22) if is("cross_country_fires_as") && text == "line" => {
                    s.cross_country_fires_as = Formation::Line;
                }
                (Some(b'r'), 28) if is("road_column_against_position") && text == "row-8" => {
                    s.road_column_against_position = RoadColumnRow::Row8;
                }
                (Some(b't'), 9) if is("three_six") && text == "3-to-6" => {
                    s.three_six = ThreeSix::ThreeToSix;
                }
                (Some(b'm'), 10) if is("morale_tie") && text == "both-hold" => {
                    s.morale_tie = TieRule::BothHold;
                }
                (Some(b'c'), 22) if is("canister_in_outer_area") && text == "automatic" => {
                    s.canister_in_outer_area = CanisterOuter::Automatic;
                }
                _ => {}
            }
        }
        s
    }
}

// ---- what a unit is, how it stands, where it stands ---------------------------------------------

/// A unit kind of the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Line,
    Light,
    Grenadier,
    HeavyCavalry,
    LightCavalry,
    Cannon,
    HorseArtillery,
    Headquarters,
    /// Walls, a fortress or a ship: no figures; only artillery damages them, and the scenario
    /// sets how many hits destroy them.
    Works,
}

impl Kind {
    pub const ALL: [Kind; 9] = [
        Kind::Line,
        Kind::Light,
        Kind::Grenadier,
        Kind::HeavyCavalry,
        Kind::LightCavalry,
        Kind::Cannon,
        Kind::HorseArtillery,
        Kind::Headquarters,
        Kind::Works,
    ];

    /// The word typed for it (`heavy-cavalry`).
    pub fn id(self) -> &'static str {
        match self {
            Kind::Line => "line",
            Kind::Light => "light",
            Kind::Grenadier => "grenadier",
            Kind::HeavyCavalry => "heavy-cavalry",
            Kind::LightCavalry => "light-cavalry",
            Kind::Cannon => "cannon",
            Kind::HorseArtillery => "horse-artillery",
            Kind::Headquarters => "headquarters",
            Kind::Works => "works",
        }
    }

    pub fn parse(id: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// The rules' name for it ("Grenadiers", "Heavy cavalry").
    pub fn name(self) -> &'static str {
        match self {
            Kind::Line => "Line infantry",
            Kind::Light => "Light infantry",
            Kind::Grenadier => "Grenadiers",
            Kind::HeavyCavalry => "Heavy cavalry",
            Kind::LightCavalry => "Light cavalry",
            Kind::Cannon => "Cannon",
            Kind::HorseArtillery => "Horse artillery",
            Kind::Headquarters => "Headquarters",
            Kind::Works => "Wall, fortress or ship",
        }
    }

    /// What one unit of it is called ("regiment", "squadron", "gun").
    pub fn unit_word(self) -> &'static str {
        match self {
            Kind::Line | Kind::Light | Kind::Grenadier => "regiment",
            Kind::HeavyCavalry | Kind::LightCavalry => "squadron",
            Kind::Cannon | Kind::HorseArtillery => "gun",
            Kind::Headquarters => "headquarters",
            Kind::Works => "works",
        }
    }

    pub fn is_infantry(self) -> bool {
        matches!(self, Kind::Line | Kind::Light | Kind::Grenadier)
    }

    pub fn is_cavalry(self) -> bool {
        matches!(self, Kind::HeavyCavalry | Kind::LightCavalry)
    }

    pub fn is_gun(self) -> bool {
        matches!(self, Kind::Cannon | Kind::HorseArtillery)
    }

    /// Walls, a fortress or a ship: only artillery damages them.
    pub fn is_works(self) -> bool {
        self == Kind::Works
    }

    /// The most figures a unit of this kind has: a regiment's tray holds 4, a squadron 3. None for
    /// guns, headquarters and works, which have no figures to lose.
    pub fn max_figures(self) -> Option<u8> {
        if self.is_infantry() {
            Some(4)
        } else if self.is_cavalry() {
            Some(3)
        } else {
            None
        }
    }

    /// Combat points of one figure: Line and Light infantry 4, Light cavalry 5, Grenadiers and
    /// Heavy cavalry 6.
    pub fn points_per_figure(self) -> Option<u32> {
        match self {
            Kind::Line | Kind::Light => Some(4),
            Kind::LightCavalry => Some(5),
            Kind::Grenadier | Kind::HeavyCavalry => Some(6),
            _ => None,
        }
    }
}

/// The type words each kind of input accepts: every fighting stand, infantry only, any target
/// (works are refused by all but artillery, with the reason), guns.
pub const FIGHTING_KINDS: &[&str] = &[
    "line",
    "light",
    "grenadier",
    "heavy-cavalry",
    "light-cavalry",
];
pub const INFANTRY_KINDS: &[&str] = &["line", "light", "grenadier"];
pub const TARGET_KINDS: &[&str] = &[
    "line",
    "light",
    "grenadier",
    "heavy-cavalry",
    "light-cavalry",
    "cannon",
    "horse-artillery",
    "works",
];
pub const GUN_KINDS: &[&str] = &["cannon", "horse-artillery"];

/// An infantry regiment's formation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Formation {
    Line,
    /// Only on a road.
    RoadColumn,
    /// Part of a column of 3 or more regiments stand to stand; fights as one regiment.
    CrossCountry,
}

impl Formation {
    pub const IDS: &'static [&'static str] = &["line", "road-column", "cross-country"];

    pub fn id(self) -> &'static str {
        match self {
            Formation::Line => "line",
            Formation::RoadColumn => "road-column",
            Formation::CrossCountry => "cross-country",
        }
    }

    pub fn parse(id: &str) -> Option<Formation> {
        [
            Formation::Line,
            Formation::RoadColumn,
            Formation::CrossCountry,
        ]
        .into_iter()
        .find(|f| f.id() == id)
    }

    pub fn words(self) -> &'static str {
        match self {
            Formation::Line => "in line",
            Formation::RoadColumn => "in road column",
            Formation::CrossCountry => "front regiment of a cross-country column",
        }
    }
}

/// Where a unit stands, as far as the tables care.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Position {
    Open,
    /// A town: the same kind of position as a village's outer area.
    Town,
    Hill,
    VillageOuter,
    VillageInner,
    ForestOuter,
    ForestInner,
}

impl Position {
    pub const ALL: [Position; 7] = [
        Position::Open,
        Position::Town,
        Position::Hill,
        Position::VillageOuter,
        Position::VillageInner,
        Position::ForestOuter,
        Position::ForestInner,
    ];
    pub const IDS: &'static [&'static str] = &[
        "open",
        "town",
        "hill",
        "village-outer",
        "village-inner",
        "forest-outer",
        "forest-inner",
    ];

    pub fn id(self) -> &'static str {
        match self {
            Position::Open => "open",
            Position::Town => "town",
            Position::Hill => "hill",
            Position::VillageOuter => "village-outer",
            Position::VillageInner => "village-inner",
            Position::ForestOuter => "forest-outer",
            Position::ForestInner => "forest-inner",
        }
    }

    pub fn parse(id: &str) -> Option<Position> {
        Position::ALL.into_iter().find(|p| p.id() == id)
    }

    pub fn words(self) -> &'static str {
        match self {
            Position::Open => "in the open",
            Position::Town => "in a town",
            Position::Hill => "on a hill",
            Position::VillageOuter => "in a village's outer area",
            Position::VillageInner => "in a village's inner area",
            Position::ForestOuter => "in a forest's outer area",
            Position::ForestInner => "in a forest's inner area",
        }
    }

    /// Where a firer stands, as "from …": "from the open", "from a hill".
    pub fn from_words(self) -> &'static str {
        match self {
            Position::Open => "from the open",
            Position::Town => "from a town",
            Position::Hill => "from a hill",
            Position::VillageOuter => "from a village's outer area",
            Position::VillageInner => "from a village's inner area",
            Position::ForestOuter => "from a forest's outer area",
            Position::ForestInner => "from a forest's inner area",
        }
    }

    /// A "such position" of rifle row 5: a town or a village's outer area, a forest (either area),
    /// a hill.
    pub fn is_strong(self) -> bool {
        matches!(
            self,
            Position::Town
                | Position::VillageOuter
                | Position::Hill
                | Position::ForestOuter
                | Position::ForestInner
        )
    }

    /// The outer area of a village (a town is one) or of a forest: artillery kills there on 3-6.
    pub fn is_outer_area(self) -> bool {
        matches!(
            self,
            Position::Town | Position::VillageOuter | Position::ForestOuter
        )
    }

    pub fn is_forest(self) -> bool {
        matches!(self, Position::ForestOuter | Position::ForestInner)
    }

    /// Whether the published rules let `kind` stand here: guns and heavy cavalry never enter a
    /// forest; light cavalry may hide in a forest's outer area only.
    pub fn admits(self, kind: Kind) -> Result<(), String> {
        match (kind, self) {
            (k, p) if (k.is_gun() || k == Kind::HeavyCavalry) && p.is_forest() => Err(format!(
                "{} cannot enter a forest (only infantry, and light cavalry in the outer area)",
                kind.name()
            )),
            (Kind::LightCavalry, Position::ForestInner) => Err(
                "Light cavalry may hide in a forest's outer area but cannot enter its inner area"
                    .into(),
            ),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::declare::OptionValue;
    use crate::rules::scruby::decisions::DECISIONS;

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
