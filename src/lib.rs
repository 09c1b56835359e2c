//! # umpire
//!
//! The umpire's companion for tabletop miniatures wargames. This library holds everything that is
//! not terminal or file plumbing:
//!
//! - [`rules`] — the rule sets behind one [`rules::Ruleset`] trait, with their tables, options and
//!   exact odds;
//! - [`scenario`] — the TOML scenario files (`rosters/`), parsed and validated with located errors;
//! - [`battle`] — the battle itself: roster, state, commands → events → state, undo/redo history and
//!   the append-only JSON Lines journal;
//! - [`dice`] and [`odds`] — the dice sources (seeded portable generator or typed faces) and exact
//!   probability distributions;
//! - [`resolution`] — the explained result of one dice procedure, shared by every rule set;
//! - [`cli`] — the `umpire` command line (the binary is a thin wrapper around [`cli::main`]).
//!
//! The rules engine and the battle state are pure: no terminal, no files, no clock, no global RNG.

pub mod battle;
pub mod cli;
pub mod dice;
pub mod odds;
pub mod resolution;
pub mod rules;
pub mod scenario;
pub mod text;
pub mod tui;
