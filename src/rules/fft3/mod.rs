//! `fft3` — A Fistful of TOWs 3, introductory WWII rules: the pure dice procedures (fire,
//! artillery, the quality check), with explained resolutions and exact odds.

pub mod artillery;
pub mod check;
pub mod fire;
