//! Scruby's battle: what each procedure does to the units, the simultaneous move and its order
//! (initiative, movement, the high roller's cannon fire, the other side's, rifle fire, melee, the
//! end of the move with its timers), concealed columns exposed and deployed, and the badges.
//!
//! The tables decide (the modules beside this one); this module reads the units into their
//! inputs, refuses what the move's order or a marker forbids, and turns each result into effects.

use super::defs::*;
use super::inputs;
use super::{Scruby, Settings, artillery, crew, fire, melee, scouts};
use crate::declare::{Badge, Params, RuleError, Tone, Value};
use crate::dice::{DiceSource, Die, Roll};
use crate::model::timers;
use crate::model::{BattleView, Effect, UnitInfo};
use crate::odds::OddsReport;
use crate::resolution::{Resolution, Step};
use crate::ruleset::{Outcome, PhaseChange, Ruleset, find_action};

// ---- reading the units ------------------------------------------------------------------------

/// A unit's kind as the tables know it.
pub fn kind(u: &UnitInfo) -> Option<Kind> {
    Kind::parse(&u.kind)
}

fn kind_of(v: &BattleView<'_>, u: usize) -> Result<Kind, RuleError> {
    kind(v.info(u)).ok_or_else(|| {
        RuleError::refused(format!(
            "{} is a {}, which scruby does not know",
            v.label(u),
            v.info(u).kind
        ))
    })
}

/// Figures left on a unit's tray.
pub fn figures_left(v: &BattleView<'_>, u: usize) -> u32 {
    v.info(u).hit_limit.saturating_sub(v.unit_state(u).hits)
}

/// Figures a regiment fires with in rifle fire: those it had when rifle fire began (fire is
/// simultaneous, so losses in this rifle fire do not weaken its own).
fn rifle_figures(v: &BattleView<'_>, u: usize) -> u32 {
    let lost_now = v.marker(u, RIFLE_LOST).unwrap_or(0).max(0) as u32;
    (figures_left(v, u) + lost_now).min(v.info(u).hit_limit)
}

fn flag(v: &BattleView<'_>, u: usize, marker: &str) -> bool {
    v.unit_state(u).has(marker)
}

/// An infantry regiment's formation, from its markers: a cross-country column only while its
/// column holds 3 or more regiments (one or two regiments are no such column: they stand in line).
pub fn formation(v: &BattleView<'_>, u: usize) -> Formation {
    if column(v, u).is_some() {
        Formation::CrossCountry
    } else if flag(v, u, ROAD_COLUMN) {
        Formation::RoadColumn
    } else {
        Formation::Line
    }
}

/// The regiments in the cross-country column numbered `id`: those on the table, and those that
/// lost their last figure in the rifle fire now under way (fire is simultaneous: they still fire).
fn column_members(v: &BattleView<'_>, id: i32) -> Vec<usize> {
    (0..v.roster.units.len())
        .filter(|&u| {
            v.marker(u, CROSS_COUNTRY) == Some(id)
                && (v.unit_state(u).on_table() || v.marker(u, RIFLE_LOST).is_some())
        })
        .collect()
}

/// The regiments of the cross-country column `u` is in, itself among them, when they are 3 or
/// more: only a column of 3 or more regiments stand to stand is one.
pub fn column(v: &BattleView<'_>, u: usize) -> Option<Vec<usize>> {
    let id = v.marker(u, CROSS_COUNTRY)?;
    let members = column_members(v, id);
    (members.len() >= 3 && members.contains(&u)).then_some(members)
}

/// A column number no regiment carries, nor any of `taken`.
fn new_column_id(v: &BattleView<'_>, taken: &[i32]) -> i32 {
    (1..)
        .find(|n| {
            !taken.contains(n)
                && (0..v.roster.units.len()).all(|u| v.marker(u, CROSS_COUNTRY) != Some(*n))
        })
        .unwrap_or(1)
}

/// Refuses a regiment whose cross-country column has already fired this move with another
/// regiment: the column fires as one regiment.
fn column_not_fired(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    let Some(members) = column(v, u) else {
        return Ok(());
    };
    match members.iter().find(|&&o| o != u && flag(v, o, FIRED)) {
        Some(&o) => Err(RuleError::refused(format!(
            "{} is in a cross-country column with {}, which has already fired this move: a column fires as one regiment, only one of its regiments a move",
            v.label(u),
            v.label(o)
        ))),
        None => Ok(()),
    }
}

/// The unit's place in the roster, from 1, as a marker holds it.
fn roster_number(u: usize) -> i32 {
    i32::try_from(u + 1).unwrap_or(i32::MAX)
}

/// Refuses a headquarters as the target of fire or a melee: it is an objective, not a fighting
/// unit.
fn not_headquarters(v: &BattleView<'_>, u: usize, what: &str) -> Result<(), RuleError> {
    if kind_of(v, u)? == Kind::Headquarters {
        return Err(RuleError::refused(format!(
            "{} is a headquarters: an objective, not a fighting unit, it is never {what}; it is taken by an enemy regiment or squadron reaching it (take-hq)",
            v.label(u)
        )));
    }
    Ok(())
}

/// Refuses anything but a regiment or squadron where one is needed.
fn regiment_or_squadron(v: &BattleView<'_>, u: usize, what: &str) -> Result<Kind, RuleError> {
    let k = kind_of(v, u)?;
    if k.is_infantry() || k.is_cavalry() {
        Ok(k)
    } else {
        Err(RuleError::refused(format!(
            "{} is a {}: only a regiment or squadron {what}",
            v.label(u),
            k.name().to_lowercase()
        )))
    }
}

/// The firer's own stand in the melee its fire goes into (`--friend-in-melee`), when one is
/// named: on the table and seen, a regiment or squadron of the firer's side, neither the firer
/// nor the target. Firing into a melee kills as many friends as enemies, so it is fire at men:
/// troops, or a gun's crew; never a gun's barrels (counter-battery) nor works.
fn melee_friend(
    v: &BattleView<'_>,
    p: &Params,
    firer: usize,
    target: usize,
    at_men: bool,
) -> Result<Option<usize>, RuleError> {
    let Some(id) = p
        .text("friend-in-melee")
        .map(str::trim)
        .filter(|id| !id.is_empty())
    else {
        return Ok(None);
    };
    let fr = v.unit(id)?;
    on_table(v, fr)?;
    regiment_or_squadron(v, fr, "fights in a melee")?;
    if fr == firer || fr == target {
        return Err(RuleError::refused(format!(
            "{} is the {}: --friend-in-melee names the firer's own stand fighting the target",
            v.label(fr),
            if fr == firer { "firer" } else { "target" }
        )));
    }
    if fights_for(v, fr) != fights_for(v, firer) {
        return Err(RuleError::refused(format!(
            "{} is not on {}'s side: --friend-in-melee names the firer's own stand in the melee",
            v.label(fr),
            v.info(firer).id
        )));
    }
    if v.unit_state(fr).concealed {
        return Err(RuleError::refused(format!(
            "{} is concealed behind stand {}: a stand in a melee is on the table, its column exposed",
            v.label(fr),
            column_number(v, fr)
        )));
    }
    if !at_men {
        return Err(RuleError::refused(format!(
            "firing into a melee kills as many friends as enemies, figure for figure: {} has no figures in the melee (fire at the troops fighting there)",
            v.label(target)
        )));
    }
    Ok(Some(fr))
}

/// The words of a fire into a melee, for its resolution and its odds.
fn into_melee(v: &BattleView<'_>, fr: usize) -> String {
    format!(
        "fired into a melee: it kills as many of its own men as of the enemy's — each figure (or crew) it kills costs {} a figure",
        v.label(fr)
    )
}

/// The figure `fr`, the firer's own stand in the melee, loses to a fire that killed.
fn friend_loses(v: &BattleView<'_>, fr: usize, out: &mut Vec<Effect>) -> String {
    lose(v, fr, 1, "fire into its melee", out)
}

/// The effects that leave a gun with nobody holding it: its holder, hold count and the move its
/// holding began are cleared (a gun re-manned by the enemy, its crew killed, is held by nobody
/// until the umpire says who holds it).
fn held_by_nobody(v: &BattleView<'_>, g: usize, out: &mut Vec<Effect>) {
    for m in [CAPTURED, HELD, CAPTURED_ON] {
        if v.marker(g, m).is_some() {
            out.push(set_marker(v, g, m, None));
        }
    }
}

/// The side a gun fires for: its holder once a captured gun is re-manned, else its own.
fn gun_side(v: &BattleView<'_>, u: usize) -> usize {
    match v.marker(u, CAPTURED) {
        Some(h) if h >= 1 && !flag(v, u, CREW_KILLED) => (h - 1) as usize,
        _ => v.info(u).side,
    }
}

/// The side a unit fights for now.
fn fights_for(v: &BattleView<'_>, u: usize) -> usize {
    if kind(v.info(u)).is_some_and(Kind::is_gun) {
        gun_side(v, u)
    } else {
        v.info(u).side
    }
}

fn set_marker(v: &BattleView<'_>, u: usize, marker: &str, value: Option<i32>) -> Effect {
    Effect::Marker {
        unit: v.info(u).id.clone(),
        marker: marker.to_string(),
        value,
    }
}

fn unit_param(v: &BattleView<'_>, p: &Params, name: &str) -> Result<usize, RuleError> {
    let id = p.text(name).ok_or_else(|| {
        let def = inputs::ACTIONS
            .iter()
            .flat_map(|a| a.params.iter())
            .find(|d| d.name == name);
        crate::declare::ParamError::Missing {
            param: name.to_string(),
            help: def.map_or(String::new(), |d| d.help.to_string()),
        }
    })?;
    v.unit(id)
}

fn text(s: &str) -> Value {
    Value::Text(s.to_string())
}

fn fill(p: &mut Params, name: &str, value: Value) {
    if p.get(name).is_none() {
        p.set(name, value);
    }
}

// ---- what the rules forbid ----------------------------------------------------------------------

fn phase_name(id: &str) -> &'static str {
    PHASES.iter().find(|p| p.id == id).map_or("?", |p| p.name)
}

/// Refuses an action outside its phases.
fn in_phase(v: &BattleView<'_>, what: &str, phases: &[&str]) -> Result<(), RuleError> {
    if phases.contains(&v.state.phase.as_str()) {
        return Ok(());
    }
    let names: Vec<&str> = phases.iter().map(|p| phase_name(p)).collect();
    Err(RuleError::refused(format!(
        "{what} belongs to the {} phase{} of the move; it is now {}",
        names.join(" or "),
        if names.len() > 1 { "s" } else { "" },
        phase_name(&v.state.phase)
    )))
}

fn on_table(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    match &v.unit_state(u).removed {
        Some(cause) => Err(RuleError::refused(format!(
            "{} is no longer on the table ({cause})",
            v.label(u)
        ))),
        None => Ok(()),
    }
}

fn enemies(v: &BattleView<'_>, a: usize, b: usize) -> Result<(), RuleError> {
    if fights_for(v, a) == fights_for(v, b) {
        Err(RuleError::refused(format!(
            "{} and {} are on the same side",
            v.label(a),
            v.label(b)
        )))
    } else {
        Ok(())
    }
}

/// A unit that may start fire or a melee: on the table, not retiring, not hidden in a column.
fn may_start(v: &BattleView<'_>, u: usize, what: &str) -> Result<(), RuleError> {
    on_table(v, u)?;
    if let Some(left) = v.marker(u, RETIRING) {
        return Err(RuleError::refused(format!(
            "{} is retiring ({left} move{} left): it may not fire, charge or start a melee",
            v.label(u),
            if left == 1 { "" } else { "s" }
        )));
    }
    if v.unit_state(u).concealed {
        let n = column_number(v, u);
        return Err(RuleError::refused(format!(
            "{} is concealed behind stand {n}: a concealed column cannot {what}; deploy it or expose it first",
            v.label(u)
        )));
    }
    Ok(())
}

fn column_number(v: &BattleView<'_>, u: usize) -> i64 {
    v.roster
        .column_of(u)
        .map_or(0, |c| v.roster.columns[c].number)
}

fn not_fired(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    if flag(v, u, FIRED) {
        Err(RuleError::refused(format!(
            "{} has already fired this move",
            v.label(u)
        )))
    } else {
        Ok(())
    }
}

/// Refuses walls, a fortress or a ship in a procedure other than a gun's fire: as the one fired
/// at or attacked (`acting` false), or as the one firing or attacking (`acting` true).
fn not_works(v: &BattleView<'_>, u: usize, acting: bool) -> Result<(), RuleError> {
    if kind_of(v, u)?.is_works() {
        return Err(RuleError::refused(format!(
            "{} is a wall, fortress or ship: {}{}",
            v.label(u),
            if acting {
                "it never fires or fights; "
            } else {
                ""
            },
            super::tables::ONLY_ARTILLERY
        )));
    }
    Ok(())
}

/// A gun that may fire now: its side's cannon fire, manned, not captured, not already fired.
fn gun_may_fire(v: &BattleView<'_>, g: usize) -> Result<(), RuleError> {
    on_table(v, g)?;
    if !kind_of(v, g)?.is_gun() {
        return Err(RuleError::refused(format!("{} is not a gun", v.label(g))));
    }
    if flag(v, g, CREW_KILLED) {
        return Err(RuleError::refused(match v.marker(g, CAPTURED) {
            Some(_) => format!(
                "{} is captured and not yet re-manned: it neither moves nor fires",
                v.label(g)
            ),
            None => format!(
                "{}'s crew is killed: the gun can neither fire nor move",
                v.label(g)
            ),
        }));
    }
    if v.unit_state(g).concealed {
        return may_start(v, g, "fire");
    }
    not_fired(v, g)?;
    if gun_side(v, g) != v.active_side() {
        return Err(RuleError::refused(format!(
            "it is {}'s {}: {} fires in its own side's",
            v.roster.sides[v.active_side()].name,
            phase_name(&v.state.phase).to_lowercase(),
            v.label(g)
        )));
    }
    Ok(())
}

// ---- exposure ---------------------------------------------------------------------------------

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
fn expose_column(
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
                effects.push(set_marker(v, u, CROSS_COUNTRY, Some(id)));
                if flag(v, u, ROAD_COLUMN) {
                    effects.push(set_marker(v, u, ROAD_COLUMN, None));
                }
                effects.push(set_marker(v, u, EXPOSED_ON, Some(v.state.turn as i32)));
            }
            format!(
                "; its {n} regiments stand in cross-country column {id}, firing and fighting as one regiment, and may deploy from the following move"
            )
        }
        n => {
            for &u in &regiments {
                for m in [CROSS_COUNTRY, ROAD_COLUMN] {
                    if flag(v, u, m) {
                        effects.push(set_marker(v, u, m, None));
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
fn expose_any(v: &BattleView<'_>, units: &[usize], cause: &str, out: &mut Outcome) {
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
fn stand_param(v: &BattleView<'_>, p: &Params) -> Result<usize, RuleError> {
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

// ---- effects of losses ------------------------------------------------------------------------

/// `n` figures lost by `u`: the hits effect, its removal at nought, and the words.
fn lose(v: &BattleView<'_>, u: usize, n: u32, cause: &str, out: &mut Vec<Effect>) -> String {
    let st = v.unit_state(u);
    let limit = v.info(u).hit_limit;
    let hits = (st.hits + n).min(limit);
    let left = limit - hits;
    out.push(Effect::Hits {
        unit: v.info(u).id.clone(),
        hits,
    });
    if left == 0 {
        out.push(Effect::Removed {
            unit: v.info(u).id.clone(),
            cause: format!("all figures lost ({cause})"),
        });
        format!("{} loses {}: none left, it is gone", v.label(u), figs(n))
    } else {
        format!("{} loses {}: {} left", v.label(u), figs(n), left)
    }
}

fn figs(n: u32) -> String {
    if n == 1 {
        "1 figure".into()
    } else {
        format!("{n} figures")
    }
}

/// `u` retires in confusion for 3 moves, from this move on.
fn retire(v: &BattleView<'_>, u: usize, out: &mut Vec<Effect>) -> String {
    out.push(set_marker(v, u, RETIRING, Some(RETIRE_MOVES)));
    out.push(set_marker(v, u, RETIRING_FROM, Some(v.state.turn as i32)));
    format!(
        "{} retires in confusion: {RETIRE_MOVES} moves (counted down from the end of the next move)",
        v.label(u)
    )
}

/// Replaces a table resolution's "what to do" lines with what the battle did.
fn done(mut r: Resolution, lines: &[String], dice: &dyn DiceSource) -> Resolution {
    r.effects = lines.to_vec();
    // No die thrown (an automatic kill): nobody rolled.
    r.rolled_by_program = dice.is_generated() && !r.faces().is_empty();
    r
}

// ---- prefill ----------------------------------------------------------------------------------

/// Where gun `g` stands above the flat (a hill, a fortress wall) as its last shot gave it: kept
/// until it moves (a gun marked as moved this move stands anew; at the end of the move its place
/// is forgotten unless it fired from there after moving).
fn gun_place(v: &BattleView<'_>, g: usize) -> Option<&'static str> {
    if flag(v, g, MOVED) && !flag(v, g, FIRED) {
        return None;
    }
    let n = usize::try_from(v.marker(g, GUN_ON)?).ok()?;
    GUN_PLACES.get(n.checked_sub(1)?).copied()
}

/// The effect that keeps where gun `g` fired from (`gun-on`), when it is not what it keeps.
fn keep_gun_place(v: &BattleView<'_>, g: usize, p: &Params) -> Option<Effect> {
    let place = p.text("gun-on").unwrap_or("flat");
    let code = GUN_PLACES
        .iter()
        .position(|&x| x == place)
        .map(|i| i as i32 + 1);
    (v.marker(g, GUN_ON) != code).then(|| set_marker(v, g, GUN_ON, code))
}

/// Fills the inputs the battle knows from the units named. Inputs the umpire gave are kept.
pub fn prefill(v: &BattleView<'_>, action: &str, params: &Params) -> Result<Params, RuleError> {
    let mut p = params.clone();
    let int = |n: u32| Value::Int(i64::from(n));
    match action {
        "rifle" => {
            let f = unit_param(v, &p, "firer-unit")?;
            let t = unit_param(v, &p, "target-unit")?;
            fill(&mut p, "firer", text(&v.info(f).kind));
            fill(&mut p, "figures", int(rifle_figures(v, f).max(1)));
            fill(&mut p, "formation", text(formation(v, f).id()));
            fill(&mut p, "target", text(&v.info(t).kind));
            if kind(v.info(t)).is_some_and(Kind::is_gun) {
                fill(&mut p, "at-crew", Value::Bool(true));
            }
        }
        "artillery" => {
            let g = unit_param(v, &p, "gun-unit")?;
            let t = unit_param(v, &p, "target-unit")?;
            fill(&mut p, "gun", text(&v.info(g).kind));
            fill(&mut p, "target", text(&v.info(t).kind));
            fill(&mut p, "moved", Value::Bool(flag(v, g, MOVED)));
            // Where the gun stands, as its last shot gave it, until it moves.
            if let Some(place) = gun_place(v, g) {
                fill(&mut p, "gun-on", text(place));
            }
            if kind(v.info(t)).is_some_and(Kind::is_gun) {
                fill(&mut p, "counter-battery", Value::Bool(true));
                fill(
                    &mut p,
                    "gun-hits",
                    Value::Int(i64::from(v.marker(t, GUN_HITS).unwrap_or(0))),
                );
            }
            if kind(v.info(t)).is_some_and(Kind::is_works) {
                fill(
                    &mut p,
                    "works-hits",
                    Value::Int(i64::from(v.marker(t, WORKS_HITS).unwrap_or(0))),
                );
                if let Some(n) = v.info(t).fields.int("hits_to_destroy") {
                    fill(&mut p, "hits-to-destroy", Value::Int(n));
                }
            }
        }
        "canister" => {
            let g = unit_param(v, &p, "gun-unit")?;
            let t = unit_param(v, &p, "target-unit")?;
            fill(&mut p, "gun", text(&v.info(g).kind));
            fill(&mut p, "target", text(&v.info(t).kind));
            fill(&mut p, "target-figures", int(figures_left(v, t).max(1)));
            fill(&mut p, "moved", Value::Bool(flag(v, g, MOVED)));
        }
        "melee" | "reinforced-melee" => {
            let a = unit_param(v, &p, "attacker-unit")?;
            let d = unit_param(v, &p, "defender-unit")?;
            fill(&mut p, "attacker", text(&v.info(a).kind));
            fill(&mut p, "attacker-figures", int(figures_left(v, a).max(1)));
            fill(&mut p, "defender", text(&v.info(d).kind));
            fill(&mut p, "defender-figures", int(figures_left(v, d).max(1)));
            if action == "melee" {
                fill(&mut p, "defender-formation", text(formation(v, d).id()));
            } else {
                let r = unit_param(v, &p, "reinforcement-unit")?;
                fill(&mut p, "reinforcement", text(&v.info(r).kind));
                fill(
                    &mut p,
                    "reinforcement-figures",
                    int(figures_left(v, r).max(1)),
                );
                let side = if fights_for(v, r) == fights_for(v, a) {
                    "attacker"
                } else {
                    "defender"
                };
                p.set("reinforcing-side", text(side));
            }
        }
        "melee-crew" => {
            let a = unit_param(v, &p, "attacker-unit")?;
            fill(&mut p, "attacker", text(&v.info(a).kind));
        }
        "lc-morale" => {
            let c = unit_param(v, &p, "cavalry-unit")?;
            let o = unit_param(v, &p, "opponent-unit")?;
            fill(&mut p, "cavalry-figures", int(figures_left(v, c).max(1)));
            fill(&mut p, "opponent", text(&v.info(o).kind));
            fill(&mut p, "opponent-figures", int(figures_left(v, o).max(1)));
        }
        _ => {}
    }
    let def = find_action(&Scruby, action)?;
    p.fill_defaults(def.params)?;
    Ok(p)
}

/// Whether an input of `action` can matter given the inputs so far: `--with` names a
/// cross-country column's regiments (not asked for another formation); a crewless gun is held
/// `--by` a unit or by `--nobody`, not both.
pub fn input_applies(
    _v: &BattleView<'_>,
    action: &str,
    input: &crate::declare::ParamDef,
    given: &Params,
) -> bool {
    match (action, input.name) {
        ("form", "with") => given
            .text("formation")
            .is_none_or(|f| f == Formation::CrossCountry.id()),
        ("hold-gun", "by") => !given.flag("nobody"),
        ("hold-gun", "nobody") => given.text("by").is_none(),
        _ => true,
    }
}

/// Exact odds of a battle action, after the same checks as the action itself.
pub fn odds(v: &BattleView<'_>, action: &str, params: &Params) -> Result<OddsReport, RuleError> {
    let p = prefill(v, action, params)?;
    let mut friend = None;
    match action {
        "rifle" => {
            let (f, t) = rifle_units(v, &p)?;
            friend = melee_friend(v, &p, f, t, true)?;
        }
        "artillery" | "canister" => {
            let (g, t) = gun_units(v, &p, action)?;
            friend = melee_friend(v, &p, g, t, at_troops(v, t)?)?;
        }
        "melee" => melee_units(v, &p, false).map(|_| ())?,
        "reinforced-melee" => melee_units(v, &p, true).map(|_| ())?,
        "melee-crew" => crew_units(v, &p).map(|_| ())?,
        "lc-morale" => lc_units(v, &p).map(|_| ())?,
        other => {
            return Err(RuleError::refused(format!(
                "nothing is rolled for `{other}`"
            )));
        }
    }
    let mut report = (&Scruby as &dyn Ruleset).odds(action, &p, v.options)?;
    if let Some(fr) = friend {
        // The friend loses a figure whenever the fire kills: the canister's kill, the table's
        // kill, or the crew.
        let p_kill = ["p_canister_kill", "p_kill", "p_crew_killed"]
            .iter()
            .find_map(|k| report.extra.get(*k).copied())
            .unwrap_or(0.0);
        report.notes.push(into_melee(v, fr));
        report
            .extra
            .insert("expected_friend_losses".to_string(), p_kill);
    }
    Ok(report)
}

/// True when `t` is troops (a regiment or squadron), whose men a gun's fire kills.
fn at_troops(v: &BattleView<'_>, t: usize) -> Result<bool, RuleError> {
    let k = kind_of(v, t)?;
    Ok(k.is_infantry() || k.is_cavalry())
}

// ---- the procedures ---------------------------------------------------------------------------

/// Carries out a battle action.
pub fn act(
    v: &BattleView<'_>,
    action: &str,
    params: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let p = prefill(v, action, params)?;
    let s = Settings::from_options(v.options);
    match action {
        "rifle" => act_rifle(v, &p, &s, dice),
        "artillery" => act_artillery(v, &p, &s, dice),
        "canister" => act_canister(v, &p, &s, dice),
        "melee" => act_melee(v, &p, &s, dice, false),
        "reinforced-melee" => act_melee(v, &p, &s, dice, true),
        "melee-crew" => act_crew(v, &p, &s, dice),
        "lc-morale" => act_lc(v, &p, &s, dice),
        "expose" => act_expose(v, &p),
        "deploy" => act_deploy(v, &p),
        "form" => act_form(v, &p),
        "take-hq" => act_take_hq(v, &p),
        "hold-gun" => act_hold_gun(v, &p),
        other => Err(RuleError::refused(format!(
            "`{other}` is not a battle action in scruby"
        ))),
    }
}

fn rifle_units(v: &BattleView<'_>, p: &Params) -> Result<(usize, usize), RuleError> {
    in_phase(v, "Rifle fire", &[PH_RIFLE])?;
    let f = unit_param(v, p, "firer-unit")?;
    let t = unit_param(v, p, "target-unit")?;
    // Fire is simultaneous: a regiment that lost its last figure in this rifle fire still fires.
    not_works(v, f, true)?;
    not_works(v, t, false)?;
    if !(v.unit_state(f).removed.is_some() && v.marker(f, RIFLE_LOST).is_some()) {
        may_start(v, f, "fire")?;
    } else if let Some(left) = v.marker(f, RETIRING) {
        return Err(RuleError::refused(format!(
            "{} is retiring ({left} moves left): it may not fire",
            v.label(f)
        )));
    }
    if !kind_of(v, f)?.is_infantry() {
        return Err(RuleError::refused(format!(
            "{} has no rifles: only infantry regiments fire",
            v.label(f)
        )));
    }
    not_fired(v, f)?;
    column_not_fired(v, f)?;
    on_table(v, t)?;
    not_headquarters(v, t, "fired on (rifle, canister or cannon)")?;
    enemies(v, f, t)?;
    if kind_of(v, t)?.is_gun() && flag(v, t, CREW_KILLED) {
        return Err(RuleError::refused(format!(
            "{} has no crew left to fire at",
            v.label(t)
        )));
    }
    // Fired on from its flank, a unit gets no return fire at that firer this move.
    if flag(v, t, FLANK_FIRE) && v.marker(t, FIRED_AT) == Some(roster_number(f)) {
        return Err(RuleError::refused(format!(
            "{} was fired on from its flank by {} this move: it gets no return fire at {}",
            v.label(f),
            v.label(t),
            v.info(t).id
        )));
    }
    if p.flag("flank") && v.marker(t, FIRED_AT) == Some(roster_number(f)) {
        return Err(RuleError::refused(format!(
            "{} has already fired at {} this move, but fired on from its flank it gets no return fire at {}: take that fire back (undo) first, or fire without --flank",
            v.label(t),
            v.label(f),
            v.info(f).id
        )));
    }
    Ok((f, t))
}

fn act_rifle(
    v: &BattleView<'_>,
    p: &Params,
    s: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let (f, t) = rifle_units(v, p)?;
    let friend = melee_friend(v, p, f, t, true)?;
    let shot = fire::RifleFire::from_params(p)?;
    let (mut r, kill) = fire::resolve(&shot, s, dice)?;
    let mut out = Outcome::default();
    out.effects.push(set_marker(v, f, FIRED, Some(1)));
    out.effects
        .push(set_marker(v, f, FIRED_AT, Some(roster_number(t))));
    if p.flag("flank") {
        out.effects.push(set_marker(v, f, FLANK_FIRE, Some(1)));
    }
    let mut lines = Vec::new();
    let (fl, tl) = (v.info(f).id.clone(), v.info(t).id.clone());
    if shot.at_gun() {
        if kill {
            out.effects.push(set_marker(v, t, CREW_KILLED, Some(1)));
            held_by_nobody(v, t, &mut out.effects);
            lines.push(format!(
                "{}'s crew is killed: the gun can neither fire nor move; nobody holds it yet (hold-gun says who does), and the side that holds it 3 consecutive moves re-mans it",
                v.label(t)
            ));
        } else {
            lines.push(format!("{}'s crew survives", v.label(t)));
        }
        out.summary = format!(
            "{fl} fires at {tl}'s crew: {}",
            if kill { "crew killed" } else { "no kill" }
        );
    } else {
        if kill {
            lines.push(lose(v, t, 1, "rifle fire", &mut out.effects));
            let lost = v.marker(t, RIFLE_LOST).unwrap_or(0) + 1;
            out.effects.push(set_marker(v, t, RIFLE_LOST, Some(lost)));
        } else {
            lines.push(format!("{} loses no figure", v.label(t)));
        }
        out.summary = format!(
            "{fl} fires at {tl}: {}",
            if kill { "one figure killed" } else { "no kill" }
        );
    }
    if let Some(fr) = friend {
        r.context.push(into_melee(v, fr));
        if kill {
            lines.push(friend_loses(v, fr, &mut out.effects));
        }
    }
    if p.flag("flank") {
        out.prompts.push(format!(
            "{tl} is fired on from its flank: it gets no return fire at {fl} this move (refused)"
        ));
    }
    expose_any(v, &[t], "fired on by rifles", &mut out);
    out.resolutions.push(done(r, &lines, dice));
    Ok(out)
}

fn gun_units(v: &BattleView<'_>, p: &Params, action: &str) -> Result<(usize, usize), RuleError> {
    in_phase(
        v,
        if action == "canister" {
            "Canister"
        } else {
            "Cannon fire"
        },
        &[PH_FIRST_CANNON, PH_SECOND_CANNON],
    )?;
    let g = unit_param(v, p, "gun-unit")?;
    let t = unit_param(v, p, "target-unit")?;
    gun_may_fire(v, g)?;
    on_table(v, t)?;
    not_headquarters(v, t, "fired on (rifle, canister or cannon)")?;
    if fights_for(v, t) == gun_side(v, g) {
        return Err(RuleError::refused(format!(
            "{} and {} are on the same side",
            v.label(g),
            v.label(t)
        )));
    }
    if action == "canister" && kind_of(v, t)?.is_works() {
        return Err(RuleError::refused(format!(
            "canister is fired only at troops: {} is a wall, fortress or ship; fire `artillery` at it ({})",
            v.label(t),
            super::tables::ONLY_ARTILLERY
        )));
    }
    if action == "canister" && !kind_of(v, t)?.is_infantry() && !kind_of(v, t)?.is_cavalry() {
        return Err(RuleError::refused(format!(
            "canister is fired only at troops: {} is a {}",
            v.label(t),
            v.info(t).kind
        )));
    }
    Ok((g, t))
}

fn act_artillery(
    v: &BattleView<'_>,
    p: &Params,
    s: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let (g, t) = gun_units(v, p, "artillery")?;
    let friend = melee_friend(v, p, g, t, at_troops(v, t)?)?;
    let b = artillery::Bombardment::from_params(p)?;
    let (mut r, result) = artillery::resolve(&b, s, dice)?;
    let mut out = Outcome::default();
    out.effects.push(set_marker(v, g, FIRED, Some(1)));
    out.effects.extend(keep_gun_place(v, g, p));
    let mut lines = Vec::new();
    match result {
        artillery::ArtilleryResult::Kill => {
            lines.push(lose(v, t, 1, "artillery", &mut out.effects));
            if let Some(fr) = friend {
                lines.push(friend_loses(v, fr, &mut out.effects));
            }
        }
        artillery::ArtilleryResult::Retire => {
            lines.push(retire(v, t, &mut out.effects));
        }
        artillery::ArtilleryResult::NoEffect => lines.push("no effect".into()),
        artillery::ArtilleryResult::Hit(n) => {
            out.effects
                .push(set_marker(v, t, GUN_HITS, Some(i32::from(n))));
            lines.push(format!(
                "{} takes a counter-battery hit: {n} of 3",
                v.label(t)
            ));
        }
        artillery::ArtilleryResult::Destroyed => {
            out.effects.push(set_marker(v, t, GUN_HITS, Some(3)));
            out.effects.push(Effect::Removed {
                unit: v.info(t).id.clone(),
                cause: "destroyed by counter-battery fire".into(),
            });
            lines.push(format!(
                "{} takes its third hit: the gun is destroyed at once and does not fire back",
                v.label(t)
            ));
        }
        artillery::ArtilleryResult::WorksHit { hits, of } => {
            out.effects
                .push(set_marker(v, t, WORKS_HITS, Some(i32::from(hits))));
            lines.push(format!(
                "{} takes a hit: {hits} of the {of} that destroy it",
                v.label(t)
            ));
        }
        artillery::ArtilleryResult::WorksDestroyed { of } => {
            out.effects
                .push(set_marker(v, t, WORKS_HITS, Some(i32::from(of))));
            out.effects.push(Effect::Removed {
                unit: v.info(t).id.clone(),
                cause: "destroyed by artillery fire".into(),
            });
            lines.push(format!(
                "{} takes hit {of} of {of}: destroyed, it is removed from the table",
                v.label(t)
            ));
        }
    }
    if let Some(fr) = friend {
        r.context.push(into_melee(v, fr));
    }
    out.summary = format!(
        "{} fires at {}: {}",
        v.info(g).id,
        v.info(t).id,
        result.words().to_lowercase()
    );
    expose_any(v, &[t], "fired on by cannon", &mut out);
    out.resolutions.push(done(r, &lines, dice));
    Ok(out)
}

fn act_canister(
    v: &BattleView<'_>,
    p: &Params,
    s: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let (g, t) = gun_units(v, p, "canister")?;
    let friend = melee_friend(v, p, g, t, true)?;
    if p.flag("return-fire") {
        if !kind_of(v, t)?.is_infantry() {
            return Err(RuleError::refused(format!(
                "{} has no rifles to fire back with: only infantry return canister",
                v.label(t)
            )));
        }
        if let Some(left) = v.marker(t, RETIRING) {
            return Err(RuleError::refused(format!(
                "{} is retiring ({left} moves left): it may not fire back",
                v.label(t)
            )));
        }
        not_fired(v, t)?;
        column_not_fired(v, t)?;
    }
    let c = artillery::Canister::from_params(p)?;
    let (mut r, end) = artillery::resolve_canister(&c, s, dice)?;
    let mut out = Outcome::default();
    out.effects.push(set_marker(v, g, FIRED, Some(1)));
    let mut lines = Vec::new();
    if let Some(fr) = friend {
        r.context.push(into_melee(v, fr));
    }
    if end.killed {
        lines.push(lose(v, t, 1, "canister", &mut out.effects));
        if let Some(fr) = friend {
            lines.push(friend_loses(v, fr, &mut out.effects));
        }
    } else {
        lines.push(format!("{} loses no figure", v.label(t)));
    }
    if end.crew_killed.is_some() {
        out.effects
            .push(set_marker(v, t, FIRED_AT, Some(roster_number(g))));
    }
    match end.crew_killed {
        Some(true) => {
            out.effects.push(set_marker(v, g, CREW_KILLED, Some(1)));
            held_by_nobody(v, g, &mut out.effects);
            out.effects.push(set_marker(v, t, FIRED, Some(1)));
            lines.push(format!(
                "{}'s return fire kills the crew of {}: the canister kill stands; nobody holds the gun yet (hold-gun says who does), and the side that holds it 3 consecutive moves re-mans it",
                v.info(t).id,
                v.label(g)
            ));
        }
        Some(false) => {
            out.effects.push(set_marker(v, t, FIRED, Some(1)));
            lines.push(format!(
                "{}'s return fire misses the crew (it was its rifle fire for the move)",
                v.info(t).id
            ));
        }
        None => {}
    }
    out.summary = format!(
        "{} fires canister at {}: {}",
        v.info(g).id,
        v.info(t).id,
        end.words()
    );
    expose_any(v, &[t], "fired on by cannon", &mut out);
    out.resolutions.push(done(r, &lines, dice));
    Ok(out)
}

type MeleeUnits = (usize, usize, Option<usize>);

fn melee_units(v: &BattleView<'_>, p: &Params, reinforced: bool) -> Result<MeleeUnits, RuleError> {
    in_phase(v, "Melee", &[PH_MELEE])?;
    let a = unit_param(v, p, "attacker-unit")?;
    let d = unit_param(v, p, "defender-unit")?;
    not_works(v, a, true)?;
    not_works(v, d, false)?;
    may_start_melee(v, a)?;
    on_table(v, d)?;
    enemies(v, a, d)?;
    for u in [a, d] {
        not_headquarters(v, u, "meleed")?;
        if !kind_of(v, u)?.is_infantry() && !kind_of(v, u)?.is_cavalry() {
            return Err(RuleError::refused(format!(
                "{} is not a regiment or squadron: attack a gun with melee-crew",
                v.label(u),
            )));
        }
    }
    let r = if reinforced {
        let r = unit_param(v, p, "reinforcement-unit")?;
        not_works(v, r, true)?;
        if r == a || r == d {
            return Err(RuleError::refused(
                "the reinforcing stand must be a third stand",
            ));
        }
        on_table(v, r)?;
        regiment_or_squadron(v, r, "reinforces a melee")?;
        if let Some(left) = v.marker(r, RETIRING) {
            return Err(RuleError::refused(format!(
                "{} is retiring ({left} move{} left): it may not reinforce a melee",
                v.label(r),
                if left == 1 { "" } else { "s" }
            )));
        }
        may_start(v, r, "join a melee")?;
        Some(r)
    } else {
        None
    };
    Ok((a, d, r))
}

fn may_start_melee(v: &BattleView<'_>, a: usize) -> Result<(), RuleError> {
    may_start(v, a, "start a melee")
}

fn act_melee(
    v: &BattleView<'_>,
    p: &Params,
    s: &Settings,
    dice: &mut dyn DiceSource,
    reinforced: bool,
) -> Result<Outcome, RuleError> {
    let (a, d, r) = melee_units(v, p, reinforced)?;
    let m = melee::Melee::from_params(p, reinforced)?;
    let (res, end) = melee::resolve(&m, s, dice)?;
    let mut out = Outcome::default();
    let mut lines = Vec::new();
    let mut stands = vec![(a, end.attacker_left), (d, end.defender_left)];
    if let (Some(r), Some(left)) = (r, end.reinforcement_left) {
        stands.push((r, left));
    }
    for &(u, left) in &stands {
        let lost = figures_left(v, u).saturating_sub(u32::from(left));
        if lost > 0 {
            lines.push(lose(v, u, lost, "melee", &mut out.effects));
        }
    }
    let a_side = fights_for(v, a);
    let losers: Vec<usize> = if end.result.attacker_holds() {
        stands
            .iter()
            .filter(|&&(u, left)| left > 0 && fights_for(v, u) != a_side)
            .map(|&(u, _)| u)
            .collect()
    } else if end.result.defender_holds() {
        stands
            .iter()
            .filter(|&&(u, left)| left > 0 && fights_for(v, u) == a_side)
            .map(|&(u, _)| u)
            .collect()
    } else {
        Vec::new()
    };
    for u in losers {
        lines.push(retire(v, u, &mut out.effects));
    }
    // Light cavalry met by heavy cavalry (of the other side): the melee's morale throw decides,
    // and the loser's screened column, if any, is exposed.
    let side_has = |attacking: bool, k: Kind| {
        stands
            .iter()
            .any(|&(u, _)| (fights_for(v, u) == a_side) == attacking && kind(v.info(u)) == Some(k))
    };
    let met = (side_has(true, Kind::LightCavalry) && side_has(false, Kind::HeavyCavalry))
        || (side_has(false, Kind::LightCavalry) && side_has(true, Kind::HeavyCavalry));
    if s.concealment && met {
        let lost_by = |u: usize| {
            (end.result.attacker_holds() && fights_for(v, u) != a_side)
                || (end.result.defender_holds() && fights_for(v, u) == a_side)
        };
        for &(u, _) in stands.iter().filter(|&&(u, _)| lost_by(u)) {
            out.prompts.push(format!(
                "if {} was screening a concealed column, losing this melee exposes it: expose the column (expose, cause scouting)",
                v.label(u)
            ));
        }
    }
    let (al, dl) = (v.info(a).id.as_str(), v.info(d).id.as_str());
    out.summary = format!(
        "{}melee {al} against {dl}: {}",
        if reinforced { "reinforced " } else { "" },
        end.result.phrase(al, dl)
    );
    let all: Vec<usize> = stands.iter().map(|&(u, _)| u).collect();
    expose_any(v, &all, "attacked in melee", &mut out);
    out.resolutions.push(done(res, &lines, dice));
    Ok(out)
}

fn crew_units(v: &BattleView<'_>, p: &Params) -> Result<(usize, usize), RuleError> {
    in_phase(v, "A melee against a gun's crew", &[PH_MELEE])?;
    let a = unit_param(v, p, "attacker-unit")?;
    let g = unit_param(v, p, "gun-unit")?;
    not_works(v, a, true)?;
    not_works(v, g, false)?;
    may_start_melee(v, a)?;
    regiment_or_squadron(v, a, "attacks a gun's crew")?;
    on_table(v, g)?;
    if !kind_of(v, g)?.is_gun() {
        return Err(RuleError::refused(format!("{} is not a gun", v.label(g))));
    }
    if fights_for(v, a) == fights_for(v, g) {
        return Err(RuleError::refused(format!(
            "{} and {} are on the same side",
            v.label(a),
            v.label(g)
        )));
    }
    if flag(v, g, CREW_KILLED) {
        return Err(RuleError::refused(format!(
            "{} has no crew to fight: say who holds the crewless gun with hold-gun",
            v.label(g)
        )));
    }
    Ok((a, g))
}

fn act_crew(
    v: &BattleView<'_>,
    p: &Params,
    s: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let (a, g) = crew_units(v, p)?;
    let c = crew::CrewMelee::from_params(p)?;
    let (r, result) = crew::resolve_crew(&c, s, dice)?;
    let mut out = Outcome::default();
    let mut lines = Vec::new();
    match result {
        crew::CrewMeleeResult::Saved => {
            lines.push(retire(v, a, &mut out.effects));
            lines.push(format!("{} is saved", v.label(g)));
        }
        crew::CrewMeleeResult::Captured => {
            let holder = fights_for(v, a);
            out.effects.push(set_marker(v, g, CREW_KILLED, Some(1)));
            out.effects
                .push(set_marker(v, g, CAPTURED, Some(holder as i32 + 1)));
            out.effects
                .push(set_marker(v, g, CAPTURED_ON, Some(v.state.turn as i32)));
            out.effects.push(set_marker(v, g, HELD, Some(0)));
            lines.push(format!(
                "{}'s crew is killed and the gun captured by {}: it re-mans the gun once it has held it {HOLD_TO_REMAN} consecutive moves",
                v.label(g),
                v.roster.sides[holder].name,
            ));
        }
    }
    out.summary = format!(
        "{} attacks the crew of {}: {}",
        v.info(a).id,
        v.info(g).id,
        result.words().to_lowercase()
    );
    expose_any(v, &[g], "attacked in melee", &mut out);
    out.resolutions.push(done(r, &lines, dice));
    Ok(out)
}

fn lc_units(v: &BattleView<'_>, p: &Params) -> Result<(usize, usize), RuleError> {
    in_phase(v, "Light cavalry's morale combat", &[PH_MOVEMENT, PH_MELEE])?;
    let c = unit_param(v, p, "cavalry-unit")?;
    let o = unit_param(v, p, "opponent-unit")?;
    not_works(v, c, true)?;
    not_works(v, o, false)?;
    on_table(v, c)?;
    on_table(v, o)?;
    not_headquarters(v, o, "fought")?;
    enemies(v, c, o)?;
    if let Some(left) = v.marker(c, RETIRING) {
        return Err(RuleError::refused(format!(
            "{} is retiring ({left} move{} left): it may not start a morale combat",
            v.label(c),
            if left == 1 { "" } else { "s" }
        )));
    }
    if let Some(left) = v.marker(o, RETIRING) {
        return Err(RuleError::refused(format!(
            "{} is retiring ({left} move{} left): it takes no part in a morale combat it did not start",
            v.label(o),
            if left == 1 { "" } else { "s" }
        )));
    }
    if v.unit_state(o).concealed {
        return Err(RuleError::refused(format!(
            "{} is concealed behind stand {}: its column must be exposed (or its screen driven off) before the scouts meet it",
            v.label(o),
            column_number(v, o)
        )));
    }
    if kind_of(v, c)? != Kind::LightCavalry {
        return Err(RuleError::refused(format!(
            "{} is not light cavalry: the morale combat is the scouts'",
            v.label(c)
        )));
    }
    if !v.options.bool("concealment") {
        return Err(RuleError::refused(
            "the light-cavalry morale combat is part of the concealment rules (option concealment is off)",
        ));
    }
    Ok((c, o))
}

fn act_lc(
    v: &BattleView<'_>,
    p: &Params,
    s: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let (c, o) = lc_units(v, p)?;
    let m = scouts::LcMorale::from_params(p)?;
    let (r, end) = scouts::resolve_lc(&m, s, dice)?;
    let mut out = Outcome::default();
    let mut lines = Vec::new();
    let lost = figures_left(v, c).saturating_sub(u32::from(end.cavalry_left));
    if lost > 0 {
        lines.push(lose(
            v,
            c,
            lost,
            &format!("fire of {}", v.info(o).id),
            &mut out.effects,
        ));
    }
    let (cl, ol) = (v.info(c).id.clone(), v.info(o).id.clone());
    let result = match end.result {
        scouts::LcResult::CavalryHold => {
            lines.push(retire(v, o, &mut out.effects));
            out.prompts.push(format!(
                "if {ol} was screening a concealed column, the screen is driven off: expose the column (expose, cause scouting)"
            ));
            format!("{cl} hold, {ol} retires 3 moves")
        }
        scouts::LcResult::OpponentHolds => {
            lines.push(retire(v, c, &mut out.effects));
            format!("{ol} holds, {cl} retire 3 moves")
        }
        scouts::LcResult::BothHold => "both hold".to_string(),
        scouts::LcResult::CavalryWipedOut => format!("{cl} are wiped out"),
    };
    out.summary = format!("{cl} meet {ol} (light-cavalry morale combat): {result}");
    out.resolutions.push(done(r, &lines, dice));
    Ok(out)
}

fn act_expose(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    if v.state.phase == PH_INITIATIVE || v.state.phase == PH_END {
        in_phase(
            v,
            "An exposure",
            &[
                PH_MOVEMENT,
                PH_FIRST_CANNON,
                PH_SECOND_CANNON,
                PH_RIFLE,
                PH_MELEE,
            ],
        )?;
    }
    let column = stand_param(v, p)?;
    let col = &v.roster.columns[column];
    let cause_id = p
        .text("cause")
        .ok_or_else(|| crate::declare::ParamError::Missing {
            param: "cause".into(),
            help: "why the column is exposed".into(),
        })?;
    if !col.units.iter().any(|&u| v.unit_state(u).concealed) {
        return Err(RuleError::refused(format!(
            "{}'s stand {} is already exposed",
            v.roster.sides[col.side].name, col.number
        )));
    }
    let cause = match cause_id {
        "vision" => "an enemy within 16\" (vision range) of the unscreened stand",
        "cannon" => "fired on by cannon while unscreened",
        "rifle" => "fired on by rifles while unscreened",
        "melee" => "attacked in melee while unscreened",
        _ => "found by scouts",
    };
    let mut out = Outcome::default();
    let (effects, words) = expose_column(v, column, cause, &mut Vec::new());
    out.effects = effects;
    out.summary = words;
    if let Some(id) = p.text("scout") {
        let sc = v.unit(id)?;
        on_table(v, sc)?;
        if kind_of(v, sc)? != Kind::LightCavalry {
            return Err(RuleError::refused(format!(
                "{} is not light cavalry: only light cavalry scout",
                v.label(sc)
            )));
        }
        if v.info(sc).side == col.side {
            return Err(RuleError::refused(format!(
                "{} is on the same side as the stand",
                v.label(sc)
            )));
        }
        if p.flag("scout-stays") {
            out.prompts.push(format!(
                "{} stays on the table for the other columns it was sent against",
                v.label(sc)
            ));
        } else {
            out.effects.push(Effect::Removed {
                unit: v.info(sc).id.clone(),
                cause: format!(
                    "left the table after exposing {}'s stand {}",
                    v.roster.sides[col.side].name, col.number
                ),
            });
            out.prompts.push(format!(
                "{} has exposed the column it was sent against and leaves the table",
                v.label(sc)
            ));
        }
    }
    Ok(out)
}

fn act_deploy(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    in_phase(v, "Deploying into line", &[PH_MOVEMENT])?;
    let column = stand_param(v, p)?;
    let col = &v.roster.columns[column];
    let mut chosen = Vec::new();
    for id in p.list("units") {
        let u = v.unit(id)?;
        if !col.units.contains(&u) {
            return Err(RuleError::refused(format!(
                "{} is not in stand {}'s list",
                v.label(u),
                col.number
            )));
        }
        if !v.unit_state(u).concealed {
            return Err(RuleError::refused(format!(
                "{} is already exposed",
                v.label(u)
            )));
        }
        if !kind_of(v, u)?.is_infantry() {
            return Err(RuleError::refused(format!(
                "{} is not an infantry regiment: only regiments deploy into line",
                v.label(u)
            )));
        }
        if !chosen.contains(&u) {
            chosen.push(u);
        }
    }
    if chosen.len() < 3 {
        return Err(RuleError::refused(format!(
            "a line deployed from a concealed column holds at least 3 regiments ({} named)",
            chosen.len()
        )));
    }
    let mut out = Outcome::default();
    for &u in &chosen {
        out.effects.push(Effect::Exposed {
            unit: v.info(u).id.clone(),
            cause: "deployed into line".into(),
        });
        for m in [ROAD_COLUMN, CROSS_COUNTRY] {
            if flag(v, u, m) {
                out.effects.push(set_marker(v, u, m, None));
            }
        }
    }
    let rest = col
        .units
        .iter()
        .filter(|&&u| v.unit_state(u).concealed && !chosen.contains(&u))
        .count();
    let names: Vec<String> = chosen.iter().map(|&u| v.info(u).id.clone()).collect();
    out.summary = format!(
        "{}'s stand {} deploys {} into line: {}",
        v.roster.sides[col.side].name,
        col.number,
        names.join(", "),
        // How many stay hidden is the owner's secret: the enemy sees only that some may.
        if rest == 0 {
            "the whole column is exposed"
        } else {
            "the rest of the column stays concealed behind them"
        }
    );
    Ok(out)
}

fn act_form(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    in_phase(v, "A change of formation", &[PH_MOVEMENT])?;
    let u = unit_param(v, p, "unit")?;
    on_table(v, u)?;
    if !kind_of(v, u)?.is_infantry() {
        return Err(RuleError::refused(format!(
            "{} is not an infantry regiment: only regiments change formation",
            v.label(u)
        )));
    }
    let to = p
        .text("formation")
        .and_then(Formation::parse)
        .ok_or_else(|| crate::declare::ParamError::Missing {
            param: "formation".into(),
            help: "line, road-column or cross-country".into(),
        })?;
    if v.unit_state(u).concealed {
        return form_concealed(v, u, to);
    }
    if to == Formation::CrossCountry {
        return form_column(v, p, u);
    }
    if !p.list("with").is_empty() {
        return Err(RuleError::refused(
            "--with names the other regiments of a cross-country column: only with --formation cross-country",
        ));
    }
    let from = formation(v, u);
    if from == to {
        return Err(RuleError::refused(format!(
            "{} is already {}",
            v.label(u),
            to.words()
        )));
    }
    if from == Formation::CrossCountry && v.marker(u, EXPOSED_ON) == Some(v.state.turn as i32) {
        return Err(RuleError::refused(format!(
            "{} was exposed this move and placed in cross-country column: it may deploy from the following move",
            v.label(u)
        )));
    }
    let mut out = Outcome::default();
    let mut lines = Vec::new();
    if let Some(id) = v.marker(u, CROSS_COUNTRY) {
        out.effects.push(set_marker(v, u, CROSS_COUNTRY, None));
        // Fewer than 3 regiments left are no cross-country column: they stand in line.
        let rest: Vec<usize> = column_members(v, id)
            .into_iter()
            .filter(|&o| o != u)
            .collect();
        if !rest.is_empty() && rest.len() < 3 {
            for &o in &rest {
                out.effects.push(set_marker(v, o, CROSS_COUNTRY, None));
            }
            let ids: Vec<&str> = rest.iter().map(|&o| v.info(o).id.as_str()).collect();
            lines.push(format!(
                "{} {} no cross-country column without it (3 or more regiments are one): in line",
                ids.join(" and "),
                if rest.len() == 1 { "is" } else { "are" }
            ));
        }
    }
    if flag(v, u, ROAD_COLUMN) != (to == Formation::RoadColumn) {
        out.effects.push(set_marker(
            v,
            u,
            ROAD_COLUMN,
            (to == Formation::RoadColumn).then_some(1),
        ));
    }
    out.summary = format!("{}: {} → {}", v.info(u).id, from.words(), to.words());
    if !lines.is_empty() {
        out.summary = format!("{}; {}", out.summary, lines.join("; "));
    }
    Ok(out)
}

/// A concealed regiment moves in its column, or dispersed in a forest while still concealed;
/// never in road column. Its column is its stand's (exposure places the stand's regiments in
/// column, or in line when fewer than 3, whatever they were).
fn form_concealed(v: &BattleView<'_>, u: usize, to: Formation) -> Result<Outcome, RuleError> {
    let number = column_number(v, u);
    if to == Formation::RoadColumn {
        return Err(RuleError::refused(format!(
            "{} is concealed behind stand {number}: a concealed column never moves in road column (only in cross-country column, or dispersed in a forest)",
            v.label(u)
        )));
    }
    let from = if flag(v, u, CROSS_COUNTRY) {
        Formation::CrossCountry
    } else {
        Formation::Line
    };
    if from == to {
        return Err(RuleError::refused(format!(
            "{} is already {}",
            v.label(u),
            to.words()
        )));
    }
    let mut out = Outcome::default();
    let value = match to {
        Formation::CrossCountry => {
            let stand = v.roster.column_of(u);
            let mate = (0..v.roster.units.len())
                .filter(|&o| o != u && v.roster.column_of(o) == stand && v.unit_state(o).concealed)
                .find_map(|o| v.marker(o, CROSS_COUNTRY));
            Some(mate.unwrap_or_else(|| new_column_id(v, &[])))
        }
        _ => None,
    };
    out.effects.push(set_marker(v, u, CROSS_COUNTRY, value));
    out.summary = format!(
        "{}: {} → {} (concealed behind stand {number}: {})",
        v.info(u).id,
        from.words(),
        to.words(),
        if to == Formation::Line {
            "dispersed, in a forest"
        } else {
            "in its column again"
        }
    );
    Ok(out)
}

/// `u` and the regiments `--with` names (with every regiment of a column among them) form one
/// cross-country column: 3 or more regiments of one side, stand to stand.
fn form_column(v: &BattleView<'_>, p: &Params, u: usize) -> Result<Outcome, RuleError> {
    let mut named = vec![u];
    for id in p.list("with") {
        let o = v.unit(id)?;
        if named.contains(&o) {
            continue;
        }
        on_table(v, o)?;
        if !kind_of(v, o)?.is_infantry() {
            return Err(RuleError::refused(format!(
                "{} is not an infantry regiment: only regiments form a cross-country column",
                v.label(o)
            )));
        }
        if v.info(o).side != v.info(u).side {
            return Err(RuleError::refused(format!(
                "{} is not on {}'s side",
                v.label(o),
                v.info(u).id
            )));
        }
        if v.unit_state(o).concealed {
            return Err(RuleError::refused(format!(
                "{} is concealed behind stand {}: it joins a column on the table only once exposed",
                v.label(o),
                column_number(v, o)
            )));
        }
        named.push(o);
    }
    // A regiment already in a column brings its column.
    let mut members = named.clone();
    let mut ids: Vec<i32> = Vec::new();
    for &o in &named {
        if let Some(id) = v.marker(o, CROSS_COUNTRY) {
            if !ids.contains(&id) {
                ids.push(id);
            }
            for m in column_members(v, id) {
                if !members.contains(&m) {
                    members.push(m);
                }
            }
        }
    }
    if members.len() < 3 {
        return Err(RuleError::refused(format!(
            "a cross-country column is 3 or more regiments stand to stand: name the others with --with ({} named)",
            members.len()
        )));
    }
    let id = ids
        .first()
        .copied()
        .unwrap_or_else(|| new_column_id(v, &[]));
    if members
        .iter()
        .all(|&m| v.marker(m, CROSS_COUNTRY) == Some(id))
    {
        return Err(RuleError::refused(format!(
            "{} {} already in cross-country column {id}",
            members
                .iter()
                .map(|&m| v.info(m).id.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            if members.len() == 1 { "is" } else { "are" }
        )));
    }
    let mut out = Outcome::default();
    for &m in &members {
        if v.marker(m, CROSS_COUNTRY) != Some(id) {
            out.effects.push(set_marker(v, m, CROSS_COUNTRY, Some(id)));
        }
        if flag(v, m, ROAD_COLUMN) {
            out.effects.push(set_marker(v, m, ROAD_COLUMN, None));
        }
    }
    let names: Vec<&str> = members.iter().map(|&m| v.info(m).id.as_str()).collect();
    out.summary = format!(
        "{} form cross-country column {id}: {} regiments stand to stand, fighting as one regiment",
        names.join(", "),
        members.len()
    );
    Ok(out)
}

fn act_take_hq(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    let hq = unit_param(v, p, "hq")?;
    let by = unit_param(v, p, "by")?;
    if kind_of(v, hq)? != Kind::Headquarters {
        return Err(RuleError::refused(format!(
            "{} is not a headquarters",
            v.label(hq)
        )));
    }
    on_table(v, hq)?;
    on_table(v, by)?;
    regiment_or_squadron(
        v,
        by,
        "takes a headquarters, by reaching it (not a gun or another headquarters)",
    )?;
    let lost = flag(v, hq, HQ_LOST);
    let own = fights_for(v, by) == v.info(hq).side;
    let mut out = Outcome::default();
    match (own, lost) {
        (false, false) => {
            may_start(v, by, "take a headquarters")?;
            out.effects.push(set_marker(v, hq, HQ_LOST, Some(1)));
            out.summary = format!(
                "{} takes {}: {} has lost it",
                v.info(by).id,
                v.label(hq),
                v.roster.sides[v.info(hq).side].name
            );
        }
        (true, true) => {
            may_start(v, by, "retake a headquarters")?;
            out.effects.push(set_marker(v, hq, HQ_LOST, None));
            out.summary = format!("{} retakes {}: held again", v.info(by).id, v.label(hq));
        }
        (false, true) => {
            return Err(RuleError::refused(format!(
                "{} is already in the enemy's hands",
                v.label(hq)
            )));
        }
        (true, false) => {
            return Err(RuleError::refused(format!(
                "{} is held by its own side already",
                v.label(hq)
            )));
        }
    }
    Ok(out)
}

/// Who holds a crewless gun: the side of the regiment or squadron on it, or nobody. A new holder
/// starts the count again; nobody holding it stops the count.
fn act_hold_gun(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    let g = unit_param(v, p, "gun-unit")?;
    on_table(v, g)?;
    if !kind_of(v, g)?.is_gun() {
        return Err(RuleError::refused(format!("{} is not a gun", v.label(g))));
    }
    if !flag(v, g, CREW_KILLED) {
        return Err(RuleError::refused(format!(
            "{} has its crew: only a crewless gun is held (attack its crew with melee-crew)",
            v.label(g)
        )));
    }
    let now = v
        .marker(g, CAPTURED)
        .and_then(|h| usize::try_from(h - 1).ok())
        .filter(|&h| h < v.roster.sides.len());
    let by = p.text("by");
    let nobody = p.flag("nobody");
    let mut out = Outcome::default();
    match (by, nobody) {
        (Some(_), true) => Err(RuleError::refused(
            "--by and --nobody contradict each other: name the regiment or squadron holding the gun, or say that nobody does",
        )),
        (None, false) => Err(crate::declare::ParamError::Missing {
            param: "by".into(),
            help: "the regiment or squadron holding the gun (or --nobody)".into(),
        }
        .into()),
        (None, true) => {
            let Some(h) = now else {
                return Err(RuleError::refused(format!(
                    "nobody holds {} already",
                    v.label(g)
                )));
            };
            held_by_nobody(v, g, &mut out.effects);
            out.summary = format!(
                "{} is held by nobody now ({} let it go): its hold count stops",
                v.label(g),
                v.roster.sides[h].name
            );
            Ok(out)
        }
        (Some(_), false) => {
            let u = unit_param(v, p, "by")?;
            on_table(v, u)?;
            regiment_or_squadron(v, u, "holds a gun")?;
            if v.unit_state(u).concealed {
                return Err(RuleError::refused(format!(
                    "{} is concealed behind stand {}: expose its column first",
                    v.label(u),
                    column_number(v, u)
                )));
            }
            let side = v.info(u).side;
            if now == Some(side) {
                return Err(RuleError::refused(format!(
                    "{} holds {} already: its count runs on",
                    v.roster.sides[side].name,
                    v.label(g)
                )));
            }
            out.effects
                .push(set_marker(v, g, CAPTURED, Some(roster_number(side))));
            out.effects.push(set_marker(v, g, HELD, Some(0)));
            out.effects
                .push(set_marker(v, g, CAPTURED_ON, Some(v.state.turn as i32)));
            out.summary = format!(
                "{} holds {} for {}: {}; re-manned once held {HOLD_TO_REMAN} consecutive moves (this move not counted)",
                v.info(u).id,
                v.label(g),
                v.roster.sides[side].name,
                match now {
                    Some(h) => format!(
                        "taken from {}, the count starts again",
                        v.roster.sides[h].name
                    ),
                    None => "the count starts".to_string(),
                }
            );
            Ok(out)
        }
    }
}

// ---- the move ---------------------------------------------------------------------------------

/// The opening state: a regiment or squadron that starts with fewer figures than a full tray has
/// the rest lost already (a 3-figure regiment shows ●●●○), and each infantry regiment's formation
/// from the scenario is a marker: the regiments of one formation that start in cross-country
/// column (not those behind a concealment stand, placed in column when exposed) are one column,
/// numbered from 1.
pub fn start(v: &BattleView<'_>) -> Vec<Effect> {
    let mut out = Vec::new();
    let mut columns: Vec<(usize, Option<usize>)> = Vec::new();
    for u in 0..v.roster.units.len() {
        let info = v.info(u);
        if let Some(n) = info
            .fields
            .int("figures")
            .and_then(|n| u32::try_from(n).ok())
            && n < info.hit_limit
        {
            out.push(Effect::Hits {
                unit: info.id.clone(),
                hits: info.hit_limit - n,
            });
        }
        match v.info(u).fields.text("formation") {
            Some("road-column") => out.push(set_marker(v, u, ROAD_COLUMN, Some(1))),
            Some("cross-country") if !v.unit_state(u).concealed => {
                let key = (info.side, info.formation);
                let n = match columns.iter().position(|c| *c == key) {
                    Some(i) => i + 1,
                    None => {
                        columns.push(key);
                        columns.len()
                    }
                };
                out.push(set_marker(v, u, CROSS_COUNTRY, Some(roster_number(n - 1))));
            }
            _ => {}
        }
    }
    out
}

fn phase_effect(v: &BattleView<'_>, turn: u32, side: usize, phase: &str) -> Effect {
    Effect::Phase {
        turn,
        side: v.side_id(side).to_string(),
        phase: phase.to_string(),
    }
}

/// Ends the current phase and carries out the automatic steps up to the next that needs the
/// umpire.
pub fn advance(v: &BattleView<'_>, dice: &mut dyn DiceSource) -> Result<PhaseChange, RuleError> {
    let mut ch = PhaseChange::default();
    let n = v.roster.sides.len();
    let active = v.active_side();
    let turn = v.state.turn;
    let next = |phase: &str, side: usize, ch: &mut PhaseChange| {
        ch.effects.push(phase_effect(v, turn, side, phase));
        ch.steps.push(format!(
            "{}{}",
            phase_name(phase),
            if PHASES.iter().any(|p| p.id == phase && p.simultaneous) {
                ": both sides".to_string()
            } else {
                format!(": {}", v.roster.sides[side].name)
            }
        ));
    };
    match v.state.phase.as_str() {
        PH_INITIATIVE => initiative(v, turn, dice, &mut ch)?,
        PH_MOVEMENT => next(PH_FIRST_CANNON, active, &mut ch),
        PH_FIRST_CANNON => next(PH_SECOND_CANNON, (active + 1) % n, &mut ch),
        PH_SECOND_CANNON => {
            let first = (active + n - 1) % n;
            next(PH_RIFLE, first, &mut ch);
        }
        PH_RIFLE => {
            for u in 0..v.roster.units.len() {
                if v.marker(u, RIFLE_LOST).is_some() {
                    ch.effects.push(set_marker(v, u, RIFLE_LOST, None));
                }
            }
            next(PH_MELEE, active, &mut ch);
        }
        _ => {
            end_of_move(v, &mut ch);
            let turn = turn + 1;
            if v.state.turn_limit.is_some_and(|last| turn > last) {
                ch.effects
                    .push(phase_effect(v, turn, v.state.first_side, PH_INITIATIVE));
                return Ok(ch);
            }
            initiative(v, turn, dice, &mut ch)?;
        }
    }
    Ok(ch)
}

/// Both sides throw a die, again while they tie; the high roller moves first and fires first.
fn initiative(
    v: &BattleView<'_>,
    turn: u32,
    dice: &mut dyn DiceSource,
    ch: &mut PhaseChange,
) -> Result<(), RuleError> {
    ch.steps.push(format!("Move {turn}: initiative"));
    let sides = v.sides_in_order();
    let mut steps = Vec::new();
    let (winner, faces) = loop {
        let mut rolls = Vec::new();
        // After a tie, the prompt says so: the same question again would look like a fault.
        let again = steps.last().map(|last: &Step| {
            let tie = last.outcome.split(": a tie").next().unwrap_or_default();
            format!("{tie}: a tie: throw again")
        });
        for &s in &sides {
            let purpose = match &again {
                None => format!(
                    "initiative, {}: the high roller chooses his flank and fires first (ties thrown again)",
                    v.roster.sides[s].name
                ),
                Some(again) => format!("initiative, {} ({again})", v.roster.sides[s].name),
            };
            let face = dice.roll(Die::D6, &purpose)?;
            rolls.push(Roll {
                die: Die::D6,
                face,
                purpose,
            });
        }
        let best = rolls.iter().map(|r| r.face).max().unwrap_or(0);
        let top: Vec<usize> = (0..rolls.len())
            .filter(|&i| rolls[i].face == best)
            .collect();
        let faces: Vec<u8> = rolls.iter().map(|r| r.face).collect();
        let words: Vec<String> = sides
            .iter()
            .zip(&faces)
            .map(|(&s, f)| format!("{} {f}", v.roster.sides[s].name))
            .collect();
        let tie = top.len() > 1;
        steps.push(Step {
            label: if steps.is_empty() {
                "Initiative".into()
            } else {
                format!("Initiative, thrown again ({})", steps.len() + 1)
            },
            table: None,
            dice: rolls,
            outcome: if tie {
                format!("{}: a tie, thrown again", words.join(", "))
            } else {
                format!(
                    "{}: {} is the high roller",
                    words.join(", "),
                    v.roster.sides[sides[top[0]]].name
                )
            },
            ..Step::default()
        });
        if !tie {
            break (sides[top[0]], faces);
        }
    };
    let name = &v.roster.sides[winner].name;
    for (&s, f) in sides.iter().zip(&faces) {
        ch.effects.push(Effect::Counter {
            scope: v.side_id(s).to_string(),
            name: INITIATIVE.into(),
            value: Some(i32::from(*f)),
        });
    }
    ch.steps.push(format!(
        "  initiative to {name}: theirs to choose the flank they move from, and their guns fire first"
    ));
    ch.resolutions.push(Resolution {
        ruleset: super::ID.into(),
        action: "initiative".into(),
        title: format!("Initiative for move {turn}"),
        context: Vec::new(),
        steps,
        result: format!("{name} has the initiative"),
        effects: vec![format!(
            "{name} choose the flank they move from, the opponent starts from the other, and their guns fire first"
        )],
        rolled_by_program: dice.is_generated(),
    });
    ch.effects.push(phase_effect(v, turn, winner, PH_MOVEMENT));
    ch.steps.push("Movement: both sides".into());
    Ok(())
}

/// The end of a move: every 3-move timer counts down (not in the move it began), captured guns'
/// hold counts run, and every gun and regiment may move and fire again.
fn end_of_move(v: &BattleView<'_>, ch: &mut PhaseChange) {
    let turn = v.state.turn as i32;
    ch.steps.push(format!("End of move {turn}"));
    // A timer set by hand has no move it began in: it counts from the move it is set in (the
    // program cannot know when the retirement began).
    let running: Vec<usize> = (0..v.roster.units.len())
        .filter(|&u| {
            v.unit_state(u).on_table()
                && v.marker(u, RETIRING).is_some()
                && v.marker(u, RETIRING_FROM).is_none_or(|t| t < turn)
        })
        .collect();
    let cd = timers::count_down(v, MARKERS, running, "move");
    for e in &cd.effects {
        if let Effect::Marker {
            unit, value: None, ..
        } = e
        {
            ch.effects.push(Effect::Marker {
                unit: unit.clone(),
                marker: RETIRING_FROM.into(),
                value: None,
            });
        }
    }
    ch.steps
        .extend(cd.steps.into_iter().map(|s| format!("  {s}")));
    ch.effects.extend(cd.effects);
    for u in 0..v.roster.units.len() {
        // A gun that moved stands somewhere new: its place is asked again at its next shot,
        // unless it fired from there after moving (horse artillery), which gave it.
        if flag(v, u, MOVED) && !flag(v, u, FIRED) && v.marker(u, GUN_ON).is_some() {
            ch.effects.push(set_marker(v, u, GUN_ON, None));
        }
        for m in [FIRED, MOVED, FIRED_AT, FLANK_FIRE, EXPOSED_ON] {
            if v.marker(u, m).is_some() {
                ch.effects.push(set_marker(v, u, m, None));
            }
        }
        // A crewless gun's hold count runs only while one side holds it, and not in the move its
        // holding began (a holder set by hand, with no such move, counts from this one).
        let Some(holder) = v.marker(u, CAPTURED) else {
            continue;
        };
        let began_now = v.marker(u, CAPTURED_ON).is_some_and(|on| on >= turn);
        if !flag(v, u, CREW_KILLED) || began_now || !v.unit_state(u).on_table() {
            continue;
        }
        let held = v.marker(u, HELD).unwrap_or(0) + 1;
        let hside = usize::try_from(holder - 1).unwrap_or(usize::MAX);
        let hname = v.roster.sides.get(hside).map_or("?", |s| s.name.as_str());
        if held >= HOLD_TO_REMAN {
            ch.effects.push(set_marker(v, u, CREW_KILLED, None));
            ch.effects.push(set_marker(v, u, HELD, None));
            ch.effects.push(set_marker(v, u, CAPTURED_ON, None));
            if hside == v.info(u).side {
                // Its own side re-mans it: it is simply its gun again.
                ch.effects.push(set_marker(v, u, CAPTURED, None));
                ch.steps.push(format!(
                    "  {}: held {HOLD_TO_REMAN} moves — re-manned by its own side, {hname}",
                    v.info(u).id
                ));
            } else {
                ch.steps.push(format!(
                    "  {}: held {HOLD_TO_REMAN} moves — re-manned by {hname}, it fires for them from now on",
                    v.info(u).id
                ));
            }
        } else {
            ch.effects.push(set_marker(v, u, HELD, Some(held)));
            ch.steps.push(format!(
                "  {}: held by {hname} — {held} of {HOLD_TO_REMAN} moves",
                v.info(u).id
            ));
        }
    }
}

// ---- what the umpire sees ---------------------------------------------------------------------

fn badge(text: impl Into<String>, tone: Tone, help: impl Into<String>) -> Badge {
    Badge {
        text: text.into(),
        tone,
        help: help.into(),
    }
}

pub fn badges(v: &BattleView<'_>, u: usize) -> Vec<Badge> {
    let st = v.unit_state(u);
    if st.removed.is_some() {
        return vec![badge("OUT", Tone::Muted, "no longer on the table")];
    }
    let mut out = Vec::new();
    let def = |id: &str| MARKERS.iter().find(|m| m.id == id).expect("declared");
    if let Some(left) = st.marker(RETIRING) {
        let d = def(RETIRING);
        out.push(badge(format!("RET {left}"), d.tone, d.help));
    }
    if let Some(h) = st.marker(CAPTURED) {
        let holder = v
            .roster
            .sides
            .get(usize::try_from(h - 1).unwrap_or(usize::MAX))
            .map_or("?", |s| s.id.as_str());
        if st.has(CREW_KILLED) {
            let held = st.marker(HELD).unwrap_or(0);
            out.push(badge(
                format!("HELD {holder} {held}/{HOLD_TO_REMAN}"),
                Tone::Danger,
                format!(
                    "crewless, held by {holder}: {held} of the {HOLD_TO_REMAN} consecutive moves before {holder} re-mans it; it neither moves nor fires"
                ),
            ));
        } else {
            out.push(badge(
                format!("TAKEN {holder}"),
                Tone::Warn,
                format!("captured and re-manned: it fires for {holder}"),
            ));
        }
    } else if st.has(CREW_KILLED) {
        let d = def(CREW_KILLED);
        out.push(badge(d.badge, d.tone, d.help));
    }
    if let Some(n) = st.marker(GUN_HITS) {
        out.push(badge(format!("CB {n}/3"), Tone::Warn, def(GUN_HITS).help));
    }
    // Works show their count from the start: the umpire sees how many hits destroy them.
    if kind(v.info(u)).is_some_and(Kind::is_works) {
        let n = st.marker(WORKS_HITS).unwrap_or(0);
        let of = v.info(u).fields.int("hits_to_destroy").unwrap_or(0);
        out.push(badge(
            format!("HITS {n}/{of}"),
            if n > 0 { Tone::Warn } else { Tone::Info },
            def(WORKS_HITS).help,
        ));
    }
    if let (Some(n), Some(_)) = (st.marker(CROSS_COUNTRY), column(v, u)) {
        out.push(badge(
            format!("XC {n}"),
            Tone::Info,
            def(CROSS_COUNTRY).help,
        ));
    }
    for id in [ROAD_COLUMN, MOVED, FIRED, HQ_LOST] {
        if st.has(id) {
            let d = def(id);
            out.push(badge(d.badge, d.tone, d.help));
        }
    }
    if let Some(place) = gun_place(v, u) {
        let text = if place == "hill" { "HILL" } else { "WALL" };
        out.push(badge(text, Tone::Info, def(GUN_ON).help));
    }
    if let Some(n) = st.marker(RIFLE_LOST) {
        out.push(badge(
            format!("−{n} RIFLE"),
            Tone::Info,
            def(RIFLE_LOST).help,
        ));
    }
    out
}

/// A side's initiative die this move, shown on the side.
pub fn formation_badges(_v: &BattleView<'_>, _f: usize) -> Vec<Badge> {
    Vec::new()
}

/// True while a unit is still expected to act in this phase: a gun of the firing side that can
/// fire and has not; in rifle fire, a regiment that can fire and has not. Movement and melee
/// depend on the table, not on the roster, so nobody is waited for there.
pub fn may_still_act(v: &BattleView<'_>, u: usize) -> bool {
    let Some(k) = kind(v.info(u)) else {
        return false;
    };
    match v.state.phase.as_str() {
        PH_FIRST_CANNON | PH_SECOND_CANNON => k.is_gun() && gun_may_fire(v, u).is_ok(),
        PH_RIFLE => {
            k.is_infantry()
                && v.unit_state(u).on_table()
                && !v.unit_state(u).concealed
                && !flag(v, u, FIRED)
                && v.marker(u, RETIRING).is_none()
                && column_not_fired(v, u).is_ok()
        }
        _ => false,
    }
}

/// Each headquarters the viewer may see, held or lost: the objectives of the game.
pub fn objectives(
    v: &BattleView<'_>,
    viewer: crate::model::Viewer,
) -> Vec<crate::declare::Objective> {
    (0..v.roster.units.len())
        .filter(|&u| {
            kind_of(v, u).is_ok_and(|k| k == Kind::Headquarters) && v.visible_to(u, viewer)
        })
        .map(|u| {
            let side = v.info(u).side;
            let lost = flag(v, u, HQ_LOST);
            let text = if lost {
                format!("{} is lost: in the enemy's hands.", v.label(u))
            } else if v.unit_state(u).on_table() {
                format!("{} is held by {}.", v.label(u), v.roster.sides[side].name)
            } else {
                format!("{} is off the table.", v.label(u))
            };
            crate::declare::Objective { text, side, lost }
        })
        .collect()
}
