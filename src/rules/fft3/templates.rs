//! Artillery templates in a battle: how many a side gets, their numbers and ids on the table, the
//! stands under one read into the artillery procedure ([`super::artillery`]), and what its
//! results do to those stands — shared by a template placed and one touched while moving.

use super::artillery::{self, Stand, StandResult, Template};
use super::defs::{
    ARTILLERY_CHECK, OUT_OF_COHESION, RIDING, SUPPRESSED, TEMPLATES_PLACED, UNDER_TEMPLATE,
};
use super::inputs;
use super::stands::{
    Record, carried_infantry_check, carrier_of, nationality, on_table, removed, rider_of,
    stand_type, suppressor,
};
use super::tables::{Class, Data};
use crate::ruleset::kit::refuse;
use crate::declare::RuleError;
use crate::dice::DiceSource;
use crate::model::{BattleView, Effect};
use crate::ruleset::{Outcome, kit};

/// Templates a side gets: one per 3 of its units (formations holding stands) with a stand still
/// in play, counted after every loss so far — `gone` are stands put out of the fight by the
/// phase change not yet applied (a unit eliminated by a casualty check is gone).
pub fn templates_due(v: &BattleView<'_>, side: usize, gone: &[usize]) -> i32 {
    let units = fft3_units(v)
        .into_iter()
        .filter(|&f| v.roster.formations[f].side == side)
        .filter(|&f| {
            v.roster
                .formation_units(f)
                .iter()
                .any(|&u| v.unit_state(u).on_table() && !gone.contains(&u))
        })
        .count();
    (units / 3) as i32
}

/// The FFT3 units: the formations that hold stands.
pub fn fft3_units(v: &BattleView<'_>) -> Vec<usize> {
    (0..v.roster.formations.len())
        .filter(|&f| !v.roster.formation_units(f).is_empty())
        .collect()
}

/// A counter kept on `side`, 0 when it is not set.
pub fn side_counter(v: &BattleView<'_>, side: usize, name: &str) -> i32 {
    v.state.counter(v.side_id(side), name).unwrap_or(0)
}

/// The prefix of a template's id among the area markers.
pub const TEMPLATE_ID: &str = "template-";

/// A template's id among the area markers: `template-3`, its number unique in the battle.
pub fn template_id(number: i32) -> String {
    format!("{TEMPLATE_ID}{number}")
}

/// The number of the template whose area id is `id`.
pub fn template_number(id: &str) -> Option<i32> {
    id.strip_prefix(TEMPLATE_ID)?.parse().ok()
}

/// The number the next template placed in the battle takes.
pub fn next_template(v: &BattleView<'_>) -> i32 {
    (0..v.roster.sides.len())
        .map(|s| side_counter(v, s, TEMPLATES_PLACED))
        .sum::<i32>()
        + 1
}

/// A stand under a template, and the infantry riding it when they are attacked with it.
pub type Under = (usize, Option<usize>);

/// The stands under a template of `side`, each `ID[:difficult]`.
pub fn template_stands(
    v: &BattleView<'_>,
    items: &[String],
    side: usize,
) -> Result<(Template, Vec<Under>), RuleError> {
    let data = Data::from_options(v.options);
    if items.is_empty() {
        return Err(RuleError::refused(
            "--stands: name every stand wholly or partly under the template",
        ));
    }
    let mut stands = Vec::new();
    let mut who = Vec::new();
    for item in items {
        let mut parts = item.split(':');
        let id = parts.next().unwrap_or_default();
        let u = v.unit(id)?;
        on_table(v, u)?;
        if who.iter().any(|(x, _)| *x == u) {
            return Err(refuse::refused(v, u, "is listed twice"));
        }
        let mut difficult = false;
        for q in parts {
            match q {
                "difficult" => difficult = true,
                "open" => difficult = false,
                other => {
                    return Err(RuleError::refused(format!(
                        "--stands {item:?}: `:{other}` is not known (:difficult or :open)"
                    )));
                }
            }
        }
        let ty = stand_type(&data, v, u)?;
        if let Some(c) = carrier_of(v, u) {
            return Err(RuleError::refused(format!(
                "{} rides {}: list the vehicle (a tank's riders are attacked with it)",
                v.label(u),
                v.label(c)
            )));
        }
        let rider = rider_of(v, u).filter(|_| ty.class() == Some(Class::Tank));
        let riders = match rider {
            Some(r) => Some(inputs::stand_check(
                &v.label(r),
                nationality(&data, v, r)?,
                kit::has(v, r, OUT_OF_COHESION),
            )),
            None => None,
        };
        stands.push(Stand {
            label: v.label(u),
            under: inputs::under(ty, difficult, rider.is_some()),
            check: inputs::stand_check(
                &v.label(u),
                nationality(&data, v, u)?,
                kit::has(v, u, OUT_OF_COHESION),
            ),
            riders,
            art_check_taken: kit::has(v, u, ARTILLERY_CHECK),
            rider_art_check_taken: rider.is_some_and(|r| kit::has(v, r, ARTILLERY_CHECK)),
        });
        who.push((u, rider));
    }
    Ok((
        Template {
            side: v.roster.sides[side].name.clone(),
            stands,
            touched_while_moving: false,
        },
        who,
    ))
}

/// What a template's results do to the stands; the riders of a halftrack or truck it destroys
/// check at once.
pub fn template_effects(
    v: &BattleView<'_>,
    side: usize,
    number: i32,
    who: &[Under],
    results: &[artillery::StandOutcome],
    dice: &mut dyn DiceSource,
    out: &mut Outcome,
) -> Result<Vec<String>, RuleError> {
    let mut lines = Vec::new();
    let apply =
        |u: usize, res: StandResult, effects: &mut Vec<Effect>, lines: &mut Vec<String>| -> bool {
            let label = v.label(u);
            // The turn's one artillery check, on a stand still in the fight (one that failed is
            // out of it: nothing is left on it).
            if matches!(
                res,
                StandResult::CheckPassedSuppressed | StandResult::CountsAsPassedSuppressed
            ) {
                effects.push(kit::flag(v, u, ARTILLERY_CHECK, true));
            }
            match res {
                StandResult::NoEffect => {
                    lines.push(format!("{label}: no effect"));
                    false
                }
                StandResult::Destroyed => {
                    effects.extend(removed(v, u, "destroyed by artillery"));
                    lines.push(format!("{label}: destroyed"));
                    true
                }
                StandResult::CheckFailed => {
                    effects.extend(removed(v, u, "failed its quality check under artillery"));
                    lines.push(format!(
                        "{label}: failed its quality check: out of the fight"
                    ));
                    true
                }
                StandResult::Suppressed
                | StandResult::CheckPassedSuppressed
                | StandResult::CountsAsPassedSuppressed => {
                    effects.push(kit::marker(v, u, SUPPRESSED, Some(suppressor(side))));
                    lines.push(format!(
                        "{label}: Suppressed until {}'s next artillery phase",
                        v.roster.sides[side].name
                    ));
                    false
                }
            }
        };
    for (&(u, rider), res) in who.iter().zip(results) {
        let gone = apply(u, res.result, &mut out.effects, &mut lines);
        if !gone {
            out.effects
                .push(kit::marker(v, u, UNDER_TEMPLATE, Some(number)));
        }
        if let (Some(r), Some(rr)) = (rider, res.riders) {
            // A tank's riders were attacked with it: what they suffered is theirs alone.
            let rider_gone = apply(r, rr, &mut out.effects, &mut lines);
            if gone && !rider_gone {
                out.effects.push(kit::unit_marker(v, r, RIDING, None));
                lines.push(format!("{}: on foot", v.label(r)));
            }
        } else if gone {
            carried_infantry_check(
                v,
                u,
                "its carrier was destroyed by artillery",
                &[],
                dice,
                Record {
                    effects: &mut out.effects,
                    resolutions: &mut out.resolutions,
                    lines: &mut lines,
                },
            )?;
        }
    }
    Ok(lines)
}
