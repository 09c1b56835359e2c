//! Newport's scenarios, one of each, for its battle tests and its conformance suite (the helpers
//! every rule set's battle tests share are those of [`crate::support`]).

/// A company action at squad level: a US company (a platoon of three squads of three qualities,
/// a heavy machine gun and a Sherman, its leader, the company commander) with air, artillery and a
/// light mortar, against a German company with a green squad, an MG 42 and a Panther.
pub fn company(options: &str) -> String {
    format!(
        r#"
ruleset = "newport"
title = "Company action"
turns = 6
[options]
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
    quality = "elite"
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

/// A platoon-level battalion action under command method 3: a regular US battalion against an
/// elite German battle group whose own options are `ger`.
pub fn battalion(options: &str, ger: &str) -> String {
    format!(
        r#"
ruleset = "newport"
title = "Battalion action"
turns = 6
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
    name = "1st Plt"
    kind = "infantry"
    [[side.formation.unit]]
    id = "p2"
    name = "2nd Plt"
    kind = "infantry"
    [[side.formation.unit]]
    id = "p3"
    name = "3rd Plt"
    kind = "infantry"
    [[side.formation.unit]]
    id = "tk"
    name = "Tank Plt"
    kind = "vehicle"
  [[side.unit]]
  id = "arty"
  name = "155mm battalion"
  kind = "artillery"

[[side]]
id = "ger"
name = "Germans"
quality = "elite"
[side.options]
{ger}
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
