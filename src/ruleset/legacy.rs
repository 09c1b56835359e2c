//! The bridge from a rule set whose procedures are still dispatched by name inside its folder to
//! [`Procedure`] objects: each declared procedure becomes a [`ByName`] that hands its name to the
//! rule set's [`NamedProcedures`]. A rule set leaves it by giving each procedure an object of its
//! own.

use super::{Offer, Outcome, Procedure, not_table_only};
use crate::declare::{ActionDef, Options, ParamDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;

/// A rule set's procedures, each named by `action`.
pub trait NamedProcedures: Send + Sync + 'static {
    fn table_odds(
        &self,
        action: &str,
        params: &Params,
        options: &Options,
    ) -> Result<OddsReport, RuleError> {
        let _ = (params, options);
        Err(not_table_only(action))
    }
    fn table_resolve(
        &self,
        action: &str,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        let _ = (params, options, dice);
        Err(not_table_only(action))
    }
    fn prefill(
        &self,
        battle: &BattleView<'_>,
        action: &str,
        params: &Params,
    ) -> Result<Params, RuleError>;
    fn battle_odds(
        &self,
        battle: &BattleView<'_>,
        action: &str,
        params: &Params,
    ) -> Result<OddsReport, RuleError>;
    fn input_applies(
        &self,
        battle: &BattleView<'_>,
        action: &str,
        input: &ParamDef,
        given: &Params,
    ) -> bool {
        let _ = (battle, action, input, given);
        true
    }
    fn check_inputs(
        &self,
        battle: &BattleView<'_>,
        action: &str,
        given: &Params,
    ) -> Result<(), RuleError> {
        let _ = (battle, action, given);
        Ok(())
    }
    fn act(
        &self,
        battle: &BattleView<'_>,
        action: &str,
        params: &Params,
        dice: &mut dyn DiceSource,
    ) -> Result<Outcome, RuleError>;
    fn offer_actors(&self, battle: &BattleView<'_>, offer: &Offer) -> Vec<usize>;
}

/// One declared procedure of a rule set dispatched by name.
pub struct ByName<R: 'static> {
    pub def: &'static ActionDef,
    pub rules: &'static R,
}

impl<R: NamedProcedures> Procedure for ByName<R> {
    fn def(&self) -> &'static ActionDef {
        self.def
    }
    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        self.rules.table_odds(self.def.id, params, options)
    }
    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        self.rules.table_resolve(self.def.id, params, options, dice)
    }
    fn prefill(&self, battle: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        self.rules.prefill(battle, self.def.id, params)
    }
    fn input_applies(&self, battle: &BattleView<'_>, input: &ParamDef, given: &Params) -> bool {
        self.rules.input_applies(battle, self.def.id, input, given)
    }
    fn check_inputs(&self, battle: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        self.rules.check_inputs(battle, self.def.id, given)
    }
    fn battle_odds(
        &self,
        battle: &BattleView<'_>,
        params: &Params,
    ) -> Result<OddsReport, RuleError> {
        self.rules.battle_odds(battle, self.def.id, params)
    }
    fn act(
        &self,
        battle: &BattleView<'_>,
        params: &Params,
        dice: &mut dyn DiceSource,
    ) -> Result<Outcome, RuleError> {
        self.rules.act(battle, self.def.id, params, dice)
    }
    fn offer_actors(&self, battle: &BattleView<'_>, offer: &Offer) -> Vec<usize> {
        self.rules.offer_actors(battle, offer)
    }
}

/// Every declared procedure of `rules` as a [`ByName`], made once and kept for the program's
/// life (`cell` is the rule set's own).
pub fn by_name<R: NamedProcedures>(
    cell: &'static std::sync::OnceLock<Vec<&'static dyn Procedure>>,
    defs: &'static [ActionDef],
    rules: &'static R,
) -> &'static [&'static dyn Procedure] {
    cell.get_or_init(|| {
        defs.iter()
            .map(|def| &*Box::leak(Box::new(ByName { def, rules })) as &'static dyn Procedure)
            .collect()
    })
}
