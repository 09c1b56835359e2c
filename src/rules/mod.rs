//! The rule sets, each a folder of its own behind [`crate::ruleset::Ruleset`], and the registry
//! that names them. Registering a rule set is its folder and one line below.

pub mod fft3;
pub mod hats_of_tin;
pub mod newport;
pub mod scruby;

use crate::ruleset::Ruleset;

/// The rule sets this program knows, in the order they are listed.
pub fn registry() -> &'static [&'static dyn Ruleset] {
    &[
        &newport::Newport,
        &scruby::Scruby,
        &fft3::Fft3,
        &hats_of_tin::HatsOfTin,
    ]
}

/// Looks a rule set up by id.
pub fn get(id: &str) -> Option<&'static dyn Ruleset> {
    registry().iter().copied().find(|r| r.id() == id)
}
