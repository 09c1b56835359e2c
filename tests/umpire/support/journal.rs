//! Shared helpers for the journal tests: a small Grid skirmish scenario, fixed times, and a rule
//! set that throws dice as the phase changes (Grid's own procedure is not what is tested here).

use chrono::{DateTime, TimeZone, Utc};
use std::sync::OnceLock;
use umpire::battle::session::Record;
use umpire::battle::{Command, Entry};
use umpire::declare::{ActionDef, Badge, Options, Params, RuleError};
use umpire::dice::{DiceSource, Die, Roll};
use umpire::model::{BattleView, Effect, UnitInfo};
use umpire::model::{OrderOfBattle, Problem};
use umpire::resolution::{Resolution, Step};
use umpire::rules::grid::Grid;
use umpire::ruleset::{ActResult, Definition, Looks, PhaseChange, Procedure, Rules, Turn, Units};
use umpire::scenario::Scenario;

/// Two infantry sections and a tank a side (a section is removed at 2 hits, a tank at 3).
pub const SCENARIO: &str = r#"
ruleset = "grid"
title = "Crossroads"

[[side]]
id = "red"
name = "Red Force"
  [[side.unit]]
  id = "r1"
  name = "1st Section"
  kind = "infantry"
  [[side.unit]]
  id = "r2"
  name = "2nd Section"
  kind = "infantry"
  [[side.unit]]
  id = "rt"
  name = "Red tank"
  kind = "tank"

[[side]]
id = "blue"
name = "Blue Force"
  [[side.unit]]
  id = "b1"
  name = "1st Section"
  kind = "infantry"
  [[side.unit]]
  id = "b2"
  name = "2nd Section"
  kind = "infantry"
  [[side.unit]]
  id = "bt"
  name = "Blue tank"
  kind = "tank"
"#;

/// The units in roster order: [`cycle`] gives the third and the sixth (the tanks) two hits, the
/// others at most one, so that it never removes one.
pub const UNITS: [&str; 6] = ["r1", "r2", "rt", "b1", "b2", "bt"];
pub const MARKERS: [&str; 1] = ["fired"];

pub fn scenario() -> Scenario {
    umpire::scenario::parse("crossroads.toml", SCENARIO).expect("the test scenario is valid")
}

/// The test scenario played with [`Dicey`].
pub fn dicey_scenario() -> Scenario {
    let mut s = scenario();
    s.ruleset = &DICEY;
    s
}

/// A fixed time, `s` seconds into the battle.
pub fn t(s: i64) -> DateTime<Utc> {
    Utc.timestamp_opt(1_750_000_000 + s, 0).unwrap()
}

pub fn note(text: &str) -> Command {
    Command::Note {
        text: text.into(),
        private: false,
    }
}

pub fn mark(unit: &str, marker: &str, on: bool) -> Command {
    Command::SetMarker {
        unit: unit.into(),
        marker: marker.into(),
        value: on.then_some(1),
    }
}

pub fn hits(unit: &str, hits: u32) -> Command {
    Command::SetHits {
        unit: unit.into(),
        hits,
    }
}

/// A varied, always-accepted sequence of generic commands (the `i`th of an endless cycle).
pub fn cycle(i: usize) -> Command {
    let unit = UNITS[i / 6 % UNITS.len()];
    let marker = MARKERS[i / 6 % MARKERS.len()];
    match i % 6 {
        0 => note(&format!("turn of events {i}")),
        1 => mark(unit, marker, true),
        2 => Command::Undo,
        3 => Command::Redo,
        4 => mark(unit, marker, false),
        _ => hits(unit, (i / 6 % 3) as u32),
    }
}

/// Grid, except that `advance` throws two d10 before it changes the phase, and keeps them in the
/// event's explanation (read with [`roll_of`]): a rule set whose commands use the program's dice.
pub struct Dicey;
pub static DICEY: Dicey = Dicey;

/// What [`Dicey`] threw for the record `rec` (an advance), its two d10 read as tens and units (4
/// and 10 read 50); `None` when the record threw no dice.
pub fn roll_of(rec: &Record) -> Option<i32> {
    let Entry::Event(e) = &rec.entry else {
        return None;
    };
    match e.faces()[..] {
        [a, b] => Some(i32::from(a.face) * 10 + i32::from(b.face)),
        _ => None,
    }
}

impl Rules for Dicey {
    fn definition(&self) -> &'static Definition {
        static DEFINITION: OnceLock<Definition> = OnceLock::new();
        DEFINITION.get_or_init(|| {
            let mut procedures = Grid.procedures().to_vec();
            procedures.push(&RollsThenRefuses);
            Definition {
                declaration: *Grid.declaration(),
                procedures: procedures.leak(),
            }
        })
    }
}

impl Units for Dicey {
    fn hit_limit(&self, unit: &UnitInfo, options: &Options) -> u32 {
        Grid.hit_limit(unit, options)
    }
    fn validate(&self, order: &OrderOfBattle<'_>, options: &Options) -> Vec<Problem> {
        Grid.validate(order, options)
    }
}

impl Turn for Dicey {
    fn start(&self, b: &BattleView<'_>) -> Vec<Effect> {
        Grid.start(b)
    }
    fn turn_begins(
        &self,
        b: &BattleView<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<PhaseChange, RuleError> {
        Grid.turn_begins(b, dice)
    }
    fn advance(
        &self,
        b: &BattleView<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<PhaseChange, RuleError> {
        let mut thrown = Vec::new();
        for purpose in ["first", "second"] {
            let face = dice.roll(Die::D10, purpose)?;
            thrown.push(Roll {
                die: Die::D10,
                face,
                purpose: purpose.into(),
            });
        }
        let mut change = Grid.advance(b, dice)?;
        change.resolutions.push(Resolution {
            ruleset: "grid".into(),
            action: "advance".into(),
            title: "Two d10 as the phase changes".into(),
            context: Vec::new(),
            steps: vec![Step {
                label: "Two d10".into(),
                dice: thrown,
                outcome: "thrown".into(),
                ..Step::default()
            }],
            result: "thrown".into(),
            effects: Vec::new(),
            rolled_by_program: dice.is_generated(),
        });
        Ok(change)
    }
}

impl Looks for Dicey {
    fn badges(&self, b: &BattleView<'_>, unit: usize) -> Vec<Badge> {
        Grid.badges(b, unit)
    }
    fn formation_badges(&self, b: &BattleView<'_>, f: usize) -> Vec<Badge> {
        Grid.formation_badges(b, f)
    }
}

/// A procedure `roll` of no inputs that throws two dice and is then refused: the session must
/// put those dice back and write nothing.
struct RollsThenRefuses;

static ROLL_DEF: ActionDef = ActionDef {
    id: "roll",
    help: "throws two dice, then is refused",
    params: &[],
    key: None,
    standalone: false,
    in_battle: true,
    rolls: true,
};

impl Procedure for RollsThenRefuses {
    fn def(&self) -> &'static ActionDef {
        &ROLL_DEF
    }
    fn check_inputs(&self, _: &BattleView<'_>, _: &Params) -> Result<(), RuleError> {
        Ok(())
    }
    fn act(&self, _: &BattleView<'_>, _: &Params, d: &mut dyn DiceSource) -> ActResult {
        d.roll(Die::D10, "first")?;
        d.roll(Die::D10, "second")?;
        Err(RuleError::refused("refused after rolling"))
    }
}

/// A journal's text with every line's checksum written again: for tests that edit a journal by
/// hand to make it wrong in some other way than its checksums.
pub fn reseal(text: &str) -> String {
    const OPEN: &str = "{\"crc\":\"";
    const PREV: &str = "\"prev\":\"";
    let mut out = String::new();
    // The checksum of the line before, which a chained line names in `prev`.
    let mut last = 0u32;
    for line in text.split_inclusive('\n') {
        let (body, newline) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        match body.strip_prefix(OPEN) {
            Some(rest) if rest.len() >= 10 => {
                let rest = &rest[10..];
                let rest = match rest.strip_prefix(PREV) {
                    Some(after) if after.len() >= 8 => format!("{PREV}{last:08x}{}", &after[8..]),
                    _ => rest.to_string(),
                };
                let object = format!("{{{rest}");
                let crc = crc32fast::hash(object.as_bytes());
                last = crc;
                out.push_str(&format!("{OPEN}{crc:08x}\",{rest}{newline}"));
            }
            _ => out.push_str(line),
        }
    }
    out
}
