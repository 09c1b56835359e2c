//! FFT3's own checks of a scenario at load.

use crate::rules::Options;
use crate::scenario::{Problem, ScenarioFile};

/// Every problem FFT3's rules find in `file`, with `options` in force.
pub fn validate(file: &ScenarioFile, options: &Options) -> Vec<Problem> {
    let _ = (file, options);
    Vec::new()
}
