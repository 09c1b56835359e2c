//! The scenario file's schema, as it is written in TOML.
//!
//! One schema serves every rule set: a field a rule set does not use is refused by that rule set's
//! validation (with the reason), never silently ignored; an unknown key is always an error. Values
//! that errors must point at are [`Spanned`], so every message can name `file:line:column`.
//!
//! ```toml
//! ruleset = "newport"
//! title = "Hill 112"
//! [options]
//! command_method = 2
//! [[side]]
//! id = "us"
//! name = "US Army"
//! quality = "regular"
//!   [[side.formation]]
//!   id = "a-coy"
//!   name = "A Company"
//!   level = "company"
//!     [[side.formation.unit]]
//!     id = "a-hq"
//!     name = "Capt. Miller"
//!     kind = "leader"
//! ```

use serde::Deserialize;
use std::collections::BTreeMap;
pub use toml::Spanned;

/// The whole file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// Rule set id: `scruby`, `newport`, `fft3` or `hats-of-tin`.
    pub ruleset: Spanned<String>,
    pub title: Spanned<String>,
    #[serde(default)]
    pub description: Option<Spanned<String>>,
    /// Game length in turns, if the scenario sets one.
    #[serde(default)]
    pub turns: Option<Spanned<i64>>,
    /// The side that takes the first turn (its id); the first side listed if absent.
    #[serde(default)]
    pub first_side: Option<Spanned<String>>,
    /// House rules and adjustable numbers, by the rule set's option keys.
    #[serde(default)]
    pub options: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
    #[serde(rename = "side", default)]
    pub sides: Vec<SideDef>,
}

/// One side of the battle.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    pub id: Spanned<String>,
    pub name: Spanned<String>,
    /// Nationality (selects nationality tables where a rule set has them).
    #[serde(default)]
    pub nationality: Option<Spanned<String>>,
    /// Default quality of the side's formations and units.
    #[serde(default)]
    pub quality: Option<Spanned<String>>,
    /// Per-side values of options that may differ between sides.
    #[serde(default)]
    pub options: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
    #[serde(rename = "formation", default)]
    pub formations: Vec<FormationDef>,
    /// Units directly under the side (off-table assets, independent stands).
    #[serde(rename = "unit", default)]
    pub units: Vec<UnitDef>,
    /// Concealment stands and the secret lists behind them.
    #[serde(rename = "concealed", default)]
    pub concealed: Vec<ConcealedDef>,
}

/// A formation: battalion, company, platoon, division, brigade, regiment … (the rule set lists
/// which levels it knows). Formations nest.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormationDef {
    pub id: Spanned<String>,
    pub name: Spanned<String>,
    #[serde(default)]
    pub level: Option<Spanned<String>>,
    /// Quality of the formation's units unless they say otherwise.
    #[serde(default)]
    pub quality: Option<Spanned<String>>,
    #[serde(rename = "formation", default)]
    pub formations: Vec<FormationDef>,
    #[serde(rename = "unit", default)]
    pub units: Vec<UnitDef>,
}

/// A unit (stand, regiment tray, vehicle, gun, commander, off-table asset).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitDef {
    /// Short id, unique in the scenario; what the umpire types.
    pub id: Spanned<String>,
    pub name: Spanned<String>,
    /// The rule set's unit kind.
    pub kind: Spanned<String>,
    /// Overrides the formation's or side's quality.
    #[serde(default)]
    pub quality: Option<Spanned<String>>,
    /// A leader stand (platoon or company leader).
    #[serde(default)]
    pub leader: Option<Spanned<bool>>,
    /// The formation's headquarters stand.
    #[serde(default)]
    pub hq: Option<Spanned<bool>>,
    /// A heavy machine gun.
    #[serde(default)]
    pub hmg: Option<Spanned<bool>>,
    /// Gun modifier (Newport: heavier gun −1/−2, lighter +1/+2).
    #[serde(default)]
    pub gun: Option<Spanned<i64>>,
    /// Armour modifier (Newport: tougher +1/+2, thinner −1/−2).
    #[serde(default)]
    pub armour: Option<Spanned<i64>>,
    /// Figures on the tray at the start (Scruby).
    #[serde(default)]
    pub figures: Option<Spanned<i64>>,
    /// The unit has a crew that can be killed apart from it (Scruby guns).
    #[serde(default)]
    pub crew: Option<Spanned<bool>>,
    /// Vehicle or weapon type from the rule set's data table (fft3).
    #[serde(rename = "type", default)]
    pub type_: Option<Spanned<String>>,
    /// Per-unit default of the situational superior-firepower flag (Hats of Tin).
    #[serde(default)]
    pub superior_firepower: Option<Spanned<bool>>,
    /// Unit ids this commander commands (Hats of Tin).
    #[serde(default)]
    pub commands: Option<Vec<Spanned<String>>>,
    /// The unit id this commander is attached to at the start.
    #[serde(default)]
    pub attached_to: Option<Spanned<String>>,
    /// The unit id of the carrier this unit rides in at the start.
    #[serde(default)]
    pub carried_by: Option<Spanned<String>>,
    /// The unit has a radio or telephone (indirect fire spotting).
    #[serde(default)]
    pub radio: Option<Spanned<bool>>,
}

/// A concealment stand: its number (all the opponent sees) and the units behind it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConcealedDef {
    pub number: Spanned<i64>,
    pub units: Vec<Spanned<String>>,
}

impl ScenarioFile {
    /// Every unit with the side index and the formation path (ids from the side down), in file order.
    pub fn units(&self) -> Vec<(usize, Vec<&FormationDef>, &UnitDef)> {
        fn walk<'a>(
            side: usize,
            path: &mut Vec<&'a FormationDef>,
            f: &'a FormationDef,
            out: &mut Vec<(usize, Vec<&'a FormationDef>, &'a UnitDef)>,
        ) {
            path.push(f);
            for u in &f.units {
                out.push((side, path.clone(), u));
            }
            for sub in &f.formations {
                walk(side, path, sub, out);
            }
            path.pop();
        }
        let mut out = Vec::new();
        for (i, s) in self.sides.iter().enumerate() {
            for u in &s.units {
                out.push((i, Vec::new(), u));
            }
            let mut path = Vec::new();
            for f in &s.formations {
                walk(i, &mut path, f, &mut out);
            }
        }
        out
    }

    /// Every formation with the side index and its parents (outermost first), in file order.
    pub fn formations(&self) -> Vec<(usize, Vec<&FormationDef>, &FormationDef)> {
        fn walk<'a>(
            side: usize,
            path: &mut Vec<&'a FormationDef>,
            f: &'a FormationDef,
            out: &mut Vec<(usize, Vec<&'a FormationDef>, &'a FormationDef)>,
        ) {
            out.push((side, path.clone(), f));
            path.push(f);
            for sub in &f.formations {
                walk(side, path, sub, out);
            }
            path.pop();
        }
        let mut out = Vec::new();
        for (i, s) in self.sides.iter().enumerate() {
            let mut path = Vec::new();
            for f in &s.formations {
                walk(i, &mut path, f, &mut out);
            }
        }
        out
    }
}
