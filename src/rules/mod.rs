//! The rule sets, each a folder of its own behind [`crate::ruleset::Ruleset`], and the registry
//! that names them. Registering a rule set is its folder and one line in the list below.

use crate::ruleset::Ruleset;

/// Declares each rule set's folder as a module and lists the rule sets, in the order given.
macro_rules! rulesets {
    ($($folder:ident :: $rules:ident),+ $(,)?) => {
        $(pub mod $folder;)+

        /// The rule sets this program knows, in the order they are listed.
        pub fn registry() -> &'static [&'static dyn Ruleset] {
            &[$(&$folder::$rules),+]
        }
    };
}

rulesets! {
    newport::Newport,
    scruby::Scruby,
    fft3::Fft3,
    hats_of_tin::HatsOfTin,
    grid::Grid,
}

/// Looks a rule set up by id.
pub fn get(id: &str) -> Option<&'static dyn Ruleset> {
    registry().iter().copied().find(|r| r.id() == id)
}
