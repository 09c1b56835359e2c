//! The demo battle built into the program: what `umpire` alone opens, and what its overview
//! takes its sample resolution from.

use crate::scenario;

/// The demo battle's scenario file: a Newport company action.
pub const DEMO_SCENARIO: &str = include_str!("../../rosters/newport-company-action.toml");
/// How the demo scenario is named in its journal header.
pub const DEMO_NAME: &str = "demo: rosters/newport-company-action.toml";

/// The demo battle's scenario (checked by the tests, so it always parses).
pub fn demo_scenario() -> scenario::Scenario {
    scenario::parse(DEMO_NAME, DEMO_SCENARIO).expect("the built-in demo scenario is valid")
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_demo_scenario_parses() {
        assert!(!super::demo_scenario().title().is_empty());
    }
}
