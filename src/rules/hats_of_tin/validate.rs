//! A Hats of Tin scenario's checks that need the rules.

use crate::rules::Options;
use crate::scenario::{Problem, ScenarioFile};

/// The problems of `file` that only the rules can see.
pub fn validate(file: &ScenarioFile, options: &Options) -> Vec<Problem> {
    let _ = (file, options);
    Vec::new()
}
