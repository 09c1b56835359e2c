//! Newport.

mod battle;
mod battle_cli;
mod cli;
mod contact;
mod explanations;
mod inputs;
mod options;
mod purposes;
mod replay;
mod roster;
mod rosters;
mod summaries;
mod tui;
mod tui_contact;
