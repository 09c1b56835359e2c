//! Scenario files: TOML in `rosters/`, parsed into [`ScenarioFile`] and validated into a
//! [`Scenario`] ready to start a battle. Every problem is reported with `file:line:column`, the key
//! and value, what was expected and, for a misspelt name, the closest valid one.

pub mod template;
mod validate;

pub use validate::{ADDED_ARRIVES, Added, AddedProblem};

use crate::declare::Options;
use crate::model::{ScenarioError, ScenarioFile};
use crate::ruleset::Ruleset;
use std::fmt;
use std::path::Path;

/// All the problems of one file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct ScenarioErrors(pub Vec<ScenarioError>);

impl fmt::Display for ScenarioErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

/// A validated scenario.
#[derive(Clone)]
pub struct Scenario {
    /// Where it was read from (as given), for messages.
    pub path: String,
    /// The file's full text, kept in the battle journal's header.
    pub source: String,
    pub file: ScenarioFile,
    pub ruleset: &'static dyn Ruleset,
    /// The options in force: defaults, then `[options]`, then each side's.
    pub options: Options,
}

impl fmt::Debug for Scenario {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Scenario")
            .field("path", &self.path)
            .field("ruleset", &self.ruleset.id())
            .field("title", &self.title())
            .finish()
    }
}

impl Scenario {
    pub fn title(&self) -> &str {
        self.file.title.get_ref()
    }
}

/// Reads and validates a scenario file. Only a regular file of at most
/// [`MAX_SCENARIO_BYTES`](crate::files::MAX_SCENARIO_BYTES) of UTF-8 text is read: a directory, a
/// FIFO or a device is refused at once.
pub fn load(path: &Path) -> Result<Scenario, ScenarioErrors> {
    let label = path.display().to_string();
    let source = crate::files::read_text(path, crate::files::MAX_SCENARIO_BYTES).map_err(|e| {
        let (line, column) = e.position();
        ScenarioErrors(vec![ScenarioError {
            file: label.clone(),
            line,
            column,
            key: String::new(),
            value: None,
            message: e.reason(),
        }])
    })?;
    parse(&label, &source)
}

/// Validates scenario text; `file` names it in messages.
pub fn parse(file: &str, source: &str) -> Result<Scenario, ScenarioErrors> {
    validate::parse(file, source)
}

/// Checks a unit or formation the umpire adds to a battle of `scenario` exactly as the
/// scenario's own are checked, beside those added before it: see [`Added`]. The scenario with
/// them all in place (to build their roster from), or every problem, located in the last one's
/// text where it can be.
pub fn check_added(
    scenario: &Scenario,
    added: &[Added<'_>],
) -> Result<ScenarioFile, Vec<AddedProblem>> {
    validate::check_added(scenario, added)
}
