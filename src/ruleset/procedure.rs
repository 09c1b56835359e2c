//! A procedure of a rule set as one object: its declaration ([`ActionDef`]: name, inputs, key)
//! with what it does: what it refuses as soon as a unit is named, which inputs matter, what it
//! fills in from the battle, its exact odds, its resolution and its effects. A rule set lists its
//! procedures ([`super::Ruleset::procedures`]); the core finds one by name in one place
//! ([`super::Ruleset::procedure`](crate::ruleset::Ruleset)) and calls it, so no code dispatches on a
//! procedure's name.

use super::{Offer, Outcome};
use crate::declare::{ActionDef, Options, ParamDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;

/// One procedure. Only [`Procedure::def`] is required; the rest have the defaults of a procedure
/// that needs nothing of them (a procedure used in a battle gives [`Procedure::act`], one resolved
/// from the table alone [`Procedure::table_odds`] and [`Procedure::table_resolve`]).
pub trait Procedure: Send + Sync {
    /// Its declaration: name, help, inputs, key, where it may be used.
    fn def(&self) -> &'static ActionDef;

    /// Exact odds of a table-only resolution ([`ActionDef::standalone`]), from inputs whose
    /// defaults are filled in. By default it has none: it changes a battle only.
    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        let _ = (params, options);
        Err(not_table_only(self.def().id))
    }

    /// A table-only resolution with dice from `dice`, from inputs whose defaults are filled in.
    /// By default it has none.
    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        let _ = (params, options, dice);
        Err(not_table_only(self.def().id))
    }

    /// Fills the derived inputs from the battle (firer Suppressed, target green …). By default,
    /// the inputs as given.
    fn prefill(&self, battle: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let _ = battle;
        Ok(params.clone())
    }

    /// Whether `input` can matter, given the battle and the inputs given so far (`given`, by
    /// name, including those filled in from the battle): a form shows, and submits, only the
    /// inputs that apply. An input whose answer is not yet known applies. Every input applies
    /// by default.
    fn input_applies(&self, battle: &BattleView<'_>, input: &ParamDef, given: &Params) -> bool {
        let _ = (battle, input, given);
        true
    }

    /// What the rules already refuse from the inputs given so far (a unit named that is
    /// Finished, Paralyzed, off the table …), before the rest is filled in: the same refusals,
    /// in the same words, as [`Procedure::act`] would give. Inputs not given yet are not asked
    /// for. By default, the refusals every procedure shares ([`super::kit::check_units`]): a
    /// unit named must be on the table, the acting unit of a side that acts now, an enemy input
    /// an enemy's.
    fn check_inputs(&self, battle: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        super::kit::check_units(battle, self.def(), given)
    }

    /// What the battle refuses of the complete inputs before any die is thrown, beyond what
    /// [`Procedure::check_inputs`] refuses of the inputs given so far (a target out of range or
    /// out of sight): the odds are shown only once it allows them, in the words acting would
    /// refuse them with. Nothing by default.
    fn allowed(&self, battle: &BattleView<'_>, params: &Params) -> Result<(), RuleError> {
        let _ = (battle, params);
        Ok(())
    }

    /// Odds of the procedure in a battle, from inputs completed from the battle (its
    /// [`prefill`](Procedure::prefill), then its inputs' defaults). By default, once the battle
    /// [allows](Procedure::allowed) them, the table's odds of those inputs; for a procedure that
    /// throws no dice ([`ActionDef::rolls`]), [`nothing_rolled`].
    fn battle_odds(
        &self,
        battle: &BattleView<'_>,
        params: &Params,
    ) -> Result<OddsReport, RuleError> {
        self.allowed(battle, params)?;
        if self.def().rolls {
            self.table_odds(params, battle.options)
        } else {
            Err(nothing_rolled(self.def().id))
        }
    }

    /// Carries it out in a battle, from inputs completed from the battle (its
    /// [`prefill`](Procedure::prefill), then its inputs' defaults): checks it is allowed, rolls,
    /// and says what changes. By default it is refused: a procedure resolved from the table alone
    /// changes no battle.
    fn act(
        &self,
        battle: &BattleView<'_>,
        params: &Params,
        dice: &mut dyn DiceSource,
    ) -> ActResult {
        let _ = (battle, params, dice);
        Err(RuleError::refused(format!(
            "`{}` is a table-only procedure; it is not used in a battle",
            self.def().id
        )))
    }

    /// The units that may take up `offer` of this procedure now, while the event that made it is
    /// the latest in force, in the order the umpire is shown them. None by default.
    fn offer_actors(&self, battle: &BattleView<'_>, offer: &Offer) -> Vec<usize> {
        let _ = (battle, offer);
        Vec::new()
    }
}

impl dyn Procedure + '_ {
    /// The inputs as given, completed as the battle completes them before it asks for odds or
    /// acts: what the battle fills in ([`Procedure::prefill`]), then the inputs' defaults.
    pub fn complete(&self, battle: &BattleView<'_>, given: &Params) -> Result<Params, RuleError> {
        let mut params = self.prefill(battle, given)?;
        params.fill_defaults(self.def().params)?;
        Ok(params)
    }

    /// [`Procedure::battle_odds`] of the inputs as given, completed first.
    pub fn odds_in(
        &self,
        battle: &BattleView<'_>,
        given: &Params,
    ) -> Result<OddsReport, RuleError> {
        self.battle_odds(battle, &self.complete(battle, given)?)
    }

    /// [`Procedure::act`] on the inputs as given, completed first.
    pub fn carry_out(
        &self,
        battle: &BattleView<'_>,
        given: &Params,
        dice: &mut dyn DiceSource,
    ) -> Result<Outcome, RuleError> {
        self.act(battle, &self.complete(battle, given)?, dice)
    }
}

/// What carrying out a procedure in a battle gives: what changes, or the rules' refusal.
pub type ActResult = Result<Outcome, RuleError>;

/// The refusal of a table-only resolution of a procedure that only changes a battle.
pub fn not_table_only(action: &str) -> RuleError {
    RuleError::refused(format!(
        "`{action}` changes a battle and has nothing to roll on its own; use it in a battle"
    ))
}

/// The refusal of the odds of a procedure that throws no dice.
pub fn nothing_rolled(action: &str) -> RuleError {
    RuleError::refused(format!("nothing is rolled for `{action}`"))
}
