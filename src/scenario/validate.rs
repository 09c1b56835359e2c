//! Turns scenario text into a validated [`Scenario`], collecting every problem with its location.

use super::{Problem, Scenario, ScenarioError, ScenarioErrors, ScenarioFile};
use crate::rules::{self, Options};

pub(super) fn parse(file: &str, source: &str) -> Result<Scenario, ScenarioErrors> {
    let parsed: ScenarioFile = toml::from_str(source).map_err(|e| {
        let p = Problem::new(e.span(), "", e.message().to_string());
        ScenarioErrors(vec![p.locate(file, source)])
    })?;
    let ruleset = rules::get(parsed.ruleset.get_ref()).ok_or_else(|| {
        let p = Problem::new(Some(parsed.ruleset.span()), "ruleset", "unknown rule set")
            .with_value(parsed.ruleset.get_ref().clone());
        ScenarioErrors(vec![p.locate(file, source)])
    })?;
    let options = Options::defaults(ruleset.options());
    let problems = ruleset.validate(&parsed, &options);
    if !problems.is_empty() {
        return Err(ScenarioErrors(
            problems
                .iter()
                .map(|p| p.locate(file, source))
                .collect::<Vec<ScenarioError>>(),
        ));
    }
    Ok(Scenario {
        path: file.to_string(),
        source: source.to_string(),
        file: parsed,
        ruleset,
        options,
    })
}
