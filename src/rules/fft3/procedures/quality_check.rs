//! A quality check the umpire calls for ([`super::super::check`]): a d6 of the nationality's
//! rating or more passes; a stand that fails is out of the fight, and the infantry it carried
//! check in turn.

use super::super::check::{self, Check};
use super::super::defs::{self, OUT_OF_COHESION};
use super::super::inputs;
use super::super::stands::{
    Record, carried_infantry_check, nationality, on_table, passed, removed, };
use super::super::tables::Data;
use crate::declare::{ActionDef, Options, ParamDef, Params, RuleError, Value};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// A quality check of one stand.
pub struct QualityCheck;

impl Procedure for QualityCheck {
    fn def(&self) -> &'static ActionDef {
        &defs::QUALITY_CHECK
    }

    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        inputs::quality_check_odds(params, options)
    }

    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        check::resolve(&inputs::quality_check(params, options)?, dice)
    }

    /// The stand's nationality and cohesion.
    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        let data = Data::from_options(v.options);
        if let Some(u) = kit::named(v, &p, "stand") {
            if let Ok(n) = nationality(&data, v, u) {
                super::fill(&mut p, "nationality", Value::Text(n.id.clone()));
            }
            super::fill(
                &mut p,
                "out-of-cohesion",
                Value::Bool(kit::has(v, u, OUT_OF_COHESION)),
            );
        }
        Ok(p)
    }

    /// The stand says its nationality.
    fn input_applies(&self, _v: &BattleView<'_>, input: &ParamDef, _given: &Params) -> bool {
        super::asked_in_battle(input)
    }

    /// Nothing is refused before the check is thrown: any stand may be called to take one.
    fn check_inputs(&self, _v: &BattleView<'_>, _given: &Params) -> Result<(), RuleError> {
        Ok(())
    }

    fn battle_odds(&self, v: &BattleView<'_>, params: &Params) -> Result<OddsReport, RuleError> {
        let u = kit::input_unit(v, params, defs::CHECK_PARAMS, "stand")?;
        Ok(check::odds(&stand_check(v, params, u)?))
    }

    /// The check thrown: a stand that fails is out of the fight, and the infantry it carried check
    /// in turn.
    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        let u = kit::input_unit(v, p, defs::CHECK_PARAMS, "stand")?;
        on_table(v, u)?;
        let mut c = stand_check(v, p, u)?;
        c.reason = p
            .text("reason")
            .filter(|r| !r.trim().is_empty())
            .unwrap_or("the umpire")
            .to_string();
        let mut r = check::resolve(&c, dice)?;
        let passed = passed(&r, &c);
        let mut out = Outcome::default();
        let mut lines = Vec::new();
        if passed {
            lines.push(format!("{}: passes", v.label(u)));
        } else {
            out.effects.extend(removed(
                v,
                u,
                format!("failed a quality check (called for by {})", c.reason),
            ));
            lines.push(format!("{}: out of the fight", v.label(u)));
            carried_infantry_check(
                v,
                u,
                "its carrier failed a quality check",
                &[],
                dice,
                Record {
                    effects: &mut out.effects,
                    resolutions: &mut out.resolutions,
                    lines: &mut lines,
                },
            )?;
        }
        r.effects = lines;
        out.summary = format!("Quality check for {}: {}", v.label(u), r.result);
        out.resolutions.insert(0, r);
        Ok(out)
    }
}

/// The check of stand `u`: its nationality's rating, out of cohesion as given or as marked, and
/// the extra hits given.
fn stand_check(v: &BattleView<'_>, p: &Params, u: usize) -> Result<Check, RuleError> {
    let data = Data::from_options(v.options);
    let mut c = inputs::stand_check(
        &v.label(u),
        nationality(&data, v, u)?,
        p.flag("out-of-cohesion") || kit::has(v, u, OUT_OF_COHESION),
    );
    c.extra_hits = p.int("extra-hits").unwrap_or(0).max(0) as u32;
    Ok(c)
}

