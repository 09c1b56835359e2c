//! Every integration test of `umpire` but the memory tests (`tests/allocations/`), as one binary:
//! each test file is a module, so the library is linked into one test program instead of one
//! for each file. `cargo test --test umpire PATH` runs part of it (`conformance::`,
//! `rules::newport::`, `tui::chrome::` …).
//!
//! - [`support`]: what the tests share — a battle from a scenario's text and given/when/then in a
//!   few words, the command line in-process, the screen drawn and keys typed, the conformance kit,
//!   the journal tests' scenario and rule set, and the large battle of `benches/scale/`;
//! - [`core`]: the layers of the program, what the core offers every rule set, who may see what,
//!   scenarios checked against the fixtures;
//! - [`journal`]: the battle journal and session — dropped, torn, damaged, killed, replayed;
//! - [`cli`]: the command line, in-process and through the real binary;
//! - [`tui`]: the umpire's terminal UI;
//! - [`report`]: the battle report;
//! - [`watch`]: the players' view;
//! - [`serve`]: the players' view served to their phones;
//! - [`rules`]: each rule set's battles, rulings, rosters, command line and screens;
//! - [`conformance`]: each rule set's digest, sentence by sentence, held to battles at the table.

mod support;

mod cli;
mod conformance;
mod core;
mod journal;
mod report;
mod rules;
mod serve;
mod tui;
mod watch;
