//! Concealed columns exposed: the march order an exposed column is laid out in, its infantry
//! placed in cross-country column, and the column a concealment stand's number names. Fire and
//! melee expose the columns they reach (`expose_any`); the umpire exposes or deploys one by its
//! stand (`expose`, `deploy`).

use super::battle::{kind, new_column_id};
use super::defs::*;
use crate::declare::{Params, RuleError};
use crate::model::{BattleView, Effect};
use crate::ruleset::{Outcome, kit};

/// Where a unit marches in an exposed column: Light infantry in front, cannons in the centre of
/// the whole column, heavy cavalry in the rear; the other regiments before and after the guns in
/// their list order (as many before the guns as after them, as far as the Light infantry in front
/// and the heavy cavalry behind allow).
pub fn march_order(v: &BattleView<'_>, units: &[usize]) -> Vec<usize> {
    let of = |pred: &dyn Fn(Option<Kind>) -> bool| -> Vec<usize> {
        units
            .iter()
            .copied()
            .filter(|&u| pred(kind(v.info(u))))
            .collect()
    };
    let light = of(&|k| k == Some(Kind::Light));
    let guns = of(&|k| k.is_some_and(Kind::is_gun));
    let heavy = of(&|k| k == Some(Kind::HeavyCavalry));
    let others = of(&|k| {
        !matches!(k, Some(Kind::Light | Kind::HeavyCavalry)) && !k.is_some_and(Kind::is_gun)
    });
    // The guns' place in the whole column: half of the rest before them (the odd one before).
    let before = (units.len() - guns.len()).div_ceil(2);
    let half = before.saturating_sub(light.len()).min(others.len());
    let mut out = light;
    out.extend(&others[..half]);
    out.extend(guns);
    out.extend(&others[half..]);
    out.extend(heavy);
    out
}

/// The effects and words of exposing the whole column `column` (the units still concealed in
/// it), in march order, its infantry placed in cross-country column (numbered apart from every
/// column in the battle and from `taken`) until they deploy from the following move; fewer than
/// 3 regiments are no cross-country column and stand in line.
pub(super) fn expose_column(
    v: &BattleView<'_>,
    column: usize,
    cause: &str,
    taken: &mut Vec<i32>,
) -> (Vec<Effect>, String) {
    let c = &v.roster.columns[column];
    let hidden: Vec<usize> = c
        .units
        .iter()
        .copied()
        .filter(|&u| v.unit_state(u).concealed)
        .collect();
    let order = march_order(v, &hidden);
    let mut effects: Vec<Effect> = order
        .iter()
        .map(|&u| Effect::Exposed {
            unit: v.info(u).id.clone(),
            cause: cause.to_string(),
        })
        .collect();
    let list: Vec<String> = order
        .iter()
        .enumerate()
        .map(|(i, &u)| format!("{}. {}", i + 1, v.label(u)))
        .collect();
    let regiments: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&u| kind(v.info(u)).is_some_and(Kind::is_infantry))
        .collect();
    let placed = match regiments.len() {
        0 => String::new(),
        n if n >= 3 => {
            let id = new_column_id(v, taken);
            taken.push(id);
            for &u in &regiments {
                effects.push(kit::marker(v, u, CROSS_COUNTRY, Some(id)));
                if kit::has(v, u, ROAD_COLUMN) {
                    effects.push(kit::marker(v, u, ROAD_COLUMN, None));
                }
                effects.push(kit::marker(v, u, EXPOSED_ON, Some(v.state.turn as i32)));
            }
            format!(
                "; its {n} regiments stand in cross-country column {id}, firing and fighting as one regiment, and may deploy from the following move"
            )
        }
        n => {
            for &u in &regiments {
                for m in [CROSS_COUNTRY, ROAD_COLUMN] {
                    if kit::has(v, u, m) {
                        effects.push(kit::marker(v, u, m, None));
                    }
                }
            }
            if n == 1 {
                "; its one regiment is no cross-country column (3 or more regiments are one): it stands in line".to_string()
            } else {
                "; its 2 regiments are no cross-country column (3 or more regiments are one): they stand in line".to_string()
            }
        }
    };
    (
        effects,
        format!(
            "{}'s stand {} exposed ({cause}): in march order {}{placed}",
            v.roster.sides[c.side].name,
            c.number,
            list.join(", ")
        ),
    )
}

/// Exposes the column of each concealed unit among `units`, once each.
pub(super) fn expose_any(v: &BattleView<'_>, units: &[usize], cause: &str, out: &mut Outcome) {
    let mut done = Vec::new();
    let mut taken = Vec::new();
    let mut front = Vec::new();
    for &u in units {
        if !v.unit_state(u).concealed {
            continue;
        }
        let Some(c) = v.roster.column_of(u) else {
            continue;
        };
        if done.contains(&c) {
            continue;
        }
        done.push(c);
        let (effects, words) = expose_column(v, c, cause, &mut taken);
        front.extend(effects);
        out.prompts.insert(0, words);
    }
    // The exposure comes first: the units are on the table when the result lands.
    out.effects.splice(0..0, front);
}

/// The column a stand's number (and side, when both have one) names.
pub(super) fn stand_param(v: &BattleView<'_>, p: &Params) -> Result<usize, RuleError> {
    let number = p
        .int("stand")
        .ok_or_else(|| crate::declare::ParamError::Missing {
            param: "stand".into(),
            help: "the concealment stand's number".into(),
        })?;
    let side = match p.text("side") {
        Some(id) => Some(v.roster.side_index(id).ok_or_else(|| {
            RuleError::refused(format!(
                "no side `{id}` in this battle{}",
                crate::text::did_you_mean(id, v.roster.sides.iter().map(|s| s.id.as_str()))
            ))
        })?),
        None => None,
    };
    // What the battle already knows says whose stand it is: a scout exposes the enemy's; the
    // regiments deployed from it are its own side's.
    let known = || -> Option<Box<dyn Fn(usize) -> bool>> {
        if let Some(sc) = p.text("scout").and_then(|id| v.roster.unit_index(id)) {
            let scout_side = v.info(sc).side;
            return Some(Box::new(move |s| s != scout_side));
        }
        let own = p
            .list("units")
            .first()
            .and_then(|id| v.roster.unit_index(id))?;
        let own_side = v.info(own).side;
        Some(Box::new(move |s| s == own_side))
    };
    let of_number = |c: &usize| v.roster.columns[*c].number == number;
    let mut found: Vec<usize> = (0..v.roster.columns.len())
        .filter(of_number)
        .filter(|&c| side.is_none_or(|s| v.roster.columns[c].side == s))
        .collect();
    if side.is_none()
        && found.len() > 1
        && let Some(whose) = known()
    {
        found.retain(|&c| whose(v.roster.columns[c].side));
    }
    match found.as_slice() {
        [c] => Ok(*c),
        [] => Err(RuleError::refused(format!(
            "no concealment stand {number}{}",
            side.map_or(String::new(), |s| format!(" of {}", v.roster.sides[s].name))
        ))),
        _ => Err(RuleError::refused(format!(
            "both sides have a stand {number}: name whose it is with --side ({})",
            found
                .iter()
                .map(|&c| v.roster.sides[v.roster.columns[c].side].id.as_str())
                .collect::<Vec<_>>()
                .join(" or ")
        ))),
    }
}
