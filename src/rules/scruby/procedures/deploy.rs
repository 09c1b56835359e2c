//! Deploying part of a concealed column into line in a battle (the concealment rules): the
//! regiments placed in the line, at least 3, are exposed; the rest stay concealed behind them.

use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::{BattleView, Effect};
use crate::rules::scruby::battle::*;
use crate::rules::scruby::concealment::stand_param;
use crate::rules::scruby::defs::*;
use crate::rules::scruby::inputs;
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// Part of a concealed column deployed into line.
pub struct Deploy;

impl Procedure for Deploy {
    fn def(&self) -> &'static ActionDef {
        &inputs::DEPLOY
    }
    fn prefill(&self, _: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        with_defaults(self.def(), params)
    }
    fn check_inputs(&self, _: &BattleView<'_>, _: &Params) -> Result<(), RuleError> {
        Ok(())
    }
    /// Deploys the regiments named from the stand's column into line, the rest staying concealed.
    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        in_phase(v, "Deploying into line", &[PH_MOVEMENT])?;
        let column = stand_param(v, p)?;
        let col = &v.roster.columns[column];
        let mut chosen = Vec::new();
        for id in p.list("units") {
            let u = v.unit(id)?;
            if !col.units.contains(&u) {
                return Err(RuleError::refused(format!(
                    "{} is not in stand {}'s list",
                    v.label(u),
                    col.number
                )));
            }
            if !v.unit_state(u).concealed {
                return Err(refuse::refused(v, u, "is already exposed"));
            }
            if !kind_of(v, u)?.is_infantry() {
                return Err(refuse::refused(v, u, "is not an infantry regiment: only regiments deploy into line"));
            }
            if !chosen.contains(&u) {
                chosen.push(u);
            }
        }
        if chosen.len() < 3 {
            return Err(RuleError::refused(format!(
                "a line deployed from a concealed column holds at least 3 regiments ({} named)",
                chosen.len()
            )));
        }
        let mut out = Outcome::default();
        for &u in &chosen {
            out.effects.push(Effect::Exposed {
                unit: v.info(u).id.clone(),
                cause: "deployed into line".into(),
            });
            for m in [ROAD_COLUMN, CROSS_COUNTRY] {
                if kit::has(v, u, m) {
                    out.effects.push(kit::marker(v, u, m, None));
                }
            }
        }
        let rest = col
            .units
            .iter()
            .filter(|&&u| v.unit_state(u).concealed && !chosen.contains(&u))
            .count();
        let names: Vec<String> = chosen.iter().map(|&u| v.info(u).id.clone()).collect();
        out.summary = format!(
            "{}'s stand {} deploys {} into line: {}",
            v.roster.sides[col.side].name,
            col.number,
            names.join(", "),
            // How many stay hidden is the owner's secret: the enemy sees only that some may.
            if rest == 0 {
                "the whole column is exposed"
            } else {
                "the rest of the column stays concealed behind them"
            }
        );
        Ok(out)
    }
}

