//! The `smoke` procedure: artillery or a mortar of the side moving lays smoke, spotted like its
//! fire; fire through it takes +1 cover until the opponent's next morale recovery.

use super::artillery::{ARTILLERY, check_support, spotter_check};
use super::with_defaults;
use crate::declare::{ActionDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::{AreaMarker, BattleView, Effect};
use crate::rules::newport::checks::{in_action_phase, ready_asset};
use crate::rules::newport::defs::*;
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// Smoke laid by artillery or a mortar.
pub struct Smoke;

impl Procedure for Smoke {
    fn def(&self) -> &'static ActionDef {
        &SMOKE_DEF
    }

    fn prefill(&self, _v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        with_defaults(self.def(), params.clone())
    }

    fn check_inputs(&self, v: &BattleView<'_>, p: &Params) -> Result<(), RuleError> {
        check_support(v, p, "smoke")
    }

    /// The smoke's area marker, of the side moving, numbered after those already laid.
    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        in_action_phase(v, "smoke")?;
        let a = kit::unit(v, p, "asset")?;
        ready_asset(v, a, ARTILLERY)?;
        let area = p.text("area").unwrap_or("").trim().to_string();
        if area.is_empty() {
            return Err(RuleError::refused("area: say where the smoke lies"));
        }
        if let Some((_, c)) = crate::text::forbidden_char(&area) {
            return Err(RuleError::refused(format!(
                "area: {}",
                crate::text::not_allowed_here(c)
            )));
        }
        let n = (1..)
            .find(|n| !v.state.areas.contains_key(&format!("smoke-{n}")))
            .unwrap_or(1);
        let side = v.side_id(v.active_side()).to_string();
        // Smoke is artillery fire too: it must be spotted.
        let mut effects = vec![kit::flag(v, a, FINISHED, true)];
        let mut words = Vec::new();
        spotter_check(v, p, &mut effects, &mut words)?;
        effects.push(Effect::Area {
            id: format!("smoke-{n}"),
            marker: Some(Box::new(AreaMarker {
                kind: SMOKE.into(),
                label: area.clone(),
                side,
                turn: v.state.turn,
            })),
        });
        words.push("fire through the smoke takes +1 cover (not added to other cover); it lifts in the opponent's next morale recovery".into());
        Ok(Outcome {
            summary: format!("{} lays smoke: {area}", v.label(a)),
            resolutions: Vec::new(),
            effects,
            prompts: words,
            offers: Vec::new(),
        })
    }
}
