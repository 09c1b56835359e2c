//! A melee in a battle, stand against stand, read from the units ([`super::super::melee`] fights
//! it on the kill table and throws morale), refused where the move's order or a marker forbids
//! it, and its figures lost and its loser's retreat turned into effects. The reinforced melee
//! ([`super::ReinforcedMelee`]) is the same fight with a third stand: both read the units and act
//! here.

use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, Options, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::scruby::battle::*;
use crate::rules::scruby::concealment::expose_any;
use crate::rules::scruby::defs::*;
use crate::rules::scruby::{inputs, melee};
use crate::ruleset::{ActResult, Outcome, Procedure};

/// A melee, stand against stand: kills by type and figures, then morale.
pub struct Melee;

impl Procedure for Melee {
    fn def(&self) -> &'static ActionDef {
        &inputs::MELEE
    }
    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        let s = Settings::from_options(options);
        melee::odds(&melee::Melee::from_params(params, false)?, &s)
    }
    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        let s = Settings::from_options(options);
        Ok(melee::resolve(&melee::Melee::from_params(params, false)?, &s, dice)?.0)
    }
    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        let (_, d) = fill_pair(v, &mut p)?;
        fill(&mut p, "defender-formation", text(formation(v, d).id()));
        p.fill_defaults(self.def().params)?;
        Ok(p)
    }
    fn check_inputs(&self, _: &BattleView<'_>, _: &Params) -> Result<(), RuleError> {
        Ok(())
    }
    /// Refused as acting would refuse it, before the odds are shown.
    fn allowed(&self, v: &BattleView<'_>, p: &Params) -> Result<(), RuleError> {
        melee_units(v, p, false).map(|_| ())
    }
    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        act_melee(v, p, &Settings::from_options(v.options), dice, false)
    }
}

/// Fills the attacker's and the defender's type and figures from their units, and gives the
/// units back.
pub(super) fn fill_pair(v: &BattleView<'_>, p: &mut Params) -> Result<(usize, usize), RuleError> {
    let a = unit_param(v, p, "attacker-unit")?;
    let d = unit_param(v, p, "defender-unit")?;
    fill(p, "attacker", text(&v.info(a).kind));
    fill(p, "attacker-figures", figures_value(figures_left(v, a)));
    fill(p, "defender", text(&v.info(d).kind));
    fill(p, "defender-figures", figures_value(figures_left(v, d)));
    Ok((a, d))
}

/// The attacker, the defender and the reinforcing stand (only in a `reinforced` melee).
type MeleeUnits = (usize, usize, Option<usize>);

/// The stands of a melee (`reinforced`: with a third stand on the enemy's flank or rear), refused
/// where the rules forbid it.
pub(super) fn melee_units(
    v: &BattleView<'_>,
    p: &Params,
    reinforced: bool,
) -> Result<MeleeUnits, RuleError> {
    in_phase(v, "Melee", &[PH_MELEE])?;
    let a = unit_param(v, p, "attacker-unit")?;
    let d = unit_param(v, p, "defender-unit")?;
    not_works(v, a, true)?;
    not_works(v, d, false)?;
    may_start_melee(v, a)?;
    on_table(v, d)?;
    enemies(v, a, d)?;
    for u in [a, d] {
        not_headquarters(v, u, "meleed")?;
        if !kind_of(v, u)?.is_infantry() && !kind_of(v, u)?.is_cavalry() {
            return Err(refuse::refused(v, u, "is not a regiment or squadron: attack a gun with melee-crew"));
        }
    }
    let r = if reinforced {
        let r = unit_param(v, p, "reinforcement-unit")?;
        not_works(v, r, true)?;
        if r == a || r == d {
            return Err(RuleError::refused(
                "the reinforcing stand must be a third stand",
            ));
        }
        on_table(v, r)?;
        regiment_or_squadron(v, r, "reinforces a melee")?;
        if let Some(left) = v.marker(r, RETIRING) {
            return Err(RuleError::refused(format!(
                "{} is retiring ({left} move{} left): it may not reinforce a melee",
                v.label(r),
                if left == 1 { "" } else { "s" }
            )));
        }
        may_start(v, r, "join a melee")?;
        Some(r)
    } else {
        None
    };
    Ok((a, d, r))
}

/// Carries out a melee (`reinforced`: with a third stand on the enemy's flank or rear).
pub(super) fn act_melee(
    v: &BattleView<'_>,
    p: &Params,
    s: &Settings,
    dice: &mut dyn DiceSource,
    reinforced: bool,
) -> Result<Outcome, RuleError> {
    let (a, d, r) = melee_units(v, p, reinforced)?;
    let m = melee::Melee::from_params(p, reinforced)?;
    let (res, end) = melee::resolve(&m, s, dice)?;
    let mut out = Outcome::default();
    let mut lines = Vec::new();
    let mut stands = vec![(a, end.attacker_left), (d, end.defender_left)];
    if let (Some(r), Some(left)) = (r, end.reinforcement_left) {
        stands.push((r, left));
    }
    for &(u, left) in &stands {
        let lost = figures_left(v, u).saturating_sub(u32::from(left));
        if lost > 0 {
            lines.push(lose(v, u, lost, "melee", &mut out.effects));
        }
    }
    let a_side = fights_for(v, a);
    let losers: Vec<usize> = if end.result.attacker_holds() {
        stands
            .iter()
            .filter(|&&(u, left)| left > 0 && fights_for(v, u) != a_side)
            .map(|&(u, _)| u)
            .collect()
    } else if end.result.defender_holds() {
        stands
            .iter()
            .filter(|&&(u, left)| left > 0 && fights_for(v, u) == a_side)
            .map(|&(u, _)| u)
            .collect()
    } else {
        Vec::new()
    };
    for u in losers {
        lines.push(retire(v, u, &mut out.effects));
    }
    // Light cavalry met by heavy cavalry (of the other side): the melee's morale throw decides,
    // and the loser's screened column, if any, is exposed.
    let side_has = |attacking: bool, k: Kind| {
        stands
            .iter()
            .any(|&(u, _)| (fights_for(v, u) == a_side) == attacking && kind(v.info(u)) == Some(k))
    };
    let met = (side_has(true, Kind::LightCavalry) && side_has(false, Kind::HeavyCavalry))
        || (side_has(false, Kind::LightCavalry) && side_has(true, Kind::HeavyCavalry));
    if s.concealment && met {
        let lost_by = |u: usize| {
            (end.result.attacker_holds() && fights_for(v, u) != a_side)
                || (end.result.defender_holds() && fights_for(v, u) == a_side)
        };
        for &(u, _) in stands.iter().filter(|&&(u, _)| lost_by(u)) {
            out.prompts.push(format!(
                "if {} was screening a concealed column, losing this melee exposes it: expose the column (expose, cause scouting)",
                v.label(u)
            ));
        }
    }
    let (al, dl) = (v.info(a).id.as_str(), v.info(d).id.as_str());
    out.summary = format!(
        "{}melee {al} against {dl}: {}",
        if reinforced { "reinforced " } else { "" },
        end.result.phrase(al, dl)
    );
    let all: Vec<usize> = stands.iter().map(|&(u, _)| u).collect();
    expose_any(v, &all, "attacked in melee", &mut out);
    out.resolutions.push(done(res, &lines, dice));
    Ok(out)
}
