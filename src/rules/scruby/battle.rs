//! What Scruby's procedures read of a battle and the refusals they share: a unit's kind, figures
//! and formation, its cross-country column, the side it fights for, the phase of the move, the
//! markers that forbid fire or a melee; and the effects of a result (figures lost, retiring in
//! confusion, a crewless gun held by nobody), with the inputs filled in from the units.
//!
//! The tables decide (the modules beside this one); the procedures ([`super::procedures`]) read the
//! units into their inputs with these, refuse what the move's order or a marker forbids, and turn
//! each result into effects.

use super::defs::*;
use super::inputs;
use super::tables;
use super::Scruby;
use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, Options, Params, RuleError, Value};
use crate::dice::DiceSource;
use crate::model::{BattleView, Effect, OrderOfBattle, Problem, UnitInfo};
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::ruleset::{Units, kit};
pub(super) use crate::ruleset::kit::refuse::on_table;

// ---- reading the units --------------------------------------------------------------------------

/// A unit's kind as the tables know it.
pub fn kind(u: &UnitInfo) -> Option<Kind> {
    Kind::parse(&u.kind)
}

impl Units for Scruby {
    /// A regiment's tray holds 4 figures and a squadron's 3 (one that starts with fewer starts
    /// with those lost: see [`super::turn`]); a gun or headquarters has no figures to lose (its
    /// crew, counter-battery hits and capture are markers).
    fn hit_limit(&self, unit: &UnitInfo, _options: &Options) -> u32 {
        kind(unit).and_then(Kind::max_figures).map_or(0, u32::from)
    }

    fn validate(&self, order: &OrderOfBattle<'_>, options: &Options) -> Vec<Problem> {
        super::validate::validate(order, options)
    }
}

/// A unit's kind, refused when the rules do not know it.
pub(super) fn kind_of(v: &BattleView<'_>, u: usize) -> Result<Kind, RuleError> {
    kind(v.info(u)).ok_or_else(|| {
        refuse::refused(
            v,
            u,
            &format!(
                "is a {}, which scruby does not know",
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
pub(super) fn rifle_figures(v: &BattleView<'_>, u: usize) -> u32 {
    let lost_now = v.marker(u, RIFLE_LOST).unwrap_or(0).max(0) as u32;
    (figures_left(v, u) + lost_now).min(v.info(u).hit_limit)
}

/// An infantry regiment's formation, from its markers: a cross-country column only while its
/// column holds 3 or more regiments (one or two regiments are no such column: they stand in line).
pub fn formation(v: &BattleView<'_>, u: usize) -> Formation {
    if column(v, u).is_some() {
        Formation::CrossCountry
    } else if kit::has(v, u, ROAD_COLUMN) {
        Formation::RoadColumn
    } else {
        Formation::Line
    }
}

/// The regiments in the cross-country column numbered `id`: those on the table, and those that
/// lost their last figure in the rifle fire now under way (fire is simultaneous: they still fire).
pub(super) fn column_members(v: &BattleView<'_>, id: i32) -> Vec<usize> {
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
pub(super) fn new_column_id(v: &BattleView<'_>, taken: &[i32]) -> i32 {
    (1..)
        .find(|n| {
            !taken.contains(n)
                && (0..v.roster.units.len()).all(|u| v.marker(u, CROSS_COUNTRY) != Some(*n))
        })
        .unwrap_or(1)
}

/// Refuses a regiment whose cross-country column has already fired this move with another
/// regiment: the column fires as one regiment.
pub(super) fn column_not_fired(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    let Some(members) = column(v, u) else {
        return Ok(());
    };
    match members.iter().find(|&&o| o != u && kit::has(v, o, FIRED)) {
        Some(&o) => Err(refuse::refused(
            v,
            u,
            &format!(
                "is in a cross-country column with {}, which has already fired this move: a column fires as one regiment, only one of its regiments a move",
            v.label(o)
        ))),
        None => Ok(()),
    }
}

/// The unit's place in the roster, from 1, as a marker holds it.
pub(super) fn roster_number(u: usize) -> i32 {
    i32::try_from(u + 1).unwrap_or(i32::MAX)
}

/// Refuses a headquarters as the target of fire or a melee: it is an objective, not a fighting
/// unit.
pub(super) fn not_headquarters(v: &BattleView<'_>, u: usize, what: &str) -> Result<(), RuleError> {
    if kind_of(v, u)? == Kind::Headquarters {
        return Err(RuleError::refused(format!(
            "{} is a headquarters: an objective, not a fighting unit, it is never {what}; it is taken by an enemy regiment or squadron reaching it (take-hq)",
            v.label(u)
        )));
    }
    Ok(())
}

/// Refuses anything but a regiment or squadron where one is needed.
pub(super) fn regiment_or_squadron(
    v: &BattleView<'_>,
    u: usize,
    what: &str,
) -> Result<Kind, RuleError> {
    let k = kind_of(v, u)?;
    if k.is_infantry() || k.is_cavalry() {
        Ok(k)
    } else {
        Err(refuse::refused(
            v,
            u,
            &format!(
                "is a {}: only a regiment or squadron {what}",
            k.name().to_lowercase()
        )))
    }
}

/// The firer's own stand in the melee its fire goes into (`--friend-in-melee`), when one is
/// named: on the table and seen, a regiment or squadron of the firer's side, neither the firer
/// nor the target. Firing into a melee kills as many friends as enemies, so it is fire at men:
/// troops, or a gun's crew; never a gun's barrels (counter-battery) nor works.
pub(super) fn melee_friend(
    v: &BattleView<'_>,
    p: &Params,
    firer: usize,
    target: usize,
    at_men: bool,
) -> Result<Option<usize>, RuleError> {
    let Some(id) = p.filled_text("friend-in-melee") else {
        return Ok(None);
    };
    let fr = v.unit(id)?;
    on_table(v, fr)?;
    regiment_or_squadron(v, fr, "fights in a melee")?;
    if fr == firer || fr == target {
        return Err(refuse::refused(
            v,
            fr,
            &format!(
                "is the {}: --friend-in-melee names the firer's own stand fighting the target",
            if fr == firer { "firer" } else { "target" }
        )));
    }
    if fights_for(v, fr) != fights_for(v, firer) {
        return Err(refuse::refused(
            v,
            fr,
            &format!(
                "is not on {}'s side: --friend-in-melee names the firer's own stand in the melee",
            v.info(firer).id
        )));
    }
    if v.unit_state(fr).concealed {
        return Err(refuse::refused(
            v,
            fr,
            &format!(
                "is concealed behind stand {}: a stand in a melee is on the table, its column exposed",
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
pub(super) fn into_melee(v: &BattleView<'_>, fr: usize) -> String {
    format!(
        "fired into a melee: it kills as many of its own men as of the enemy's — each figure (or crew) it kills costs {} a figure",
        v.label(fr)
    )
}

/// The figure `fr`, the firer's own stand in the melee, loses to a fire that killed.
pub(super) fn friend_loses(v: &BattleView<'_>, fr: usize, out: &mut Vec<Effect>) -> String {
    lose(v, fr, 1, "fire into its melee", out)
}

/// The effects that leave a gun with nobody holding it: its holder, hold count and the move its
/// holding began are cleared (a gun re-manned by the enemy, its crew killed, is held by nobody
/// until the umpire says who holds it).
pub(super) fn held_by_nobody(v: &BattleView<'_>, g: usize, out: &mut Vec<Effect>) {
    for m in [CAPTURED, HELD, CAPTURED_ON] {
        if v.marker(g, m).is_some() {
            out.push(kit::marker(v, g, m, None));
        }
    }
}

/// The side a gun fires for: its holder once a captured gun is re-manned, else its own.
pub(super) fn gun_side(v: &BattleView<'_>, u: usize) -> usize {
    match v.marker(u, CAPTURED) {
        Some(h) if h >= 1 && !kit::has(v, u, CREW_KILLED) => (h - 1) as usize,
        _ => v.info(u).side,
    }
}

/// The side a unit fights for now.
pub(super) fn fights_for(v: &BattleView<'_>, u: usize) -> usize {
    if kind(v.info(u)).is_some_and(Kind::is_gun) {
        gun_side(v, u)
    } else {
        v.info(u).side
    }
}

/// The unit named by the unit input `name`: missing, it is asked for with the help of the first
/// declared input of that name; naming no unit of the battle, it is refused with the nearest id.
pub(super) fn unit_param(v: &BattleView<'_>, p: &Params, name: &str) -> Result<usize, RuleError> {
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

/// Figures as an input's value: at least 1 (a stand with none left is read as the 1 it had).
pub(super) fn figures_value(n: u32) -> Value {
    Value::Int(i64::from(n.max(1)))
}

/// A text input's value.
pub(super) fn text(s: &str) -> Value {
    Value::Text(s.to_string())
}

/// Fills the input `name` from the battle, unless the umpire gave it.
pub(super) fn fill(p: &mut Params, name: &str, value: Value) {
    if p.get(name).is_none() {
        p.set(name, value);
    }
}

// ---- what the rules forbid ----------------------------------------------------------------------

/// The name of the phase `id` ("Rifle fire").
pub(super) fn phase_name(id: &str) -> &'static str {
    PHASES.iter().find(|p| p.id == id).map_or("?", |p| p.name)
}

/// Refuses an action outside its phases.
pub(super) fn in_phase(v: &BattleView<'_>, what: &str, phases: &[&str]) -> Result<(), RuleError> {
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

/// Refuses two units of one side where enemies are needed.
pub(super) fn enemies(v: &BattleView<'_>, a: usize, b: usize) -> Result<(), RuleError> {
    if fights_for(v, a) == fights_for(v, b) {
        Err(refuse::refused(
            v,
            a,
            &format!(
                "and {} are on the same side",
            v.label(b)
        )))
    } else {
        Ok(())
    }
}

/// A unit that may start fire or a melee: on the table, not retiring, not hidden in a column.
pub(super) fn may_start(v: &BattleView<'_>, u: usize, what: &str) -> Result<(), RuleError> {
    on_table(v, u)?;
    if let Some(left) = v.marker(u, RETIRING) {
        return Err(refuse::refused(
            v,
            u,
            &format!(
                "is retiring ({left} move{} left): it may not fire, charge or start a melee",
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

/// A unit that may start a melee: on the table, not retiring, not hidden in a column.
pub(super) fn may_start_melee(v: &BattleView<'_>, a: usize) -> Result<(), RuleError> {
    may_start(v, a, "start a melee")
}

/// The number of the concealment stand `u` stands behind (0: none).
pub(super) fn column_number(v: &BattleView<'_>, u: usize) -> i64 {
    v.roster
        .column_of(u)
        .map_or(0, |c| v.roster.columns[c].number)
}

/// Refuses a unit that has already fired this move.
pub(super) fn not_fired(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    if kit::has(v, u, FIRED) {
        Err(refuse::refused(v, u, "has already fired this move"))
    } else {
        Ok(())
    }
}

/// Refuses walls, a fortress or a ship in a procedure other than a gun's fire: as the one fired
/// at or attacked (`acting` false), or as the one firing or attacking (`acting` true).
pub(super) fn not_works(v: &BattleView<'_>, u: usize, acting: bool) -> Result<(), RuleError> {
    if kind_of(v, u)?.is_works() {
        let never = if acting { "it never fires or fights; " } else { "" };
        let only = super::tables::ONLY_ARTILLERY;
        return Err(refuse::refused(v, u, &format!("is a wall, fortress or ship: {never}{only}")));
    }
    Ok(())
}

/// A gun that may fire now: its side's cannon fire, manned, not captured, not already fired.
pub(super) fn gun_may_fire(v: &BattleView<'_>, g: usize) -> Result<(), RuleError> {
    on_table(v, g)?;
    if !kind_of(v, g)?.is_gun() {
        return Err(refuse::refused(v, g, "is not a gun"));
    }
    if kit::has(v, g, CREW_KILLED) {
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

/// True when `t` is troops (a regiment or squadron), whose men a gun's fire kills.
pub(super) fn at_troops(v: &BattleView<'_>, t: usize) -> Result<bool, RuleError> {
    let k = kind_of(v, t)?;
    Ok(k.is_infantry() || k.is_cavalry())
}

// ---- effects of losses --------------------------------------------------------------------------

/// `n` figures lost by `u`: the hits effect, its removal at nought, and the words.
pub(super) fn lose(
    v: &BattleView<'_>,
    u: usize,
    n: u32,
    cause: &str,
    out: &mut Vec<Effect>,
) -> String {
    let limit = v.info(u).hit_limit;
    let hits = (v.unit_state(u).hits + n).min(limit);
    out.extend(kit::losses(
        v,
        u,
        hits,
        &format!("all figures lost ({cause})"),
    ));
    if hits >= limit {
        format!(
            "{} loses {}: none left, it is gone",
            v.label(u),
            tables::figs(n)
        )
    } else {
        format!(
            "{} loses {}: {} left",
            v.label(u),
            tables::figs(n),
            limit - hits
        )
    }
}

/// `u` retires in confusion for 3 moves, from this move on.
pub(super) fn retire(v: &BattleView<'_>, u: usize, out: &mut Vec<Effect>) -> String {
    out.push(kit::marker(v, u, RETIRING, Some(RETIRE_MOVES)));
    out.push(kit::marker(v, u, RETIRING_FROM, Some(v.state.turn as i32)));
    format!(
        "{} retires in confusion: {RETIRE_MOVES} moves (counted down from the end of the next move)",
        v.label(u)
    )
}

/// Replaces a table resolution's "what to do" lines with what the battle did.
pub(super) fn done(mut r: Resolution, lines: &[String], dice: &dyn DiceSource) -> Resolution {
    r.effects = lines.to_vec();
    // No die thrown (an automatic kill): nobody rolled.
    r.rolled_by_program = dice.is_generated() && !r.faces().is_empty();
    r
}

// ---- where a gun stands -------------------------------------------------------------------------

/// Where gun `g` stands above the flat (a hill, a fortress wall) as its last shot gave it: kept
/// until it moves (a gun marked as moved this move stands anew; at the end of the move its place
/// is forgotten unless it fired from there after moving).
pub(super) fn gun_place(v: &BattleView<'_>, g: usize) -> Option<&'static str> {
    if kit::has(v, g, MOVED) && !kit::has(v, g, FIRED) {
        return None;
    }
    let n = usize::try_from(v.marker(g, GUN_ON)?).ok()?;
    GUN_PLACES.get(n.checked_sub(1)?).copied()
}

/// The effect that keeps where gun `g` fired from (`gun-on`), when it is not what it keeps.
pub(super) fn keep_gun_place(v: &BattleView<'_>, g: usize, p: &Params) -> Option<Effect> {
    let place = p.text("gun-on").unwrap_or("flat");
    let code = GUN_PLACES
        .iter()
        .position(|&x| x == place)
        .map(|i| i as i32 + 1);
    (v.marker(g, GUN_ON) != code).then(|| kit::marker(v, g, GUN_ON, code))
}

// ---- inputs and odds ----------------------------------------------------------------------------

/// `params` with the defaults of `def`'s inputs filled in: what every procedure's inputs are once
/// the battle has filled its own.
pub(super) fn with_defaults(def: &ActionDef, params: &Params) -> Result<Params, RuleError> {
    let mut p = params.clone();
    p.fill_defaults(def.params)?;
    Ok(p)
}

/// The odds of a fire into a melee (`friend`, the firer's own stand fighting there): the friend
/// loses a figure whenever the fire kills, the canister's kill, the table's kill or the crew.
pub(super) fn with_friend(
    v: &BattleView<'_>,
    mut report: OddsReport,
    friend: Option<usize>,
) -> OddsReport {
    if let Some(fr) = friend {
        let p_kill = ["p_canister_kill", "p_kill", "p_crew_killed"]
            .iter()
            .find_map(|k| report.extra.get(*k).copied())
            .unwrap_or(0.0);
        report.notes.push(into_melee(v, fr));
        report
            .extra
            .insert("expected_friend_losses".into(), p_kill);
    }
    report
}
