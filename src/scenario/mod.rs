//! Scenario files: TOML in `rosters/`, parsed into [`ScenarioFile`] and validated into a
//! [`Scenario`] ready to start a battle. Every problem is reported with `file:line:column`, the key
//! and value, what was expected and, for a misspelt name, the closest valid one.

mod schema;
mod validate;

use crate::rules::{Options, Ruleset};
pub use schema::{
    ConcealedDef, DataTables, FormationDef, ScenarioFile, SideDef, Spanned, UNIT_KEYS, UnitDef,
};
use std::fmt;
use std::ops::Range;
use std::path::Path;
pub use validate::Path as KeyPath;

/// A problem found in a scenario, located by byte span (turned into line and column for display).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Byte range in the source, if known.
    pub span: Option<Range<usize>>,
    /// The key or dotted path concerned (`side[0].formation[1].unit[2].kind`).
    pub key: String,
    /// The offending value as written, if any.
    pub value: Option<String>,
    /// What was wrong and what was expected (with "did you mean" where it helps).
    pub message: String,
}

impl Problem {
    pub fn new(
        span: Option<Range<usize>>,
        key: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Self {
            span,
            key: key.into(),
            value: None,
            message: message.into(),
        }
    }

    pub fn with_value(mut self, value: impl Into<String>) -> Self {
        self.value = Some(value.into());
        self
    }

    /// Locates the problem in `source` of `file`.
    pub fn locate(&self, file: &str, source: &str) -> ScenarioError {
        let (line, column) = match &self.span {
            Some(s) => line_col(source, s.start),
            None => (1, 1),
        };
        ScenarioError {
            file: file.to_string(),
            line,
            column,
            key: self.key.clone(),
            value: self.value.clone(),
            message: self.message.clone(),
        }
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = source[line_start..offset].chars().count() + 1;
    (line, column)
}

/// A located problem, ready to print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub key: String,
    pub value: Option<String>,
    pub message: String,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::text::escape_terminal as esc;
        write!(f, "{}:{}:{}: ", esc(&self.file), self.line, self.column)?;
        if !self.key.is_empty() {
            write!(f, "{}", esc(&self.key))?;
            if let Some(v) = &self.value {
                write!(f, " = {}", esc(v))?;
            }
            write!(f, ": ")?;
        }
        write!(f, "{}", esc(&self.message))
    }
}

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
