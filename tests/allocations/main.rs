//! How much the program holds at once, measured: every allocation of this binary is counted by
//! its global allocator ([`counting`]). A `#[global_allocator]` is one per binary, so these tests
//! are a binary of their own, apart from `tests/umpire/` (whose tests, running beside them, would
//! be counted too); and they take turns ([`counting::alone`]).

mod counting;

mod report;
mod watch;
