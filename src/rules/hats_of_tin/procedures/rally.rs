//! `rally`: an ordered unit with hits, not adjacent to an enemy, throws one die to remove one;
//! off the battle, a rally from the inputs.

use super::from_the_units;
use crate::declare::{ActionDef, Options, ParamDef, Params, RuleError, Value};
use crate::dice::DiceSource;
use crate::model::{BattleView, Effect};
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::hats_of_tin::battle::command::{check_ordered, give_order, order_words};
use crate::rules::hats_of_tin::battle::moment::moment_passes;
use crate::rules::hats_of_tin::battle::rounds::{Applied, finish, no_round_waiting};
use crate::rules::hats_of_tin::battle::units::{
    action_phase, commander_of, in_play, is_commander, own_turn, refused, };
use crate::rules::hats_of_tin::defs::*;
use crate::rules::hats_of_tin::inputs;
use crate::rules::hats_of_tin::rally;
use crate::ruleset::kit::prefill::fill;
use crate::ruleset::{ActResult, Procedure, kit};

/// The `rally` procedure.
pub struct Rally;

/// The rally of the unit `p` names.
fn battle_rally(v: &BattleView<'_>, p: &Params) -> Result<(usize, rally::Rally), RuleError> {
    let u = kit::input_unit(v, p, RALLY_PARAMS, "unit")?;
    in_play(v, u)?;
    if is_commander(v, u) {
        return Err(refused(format!(
            "{} is a commander: only units rally",
            v.label(u)
        )));
    }
    Ok((
        u,
        rally::Rally {
            unit: v.label(u),
            hits: v.unit_state(u).hits,
            destroyed: false,
            adjacent_to_enemy: p.flag("adjacent-enemy"),
            commander: commander_of(v, u).map(|c| v.label(c)),
        },
    ))
}

impl Procedure for Rally {
    fn def(&self) -> &'static ActionDef {
        &A_RALLY
    }

    fn table_odds(&self, params: &Params, _: &Options) -> Result<OddsReport, RuleError> {
        rally::odds(inputs::rally(params))
    }

    fn table_resolve(
        &self,
        params: &Params,
        _: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        Ok(rally::resolve(&inputs::rally(params), dice)?.0)
    }

    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        if let Some(u) = kit::named(v, &p, "unit") {
            fill(&mut p, "hits", Value::Int(i64::from(v.unit_state(u).hits)));
            let attached = Value::Bool(commander_of(v, u).is_some());
            fill(&mut p, "commander-attached", attached);
        }
        Ok(p)
    }

    /// The hits and the commander are the unit's.
    fn input_applies(&self, _: &BattleView<'_>, input: &ParamDef, _: &Params) -> bool {
        !from_the_units(input.name)
    }

    fn check_inputs(&self, v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        check_ordered(v, self.def().id, kit::named(v, given, "unit"), false)
    }

    fn battle_odds(&self, v: &BattleView<'_>, p: &Params) -> Result<OddsReport, RuleError> {
        rally::odds(battle_rally(v, p)?.1)
    }

    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        action_phase(v, "rallying")?;
        no_round_waiting(v)?;
        let (u, rally) = battle_rally(v, p)?;
        own_turn(v, u, "a unit rallies")?;
        rally::check(&rally)?;
        let mut a = Applied::default();
        let (e, by) = give_order(v, u, "rally", &[])?;
        a.effects.extend(e);
        moment_passes(v, &mut a);
        let (r, out) = rally::resolve(&rally, dice)?;
        if out.removed {
            a.effects.push(Effect::Hits {
                unit: v.info(u).id.clone(),
                hits: out.hits_after,
            });
        }
        let summary = format!("{}{}: {}", r.title, order_words(&by), r.result);
        Ok(finish(summary, vec![r], a))
    }
}
