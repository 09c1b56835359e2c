//! `grid` — Grid skirmish, a minimal game on a squared board that ships as the worked example of
//! a rule set (README, "What a new rule set provides") and as the small rule set the core's own
//! tests play. Its rules, whole:
//!
//! - Each turn every side in order has a **move** phase (the players move; nothing is recorded)
//!   and a **fire** phase.
//! - In its side's fire phase a unit may **fire** once at an enemy unit: infantry throws 2 d6,
//!   a tank 3. Each die hits on 4 or more; on 5 or more beyond the long range (6 squares, an
//!   option); one more is needed when the target is in cover, and a 6 always hits.
//! - Each hit is a loss: infantry is removed at 2, a tank at 3. A unit that fired is marked
//!   `FIRED` until its side's next turn begins.

mod defs;
mod fire;
mod turn;

pub use defs::Grid;
