//! A reinforced melee in a battle: a third stand comes in on the enemy's flank or rear. The
//! original pair fights, then the reinforcing stand fights the remnant, then one morale throw; it
//! reads the units and acts as the melee does ([`super::melee`]).

use super::melee::{act_melee, fill_pair, melee_units};
use crate::declare::{ActionDef, Options, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::scruby::battle::*;
use crate::rules::scruby::defs::Settings;
use crate::rules::scruby::{inputs, melee};
use crate::ruleset::{ActResult, Procedure};

/// A melee reinforced on the enemy's flank or rear.
pub struct ReinforcedMelee;

impl Procedure for ReinforcedMelee {
    fn def(&self) -> &'static ActionDef {
        &inputs::REINFORCED_MELEE
    }
    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        let s = Settings::from_options(options);
        melee::odds(&melee::Melee::from_params(params, true)?, &s)
    }
    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        let s = Settings::from_options(options);
        Ok(melee::resolve(&melee::Melee::from_params(params, true)?, &s, dice)?.0)
    }
    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        let (a, _) = fill_pair(v, &mut p)?;
        let r = unit_param(v, &p, "reinforcement-unit")?;
        fill(&mut p, "reinforcement", text(&v.info(r).kind));
        fill(
            &mut p,
            "reinforcement-figures",
            figures_value(figures_left(v, r)),
        );
        let side = if fights_for(v, r) == fights_for(v, a) {
            "attacker"
        } else {
            "defender"
        };
        p.set("reinforcing-side", text(side));
        p.fill_defaults(self.def().params)?;
        Ok(p)
    }
    fn check_inputs(&self, _: &BattleView<'_>, _: &Params) -> Result<(), RuleError> {
        Ok(())
    }
    /// Refused as acting would refuse it, before the odds are shown.
    fn allowed(&self, v: &BattleView<'_>, p: &Params) -> Result<(), RuleError> {
        melee_units(v, p, true).map(|_| ())
    }
    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        act_melee(v, p, &Settings::from_options(v.options), dice, true)
    }
}
