//! The umpire's terminal UI, driven through its real `App` and drawn on ratatui's `TestBackend`;
//! its snapshots are in `snapshots/`.

mod app;
mod chrome;
mod conceal;
mod log;
mod outcome;
mod report;
mod roster;
mod secrets;
mod unit_markers;
