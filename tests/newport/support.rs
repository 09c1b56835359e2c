//! Shared helpers for the battle tests: small scenarios, and given / when / then in a few words.
#![allow(dead_code)]

use umpire::battle::{Battle, BattleState, Command, Effect, Entry, Event};
use umpire::dice::TypedDice;
use umpire::rules::{Params, find_action};

/// A squad-level company action: a US company against a German one, with support.
pub fn company(options: &str) -> String {
    format!(
        r#"
ruleset = "newport"
title = "Test company action"
[options]
scale = "company"
{options}

[[side]]
id = "us"
name = "US"
quality = "regular"
  [[side.unit]]
  id = "p47"
  name = "P-47"
  kind = "air"
  [[side.unit]]
  id = "arty"
  name = "105mm battery"
  kind = "artillery"
  [[side.unit]]
  id = "lm"
  name = "60mm mortar"
  kind = "light-mortar"
  [[side.formation]]
  id = "a"
  name = "A Company"
  level = "company"
    [[side.formation.unit]]
    id = "a-ldr"
    name = "Capt. Able"
    kind = "leader"
    [[side.formation.formation]]
    id = "a1"
    name = "1st Platoon"
    level = "platoon"
      [[side.formation.formation.unit]]
      id = "1-ldr"
      name = "Lt. Baker"
      kind = "leader"
      [[side.formation.formation.unit]]
      id = "1-1"
      name = "1st Squad"
      kind = "infantry"
      [[side.formation.formation.unit]]
      id = "1-2"
      name = "2nd Squad"
      kind = "infantry"
      quality = "green"
      [[side.formation.formation.unit]]
      id = "1-3"
      name = "3rd Squad"
      kind = "infantry"
      quality = "elite"
      [[side.formation.formation.unit]]
      id = "w1"
      name = "MG section"
      kind = "weapons"
      hmg = true
      [[side.formation.formation.unit]]
      id = "t1"
      name = "Sherman"
      kind = "vehicle"

[[side]]
id = "ger"
name = "Germans"
quality = "regular"
  [[side.formation]]
  id = "g"
  name = "2. Kompanie"
  level = "company"
    [[side.formation.unit]]
    id = "g-ldr"
    name = "Lt. Krause"
    kind = "leader"
    [[side.formation.unit]]
    id = "g1"
    name = "1. Gruppe"
    kind = "infantry"
    [[side.formation.unit]]
    id = "g2"
    name = "2. Gruppe"
    kind = "infantry"
    quality = "green"
    [[side.formation.unit]]
    id = "g3"
    name = "3. Gruppe"
    kind = "infantry"
    [[side.formation.unit]]
    id = "g-mg"
    name = "MG 42"
    kind = "weapons"
    hmg = true
    [[side.formation.unit]]
    id = "pz"
    name = "Panther"
    kind = "vehicle"
    gun = -1
    armour = 1
"#
    )
}

/// A platoon-level battalion action under command method 3.
pub fn battalion(options: &str, ger_options: &str) -> String {
    format!(
        r#"
ruleset = "newport"
title = "Test battalion action"
[options]
scale = "battalion"
command_method = 3
{options}

[[side]]
id = "us"
name = "US"
quality = "regular"
  [[side.formation]]
  id = "bn"
  name = "1st Battalion"
  level = "battalion"
    [[side.formation.unit]]
    id = "hq"
    name = "Bn HQ"
    kind = "hq"
    [[side.formation.unit]]
    id = "p1"
    name = "A Coy 1st Plt"
    kind = "infantry"
    [[side.formation.unit]]
    id = "p2"
    name = "A Coy 2nd Plt"
    kind = "infantry"
    [[side.formation.unit]]
    id = "p3"
    name = "A Coy 3rd Plt"
    kind = "infantry"
    [[side.formation.unit]]
    id = "tk"
    name = "Tank Plt"
    kind = "vehicle"

[[side]]
id = "ger"
name = "Germans"
quality = "elite"
[side.options]
{ger_options}
  [[side.formation]]
  id = "kg"
  name = "Kampfgruppe"
  level = "battalion"
    [[side.formation.unit]]
    id = "kg-hq"
    name = "KG HQ"
    kind = "hq"
    [[side.formation.unit]]
    id = "k1"
    name = "1. Zug"
    kind = "infantry"
    [[side.formation.unit]]
    id = "k2"
    name = "2. Zug"
    kind = "infantry"
    [[side.formation.unit]]
    id = "pak"
    name = "Pak 40"
    kind = "gun"
    gun = -1
"#
    )
}

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

pub fn unit<'a>(b: &'a Battle, id: &str) -> &'a umpire::battle::UnitState {
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
