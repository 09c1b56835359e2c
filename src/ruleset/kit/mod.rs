//! What every rule set needs of a battle, written once: reading a unit input, markers and
//! counters as effects, a unit's losses with its removal at the limit, stepping to the next side
//! and turn, badges, and the refusals every procedure shares.

pub mod prefill;
pub mod refuse;

use super::Procedure;
use crate::declare::{
    ActionDef, Badge, CounterDef, MarkerDef, ParamError, ParamKind, Params, RuleError, Tone,
};
use crate::model::{BattleView, Effect};

/// The unit named by the input `name` of `params`: missing, or naming no unit of the battle, it
/// is refused (with the nearest id).
pub fn unit(v: &BattleView<'_>, params: &Params, name: &str) -> Result<usize, RuleError> {
    let id = params.text(name).ok_or_else(|| {
        RuleError::Param(ParamError::Missing {
            param: name.to_string(),
            help: format!("the {name}'s unit id"),
        })
    })?;
    v.unit(id)
}

/// The unit named by the input `name` of a procedure whose inputs are `defs`: missing, it is
/// refused with the input's own help; naming no unit of the battle, with the nearest id.
pub fn input_unit(
    v: &BattleView<'_>,
    params: &Params,
    defs: &'static [crate::declare::ParamDef],
    name: &str,
) -> Result<usize, RuleError> {
    v.unit(params.require_text(crate::declare::params::param(defs, name))?)
}

/// The unit named by the input `name`, if it is given and names a unit of the battle.
pub fn named(v: &BattleView<'_>, params: &Params, name: &str) -> Option<usize> {
    params.text(name).and_then(|id| v.roster.unit_index(id))
}

/// True when `unit` holds `marker` (at any value).
pub fn has(v: &BattleView<'_>, unit: usize, marker: &str) -> bool {
    v.marker(unit, marker).is_some()
}

/// The effect setting `unit`'s `marker` to `value`, or clearing it with `None`.
pub fn marker(v: &BattleView<'_>, unit: usize, marker: &str, value: Option<i32>) -> Effect {
    Effect::Marker {
        unit: v.info(unit).id.clone(),
        marker: marker.to_string(),
        value,
    }
}

/// The effect setting `unit`'s `marker`, one that holds a unit, to the unit `to` (the journal
/// writes its id), or clearing it with `None`.
pub fn unit_marker(v: &BattleView<'_>, unit: usize, marker: &str, to: Option<usize>) -> Effect {
    match to {
        Some(x) => Effect::MarkerUnit {
            unit: v.info(unit).id.clone(),
            marker: marker.to_string(),
            value: v.info(x).id.clone(),
        },
        None => self::marker(v, unit, marker, None),
    }
}

/// The effect putting an on-or-off `marker` on `unit` (value 1), or taking it off.
pub fn flag(v: &BattleView<'_>, unit: usize, marker_id: &str, on: bool) -> Effect {
    marker(v, unit, marker_id, on.then_some(1))
}

/// The effect setting the counter `name` of `scope` (a formation's or side's id), or clearing it.
pub fn counter(scope: &str, name: &str, value: Option<i32>) -> Effect {
    Effect::Counter {
        scope: scope.to_string(),
        name: name.to_string(),
        value,
    }
}

/// The effects of `unit` taking its losses to `hits`: its hits, and its removal with `cause`
/// when they reach its limit.
pub fn losses(v: &BattleView<'_>, unit: usize, hits: u32, cause: &str) -> Vec<Effect> {
    let id = v.info(unit).id.clone();
    let mut out = vec![Effect::Hits {
        unit: id.clone(),
        hits,
    }];
    if hits >= v.info(unit).hit_limit {
        out.push(Effect::Removed {
            unit: id,
            cause: cause.to_string(),
        });
    }
    out
}

/// The effect moving the battle to `turn`, `side`'s `phase`.
pub fn phase(v: &BattleView<'_>, turn: u32, side: usize, phase: &str) -> Effect {
    Effect::Phase {
        turn,
        side: v.side_id(side).to_string(),
        phase: phase.to_string(),
    }
}

/// The side that moves after `side`, and the turn it moves in: the next turn when the order of
/// moving comes round to the first side again.
pub fn next_side(v: &BattleView<'_>, side: usize, turn: u32) -> (usize, u32) {
    let next = (side + 1) % v.roster.sides.len();
    (
        next,
        if next == v.state.first_side {
            turn + 1
        } else {
            turn
        },
    )
}

/// True when `turn` is past the battle's last: nothing of it is started, the battle is over.
pub fn past_last_turn(v: &BattleView<'_>, turn: u32) -> bool {
    v.state.turn_limit.is_some_and(|last| turn > last)
}

/// A badge.
pub fn badge(text: impl Into<String>, tone: Tone, help: impl Into<String>) -> Badge {
    Badge {
        text: text.into(),
        tone,
        help: help.into(),
    }
}

/// The badges of a unit that rides on `carrier` ("ON b2": carried by it) and carries `carried`
/// ("CARRIES g1"), as every rule set with carriers shows them.
pub fn carriage_badges(
    v: &BattleView<'_>,
    carrier: Option<usize>,
    carried: Option<usize>,
) -> impl Iterator<Item = Badge> {
    let on = carrier.map(|c| {
        let help = format!("Carried by {}", v.label(c));
        badge(format!("ON {}", v.info(c).id), Tone::Info, help)
    });
    let carries = carried.map(|x| {
        let help = format!("Carries {}", v.label(x));
        badge(format!("CARRIES {}", v.info(x).id), Tone::Info, help)
    });
    on.into_iter().chain(carries)
}

/// The badge of a declared marker that `unit` holds, with the marker's badge text (and value,
/// for one that counts: a side or a unit by its id) and its help; none when it does not hold it.
pub fn marker_badge(v: &BattleView<'_>, unit: usize, def: &MarkerDef, tone: Tone) -> Option<Badge> {
    use crate::declare::MarkerKind;
    let value = v.marker(unit, def.id)?;
    let text = match def.kind {
        MarkerKind::Flag => def.badge.to_string(),
        MarkerKind::Count | MarkerKind::Timer => format!("{} {value}", def.badge),
        MarkerKind::Turn => format!("{} T{value}", def.badge),
        MarkerKind::Side => {
            let side = usize::try_from(value - 1)
                .ok()
                .and_then(|s| v.roster.sides.get(s));
            format!("{} {}", def.badge, side.map_or("?", |s| s.id.as_str()))
        }
        MarkerKind::Unit { .. } => {
            let named = v.marker_unit(unit, def.id);
            format!(
                "{} {}",
                def.badge,
                named.map_or("?", |x| v.info(x).id.as_str())
            )
        }
    };
    Some(badge(text, tone, def.help))
}

/// The counters kept on `scope` (a formation's or side's id), each as a `name value` badge with
/// the counter's help.
pub fn counter_badges(v: &BattleView<'_>, counters: &[CounterDef], scope: &str) -> Vec<Badge> {
    v.state
        .counters
        .iter()
        .filter(|((s, _), _)| s == scope)
        .map(|((_, name), value)| {
            badge(
                format!("{name} {value}"),
                Tone::Info,
                counters
                    .iter()
                    .find(|c| c.id == name)
                    .map_or("", |c| c.help),
            )
        })
        .collect()
}

/// The refusals every procedure shares, from the inputs given so far: each unit input names a
/// unit of the battle (the nearest id suggested).
pub fn check_units(v: &BattleView<'_>, def: &ActionDef, given: &Params) -> Result<(), RuleError> {
    for p in def.params.iter().filter(|p| p.kind == ParamKind::Unit) {
        if let Some(id) = given.text(p.name) {
            v.unit(id)?;
        }
    }
    Ok(())
}

/// The input of `def` that names the acting unit: its first unit input that does not name an
/// enemy.
pub fn actor_input(def: &ActionDef) -> Option<&'static str> {
    def.params
        .iter()
        .find(|p| p.kind == ParamKind::Unit && !p.enemy)
        .map(|p| p.name)
}

/// True when `unit` may act now: it is on the table, its side acts in this phase, and some
/// procedure used in a battle accepts it as its acting unit ([`Procedure::check_inputs`]).
pub fn may_act(v: &BattleView<'_>, procedures: &[&'static dyn Procedure], unit: usize) -> bool {
    if !v.acts_now(v.info(unit).side) || !v.unit_state(unit).on_table() {
        return false;
    }
    let id = &v.info(unit).id;
    procedures.iter().any(|p| {
        let def = p.def();
        def.in_battle
            && actor_input(def).is_some_and(|actor| {
                let mut given = Params::default();
                given.set(actor, crate::declare::Value::Text(id.clone()));
                p.check_inputs(v, &given).is_ok()
            })
    })
}
