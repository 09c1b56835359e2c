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
        change.effects.push(kit::phase(v, turn, next, MOVE));
        // A new turn's first move begins in `turn_begins`.
        if turn == v.state.turn {
            side_moves(v, next, turn, &mut change);
        }
        Ok(change)
    }

    fn turn_begins(&self, v: &BattleView<'_>, _dice: &mut dyn DiceSource) -> Result<PhaseChange, RuleError> {
        let mut change = PhaseChange::default();
        side_moves(v, v.active_side(), v.state.turn, &mut change);
        Ok(change)
    }
}

/// `side`'s move in `turn` begins: its units' Fired flags come off.
fn side_moves(v: &BattleView<'_>, side: usize, turn: u32, change: &mut PhaseChange) {
    for &u in v.roster.side_units(side) {
        if kit::has(v, u, FIRED) {
            change.effects.push(kit::flag(v, u, FIRED, false));
        }
    }
    change
        .steps
        .push(format!("Turn {turn}: {} moves", v.roster.sides[side].name));
}

impl Looks for Grid {
    fn badges(&self, v: &BattleView<'_>, unit: usize) -> Vec<Badge> {
        let fired = DEFINITION.declaration.marker(FIRED).expect("declared");
        kit::marker_badge(v, unit, fired, Tone::Muted).into_iter().collect()
    }
}
