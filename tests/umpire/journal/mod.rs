//! The battle journal and session: a battle survives being dropped, torn, damaged, killed and
//! replayed.

mod checkpoint;
mod damage;
mod kill;
mod replay;
mod session;
mod unit_markers;
