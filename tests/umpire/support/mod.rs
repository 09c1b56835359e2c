//! What the tests share. Here, the helpers of every rule set's battle tests: a battle from a
//! scenario's text, and given / when / then in a few words (act, refuse, advance, read a unit's
//! state, expected effects). In its modules:
//!
//! - [`cli`]: the command line in-process (`umpire new`, then a script into `umpire act JOURNAL
//!   -`), and the rosters and script of the battles it plays (Grid skirmish's crossroads, the
//!   rule set the core's tests play, among them);
//! - [`exe`]: the real binary, run as a process of its own;
//! - [`browser`]: headless Chromium, found or skipped loudly, and kept open on a page under the
//!   DevTools protocol;
//! - [`kit`]: the given/when/then kit of the conformance suites, a battle at the table driven as
//!   the umpire drives one from the command line;
//! - [`tui`]: the screen drawn on ratatui's `TestBackend`, redacted, and keys typed into it;
//! - [`journal`]: the journal tests' small Grid skirmish, fixed times, commands, and a rule set
//!   that throws dice (Grid's, throwing two d10 as the phase changes);
//! - [`newport`]: Newport's scenarios for its battle tests and its conformance suite;
//! - [`scale`]: the large Newport battle of the scaling benchmarks (`benches/scale/`).

pub mod browser;
pub mod cli;
pub mod exe;
pub mod journal;
pub mod kit;
pub mod newport;
pub mod notifications;
#[path = "../../../benches/scale/mod.rs"]
pub mod scale;
pub mod tui;

use umpire::battle::{Battle, Command, Entry, Event};
use umpire::declare::Params;
use umpire::dice::TypedDice;
use umpire::model::{BattleState, Effect};
use umpire::ruleset::find_action;

pub fn battle(source: &str) -> Battle {
    let scenario = umpire::scenario::parse("test.toml", source).expect("valid test scenario");
    let mut b = Battle::new(scenario);
    let start = b.start_event();
    b.apply(start).unwrap();
    b
}

/// Runs a command with typed dice; panics if refused or if typed faces are left over.
pub fn run(b: &mut Battle, cmd: Command, faces: &str) -> Event {
    let mut dice = if faces.is_empty() {
        TypedDice::default()
    } else {
        TypedDice::parse(faces).unwrap()
    };
    let entry = b
        .handle(&cmd, &mut dice)
        .unwrap_or_else(|e| panic!("{cmd:?} refused: {e}"));
    dice.finish().unwrap();
    b.apply(entry.clone()).unwrap();
    match entry {
        Entry::Event(e) => e,
        other => panic!("{other:?}"),
    }
}

/// A rule-set action from `name=value` pairs.
pub fn action(b: &Battle, name: &str, args: &[(&str, &str)]) -> Command {
    let def = find_action(b.ruleset, name).unwrap();
    Command::Act {
        action: name.to_string(),
        params: Params::given(def.params, args.iter().copied()).unwrap(),
    }
}

/// Acts and returns the event.
pub fn act(b: &mut Battle, name: &str, args: &[(&str, &str)], faces: &str) -> Event {
    let cmd = action(b, name, args);
    run(b, cmd, faces)
}

/// Acts and expects a refusal; the battle must be unchanged.
pub fn refused(b: &mut Battle, name: &str, args: &[(&str, &str)], faces: &str) -> String {
    let before: BattleState = b.state().clone();
    let cmd = action(b, name, args);
    let mut dice = if faces.is_empty() {
        TypedDice::default()
    } else {
        TypedDice::parse(faces).unwrap()
    };
    let err = b
        .handle(&cmd, &mut dice)
        .err()
        .unwrap_or_else(|| panic!("{name} {args:?} was accepted"));
    assert_eq!(b.state(), &before, "a refusal changes nothing");
    err.to_string()
}

pub fn advance(b: &mut Battle, faces: &str) -> Event {
    run(b, Command::Advance, faces)
}

pub fn unit<'a>(b: &'a Battle, id: &str) -> &'a umpire::model::UnitState {
    &b.state().units[b.roster.unit_index(id).unwrap()]
}

pub fn has(b: &Battle, id: &str, marker: &str) -> bool {
    unit(b, id).has(marker)
}

pub fn marker(id: &str, m: &str, on: bool) -> Effect {
    Effect::Marker {
        unit: id.into(),
        marker: m.into(),
        value: on.then_some(1),
    }
}

pub fn hits(id: &str, n: u32) -> Effect {
    Effect::Hits {
        unit: id.into(),
        hits: n,
    }
}

pub fn counter(scope: &str, name: &str, v: i32) -> Effect {
    Effect::Counter {
        scope: scope.into(),
        name: name.into(),
        value: Some(v),
    }
}

/// Sets a flag marker by hand (a journal edit, as the umpire would with `x`).
pub fn mark(b: &mut Battle, id: &str, m: &str) {
    run(
        b,
        Command::SetMarker {
            unit: id.into(),
            marker: m.into(),
            value: Some(1),
        },
        "",
    );
}

/// A Scruby scenario of two small brigades, with `options` under `[options]`. The French hide a column behind stand 1: a Light regiment, two Line
/// regiments, their cannon and a heavy cavalry squadron, listed out of march order.
pub fn scruby_brigades(options: &str) -> String {
    format!(
        r#"
ruleset = "scruby"
title = "Test brigades"
turns = 6
[options]
concealment = true
{options}

[[side]]
id = "au"
name = "Austrians"
  [[side.unit]]
  id = "au-hq"
  name = "Austrian HQ"
  kind = "headquarters"
  [[side.formation]]
  id = "au-bde"
  name = "Brigade"
  level = "brigade"
    [[side.formation.unit]]
    id = "a1"
    name = "IR 1"
    kind = "line"
    [[side.formation.unit]]
    id = "a2"
    name = "IR 2"
    kind = "line"
    formation = "road-column"
    [[side.formation.unit]]
    id = "a3"
    name = "IR 3"
    kind = "line"
    figures = 1
    [[side.formation.unit]]
    id = "a-lt"
    name = "Grenz"
    kind = "light"
    [[side.formation.unit]]
    id = "a-gr"
    name = "Grenadiers"
    kind = "grenadier"
    [[side.formation.unit]]
    id = "a-gun"
    name = "Battery"
    kind = "cannon"
    [[side.formation.unit]]
    id = "a-ha"
    name = "Horse battery"
    kind = "horse-artillery"
    [[side.formation.unit]]
    id = "a-hc"
    name = "Cuirassiers"
    kind = "heavy-cavalry"
    [[side.formation.unit]]
    id = "a-lc"
    name = "Hussars"
    kind = "light-cavalry"

[[side]]
id = "fr"
name = "French"
  [[side.unit]]
  id = "fr-hq"
  name = "French HQ"
  kind = "headquarters"
  [[side.formation]]
  id = "fr-bde"
  name = "Brigade"
  level = "brigade"
    [[side.formation.unit]]
    id = "f1"
    name = "4e ligne"
    kind = "line"
    [[side.formation.unit]]
    id = "f2"
    name = "18e ligne"
    kind = "line"
    [[side.formation.unit]]
    id = "f3"
    name = "46e ligne"
    kind = "line"
    [[side.formation.unit]]
    id = "f-lt"
    name = "10e légère"
    kind = "light"
    [[side.formation.unit]]
    id = "f-gr"
    name = "Grenadiers"
    kind = "grenadier"
    [[side.formation.unit]]
    id = "f-gun"
    name = "Batterie"
    kind = "cannon"
    [[side.formation.unit]]
    id = "f-hc"
    name = "Cuirassiers"
    kind = "heavy-cavalry"
    [[side.formation.unit]]
    id = "f-lc"
    name = "Chasseurs"
    kind = "light-cavalry"
  [[side.concealed]]
  number = 1
  units = ["f-hc", "f2", "f-gun", "f-lt", "f3"]
"#
    )
}

/// `text` parsed as JSON, or a panic that shows it.
pub fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}):\n{text}"))
}
