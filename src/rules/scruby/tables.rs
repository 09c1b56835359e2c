//! Scruby's published tables as data, written once: the rifle fire table and its order of
//! precedence, rifle fire at a gun crew, artillery fire, the melee kill table, combat points, and
//! the die faces each entry needs ("1-3-6", "3-6", "6").
//!
//! Everything here takes plain values ([`Kind`], [`Formation`], [`Position`], figure counts) and
//! knows nothing of parameters, options or battles: the procedures ([`super::fire`],
//! [`super::artillery`], [`super::melee`]) read these tables both when they roll and when they
//! count the odds, and `umpire rulesets scruby` prints them ([`table_docs`]).

use super::defs::{Formation, Kind, Position, RoadColumnRow, Settings, ThreeSix};
use crate::declare::{ParamError, RuleError, TableDoc};
use crate::dice::{DiceError, DiceSource, Die, Roll};
use crate::odds::exact::Prob;

// ---- figures -----------------------------------------------------------------------------------

/// Why anything but a gun's fire is refused at walls, a fortress or a ship.
pub const ONLY_ARTILLERY: &str = "only artillery can damage walls, fortresses and ships (decision)";

/// "1 figure", "3 figures".
pub fn figs(n: impl Into<u32>) -> String {
    let n = n.into();
    if n == 1 {
        "1 figure".into()
    } else {
        format!("{n} figures")
    }
}

/// Checks a figure count against the kind's tray: `param` names the input in the message.
pub fn check_figures(kind: Kind, figures: u8, param: &str) -> Result<u8, RuleError> {
    let max = kind.max_figures().ok_or_else(|| {
        RuleError::refused(format!(
            "a {} has no figures to count (--{param})",
            kind.name().to_lowercase()
        ))
    })?;
    if (1..=max).contains(&figures) {
        Ok(figures)
    } else {
        Err(RuleError::Param(ParamError::Invalid {
            param: param.to_string(),
            value: figures.to_string(),
            expected: format!(
                "1 to {max} (a {} {} has at most {max} figures)",
                kind.id(),
                kind.unit_word()
            ),
        }))
    }
}

// ---- the faces an entry needs -------------------------------------------------------------------

/// What a table entry needs on one d6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Need {
    /// No die: it happens.
    Always,
    /// "1-3-6": a 1, a 3 or a 6.
    OneThreeSix,
    /// "3-6": a 3 or a 6 (one third), or, under the option `three_six = "3-to-6"`, 3 to 6.
    ThreeSix,
    /// A 6.
    Six,
    /// A 2 (artillery's "morale" face).
    Two,
    /// Never (no die).
    Never,
}

impl Need {
    /// The faces that succeed.
    pub fn faces(self, reading: ThreeSix) -> &'static [u8] {
        match self {
            Need::Always => &[1, 2, 3, 4, 5, 6],
            Need::OneThreeSix => &[1, 3, 6],
            Need::ThreeSix => match reading {
                ThreeSix::ThreeToSix => &[3, 4, 5, 6],
                ThreeSix::ThreeAndSix => &[3, 6],
            },
            Need::Six => &[6],
            Need::Two => &[2],
            Need::Never => &[],
        }
    }

    /// True when a die must be thrown to know.
    pub fn needs_die(self) -> bool {
        !matches!(self, Need::Always | Need::Never)
    }

    pub fn succeeds(self, face: u8, reading: ThreeSix) -> bool {
        // The faces as bits (face f is bit f), so a face is read without searching the list.
        let bits = match self {
            Need::Always => 0b111_1110,
            Need::OneThreeSix => 0b100_1010,
            Need::ThreeSix => match reading {
                ThreeSix::ThreeToSix => 0b111_1000,
                ThreeSix::ThreeAndSix => 0b100_1000,
            },
            Need::Six => 0b100_0000,
            Need::Two => 0b000_0100,
            Need::Never => 0,
        };
        face < 8 && bits & (1u8 << face) != 0
    }

    /// The exact chance of success on one d6.
    pub fn chance(self, reading: ThreeSix) -> Prob {
        Prob::new(self.faces(reading).len() as u64, 6)
    }

    /// The rules' own words: "automatically", "on 1-3-6", "on 3-6", "on a 6".
    pub fn published(self) -> &'static str {
        match self {
            Need::Always => "automatically",
            Need::OneThreeSix => "on 1-3-6",
            Need::ThreeSix => "on 3-6",
            Need::Six => "on a 6",
            Need::Two => "on a 2",
            Need::Never => "never",
        }
    }

    /// The faces in words: "1, 3 or 6".
    pub fn faces_words(self, reading: ThreeSix) -> String {
        let f: Vec<String> = self
            .faces(reading)
            .iter()
            .map(ToString::to_string)
            .collect();
        match f.as_slice() {
            [] => "no face".into(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} or {last}", init.join(", ")),
        }
    }
}

/// Throws one d6 for `need` when it needs one: the roll (if any) and whether it succeeded.
pub fn throw(
    need: Need,
    reading: ThreeSix,
    dice: &mut dyn DiceSource,
    purpose: &str,
) -> Result<(Option<Roll>, bool), DiceError> {
    if !need.needs_die() {
        return Ok((None, need == Need::Always));
    }
    let face = dice.roll(Die::D6, purpose)?;
    Ok((
        Some(Roll {
            die: Die::D6,
            face,
            purpose: purpose.to_string(),
        }),
        need.succeeds(face, reading),
    ))
}

/// What a throw for `need` came to, in words: "rolled 3 (needs 1, 3 or 6): one figure killed",
/// "one figure killed (automatic: no die thrown)".
pub fn throw_words(
    need: Need,
    reading: ThreeSix,
    roll: Option<&Roll>,
    success: bool,
    if_success: &str,
    if_not: &str,
) -> String {
    let what = if success { if_success } else { if_not };
    match roll {
        Some(r) => format!(
            "rolled {} (needs {}): {what}",
            r.face,
            need.faces_words(reading)
        ),
        None if need == Need::Always => format!("{what} (automatic: no die thrown)"),
        None => format!("{what} (no die thrown)"),
    }
}

// ---- rifle fire ---------------------------------------------------------------------------------

/// One row of the rifle fire table, in the digest's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RifleRow {
    pub number: u8,
    pub firer: &'static str,
    pub place: &'static str,
    pub kills: &'static str,
}

impl RifleRow {
    /// "row 2 — Line, 1 figure, in Line | target in the open | kills 1 figure on 1-3-6".
    pub fn words(&self) -> String {
        format!(
            "row {} — {} | {} | kills 1 figure {}",
            self.number, self.firer, self.place, self.kills
        )
    }
}

pub const RIFLE_TABLE: [RifleRow; 8] = [
    RifleRow {
        number: 1,
        firer: "Line, 4/3/2 figures, in Line",
        place: "target in the open",
        kills: "automatically",
    },
    RifleRow {
        number: 2,
        firer: "Line, 1 figure, in Line",
        place: "target in the open",
        kills: "on 1-3-6",
    },
    RifleRow {
        number: 3,
        firer: "Line, 4/3/2, in Road column",
        place: "target in the open",
        kills: "on 1-3-6",
    },
    RifleRow {
        number: 4,
        firer: "Line, 1 figure, in Road column",
        place: "target in the open",
        kills: "on 6",
    },
    RifleRow {
        number: 5,
        firer: "any strength, firing from a town, forest or hill",
        place: "any target",
        kills: "automatically — but if the target is also in such a position, on 1-3-6 (so two such units exchanging fire both roll)",
    },
    RifleRow {
        number: 6,
        firer: "Line, 4/3/2, line or road column, from the open",
        place: "target in a village, forest or on a hill",
        kills: "on 1-3-6 (a 1-figure regiment: on 6)",
    },
    RifleRow {
        number: 7,
        firer: "Light infantry or Grenadiers",
        place: "anywhere, any strength, line or road column",
        kills: "automatically",
    },
    RifleRow {
        number: 8,
        firer: "Line in Road column, from the open (option road_column_against_position = \"row-8\")",
        place: "target in a village, forest or on a hill",
        kills: "on 6, at any strength (the harsher reading, off by default)",
    },
];

/// The rifle table's row `n` (1 to 8).
pub fn rifle_table_row(n: u8) -> &'static RifleRow {
    &RIFLE_TABLE[usize::from(n) - 1]
}

/// A rifle shot's situation, in plain values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RifleCase {
    pub firer: Kind,
    pub figures: u8,
    pub formation: Formation,
    pub from: Position,
    pub target_in: Position,
}

/// The row a rifle shot reads and what it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RifleReading {
    pub row: &'static RifleRow,
    pub need: Need,
    /// The formation the shot is read with (a cross-country column's front regiment fires as a
    /// road column or a line: option `cross_country_fires_as`).
    pub fires_as: Formation,
    /// "Line infantry, 1 figure, in line, target in the open: row 2, kills on 1-3-6".
    pub why: String,
    /// Why the rows read earlier in the order of precedence did not apply.
    pub passed_over: Vec<String>,
}

/// Reads the rifle table in the digest's order of precedence: row 7 first, then row 5, then rows
/// 1–4 and 6 (row 6 for any formation; "row 8" only under the option
/// `road_column_against_position = "row-8"`). Refuses a target in a village's inner area (it cannot be fired on at all) and a
/// firer there (it can fire only from the outer area).
pub fn rifle_row(case: RifleCase, settings: &Settings) -> Result<RifleReading, RuleError> {
    let (n, need, fires_as) = rifle_need(case, settings)?;
    let strength = figs(case.figures);
    let formation = match case.formation {
        Formation::CrossCountry => format!(
            "{} (fires as a {})",
            case.formation.words(),
            if fires_as == Formation::Line {
                "line"
            } else {
                "road column"
            }
        ),
        f => f.words().to_string(),
    };
    let situation = format!(
        "{}, {strength}, {formation}, {}, target {}",
        case.firer.name(),
        case.from.from_words(),
        case.target_in.words()
    );
    // The rows read before this one in the order of precedence, and why they did not apply.
    let passed_over = match n {
        7 => vec![],
        5 => vec!["row 7 does not apply: the firer is Line infantry".to_string()],
        _ => vec![
            "row 7 does not apply: the firer is Line infantry".to_string(),
            "row 5 does not apply: the firer is in the open".to_string(),
        ],
    };
    Ok(RifleReading {
        row: rifle_table_row(n),
        need,
        fires_as,
        why: format!("{situation}: row {n}, kills {}", need.published()),
        passed_over,
    })
}

/// The rifle table's row a shot reads (its number), what it needs and the formation it is read
/// with, as [`rifle_row`] reads them, without the words.
pub fn rifle_need(
    case: RifleCase,
    settings: &Settings,
) -> Result<(u8, Need, Formation), RuleError> {
    if !case.firer.is_infantry() {
        return Err(RuleError::refused(format!(
            "--firer {}: only infantry fire rifles (line, light or grenadier)",
            case.firer.id()
        )));
    }
    check_figures(case.firer, case.figures, "figures")?;
    refuse_inner_village(case.from, case.target_in)?;
    let fires_as = match case.formation {
        Formation::CrossCountry => settings.cross_country_fires_as,
        f => f,
    };
    // Row 7: Light infantry and Grenadiers always kill.
    if matches!(case.firer, Kind::Light | Kind::Grenadier) {
        return Ok((7, Need::Always, fires_as));
    }
    // Row 5: from a town, forest or hill.
    if case.from.is_strong() {
        let need = if case.target_in.is_strong() {
            Need::OneThreeSix
        } else {
            Need::Always
        };
        return Ok((5, need, fires_as));
    }
    let small = case.figures == 1;
    let row6 =
        fires_as == Formation::Line || settings.road_column_against_position == RoadColumnRow::Row6;
    let (n, need) = match (case.target_in == Position::Open, fires_as, small) {
        (true, Formation::Line, false) => (1, Need::Always),
        (true, Formation::Line, true) => (2, Need::OneThreeSix),
        (true, _, false) => (3, Need::OneThreeSix),
        (true, _, true) => (4, Need::Six),
        (false, _, false) if row6 => (6, Need::OneThreeSix),
        (false, _, true) if row6 => (6, Need::Six),
        (false, _, _) => (8, Need::Six),
    };
    Ok((n, need, fires_as))
}

/// Troops in a village's inner area cannot be fired on, and fire only from the outer area.
pub fn refuse_inner_village(from: Position, target_in: Position) -> Result<(), RuleError> {
    if target_in == Position::VillageInner {
        return Err(RuleError::refused(
            "--target-in village-inner: troops in a village's inner area cannot be fired on at all (rifle or cannon); they can only be meleed",
        ));
    }
    if from == Position::VillageInner {
        return Err(RuleError::refused(
            "--from village-inner: a regiment fires out of a village only from its outer area (the houses and walls); from the inner area it cannot fire",
        ));
    }
    Ok(())
}

// ---- rifle fire at a gun crew -------------------------------------------------------------------

/// One row of the table for rifle fire at a gun crew.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrewRow {
    pub letter: char,
    pub firer: &'static str,
    pub need: Need,
}

pub const CREW_TABLE: [CrewRow; 3] = [
    CrewRow {
        letter: 'A',
        firer: "Line, 4/3/2 figures",
        need: Need::ThreeSix,
    },
    CrewRow {
        letter: 'B',
        firer: "Line, 1 figure",
        need: Need::Six,
    },
    CrewRow {
        letter: 'C',
        firer: "Light infantry or Grenadiers, any strength",
        need: Need::OneThreeSix,
    },
];

/// The crew row for an infantry firer of `figures`.
pub fn crew_row(firer: Kind, figures: u8) -> &'static CrewRow {
    match (firer, figures) {
        (Kind::Light | Kind::Grenadier, _) => &CREW_TABLE[2],
        (_, 1) => &CREW_TABLE[1],
        _ => &CREW_TABLE[0],
    }
}

// ---- artillery ----------------------------------------------------------------------------------

/// What an artillery die does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Blast {
    /// One figure killed (at a gun: one counter-battery hit; at works: one hit).
    Kill,
    /// The target regiment or squadron retires in confusion 3 moves.
    Retire,
    Nothing,
}

/// A column of the artillery table: what each face does to one kind of target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArtilleryColumn {
    pub name: &'static str,
    pub kill: Need,
    pub retire: Need,
}

/// Troops in the open or on a hill.
pub const ARTILLERY_OPEN: ArtilleryColumn = ArtilleryColumn {
    name: "troops in the open or on a hill",
    kill: Need::OneThreeSix,
    retire: Need::Two,
};
/// Troops in the outer area of a village (a town) or a forest.
pub const ARTILLERY_OUTER: ArtilleryColumn = ArtilleryColumn {
    name: "troops in a village's or forest's outer area",
    kill: Need::ThreeSix,
    retire: Need::Never,
};
/// Counter-battery: a hit on the gun; the third destroys it.
pub const ARTILLERY_GUN: ArtilleryColumn = ArtilleryColumn {
    name: "a gun (counter-battery)",
    kill: Need::OneThreeSix,
    retire: Need::Never,
};
/// Walls, a fortress or a ship: 1-3-6 is a hit, and the scenario sets how many destroy them; a 2
/// has no effect (decision: the text gives the 2's confusion to regiments and squadrons only).
pub const ARTILLERY_WORKS: ArtilleryColumn = ArtilleryColumn {
    name: "walls, fortresses and ships",
    kill: Need::OneThreeSix,
    retire: Need::Never,
};

impl ArtilleryColumn {
    /// What `face` does (a kill is read before a retirement).
    pub fn blast(&self, face: u8, reading: ThreeSix) -> Blast {
        if self.kill.succeeds(face, reading) {
            Blast::Kill
        } else if self.retire.succeeds(face, reading) {
            Blast::Retire
        } else {
            Blast::Nothing
        }
    }
}

/// What a gun's crew needs to save its gun when meleed from front or flank: 1-3-6 hurls the
/// attackers back 3 moves (from the rear it gets no roll).
pub const CREW_DEFENCE: Need = Need::OneThreeSix;

/// Hits that destroy a gun.
pub const GUN_HITS_TO_DESTROY: u8 = 3;

// ---- melee --------------------------------------------------------------------------------------

/// One cell of the melee kill table: figures killed, and what they need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KillCell {
    pub kills: u8,
    pub need: Need,
}

/// One row of the melee kill table: cells for 4, 3, 2 and 1 figures (None: "–", a squadron has
/// at most 3 figures).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KillRow {
    pub label: &'static str,
    pub kinds: &'static [Kind],
    pub cells: [Option<KillCell>; 4],
}

const fn cell(kills: u8, need: Need) -> Option<KillCell> {
    Some(KillCell { kills, need })
}

pub const MELEE_KILLS: [KillRow; 4] = [
    KillRow {
        label: "Line or Light infantry",
        kinds: &[Kind::Line, Kind::Light],
        cells: [
            cell(1, Need::Always),
            cell(1, Need::Always),
            cell(1, Need::Always),
            cell(1, Need::Six),
        ],
    },
    KillRow {
        label: "Grenadiers",
        kinds: &[Kind::Grenadier],
        cells: [
            cell(2, Need::Always),
            cell(1, Need::Always),
            cell(1, Need::Always),
            cell(1, Need::Always),
        ],
    },
    KillRow {
        label: "Heavy cavalry",
        kinds: &[Kind::HeavyCavalry],
        cells: [
            None,
            cell(2, Need::Always),
            cell(1, Need::Always),
            cell(1, Need::OneThreeSix),
        ],
    },
    KillRow {
        label: "Light cavalry",
        kinds: &[Kind::LightCavalry],
        cells: [
            None,
            cell(1, Need::Always),
            cell(1, Need::OneThreeSix),
            cell(1, Need::ThreeSix),
        ],
    },
];

/// The melee kill table's row for `kind`.
pub fn melee_row(kind: Kind) -> Option<&'static KillRow> {
    MELEE_KILLS.iter().find(|r| r.kinds.contains(&kind))
}

/// The kill table's cell for a stand of `kind` with `figures` (1 to 4). `who` is the stand's input
/// (`attacker`): a refusal names it, or its figures (`--attacker-figures`).
pub fn melee_kills(kind: Kind, figures: u8, who: &str) -> Result<KillCell, RuleError> {
    let row = melee_row(kind).ok_or_else(|| {
        RuleError::refused(format!(
            "--{who} {}: {} do not fight on the melee kill table{}",
            kind.id(),
            kind.name(),
            if kind.is_gun() {
                " (a gun's crew is meleed with `melee-crew`)".to_string()
            } else if kind.is_works() {
                format!(": {ONLY_ARTILLERY}")
            } else {
                String::new()
            }
        ))
    })?;
    let param = format!("{who}-figures");
    check_figures(kind, figures, &param)?;
    let i = 4 - usize::from(figures);
    row.cells[i].ok_or_else(|| {
        RuleError::refused(format!(
            "--{param} {figures}: the kill table has no entry for {} with {figures} figures",
            row.label
        ))
    })
}

/// A cell in the table's notation: "2", "1 on a 6", "1 on 1-3-6", "–".
pub fn cell_words(c: Option<KillCell>) -> String {
    match c {
        None => "–".into(),
        Some(KillCell {
            kills,
            need: Need::Always,
        }) => kills.to_string(),
        Some(KillCell { kills, need }) => format!("{kills} {}", need.published()),
    }
}

// ---- the tables as `umpire rulesets` prints them ------------------------------------------------

/// Every published table, from the data above (3-6 shown in the default reading).
pub fn table_docs() -> Vec<TableDoc> {
    let reading = Settings::default().three_six;
    let s = |x: &str| x.to_string();
    let mut docs = vec![TableDoc {
        name: "Rifle fire table (one kill = one figure)".into(),
        columns: vec![s("#"), s("firer"), s("where"), s("kills 1 figure")],
        rows: RIFLE_TABLE
            .iter()
            .map(|r| vec![r.number.to_string(), s(r.firer), s(r.place), s(r.kills)])
            .collect(),
        notes: vec![
            s("order of precedence: row 7 first, then row 5, then rows 1–4 and 6"),
            s(
                "row 6 holds for any formation, road column too; row 8 is read only under the option road_column_against_position = \"row-8\"",
            ),
            s(
                "a town and a village's outer area are the same kind of position; \"such a position\" (row 5) is a town or a village's outer area, a forest (either area), a hill",
            ),
            s(
                "troops in a village's inner area cannot be fired on (rifle or cannon), and fire only from the outer area",
            ),
            s(
                "a cross-country column is 3 or more regiments stand to stand; it fires with one regiment a move, the one facing the target, on the road-column rows (option cross_country_fires_as)",
            ),
            s(
                "infantry fired on from its flank gets no return fire at that firer this move; a road column is flanked unless fired on along the road at its head",
            ),
            s(
                "inside a forest, fire only to the square directly in front, between adjacent squares",
            ),
            s("concealment rules: Line infantry's rifle fire cannot kill light cavalry"),
            s("musket range 6\", or 9\" for later periods (option musket_range)"),
        ],
    }];
    docs.push(TableDoc {
        name: "Rifle fire at a gun crew (the cannon's axle within musket range)".into(),
        columns: vec![s(""), s("firer"), s("kills the crew")],
        rows: CREW_TABLE
            .iter()
            .map(|r| {
                vec![
                    r.letter.to_string(),
                    s(r.firer),
                    format!("{} ({})", r.need.published(), r.need.faces_words(reading)),
                ]
            })
            .collect(),
        notes: vec![
            s("a gun at canister range fires its canister first"),
            s("a gun whose crew is killed can neither fire nor move; the side that holds it 3 consecutive moves re-mans it"),
        ],
    });
    // What a Kill face is called in each column: a figure killed, or a hit.
    let blast_word = |c: &ArtilleryColumn, face: u8, kill: &str| match c.blast(face, reading) {
        Blast::Kill => s(kill),
        Blast::Retire => s("retires in confusion 3 moves (Grenadiers ignore it)"),
        Blast::Nothing => s("no effect"),
    };
    let figure = "one figure killed";
    docs.push(TableDoc {
        name: "Artillery fire (one d6 per gun)".into(),
        columns: vec![
            s("d6"),
            s(ARTILLERY_OPEN.name),
            s(ARTILLERY_OUTER.name),
            s(ARTILLERY_GUN.name),
            s(ARTILLERY_WORKS.name),
        ],
        rows: (1..=6u8)
            .map(|f| {
                vec![
                    f.to_string(),
                    blast_word(&ARTILLERY_OPEN, f, figure),
                    blast_word(&ARTILLERY_OUTER, f, figure),
                    blast_word(&ARTILLERY_GUN, f, "a hit (the third destroys the gun)"),
                    blast_word(
                        &ARTILLERY_WORKS,
                        f,
                        "a hit (the scenario's hits_to_destroy destroy them)",
                    ),
                ]
            })
            .collect(),
        notes: vec![
            s("published: 1-3-6 kills one figure; 2 drives the regiment or squadron back in confusion 3 moves (Grenadiers ignore it; no effect on guns); 4, 5 no effect"),
            s("outer area of a village or forest: a figure killed on 3-6 only (a 3 or a 6; option three_six), a 2 has no effect; the inner areas cannot be hit"),
            s("range 16\" on the flat, 18\" from a hill or fortress wall (not from a village); a gun fires once a move and only if it did not move"),
            s("horse artillery may half-move and fire in one move, or limber and half-move without firing"),
            s("canister: at musket range against infantry or cavalry a gun fires canister, not ordinary fire: one figure killed automatically before the target's rifles fire; the target may fire back at the crew at the same moment"),
            s("walls, fortresses, ships: the scenario sets how many hits destroy them (the unit's hits_to_destroy), and the count is kept; 1-3-6 is a hit, a 2 has no effect on them (decision); only artillery damages them"),
        ],
    });
    docs.push(TableDoc {
        name: "Melee kill table (figures killed, by type and figures left)".into(),
        columns: vec![
            s("type"),
            s("4 figures"),
            s("3 figures"),
            s("2 figures"),
            s("1 figure"),
        ],
        rows: MELEE_KILLS
            .iter()
            .map(|r| {
                std::iter::once(s(r.label))
                    .chain(r.cells.iter().map(|c| cell_words(*c)))
                    .collect()
            })
            .collect(),
        notes: vec![
            s("fought stand against stand; casualties removed from both sides at once, then morale"),
            s("cavalry squadrons always fight as separate squadrons (two 1-figure squadrons roll twice)"),
            s("a cross-country column defends with the power of one regiment"),
            s("only infantry may enter a village's outer area and melee its defenders (cavalry may not); cavalry reach the inner area only through a gate"),
        ],
    });
    docs.push(TableDoc {
        name: "Combat points and morale".into(),
        columns: vec![s("type"), s("combat points a figure")],
        rows: [
            (Kind::Line, "Line or Light infantry"),
            (Kind::LightCavalry, "Light cavalry"),
            (Kind::Grenadier, "Grenadiers or Heavy cavalry"),
        ]
        .iter()
        .map(|(k, label)| {
            vec![
                s(label),
                k.points_per_figure().unwrap_or_default().to_string(),
            ]
        })
        .collect(),
        notes: vec![
            s("after a melee each side multiplies its remaining combat points by one d6: the higher total holds, the lower retires 3 moves (ties: option morale_tie)"),
            s("a side with no figures left has lost"),
            s("reinforced melee: the original pair fights, then the reinforcing stand fights the remnants; one morale throw with every stand's remaining combat points"),
            s("light cavalry morale combat (concealment rules): each side's combat points × one d6, the lower retires 3 moves; against Light infantry or Grenadiers the light cavalry first take their fire"),
        ],
    });
    docs.push(TableDoc {
        name: "Melee against a gun crew".into(),
        columns: vec![s("attacked from"), s("crew's d6"), s("result")],
        rows: vec![
            vec![
                s("front or flank"),
                CREW_DEFENCE.faces_words(reading),
                s("the attackers are hurled back 3 moves; the gun is saved"),
            ],
            vec![
                s("front or flank"),
                (1..=6u8)
                    .filter(|f| !CREW_DEFENCE.succeeds(*f, reading))
                    .map(|f| f.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                s("the crew is killed and the gun captured"),
            ],
            vec![
                s("rear"),
                s("no roll"),
                s("the crew is killed and the gun captured"),
            ],
        ],
        notes: vec![s(
            "a captured gun is re-manned by the side holding it 3 consecutive moves; until then it neither moves nor fires",
        )],
    });
    docs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_face_succeeds_exactly_when_it_is_one_of_the_needs_faces() {
        let needs = [
            Need::Always,
            Need::OneThreeSix,
            Need::ThreeSix,
            Need::Six,
            Need::Two,
            Need::Never,
        ];
        for reading in [ThreeSix::ThreeToSix, ThreeSix::ThreeAndSix] {
            for need in needs {
                for face in 0..=9u8 {
                    assert_eq!(
                        need.succeeds(face, reading),
                        need.faces(reading).contains(&face),
                        "{need:?} {reading:?} {face}"
                    );
                }
            }
        }
    }

    #[test]
    fn faces_of_each_need() {
        let r = ThreeSix::ThreeToSix;
        assert_eq!(Need::OneThreeSix.faces(r), [1, 3, 6]);
        assert_eq!(Need::ThreeSix.faces(r), [3, 4, 5, 6]);
        assert_eq!(Need::ThreeSix.faces(ThreeSix::ThreeAndSix), [3, 6]);
        assert_eq!(Need::Six.faces(r), [6]);
        assert_eq!(Need::Always.chance(r), Prob::new(1, 1));
        assert_eq!(Need::Never.chance(r), Prob::new(0, 1));
        assert_eq!(Need::OneThreeSix.chance(r), Prob::new(1, 2));
        assert_eq!(Need::OneThreeSix.faces_words(r), "1, 3 or 6");
        assert!(!Need::Always.needs_die() && Need::Six.needs_die());
    }

    #[test]
    fn every_cell_of_the_melee_kill_table() {
        use Kind::*;
        use Need::*;
        /// A row's cells for 4, 3, 2 and 1 figures: kills and what they need.
        type Cells = [Option<(u8, Need)>; 4];
        let expect: &[(Kind, Cells)] = &[
            (
                Line,
                [
                    Some((1, Always)),
                    Some((1, Always)),
                    Some((1, Always)),
                    Some((1, Six)),
                ],
            ),
            (
                Light,
                [
                    Some((1, Always)),
                    Some((1, Always)),
                    Some((1, Always)),
                    Some((1, Six)),
                ],
            ),
            (
                Grenadier,
                [
                    Some((2, Always)),
                    Some((1, Always)),
                    Some((1, Always)),
                    Some((1, Always)),
                ],
            ),
            (
                HeavyCavalry,
                [
                    None,
                    Some((2, Always)),
                    Some((1, Always)),
                    Some((1, OneThreeSix)),
                ],
            ),
            (
                LightCavalry,
                [
                    None,
                    Some((1, Always)),
                    Some((1, OneThreeSix)),
                    Some((1, ThreeSix)),
                ],
            ),
        ];
        for (kind, cells) in expect {
            for (i, want) in cells.iter().enumerate() {
                let figures = 4 - i as u8;
                let got = melee_kills(*kind, figures, "attacker");
                match want {
                    Some((kills, need)) => {
                        let c = got.unwrap();
                        assert_eq!((c.kills, c.need), (*kills, *need), "{kind:?} {figures}");
                    }
                    None => {
                        let e = got.unwrap_err().to_string();
                        assert!(
                            e.contains("--attacker-figures \"4\"") && e.contains("at most 3"),
                            "{e}"
                        );
                    }
                }
            }
        }
        for k in [Cannon, HorseArtillery, Headquarters, Works] {
            assert!(melee_kills(k, 1, "defender").is_err());
        }
    }

    #[test]
    fn combat_points_by_type() {
        let pts: Vec<_> = Kind::ALL.iter().map(|k| k.points_per_figure()).collect();
        assert_eq!(
            pts,
            [
                Some(4),
                Some(4),
                Some(6),
                Some(6),
                Some(5),
                None,
                None,
                None,
                None
            ]
        );
    }

    #[test]
    fn crew_rows() {
        assert_eq!(crew_row(Kind::Line, 4).letter, 'A');
        assert_eq!(crew_row(Kind::Line, 2).letter, 'A');
        assert_eq!(crew_row(Kind::Line, 1).letter, 'B');
        assert_eq!(crew_row(Kind::Light, 1).letter, 'C');
        assert_eq!(crew_row(Kind::Grenadier, 4).letter, 'C');
        assert_eq!(CREW_TABLE[0].need, Need::ThreeSix);
        assert_eq!(CREW_TABLE[1].need, Need::Six);
        assert_eq!(CREW_TABLE[2].need, Need::OneThreeSix);
    }

    #[test]
    fn artillery_columns_by_face() {
        let r = ThreeSix::ThreeToSix;
        let open: Vec<Blast> = (1..=6).map(|f| ARTILLERY_OPEN.blast(f, r)).collect();
        use Blast::*;
        assert_eq!(open, [Kill, Retire, Kill, Nothing, Nothing, Kill]);
        let outer: Vec<Blast> = (1..=6).map(|f| ARTILLERY_OUTER.blast(f, r)).collect();
        assert_eq!(outer, [Nothing, Nothing, Kill, Kill, Kill, Kill]);
        let outer36: Vec<Blast> = (1..=6)
            .map(|f| ARTILLERY_OUTER.blast(f, ThreeSix::ThreeAndSix))
            .collect();
        assert_eq!(outer36, [Nothing, Nothing, Kill, Nothing, Nothing, Kill]);
        let gun: Vec<Blast> = (1..=6).map(|f| ARTILLERY_GUN.blast(f, r)).collect();
        assert_eq!(gun, [Kill, Nothing, Kill, Nothing, Nothing, Kill]);
        // Works: 1-3-6 a hit whatever the 3-6 reading; the 2 does nothing.
        for reading in [r, ThreeSix::ThreeAndSix] {
            let works: Vec<Blast> = (1..=6).map(|f| ARTILLERY_WORKS.blast(f, reading)).collect();
            assert_eq!(works, [Kill, Nothing, Kill, Nothing, Nothing, Kill]);
        }
    }

    #[test]
    fn positions() {
        use Position::*;
        let strong: Vec<Position> = Position::ALL
            .into_iter()
            .filter(|p| p.is_strong())
            .collect();
        assert_eq!(strong, [Town, Hill, VillageOuter, ForestOuter, ForestInner]);
        let outer: Vec<Position> = Position::ALL
            .into_iter()
            .filter(|p| p.is_outer_area())
            .collect();
        assert_eq!(outer, [Town, VillageOuter, ForestOuter]);
        assert!(ForestOuter.admits(Kind::LightCavalry).is_ok());
        assert!(ForestInner.admits(Kind::LightCavalry).is_err());
        assert!(ForestOuter.admits(Kind::HeavyCavalry).is_err());
        assert!(ForestOuter.admits(Kind::Cannon).is_err());
        assert!(Hill.admits(Kind::Cannon).is_ok());
        for (id, p) in Position::IDS.iter().zip(Position::ALL) {
            assert_eq!(Position::parse(id), Some(p));
        }
    }

    #[test]
    fn docs_come_from_the_data() {
        let docs = table_docs();
        assert_eq!(docs[0].rows.len(), 8);
        assert_eq!(docs[0].rows[1][3], "on 1-3-6");
        let melee = &docs[3];
        assert_eq!(
            melee.rows[2],
            ["Heavy cavalry", "–", "2", "1", "1 on 1-3-6"]
        );
        assert_eq!(melee.rows[3][4], "1 on 3-6");
        let art = &docs[2];
        assert_eq!(
            art.rows[1][1],
            "retires in confusion 3 moves (Grenadiers ignore it)"
        );
        // The outer area: a 3 or a 6 kills (the default reading of "3-6"), a 4 does not.
        assert_eq!(art.rows[2][2], "one figure killed");
        assert_eq!(art.rows[3][2], "no effect");
        assert_eq!(art.rows[5][2], "one figure killed");
        assert_eq!(docs[1].rows[0][2], "on 3-6 (3 or 6)");
        assert_eq!(art.columns[4], "walls, fortresses and ships");
        let works: Vec<&str> = art.rows.iter().map(|r| r[4].as_str()).collect();
        let hit = "a hit (the scenario's hits_to_destroy destroy them)";
        assert_eq!(
            works,
            [hit, "no effect", hit, "no effect", "no effect", hit]
        );
    }
}
