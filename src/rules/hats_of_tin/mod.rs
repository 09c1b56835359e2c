//! `hats-of-tin` — *Hats of Tin / Helmets of Steel*, rough-draft rules for 20th-century wargames
//! on a grid of areas: orders on 1d6, two dice a unit to shoot, hits against the unit's quality,
//! hits converted to retreats, assaults as one exchange of fire, rally.
//!
//! - [`tables`]: the unit types, armour and firer classes and qualities as data;
//! - [`shoot`]: a shooting roll, with misses re-rolled against a friendly unit;
//! - [`hits`]: taking the hits of one round (retreats, a commander, the quality limit);
//! - [`assault`]: one exchange of fire between an attacker and a defender;
//! - [`rally`]: one die to remove a hit; [`orders`]: the orders roll;
//! - [`defs`]: options, qualities, Decisions and the inputs of the table-only procedures;
//!   [`inputs`]: those inputs read into the procedures.

pub mod assault;
pub mod defs;
pub mod hits;
pub mod inputs;
pub mod orders;
pub mod rally;
pub mod shoot;
pub mod tables;
pub mod validate;
