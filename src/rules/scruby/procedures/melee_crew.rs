//! A melee against a gun's crew in a battle, read from the units ([`super::super::crew`] throws
//! the crew's die), refused where the move's order or a marker forbids it, and the attackers'
//! retreat or the gun's capture turned into effects.

use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, Options, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::scruby::battle::*;
use crate::rules::scruby::concealment::expose_any;
use crate::rules::scruby::defs::*;
use crate::rules::scruby::{crew, inputs};
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// A melee against a gun's crew: from front or flank the crew may save the gun; from the rear it
/// is captured.
pub struct MeleeCrew;

impl Procedure for MeleeCrew {
    fn def(&self) -> &'static ActionDef {
        &inputs::MELEE_CREW
    }
    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        let s = Settings::from_options(options);
        crew::crew_odds(&crew::CrewMelee::from_params(params)?, &s)
    }
    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        let s = Settings::from_options(options);
        Ok(crew::resolve_crew(&crew::CrewMelee::from_params(params)?, &s, dice)?.0)
    }
    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        let a = unit_param(v, &p, "attacker-unit")?;
        fill(&mut p, "attacker", text(&v.info(a).kind));
        p.fill_defaults(self.def().params)?;
        Ok(p)
    }
    fn check_inputs(&self, _: &BattleView<'_>, _: &Params) -> Result<(), RuleError> {
        Ok(())
    }
    /// Refused as acting would refuse it, before the odds are shown.
    fn allowed(&self, v: &BattleView<'_>, p: &Params) -> Result<(), RuleError> {
        crew_units(v, p).map(|_| ())
    }
    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        act_crew(v, p, &Settings::from_options(v.options), dice)
    }
}

/// The attacking stand and the gun, refused where the rules forbid the melee.
fn crew_units(v: &BattleView<'_>, p: &Params) -> Result<(usize, usize), RuleError> {
    in_phase(v, "A melee against a gun's crew", &[PH_MELEE])?;
    let a = unit_param(v, p, "attacker-unit")?;
    let g = unit_param(v, p, "gun-unit")?;
    not_works(v, a, true)?;
    not_works(v, g, false)?;
    may_start_melee(v, a)?;
    regiment_or_squadron(v, a, "attacks a gun's crew")?;
    on_table(v, g)?;
    if !kind_of(v, g)?.is_gun() {
        return Err(refuse::refused(v, g, "is not a gun"));
    }
    if fights_for(v, a) == fights_for(v, g) {
        return Err(RuleError::refused(format!(
            "{} and {} are on the same side",
            v.label(a),
            v.label(g)
        )));
    }
    if kit::has(v, g, CREW_KILLED) {
        return Err(refuse::refused(v, g, "has no crew to fight: say who holds the crewless gun with hold-gun"));
    }
    Ok((a, g))
}

/// Carries out the melee against the crew: the attackers hurled back, or the gun captured by the
/// attacker's side with its hold count started.
fn act_crew(
    v: &BattleView<'_>,
    p: &Params,
    s: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let (a, g) = crew_units(v, p)?;
    let c = crew::CrewMelee::from_params(p)?;
    let (r, result) = crew::resolve_crew(&c, s, dice)?;
    let mut out = Outcome::default();
    let mut lines = Vec::new();
    match result {
        crew::CrewMeleeResult::Saved => {
            lines.push(retire(v, a, &mut out.effects));
            lines.push(format!("{} is saved", v.label(g)));
        }
        crew::CrewMeleeResult::Captured => {
            let holder = fights_for(v, a);
            out.effects.push(kit::flag(v, g, CREW_KILLED, true));
            out.effects
                .push(kit::marker(v, g, CAPTURED, Some(holder as i32 + 1)));
            out.effects
                .push(kit::marker(v, g, CAPTURED_ON, Some(v.state.turn as i32)));
            out.effects.push(kit::marker(v, g, HELD, Some(0)));
            lines.push(format!(
                "{}'s crew is killed and the gun captured by {}: it re-mans the gun once it has held it {HOLD_TO_REMAN} consecutive moves",
                v.label(g),
                v.roster.sides[holder].name,
            ));
        }
    }
    out.summary = format!(
        "{} attacks the crew of {}: {}",
        v.info(a).id,
        v.info(g).id,
        result.words().to_lowercase()
    );
    expose_any(v, &[g], "attacked in melee", &mut out);
    out.resolutions.push(done(r, &lines, dice));
    Ok(out)
}
