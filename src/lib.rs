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
//! - [`report`] — the battle report read from a journal: Markdown, HTML with charts, and the
//!   battle replayed event by event;
//! - [`serve`] — the players' view served to their phones: secret links, a page per side kept up
//!   to date by server-sent events;
//! - [`files`] — files named by the user: only regular files are opened, text is read with a cap;
//! - [`cli`] — the `umpire` command line (the binary is a thin wrapper around [`cli::main`]).
//!
//! The rules engine and the battle state are pure: no terminal, no files, no clock, no global RNG.
//!
//! A resolution from typed dice, and its exact odds, from the same rules:
//!
//! ```
//! use umpire::dice::TypedDice;
//! use umpire::declare::{Options, Params};
//! use umpire::rules;
//!
//! let newport = rules::get("newport").unwrap();
//! let fire = newport.procedure("fire").unwrap().def();
//! let inputs = Params::parse(
//!     fire.params,
//!     [("range", "12"), ("cover", "hard"), ("firer-suppressed", ""), ("target-quality", "green")],
//! )
//! .unwrap();
//! let options = Options::defaults(newport.options());
//!
//! let mut dice = TypedDice::parse("3").unwrap();
//! let result = newport.resolve("fire", &inputs, &options, &mut dice).unwrap();
//! assert_eq!(result.steps[0].total, Some(7)); // 3 + 2 hard cover + 1 Suppressed + 1 long range
//! assert_eq!(result.result, "No effect");
//!
//! let odds = newport.odds("fire", &inputs, &options).unwrap();
//! let total: f64 = odds.results.iter().map(|l| l.probability).sum();
//! assert!((total - 1.0).abs() < 1e-12);
//! ```

pub mod battle;
pub mod cli;
pub mod declare;
pub mod dice;
pub mod files;
pub mod model;
pub mod odds;
pub mod report;
pub mod resolution;
pub mod rules;
pub mod ruleset;
pub mod scenario;
pub mod serve;
pub mod text;
pub mod tui;
