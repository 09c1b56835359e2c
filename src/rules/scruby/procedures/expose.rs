//! Exposing a concealed column in a battle (the concealment rules): the umpire names its stand
//! and the cause; its units are laid out in march order ([`crate::rules::scruby::concealment`]),
//! and the light cavalry that found it may leave the table.

use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::{BattleView, Effect};
use crate::rules::scruby::battle::*;
use crate::rules::scruby::concealment::{expose_column, stand_param};
use crate::rules::scruby::defs::*;
use crate::rules::scruby::inputs;
use crate::ruleset::{ActResult, Outcome, Procedure};

/// A whole concealed column exposed, with its cause.
pub struct Expose;

impl Procedure for Expose {
    fn def(&self) -> &'static ActionDef {
        &inputs::EXPOSE
    }
    fn prefill(&self, _: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        with_defaults(self.def(), params)
    }
    fn check_inputs(&self, _: &BattleView<'_>, _: &Params) -> Result<(), RuleError> {
        Ok(())
    }
    /// Exposes the column the stand names: its units laid out in march order, the scout leaving the
    /// table unless it stays for other columns.
    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        if v.state.phase == PH_INITIATIVE || v.state.phase == PH_END {
            in_phase(
                v,
                "An exposure",
                &[
                    PH_MOVEMENT,
                    PH_FIRST_CANNON,
                    PH_SECOND_CANNON,
                    PH_RIFLE,
                    PH_MELEE,
                ],
            )?;
        }
        let column = stand_param(v, p)?;
        let col = &v.roster.columns[column];
        let cause_id = p
            .text("cause")
            .ok_or_else(|| crate::declare::ParamError::Missing {
                param: "cause".into(),
                help: "why the column is exposed".into(),
            })?;
        if !col.units.iter().any(|&u| v.unit_state(u).concealed) {
            return Err(RuleError::refused(format!(
                "{}'s stand {} is already exposed",
                v.roster.sides[col.side].name, col.number
            )));
        }
        let cause = match cause_id {
            "vision" => "an enemy within 16\" (vision range) of the unscreened stand",
            "cannon" => "fired on by cannon while unscreened",
            "rifle" => "fired on by rifles while unscreened",
            "melee" => "attacked in melee while unscreened",
            _ => "found by scouts",
        };
        let mut out = Outcome::default();
        let (effects, words) = expose_column(v, column, cause, &mut Vec::new());
        out.effects = effects;
        out.summary = words;
        if let Some(id) = p.text("scout") {
            let sc = v.unit(id)?;
            on_table(v, sc)?;
            if kind_of(v, sc)? != Kind::LightCavalry {
                return Err(refuse::refused(v, sc, "is not light cavalry: only light cavalry scout"));
            }
            if v.info(sc).side == col.side {
                return Err(refuse::refused(v, sc, "is on the same side as the stand"));
            }
            if p.flag("scout-stays") {
                out.prompts.push(format!(
                    "{} stays on the table for the other columns it was sent against",
                    v.label(sc)
                ));
            } else {
                out.effects.push(Effect::Removed {
                    unit: v.info(sc).id.clone(),
                    cause: format!(
                        "left the table after exposing {}'s stand {}",
                        v.roster.sides[col.side].name, col.number
                    ),
                });
                out.prompts.push(format!(
                    "{} has exposed the column it was sent against and leaves the table",
                    v.label(sc)
                ));
            }
        }
        Ok(out)
    }
}

