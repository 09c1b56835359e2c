//! Newport.

mod battle;
mod contact;
mod inputs;
mod options;
mod purposes;
mod replay;
mod roster;
mod summaries;
