//! Grid skirmish's turn: each side moves, then fires; the badges; the one published table.

use super::defs::{DECLARATION, FIRE, FIRED, KINDS, MOVE};
use super::fire::Fire;
use crate::declare::{Badge, Declaration, Options, RuleError, TableDoc, Tone};
use crate::dice::DiceSource;
use crate::model::{BattleView, Effect, UnitInfo};
use crate::ruleset::{PhaseChange, Procedure, Ruleset, kit};

/// The Grid skirmish rule set.
#[derive(Clone, Copy, Debug, Default)]
pub struct Grid;

impl Ruleset for Grid {
    fn declaration(&self) -> &'static Declaration {
        &DECLARATION
    }

    fn procedures(&self) -> &'static [&'static dyn Procedure] {
        &[&Fire]
    }

    fn tables(&self) -> Vec<TableDoc> {
        let row = |a: &str, b: &str| vec![a.to_string(), b.to_string()];
        vec![TableDoc {
            name: "To hit (each die)".into(),
            columns: vec!["Fire".into(), "Hits on".into()],
            rows: vec![
                row("Within long range", "4+"),
                row("Beyond long range", "5+"),
                row("Target in cover", "one more (a 6 always hits)"),
            ],
            notes: vec!["Infantry throws 2 dice, a tank 3; each hit is a loss".into()],
        }]
    }

    fn hit_limit(&self, unit: &UnitInfo, _options: &Options) -> u32 {
        KINDS
            .iter()
            .find(|(k, _, _)| *k == unit.kind)
            .map_or(1, |(_, _, limit)| *limit)
    }

    fn start(&self, v: &BattleView<'_>) -> Vec<Effect> {
        vec![kit::phase(v, 1, v.state.first_side, MOVE)]
    }

    fn advance(&self, v: &BattleView<'_>, _dice: &mut dyn DiceSource) -> Result<PhaseChange, RuleError> {
        let mut change = PhaseChange::default();
        let side = v.active_side();
        if v.state.phase == MOVE {
            change.effects.push(kit::phase(v, v.state.turn, side, FIRE));
            change.steps.push(format!("{}: fire", v.roster.sides[side].name));
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

    fn badges(&self, v: &BattleView<'_>, unit: usize) -> Vec<Badge> {
        let fired = DECLARATION.marker(FIRED).expect("declared");
        kit::marker_badge(v, unit, fired, Tone::Muted).into_iter().collect()
    }
}
