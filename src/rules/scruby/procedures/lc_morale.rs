//! Light cavalry's morale combat in a battle (the concealment rules), read from the units
//! ([`super::super::scouts`] throws it), refused where the move's order or a marker forbids it,
//! and the figures lost and the loser's retreat turned into effects.

use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, Options, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::scruby::battle::*;
use crate::rules::scruby::defs::*;
use crate::rules::scruby::{inputs, scouts};
use crate::ruleset::{ActResult, Outcome, Procedure};

/// Light cavalry meeting an enemy within 9": combat points × one d6 each, the lower retires.
pub struct LcMorale;

impl Procedure for LcMorale {
    fn def(&self) -> &'static ActionDef {
        &inputs::LC_MORALE
    }
    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        let s = Settings::from_options(options);
        scouts::lc_odds(&scouts::LcMorale::from_params(params)?, &s)
    }
    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        let s = Settings::from_options(options);
        Ok(scouts::resolve_lc(&scouts::LcMorale::from_params(params)?, &s, dice)?.0)
    }
    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        let c = unit_param(v, &p, "cavalry-unit")?;
        let o = unit_param(v, &p, "opponent-unit")?;
        fill(&mut p, "cavalry-figures", figures_value(figures_left(v, c)));
        fill(&mut p, "opponent", text(&v.info(o).kind));
        fill(
            &mut p,
            "opponent-figures",
            figures_value(figures_left(v, o)),
        );
        p.fill_defaults(self.def().params)?;
        Ok(p)
    }
    fn check_inputs(&self, _: &BattleView<'_>, _: &Params) -> Result<(), RuleError> {
        Ok(())
    }
    /// Refused as acting would refuse it, before the odds are shown.
    fn allowed(&self, v: &BattleView<'_>, p: &Params) -> Result<(), RuleError> {
        lc_units(v, p).map(|_| ())
    }
    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        act_lc(v, p, &Settings::from_options(v.options), dice)
    }
}

/// The light cavalry and the enemy they meet, refused where the rules forbid the combat.
fn lc_units(v: &BattleView<'_>, p: &Params) -> Result<(usize, usize), RuleError> {
    in_phase(v, "Light cavalry's morale combat", &[PH_MOVEMENT, PH_MELEE])?;
    let c = unit_param(v, p, "cavalry-unit")?;
    let o = unit_param(v, p, "opponent-unit")?;
    not_works(v, c, true)?;
    not_works(v, o, false)?;
    on_table(v, c)?;
    on_table(v, o)?;
    not_headquarters(v, o, "fought")?;
    enemies(v, c, o)?;
    if let Some(left) = v.marker(c, RETIRING) {
        return Err(RuleError::refused(format!(
            "{} is retiring ({left} move{} left): it may not start a morale combat",
            v.label(c),
            if left == 1 { "" } else { "s" }
        )));
    }
    if let Some(left) = v.marker(o, RETIRING) {
        return Err(RuleError::refused(format!(
            "{} is retiring ({left} move{} left): it takes no part in a morale combat it did not start",
            v.label(o),
            if left == 1 { "" } else { "s" }
        )));
    }
    if v.unit_state(o).concealed {
        return Err(RuleError::refused(format!(
            "{} is concealed behind stand {}: its column must be exposed (or its screen driven off) before the scouts meet it",
            v.label(o),
            column_number(v, o)
        )));
    }
    if kind_of(v, c)? != Kind::LightCavalry {
        return Err(refuse::refused(v, c, "is not light cavalry: the morale combat is the scouts'"));
    }
    if !v.options.bool("concealment") {
        return Err(RuleError::refused(
            "the light-cavalry morale combat is part of the concealment rules (option concealment is off)",
        ));
    }
    Ok((c, o))
}

/// Carries out the morale combat: the light cavalry's figures lost to fire first, the loser's
/// retreat, the screen driven off.
fn act_lc(
    v: &BattleView<'_>,
    p: &Params,
    s: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let (c, o) = lc_units(v, p)?;
    let m = scouts::LcMorale::from_params(p)?;
    let (r, end) = scouts::resolve_lc(&m, s, dice)?;
    let mut out = Outcome::default();
    let mut lines = Vec::new();
    let lost = figures_left(v, c).saturating_sub(u32::from(end.cavalry_left));
    if lost > 0 {
        lines.push(lose(
            v,
            c,
            lost,
            &format!("fire of {}", v.info(o).id),
            &mut out.effects,
        ));
    }
    let (cl, ol) = (v.info(c).id.clone(), v.info(o).id.clone());
    let result = match end.result {
        scouts::LcResult::CavalryHold => {
            lines.push(retire(v, o, &mut out.effects));
            out.prompts.push(format!(
                "if {ol} was screening a concealed column, the screen is driven off: expose the column (expose, cause scouting)"
            ));
            format!("{cl} hold, {ol} retires 3 moves")
        }
        scouts::LcResult::OpponentHolds => {
            lines.push(retire(v, c, &mut out.effects));
            format!("{ol} holds, {cl} retire 3 moves")
        }
        scouts::LcResult::BothHold => "both hold".to_string(),
        scouts::LcResult::CavalryWipedOut => format!("{cl} are wiped out"),
    };
    out.summary = format!("{cl} meet {ol} (light-cavalry morale combat): {result}");
    out.resolutions.push(done(r, &lines, dice));
    Ok(out)
}
