//! Grid skirmish's turn: each side moves, then fires; the losses that remove a unit; its badge.

use super::defs::{DEFINITION, FIRE, FIRED, Grid, KINDS, MOVE};
use crate::declare::{Badge, Options, RuleError, Tone};
use crate::dice::DiceSource;
use crate::model::{BattleView, Effect, UnitInfo};
use crate::ruleset::{Looks, PhaseChange, Turn, Units, kit};

impl Units for Grid {
    fn hit_limit(&self, unit: &UnitInfo, _options: &Options) -> u32 {
        KINDS
            .iter()
            .find(|(k, _, _)| *k == unit.kind)
            .map_or(1, |(_, _, limit)| *limit)
    }
}

impl Turn for Grid {
    fn start(&self, v: &BattleView<'_>) -> Vec<Effect> {
        vec![kit::phase(v, 1, v.state.first_side, MOVE)]
    }

    fn advance(&self, v: &BattleView<'_>, _dice: &mut dyn DiceSource) -> Result<PhaseChange, RuleError> {
        let mut change = PhaseChange::default();
        let side = v.active_side();
        if v.state.phase == MOVE {
            change.effects.push(kit::phase(v, v.state.turn, side, FIRE));
            change.side_step(v, side, "fire");
            return Ok(change);
        }
        let (next, turn) = kit::next_side(v, side, v.state.turn);
        if !kit::past_last_turn(v, turn) {
            for &u in v.roster.side_units(next) {
                if kit::has(v, u, FIRED) {
                    change.effects.push(kit::flag(v, u, FIRED, false));
                }
            }
            change.steps.push(format!("Turn {turn}: {} moves", v.roster.sides[next].name));
        }
        change.effects.push(kit::phase(v, turn, next, MOVE));
        Ok(change)
    }

    /// The same turn from a side's move; from its fire, the turn the next side moves in.
    fn next_turn(&self, v: &BattleView<'_>) -> u32 {
        if v.state.phase == MOVE {
            v.state.turn
        } else {
            kit::next_side(v, v.active_side(), v.state.turn).1
        }
    }
}

impl Looks for Grid {
    fn badges(&self, v: &BattleView<'_>, unit: usize) -> Vec<Badge> {
        let fired = DEFINITION.declaration.marker(FIRED).expect("declared");
        kit::marker_badge(v, unit, fired, Tone::Muted).into_iter().collect()
    }
}
