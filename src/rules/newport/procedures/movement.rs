//! The `move` procedure: a stand of the side moving moves (the umpire measures it at the table)
//! and is Finished; a move in sight of the enemy draws opportunity fire. A Suppressed vehicle may
//! only move away from the enemy.

use super::offers::{opportunity_offer, with_offer};
use super::{command_roll_matters, with_defaults};
use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, ParamDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::rules::newport::battle_command::{
    command_check, failed_command, has_point, spend_point,
};
use crate::rules::newport::checks::{Acting, in_action_phase, named, own_ready_stand};
use crate::rules::newport::defs::*;
use crate::rules::newport::fire::is_vehicle;
use crate::rules::newport::tables::Morale;
use crate::rules::newport::units::{is_asset, morale};
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// A stand's move.
pub struct Move;

impl Procedure for Move {
    fn def(&self) -> &'static ActionDef {
        &MOVE_DEF
    }

    fn prefill(&self, _v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        with_defaults(self.def(), params.clone())
    }

    fn input_applies(&self, v: &BattleView<'_>, input: &ParamDef, p: &Params) -> bool {
        let unit = named(v, p, "unit");
        match input.name {
            "out-of-command" => command_roll_matters(v, unit),
            // A road move matters to anti-tank fire, which is fire at a vehicle.
            "road" => unit.is_none_or(|u| is_vehicle(&v.info(u).kind)),
            // Only a Suppressed vehicle is held to moving away.
            "away" => unit.is_none_or(|u| suppressed_vehicle(v, u)),
            _ => true,
        }
    }

    /// The phase; then the stand, whether it may move that way, and its command point.
    fn check_inputs(&self, v: &BattleView<'_>, p: &Params) -> Result<(), RuleError> {
        in_action_phase(v, "movement")?;
        if let Some(u) = named(v, p, "unit") {
            move_allowed(v, u)?;
            moves_away(v, u, p)?;
            has_point(v, u)?;
        }
        Ok(())
    }

    /// The stand Finished (after its command roll and point), a road move marked, and opportunity
    /// fire offered.
    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        in_action_phase(v, "movement")?;
        let u = kit::unit(v, p, "unit")?;
        move_allowed(v, u)?;
        moves_away(v, u, p)?;
        let away = suppressed_vehicle(v, u);
        let mut resolutions = Vec::new();
        if let Some((roll, ok)) = command_check(v, u, p.flag("out-of-command"), dice)? {
            if !ok {
                return Ok(failed_command(v, u, roll));
            }
            resolutions.push(roll);
        }
        let mut effects = vec![kit::flag(v, u, FINISHED, true)];
        let mut words = Vec::new();
        spend_point(v, u, &mut effects, &mut words)?;
        if p.flag("road") {
            effects.push(kit::flag(v, u, MOVED_ON_ROAD, true));
            words.push("moved along a road: −2 on anti-tank fire at it this turn".into());
        }
        if away {
            words.push("a Suppressed vehicle: it moves away from the enemy".into());
        }
        Ok(with_offer(
            Outcome {
                summary: format!("{} moves: Finished", v.label(u)),
                resolutions,
                effects,
                prompts: words,
                offers: Vec::new(),
            },
            opportunity_offer(v, u, "moved 1\" or more in sight", &[]),
        ))
    }
}

/// Whether `u` may move now (the action phase and its command aside).
fn move_allowed(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    own_ready_stand(v, u, Acting::Other)?;
    let m = morale(v, u);
    if is_asset(v.info(u)) {
        return Err(refuse::refused(v, u, "is off the table"));
    }
    if m != Morale::Steady && !is_vehicle(&v.info(u).kind) {
        return Err(RuleError::refused(format!(
            "{} is {}: it may not move except by a panic move",
            v.label(u),
            m.name()
        )));
    }
    Ok(())
}

/// Whether `u` is a vehicle held back by its Suppressed marker: it may move only away.
fn suppressed_vehicle(v: &BattleView<'_>, u: usize) -> bool {
    is_vehicle(&v.info(u).kind) && morale(v, u) == Morale::Suppressed
}

/// A Suppressed vehicle may not move closer to the enemy: its move must be away (`--away`).
fn moves_away(v: &BattleView<'_>, u: usize, p: &Params) -> Result<(), RuleError> {
    if suppressed_vehicle(v, u) && !p.flag("away") {
        return Err(RuleError::refused(format!(
            "{} is a Suppressed vehicle: it may not move closer to the enemy, only away from it \
             (say so with away)",
            v.label(u)
        )));
    }
    Ok(())
}
