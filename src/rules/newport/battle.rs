//! Newport in a battle: what each procedure is allowed to do, what it does to the units, the turn
//! sequence with its automatic steps, and the badges the umpire sees.
//!
//! Every procedure here reads the units, builds the same table inputs as `umpire resolve`
//! (`fire`, `close_combat`, `command`), rolls through them, and turns the result into effects.

use super::close_combat::{self, CloseCombat, Fighter, kind_hit_limit};
use super::command::{self, PointsInput, Who};
use super::defs::*;
use super::fire::{self, Cover, FireInput, Strike, is_vehicle};
use super::tables::{Morale, Target};
use crate::declare::{Badge, Options, Params, RuleError, Tone, Value};
use crate::dice::DiceSource;
use crate::model::{AreaMarker, BattleView, Effect, UnitInfo};
use crate::model::{Problem, ScenarioFile};
use crate::odds::{OddsLine, OddsReport};
use crate::resolution::Resolution;
use crate::ruleset::{Offer, Outcome, PhaseChange};

// ---- facts about units ------------------------------------------------------------------------

pub fn is_leader(u: &UnitInfo) -> bool {
    u.kind == "leader" || u.leader
}

pub fn is_hq(u: &UnitInfo) -> bool {
    u.kind == "hq" || u.hq
}

pub fn is_asset(u: &UnitInfo) -> bool {
    ASSET_KINDS.contains(&u.kind.as_str())
}

pub fn hit_limit(u: &UnitInfo, options: &Options) -> u32 {
    if is_asset(u) {
        0
    } else {
        kind_hit_limit(&u.kind, options)
    }
}

fn morale(v: &BattleView<'_>, u: usize) -> Morale {
    fire::morale_of(
        v.marker(u, SUPPRESSED).is_some(),
        v.marker(u, PARALYZED).is_some(),
    )
}

fn target_of(v: &BattleView<'_>, u: usize) -> Target {
    let info = v.info(u);
    Target {
        hits: v.unit_state(u).hits,
        limit: info.hit_limit,
        morale: morale(v, u),
        vehicle: is_vehicle(&info.kind),
    }
}

pub(super) fn method(v: &BattleView<'_>, side: usize) -> i64 {
    v.options.int_for("command_method", Some(v.side_id(side)))
}

fn company_scale(v: &BattleView<'_>) -> bool {
    v.options.text("scale") != "battalion"
}

fn flag(v: &BattleView<'_>, u: usize, marker: &str) -> bool {
    v.marker(u, marker).is_some()
}

fn set(v: &BattleView<'_>, u: usize, marker: &str, on: bool) -> Effect {
    Effect::Marker {
        unit: v.info(u).id.clone(),
        marker: marker.to_string(),
        value: on.then_some(1),
    }
}

/// The marker changes that take a stand from one morale state to another.
fn morale_effects(v: &BattleView<'_>, u: usize, from: Morale, to: Morale) -> Vec<Effect> {
    let mut out = Vec::new();
    for (marker, state) in [
        (SUPPRESSED, Morale::Suppressed),
        (PARALYZED, Morale::Paralyzed),
    ] {
        if (from == state) != (to == state) {
            out.push(set(v, u, marker, to == state));
        }
    }
    out
}

/// The effects and words of a stand going from `before` to `after`.
fn damage(
    v: &BattleView<'_>,
    u: usize,
    before: Target,
    after: Target,
    cause: &str,
    effects: &mut Vec<Effect>,
    words: &mut Vec<String>,
) {
    let info = v.info(u);
    let mut said = Vec::new();
    if after.hits != before.hits {
        effects.push(Effect::Hits {
            unit: info.id.clone(),
            hits: after.hits,
        });
        said.push(format!(
            "{} → {} of {} hits",
            before.hits, after.hits, after.limit
        ));
    }
    if after.morale != before.morale {
        effects.extend(morale_effects(v, u, before.morale, after.morale));
        said.push(after.morale.name().to_string());
    }
    if after.destroyed() && !before.destroyed() {
        effects.push(Effect::Removed {
            unit: info.id.clone(),
            cause: cause.to_string(),
        });
        said.push("removed".into());
        let (more, words) = removal(v, u);
        effects.extend(more);
        said.extend(words);
    }
    if said.is_empty() {
        said.push("no change".into());
    }
    words.push(format!("{}: {}", v.label(u), said.join(", ")));
}

/// What a stand's leaving the table brings with it, besides its removal, with the words for the
/// log: a company-game leader's replacement turn, a battalion HQ's saved command points lost.
pub(super) fn removal(v: &BattleView<'_>, u: usize) -> (Vec<Effect>, Vec<String>) {
    let info = v.info(u);
    let mut effects = Vec::new();
    let mut said = Vec::new();
    if is_leader(info) && !is_hq(info) && company_scale(v) {
        // Its side's N-th turn after the turn it died: one game turn sooner when its side has
        // yet to move in this game turn (killed in an earlier side's turn).
        let n = v.sides_in_order();
        let yet_to_move =
            n.iter().position(|&x| x == info.side) > n.iter().position(|&x| x == v.active_side());
        let back =
            v.state.turn + v.options.int("leader_return_turns") as u32 - u32::from(yet_to_move);
        effects.push(Effect::Marker {
            unit: info.id.clone(),
            marker: RETURNS.into(),
            value: Some(back as i32),
        });
        said.push(format!("a replacement returns on turn {back}"));
    }
    if is_hq(info)
        && let Some(bn) = v.roster.enclosing(u, "battalion")
    {
        let bid = &v.roster.formations[bn].id;
        if v.state.counter(bid, "saved").unwrap_or(0) > 0 {
            said.push(format!("{bid}'s saved command points are lost"));
        }
        effects.push(Effect::Counter {
            scope: bid.clone(),
            name: "saved".into(),
            value: Some(0),
        });
    }
    (effects, said)
}

/// How a stand ends up, in the words of the log line: `destroyed`; or its morale and hits
/// (`Paralyzed, 1 hit (2 of 3)`), `stays Paralyzed` when a morale blow could make it no worse, and
/// the `extra` words (`Forced Back 8"`); `none` when nothing changed.
fn end_words(before: Target, after: Target, blow: bool, extra: &[&str], none: &str) -> String {
    if after.destroyed() && !before.destroyed() {
        return "destroyed".into();
    }
    let mut words = Vec::new();
    if after.morale != before.morale {
        words.push(after.morale.name().to_string());
    } else if blow && after.morale != Morale::Steady {
        words.push(format!("stays {}", after.morale.name()));
    }
    if after.hits > before.hits {
        let n = after.hits - before.hits;
        words.push(format!(
            "{n} hit{} ({} of {})",
            if n == 1 { "" } else { "s" },
            after.hits,
            after.limit
        ));
    }
    words.extend(extra.iter().map(|w| w.to_string()));
    if words.is_empty() {
        none.into()
    } else {
        words.join(", ")
    }
}

/// How the target of one shot ends up (see [`end_words`]).
fn shot_words(before: Target, after: Target, e: super::tables::ShotEffect) -> String {
    let back: &[&str] = if e.forced_back && !after.destroyed() {
        &["Forced Back 8\""]
    } else {
        &[]
    };
    end_words(
        before,
        after,
        e.morale != super::tables::MoraleBlow::None,
        back,
        "no effect",
    )
}

// ---- checks ------------------------------------------------------------------------------------

pub(super) fn on_table(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    match &v.unit_state(u).removed {
        Some(cause) => Err(RuleError::refused(format!(
            "{} is no longer on the table ({cause})",
            v.label(u)
        ))),
        None => Ok(()),
    }
}

pub(super) fn in_action_phase(v: &BattleView<'_>, what: &str) -> Result<(), RuleError> {
    if v.state.phase == PH_ACTION {
        Ok(())
    } else {
        Err(RuleError::refused(format!(
            "{what} happens in the action phase; advance the phase first"
        )))
    }
}

pub(super) fn own_ready_stand(v: &BattleView<'_>, u: usize, what: &str) -> Result<(), RuleError> {
    on_table(v, u)?;
    let info = v.info(u);
    if info.side != v.active_side() {
        return Err(RuleError::refused(format!(
            "{} belongs to {}, whose turn it is not{}",
            v.label(u),
            v.roster.sides[info.side].name,
            if what == "fire" {
                " (a stand of the side not moving fires opportunity fire)"
            } else {
                ""
            }
        )));
    }
    if flag(v, u, FINISHED) {
        return Err(RuleError::refused(format!(
            "{} is Finished: it has already acted this turn",
            v.label(u)
        )));
    }
    if what != "close combat" && flag(v, u, CLOSING) {
        return Err(RuleError::refused(format!(
            "{} is moving into contact: its action is the close combat, resolved after any opportunity fire at it",
            v.label(u)
        )));
    }
    Ok(())
}

fn enemy_target(v: &BattleView<'_>, by: usize, t: usize) -> Result<(), RuleError> {
    on_table(v, t)?;
    if v.info(t).side == v.info(by).side {
        return Err(RuleError::refused(format!(
            "{} is on the same side as {}",
            v.label(t),
            v.label(by)
        )));
    }
    if is_asset(v.info(t)) {
        return Err(RuleError::refused(format!(
            "{} is off the table and cannot be targeted",
            v.label(t)
        )));
    }
    Ok(())
}

fn unit_param(v: &BattleView<'_>, p: &Params, name: &str) -> Result<usize, RuleError> {
    let id = p.text(name).ok_or_else(|| {
        RuleError::Param(crate::declare::ParamError::Missing {
            param: name.to_string(),
            help: format!("the {name}'s unit id"),
        })
    })?;
    v.unit(id)
}

// ---- command -----------------------------------------------------------------------------------

/// Method 3: the battalion whose points a stand spends, if any.
fn battalion(v: &BattleView<'_>, u: usize) -> Option<usize> {
    v.roster.enclosing(u, "battalion")
}

/// Spends one command point for `u`'s action (method 3), this turn's roll before saved points.
pub(super) fn spend_point(
    v: &BattleView<'_>,
    u: usize,
    effects: &mut Vec<Effect>,
    words: &mut Vec<String>,
) -> Result<(), RuleError> {
    if method(v, v.info(u).side) != 3 {
        return Ok(());
    }
    let Some(bn) = battalion(v, u) else {
        return Ok(());
    };
    let bid = v.roster.formations[bn].id.clone();
    let cp = v.state.counter(&bid, "cp").unwrap_or(0);
    let saved = v.state.counter(&bid, "saved").unwrap_or(0);
    let (name, left) = if cp > 0 {
        ("cp", cp - 1)
    } else if saved > 0 {
        ("saved", saved - 1)
    } else {
        return Err(RuleError::refused(format!(
            "{} has no command points left this turn: {} cannot act",
            v.roster.formations[bn].name,
            v.label(u)
        )));
    };
    effects.push(Effect::Counter {
        scope: bid.clone(),
        name: name.into(),
        value: Some(left),
    });
    words.push(format!(
        "{} spends a command point ({} left{})",
        bid,
        left + if name == "cp" { saved } else { 0 },
        if name == "saved" {
            ", from saved points"
        } else {
            ""
        }
    ));
    Ok(())
}

/// Method 2: a stand beyond its leader's 2" must pass a command roll before acting. Returns the
/// roll's resolution and whether the stand may act.
fn command_check(
    v: &BattleView<'_>,
    u: usize,
    out_of_command: bool,
    dice: &mut dyn DiceSource,
) -> Result<Option<(Resolution, bool)>, RuleError> {
    let info = v.info(u);
    if !out_of_command || !command_roll_possible(v, u) {
        return Ok(None);
    }
    let p = Params::new().with("quality", Value::Text(info.quality.clone()));
    Ok(Some(command::resolve_command_roll(
        &p,
        v.options,
        Some(who(v, u, &v.label(u))),
        dice,
    )?))
}

/// Stand `u` for a roll's explanation (`label`) and its dice's purposes (its id).
fn who<'a>(v: &BattleView<'a>, u: usize, label: &'a str) -> Who<'a> {
    Who {
        label,
        id: &v.info(u).id,
    }
}

/// Method 2: whether `u` would have to pass a command roll when out of command (its side plays
/// method 2, it is not a leader, and it has not passed one this turn).
pub(super) fn command_roll_possible(v: &BattleView<'_>, u: usize) -> bool {
    method(v, v.info(u).side) == 2 && !is_leader(v.info(u)) && !flag(v, u, IN_COMMAND)
}

/// The outcome of a failed command roll: the stand is Finished and does nothing else.
fn failed_command(v: &BattleView<'_>, u: usize, roll: Resolution) -> Outcome {
    Outcome {
        summary: format!("{} fails its command roll: Finished", v.label(u)),
        resolutions: vec![roll],
        effects: vec![set(v, u, FINISHED, true)],
        prompts: Vec::new(),
        offers: Vec::new(),
    }
}

// ---- prefill -----------------------------------------------------------------------------------

fn fill(p: &mut Params, name: &str, value: Value) {
    if p.get(name).is_none() {
        p.set(name, value);
    }
}

fn text(s: &str) -> Value {
    Value::Text(s.to_string())
}

/// Fills the inputs the battle already knows. Inputs the umpire gave are kept.
pub fn prefill(v: &BattleView<'_>, action: &str, params: &Params) -> Result<Params, RuleError> {
    let mut p = params.clone();
    match action {
        "fire" => {
            let f = unit_param(v, &p, "firer")?;
            let t = unit_param(v, &p, "target")?;
            let (fi, ti) = (v.info(f), v.info(t));
            let table = if is_vehicle(&ti.kind) {
                "anti-tank"
            } else {
                "infantry"
            };
            fill(&mut p, "table", text(table));
            fill(&mut p, "firer-kind", text(&fi.kind));
            fill(
                &mut p,
                "firer-suppressed",
                Value::Bool(flag(v, f, SUPPRESSED)),
            );
            fill(&mut p, "target-quality", text(&ti.quality));
            fill(&mut p, "hmg", Value::Bool(fi.fields.flag("hmg")));
            if table == "anti-tank" {
                fill(&mut p, "gun", Value::Int(fi.fields.int("gun").unwrap_or(0)));
                fill(
                    &mut p,
                    "armour",
                    Value::Int(ti.fields.int("armour").unwrap_or(0)),
                );
                fill(&mut p, "road", Value::Bool(flag(v, t, MOVED_ON_ROAD)));
            }
            fill(
                &mut p,
                "opportunity",
                Value::Bool(fi.side != v.active_side()),
            );
        }
        "close-combat" => {
            for (who, u) in [
                ("attacker", unit_param(v, &p, "attacker")?),
                ("defender", unit_param(v, &p, "defender")?),
            ] {
                let i = v.info(u);
                fill(&mut p, &format!("{who}-kind"), text(&i.kind));
                fill(&mut p, &format!("{who}-quality"), text(&i.quality));
                fill(
                    &mut p,
                    &format!("{who}-hits"),
                    Value::Int(i64::from(v.unit_state(u).hits)),
                );
                fill(
                    &mut p,
                    &format!("{who}-hmg"),
                    Value::Bool(i.fields.flag("hmg")),
                );
                fill(
                    &mut p,
                    &format!("{who}-gun"),
                    Value::Int(if fire::has_vehicle_ranges(&i.kind) {
                        i.fields.int("gun").unwrap_or(0)
                    } else {
                        0
                    }),
                );
                fill(
                    &mut p,
                    &format!("{who}-armour"),
                    Value::Int(if is_vehicle(&i.kind) {
                        i.fields.int("armour").unwrap_or(0)
                    } else {
                        0
                    }),
                );
                if who == "defender" {
                    let state = match morale(v, u) {
                        Morale::Steady => "none",
                        Morale::Suppressed => "suppressed",
                        Morale::Paralyzed => "paralyzed",
                    };
                    fill(&mut p, "defender-state", text(state));
                }
            }
        }
        "air" => {
            let t = unit_param(v, &p, "target")?;
            let i = v.info(t);
            fill(&mut p, "target-kind", text(&i.kind));
            fill(&mut p, "target-quality", text(&i.quality));
            fill(
                &mut p,
                "armour",
                Value::Int(if is_vehicle(&i.kind) {
                    i.fields.int("armour").unwrap_or(0)
                } else {
                    0
                }),
            );
        }
        "artillery" => {
            let a = unit_param(v, &p, "asset")?;
            let kind = &v.info(a).kind;
            if matches!(kind.as_str(), "artillery" | "heavy-mortar" | "light-mortar") {
                fill(&mut p, "weapon", text(kind));
            }
        }
        "command-roll" => {
            let u = unit_param(v, &p, "unit")?;
            fill(&mut p, "quality", text(&v.info(u).quality));
        }
        _ => {}
    }
    let def = crate::ruleset::find_action(&super::Newport, action)?;
    p.fill_defaults(def.params)?;
    Ok(p)
}

// ---- battle odds -------------------------------------------------------------------------------

fn strike_of(v: &BattleView<'_>, t: usize, cover: Cover, smoke: bool, dice: u32) -> Strike {
    let i = v.info(t);
    Strike {
        kind: i.kind.clone(),
        cover,
        smoke,
        green: i.quality == "green",
        armour: if is_vehicle(&i.kind) {
            i.fields.int("armour").unwrap_or(0) as i32
        } else {
            0
        },
        dice,
    }
}

/// Parses `ID[:COVER]` items of an artillery target list.
/// A stand under a template: which, its cover, and for a leader the stand it is in contact with.
#[derive(Clone, Copy, Debug)]
struct UnderTemplate {
    unit: usize,
    cover: Cover,
    contact: Option<usize>,
}

/// Parses `ID[:COVER][@CONTACT]` items; leaders in contact go last, so that the stand they are
/// with has taken its attack first.
fn template_targets(v: &BattleView<'_>, p: &Params) -> Result<Vec<UnderTemplate>, RuleError> {
    let mut out = p
        .list("targets")
        .iter()
        .map(|item| {
            let (rest, contact) = match item.split_once('@') {
                Some((r, c)) => (r, Some(c)),
                None => (item.as_str(), None),
            };
            let (id, cover) = rest.split_once(':').unwrap_or((rest, "none"));
            let unit = v.unit(id)?;
            let contact = contact.map(|c| contact_of(v, unit, c)).transpose()?;
            Ok(UnderTemplate {
                unit,
                cover: Cover::parse(cover)?,
                contact,
            })
        })
        .collect::<Result<Vec<_>, RuleError>>()?;
    out.sort_by_key(|t| t.contact.is_some());
    Ok(out)
}

/// The stand a leader is in contact with, checked: the target must be a leader, the stand one of
/// its side's.
fn contact_of(v: &BattleView<'_>, leader: usize, id: &str) -> Result<usize, RuleError> {
    let c = v.unit(id.trim())?;
    if !is_leader(v.info(leader)) {
        return Err(RuleError::refused(format!(
            "{} is not a leader: only a leader is sheltered by a stand it is in contact with",
            v.label(leader)
        )));
    }
    if c == leader || v.info(c).side != v.info(leader).side {
        return Err(RuleError::refused(format!(
            "{} cannot shelter {}: name a stand of its own side",
            v.label(c),
            v.label(leader)
        )));
    }
    Ok(c)
}

/// A leader in contact with another stand cannot be targeted on its own while that stand stands.
fn sheltered(v: &BattleView<'_>, target: usize, p: &Params) -> Result<(), RuleError> {
    let Some(id) = p.text("contact").filter(|c| !c.trim().is_empty()) else {
        return Ok(());
    };
    let c = contact_of(v, target, id)?;
    if v.unit_state(c).on_table() {
        return Err(RuleError::refused(format!(
            "{} is in contact with {}: it cannot be targeted on its own and takes a hit only once that stand is gone",
            v.label(target),
            v.label(c)
        )));
    }
    Ok(())
}

fn close_combat_of(v: &BattleView<'_>, p: &Params) -> Result<CloseCombat, RuleError> {
    close_combat::from_params(p, v.options)
}

/// Exact odds of a battle action, from the same inputs the action would use.
pub fn odds(v: &BattleView<'_>, action: &str, params: &Params) -> Result<OddsReport, RuleError> {
    let p = prefill(v, action, params)?;
    // The same checks as the action itself, so the odds never show for what would be refused.
    match action {
        "fire" => {
            fire_allowed(v, &p)?;
        }
        "close-combat" => {
            let (a, _, cc) = battle_combat(v, &p)?;
            let mut report = close_combat::report(&cc);
            if must_record_move(v, a, &p) {
                report.notes.insert(
                    0,
                    format!(
                        "{} moves into contact first: the opportunity fire at it is offered before this close combat is fought",
                        v.info(a).id
                    ),
                );
            }
            return Ok(report);
        }
        "air" => {
            air_allowed(v, &p)?;
        }
        _ => {}
    }
    match action {
        "fire" | "close-combat" | "air" | "command-roll" => {
            super::Newport.odds_inner(action, &p, v.options)
        }
        "artillery" => {
            let (_, weapon, targets, notes) = artillery_allowed(v, &p)?;
            spotter_allowed(v, &p)?;
            let mut report = OddsReport {
                title: format!("{} attack", weapon.replace('-', " ")),
                results: Vec::new(),
                notes,
                extra: Default::default(),
            };
            let mut expected = 0.0;
            // The chance that each stand attacked so far is destroyed by this template.
            let mut destroyed: Vec<(usize, f64)> = Vec::new();
            for t in targets {
                let shot = strike_of(v, t.unit, t.cover, false, 1).shot();
                let prefix = format!("{}: ", v.label(t.unit));
                // A leader in contact with a stand still standing is attacked only if this
                // template destroys that stand first: its lines are weighed by that chance, as
                // the strike resolves it.
                let attacked = match t.contact {
                    Some(c) if v.unit_state(c).on_table() => destroyed
                        .iter()
                        .find(|(u, _)| *u == c)
                        .map_or(0.0, |&(_, p)| p),
                    _ => 1.0,
                };
                if let Some(c) = t.contact.filter(|_| attacked < 1.0) {
                    report.notes.push(if attacked > 0.0 {
                        format!(
                            "{} is attacked only if {} is destroyed first by this template",
                            v.label(t.unit),
                            v.label(c)
                        )
                    } else {
                        format!(
                            "{} is not attacked: it is in contact with {}, which still stands",
                            v.label(t.unit),
                            v.label(c)
                        )
                    });
                    report.results.push(OddsLine {
                        result: format!("{prefix}not attacked ({} still stands)", v.info(c).id),
                        probability: 1.0 - attacked,
                    });
                }
                let odds = shot.odds();
                let before = target_of(v, t.unit);
                destroyed.push((
                    t.unit,
                    attacked * odds.p_where(|&e| before.after(e).destroyed()),
                ));
                if attacked > 0.0 {
                    expected += attacked * odds.p_where(|e| e.hit);
                    report
                        .results
                        .extend(fire::shot_lines(&shot, &prefix).into_iter().map(|mut l| {
                            l.probability *= attacked;
                            l
                        }));
                }
            }
            report.extra.insert("expected_hits".into(), expected);
            Ok(report)
        }
        _ => Err(RuleError::refused(format!(
            "nothing is rolled for `{action}`"
        ))),
    }
}

// ---- actions -----------------------------------------------------------------------------------

/// Carries out a battle action.
pub fn act(
    v: &BattleView<'_>,
    action: &str,
    params: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let p = prefill(v, action, params)?;
    match action {
        "fire" => act_fire(v, &p, dice),
        "close-combat" => act_close_combat(v, &p, dice),
        "air" => act_air(v, &p, dice),
        "artillery" => act_artillery(v, &p, dice),
        "smoke" => act_smoke(v, &p),
        "command-roll" => act_command_roll(v, &p, dice),
        "move" => act_move(v, &p, dice),
        "panic" => act_panic(v, &p, dice),
        "rally" => act_rally(v, &p),
        other => Err(RuleError::refused(format!(
            "`{other}` is not a battle action in newport"
        ))),
    }
}

/// Stands of the side not moving that may fire opportunity fire at `target` now.
pub fn opportunity_firers(v: &BattleView<'_>, target: usize) -> Vec<usize> {
    if flag(v, target, OPP_FIRED_AT) || v.state.phase != PH_ACTION {
        return Vec::new();
    }
    let side = v.info(target).side;
    if side != v.active_side() {
        return Vec::new();
    }
    (0..v.roster.units.len())
        .filter(|&u| {
            let i = v.info(u);
            i.side != side
                && !is_asset(i)
                && v.unit_state(u).on_table()
                && !flag(v, u, FINISHED)
                && morale(v, u) == Morale::Steady
        })
        .collect()
}

/// The opportunity-fire offer after `target` acts; `shaken` are stands this very action removed,
/// Suppressed or Paralyzed (the view does not show that yet). The stands that may take it up are
/// not kept in the offer: [`offer_actors`] finds them once the action is applied.
fn opportunity_offer(
    v: &BattleView<'_>,
    target: usize,
    what: &str,
    shaken: &[usize],
) -> Option<Offer> {
    if !v.unit_state(target).on_table() || shaken.contains(&target) && what != "fired" {
        return None;
    }
    let firers = opportunity_firers(v, target)
        .into_iter()
        .filter(|u| !shaken.contains(u))
        .count();
    if firers == 0 {
        return None;
    }
    let trigger = if what == "fired" { "fired" } else { "moved" };
    Some(Offer {
        action: "fire".into(),
        text: format!("opportunity fire at {} after it {what}", v.info(target).id),
        actor_param: "firer".into(),
        params: Params::new()
            .with("target", text(&v.info(target).id))
            .with("trigger", text(trigger)),
    })
}

/// The close combat of `attacker` with `defender` (in `cover`), offered once the move into
/// contact is recorded and again after an opportunity fire that did not stop the attacker. The
/// attacker is named: [`offer_actors`] gives it while it may still attack.
fn close_combat_offer(v: &BattleView<'_>, attacker: usize, defender: usize, cover: Cover) -> Offer {
    let mut params = Params::new()
        .with("attacker", text(&v.info(attacker).id))
        .with("defender", text(&v.info(defender).id));
    if cover != Cover::None {
        params.set("cover", text(cover.id()));
    }
    Offer {
        action: "close-combat".into(),
        text: format!(
            "close combat of {} with {}",
            v.info(attacker).id,
            v.info(defender).id
        ),
        actor_param: "attacker".into(),
        params,
    }
}

/// The stands that may take up an offer now: for opportunity fire, every stand of the side not
/// moving that may fire at its target; for a close combat, its attacker while it may attack.
pub fn offer_actors(v: &BattleView<'_>, offer: &Offer) -> Vec<usize> {
    let named = |name: &str| {
        offer
            .params
            .text(name)
            .and_then(|id| v.roster.unit_index(id))
    };
    match offer.action.as_str() {
        "fire" => match named("target") {
            Some(t) if v.unit_state(t).on_table() => opportunity_firers(v, t),
            _ => Vec::new(),
        },
        "close-combat" => match close_combat_allowed(v, &offer.params) {
            Ok((a, _)) => vec![a],
            Err(_) => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// Puts an offer into an outcome: its words among the prompts, itself among the offers.
fn with_offer(mut out: Outcome, offer: Option<Offer>) -> Outcome {
    if let Some(o) = offer {
        out.prompts.insert(
            0,
            format!(
                "{}: one stand of the side not moving, not Finished, Suppressed or Paralyzed, may fire",
                o.text
            ),
        );
        out.offers.push(o);
    }
    out
}

/// A fire the rules allow: who fires at whom, whether it is opportunity fire, and for opportunity
/// fire at a stand moving into contact the stand it is assaulting and that stand's cover.
pub(super) struct FireCheck {
    firer: usize,
    target: usize,
    opportunity: bool,
    assaulting: Option<(usize, Cover)>,
}

/// The fire, or why it is not allowed.
pub(super) fn fire_allowed(v: &BattleView<'_>, p: &Params) -> Result<FireCheck, RuleError> {
    in_action_phase(v, "fire")?;
    let f = unit_param(v, p, "firer")?;
    let t = unit_param(v, p, "target")?;
    on_table(v, f)?;
    enemy_target(v, f, t)?;
    let opportunity = firer_ready(v, f)?;
    if opportunity && flag(v, t, OPP_FIRED_AT) {
        return Err(RuleError::refused(format!(
            "{} has already drawn opportunity fire for its action: only one stand may fire at each enemy action",
            v.label(t)
        )));
    }
    sheltered(v, t, p)?;
    let assaulting = assaulting_of(v, p, t, opportunity)?;
    Ok(FireCheck {
        firer: f,
        target: t,
        opportunity,
        assaulting,
    })
}

/// Whether `f` may fire now, whatever its target, and whether it would be opportunity fire.
pub(super) fn firer_ready(v: &BattleView<'_>, f: usize) -> Result<bool, RuleError> {
    on_table(v, f)?;
    if is_asset(v.info(f)) {
        return Err(RuleError::refused(format!(
            "{} is an off-table {}: use the air or artillery procedure",
            v.label(f),
            v.info(f).kind
        )));
    }
    let opportunity = v.info(f).side != v.active_side();
    if opportunity {
        if flag(v, f, FINISHED) || morale(v, f) != Morale::Steady {
            return Err(RuleError::refused(format!(
                "{} is {}: only stands not Finished, Suppressed or Paralyzed may fire opportunity fire",
                v.label(f),
                if flag(v, f, FINISHED) {
                    "Finished"
                } else {
                    morale(v, f).name()
                }
            )));
        }
    } else {
        own_ready_stand(v, f, "fire")?;
        if morale(v, f) == Morale::Paralyzed {
            return Err(RuleError::refused(format!(
                "{} is Paralyzed: it fires only once, defending in a close combat",
                v.label(f)
            )));
        }
    }
    Ok(opportunity)
}

/// The fire's `assaulting` input, checked: opportunity fire at a stand moving into contact (its
/// move recorded by the close-combat procedure), naming the stand it moves into contact with.
fn assaulting_of(
    v: &BattleView<'_>,
    p: &Params,
    t: usize,
    opportunity: bool,
) -> Result<Option<(usize, Cover)>, RuleError> {
    let Some(spec) = p
        .text("assaulting")
        .map(str::trim)
        .filter(|s| !s.is_empty())
    else {
        return Ok(None);
    };
    if !opportunity || p.text("trigger") != Some("moved") {
        return Err(RuleError::refused(format!(
            "assaulting {spec}: only opportunity fire at a stand that moved (trigger moved) is fired at a stand moving into contact"
        )));
    }
    if !flag(v, t, CLOSING) {
        return Err(RuleError::refused(format!(
            "assaulting {spec}: {} is not moving into contact; its close combat records the move into contact first",
            v.label(t)
        )));
    }
    let (id, cover) = spec.split_once(':').unwrap_or((spec, "none"));
    let d = v.unit(id.trim())?;
    enemy_target(v, t, d)?;
    Ok(Some((d, Cover::parse(cover.trim())?)))
}

fn act_fire(
    v: &BattleView<'_>,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let FireCheck {
        firer: f,
        target: t,
        opportunity,
        assaulting,
    } = fire_allowed(v, p)?;
    // The shot first: a fire that is not possible (beyond range, wrong inputs) rolls nothing, not
    // even a command roll.
    let mut input = FireInput::from_params(p)?;
    input.opportunity = opportunity;
    let (shot, context) = fire::fire_shot(&input, v.options)?;
    let mut resolutions = Vec::new();
    if !opportunity && let Some((roll, ok)) = command_check(v, f, p.flag("out-of-command"), dice)? {
        if !ok {
            return Ok(failed_command(v, f, roll));
        }
        resolutions.push(roll);
    }
    let mut effects = Vec::new();
    let mut words = Vec::new();
    if !opportunity {
        spend_point(v, f, &mut effects, &mut words)?;
    }
    let label = format!(
        "{} {} {}",
        v.label(f),
        if opportunity {
            "opportunity-fires at"
        } else {
            "fires at"
        },
        v.label(t)
    );
    let what = format!(
        "{} {} {}",
        v.info(f).id,
        if opportunity {
            "opportunity-fires at"
        } else {
            "fires at"
        },
        v.info(t).id
    );
    let (step, e) = shot.roll(
        dice,
        if opportunity {
            "Opportunity fire"
        } else {
            "Fire"
        },
        &what,
    )?;
    let before = target_of(v, t);
    let after = before.after(e);
    let stopped = after.morale != Morale::Steady || after.destroyed();
    let moved = p.text("trigger") == Some("moved");
    if opportunity && stopped && flag(v, t, CLOSING) {
        // A mover stopped by the fire starts no close combat.
        effects.push(set(v, t, CLOSING, false));
    }
    damage(
        v,
        t,
        before,
        after,
        &format!("fire from {}", v.info(f).id),
        &mut effects,
        &mut words,
    );
    if e.forced_back && !after.destroyed() {
        words.push(format!(
            "{} is Forced Back 8\" away from the enemy",
            v.label(t)
        ));
    }
    let mut outcome = shot_words(before, after, e);
    let mut offer = None;
    let mut follow = None;
    if opportunity && !flag(v, t, FINISHED) && !moved {
        words.push(format!(
            "{} has not acted this turn: opportunity fire comes after an enemy stand fires or once it has moved 1\" in sight",
            v.label(t)
        ));
    }
    if opportunity {
        effects.push(set(v, t, OPP_FIRED_AT, true));
        if e.is_none() {
            effects.push(set(v, f, FINISHED, true));
            words.push(format!("{}: no effect, marked Finished", v.label(f)));
        } else {
            words.push(format!("{}: a result, stays ready", v.label(f)));
        }
        let with = assaulting
            .map(|(d, _)| format!(" with {}", v.info(d).id))
            .unwrap_or_default();
        if moved && stopped && !after.destroyed() {
            words.push(format!(
                "{} stops where it is and starts no close combat{with}",
                v.label(t)
            ));
            outcome.push_str(&format!("; stops where it is, no close combat{with}"));
            if !flag(v, t, FINISHED) {
                effects.push(set(v, t, FINISHED, true));
                // A move into contact spent its command point when it was recorded.
                if !flag(v, t, CLOSING) {
                    spend_point(v, t, &mut effects, &mut words).ok();
                }
            }
        }
        if let Some((d, cover)) = assaulting
            && !stopped
        {
            words.push(format!(
                "{} is not stopped: its close combat{with} follows",
                v.label(t)
            ));
            outcome.push_str(&format!("; not stopped, the close combat{with} follows"));
            follow = Some(close_combat_offer(v, t, d, cover));
        }
    } else {
        effects.push(set(v, f, FINISHED, true));
        let shaken = if stopped { vec![t] } else { Vec::new() };
        offer = opportunity_offer(v, f, "fired", &shaken);
    }
    let r = Resolution {
        ruleset: super::ID.into(),
        action: "fire".into(),
        title: format!(
            "{} on the {}",
            if opportunity {
                "Opportunity fire"
            } else {
                "Fire"
            },
            shot.table.name().to_lowercase()
        ),
        context: std::iter::once(label.clone()).chain(context).collect(),
        result: outcome.clone(),
        steps: vec![step],
        effects: words,
        rolled_by_program: dice.is_generated(),
    };
    let summary = format!("{label}: {outcome}");
    resolutions.push(r);
    let mut out = with_offer(
        Outcome {
            summary,
            resolutions,
            effects,
            prompts: Vec::new(),
            offers: Vec::new(),
        },
        offer,
    );
    if let Some(cc) = follow {
        out.prompts.push(format!(
            "{}: resolve it now (there must be a winner before play goes on)",
            cc.text
        ));
        out.offers.push(cc);
    }
    Ok(out)
}

fn fighter_of(v: &BattleView<'_>, u: usize, p: &Params, who: &str) -> Fighter {
    let i = v.info(u);
    Fighter {
        name: i.id.clone(),
        kind: i.kind.clone(),
        green: p.text(&format!("{who}-quality")) == Some("green"),
        hmg: p.flag(&format!("{who}-hmg")),
        gun: p.int(&format!("{who}-gun")).unwrap_or(0) as i32,
        armour: p.int(&format!("{who}-armour")).unwrap_or(0) as i32,
        start: target_of(v, u),
    }
}

/// Refuses a close combat by a stand that opportunity fire stopped: a mover it destroys,
/// Suppresses or Paralyzes stops where it is and starts no close combat.
fn stopped_by_opportunity_fire(v: &BattleView<'_>, a: usize) -> Result<(), RuleError> {
    if !flag(v, a, OPP_FIRED_AT) {
        return Ok(());
    }
    if let Some(cause) = &v.unit_state(a).removed {
        return Err(RuleError::refused(format!(
            "{} is no longer on the table ({cause}): a stand destroyed by the opportunity fire at its move starts no close combat",
            v.label(a)
        )));
    }
    let m = morale(v, a);
    if m != Morale::Steady && flag(v, a, FINISHED) {
        return Err(RuleError::refused(format!(
            "{} is {} after the opportunity fire at it: a mover Suppressed or Paralyzed by opportunity fire stops where it is and starts no close combat",
            v.label(a),
            m.name()
        )));
    }
    Ok(())
}

/// The attacker and defender of a close combat, or why it cannot be fought.
pub(super) fn close_combat_allowed(
    v: &BattleView<'_>,
    p: &Params,
) -> Result<(usize, usize), RuleError> {
    in_action_phase(v, "close combat")?;
    let a = unit_param(v, p, "attacker")?;
    let d = unit_param(v, p, "defender")?;
    stopped_by_opportunity_fire(v, a)?;
    own_ready_stand(v, a, "close combat")?;
    enemy_target(v, a, d)?;
    attacker_ready(v, a)?;
    Ok((a, d))
}

/// Whether `a`, a ready stand of the side moving, may move into contact with anyone.
pub(super) fn attacker_ready(v: &BattleView<'_>, a: usize) -> Result<(), RuleError> {
    own_ready_stand(v, a, "close combat")?;
    if is_asset(v.info(a)) {
        return Err(RuleError::refused(format!(
            "{} is off the table",
            v.label(a)
        )));
    }
    if morale(v, a) != Morale::Steady {
        return Err(RuleError::refused(format!(
            "{} is {}: it may not move into contact{}",
            v.label(a),
            morale(v, a).name(),
            if is_vehicle(&v.info(a).kind) {
                " (a Suppressed vehicle may not move closer to the enemy)"
            } else {
                " (only a panic move)"
            }
        )));
    }
    Ok(())
}

/// The close combat the battle would fight: the inputs checked like `resolve` (hits against
/// limits, vehicles never Paralyzed), the stands' hits and morale taken from the battle. Inputs
/// that contradict the battle are refused rather than silently replaced, so the odds shown and the
/// combat fought are the same.
fn battle_combat(v: &BattleView<'_>, p: &Params) -> Result<(usize, usize, CloseCombat), RuleError> {
    let (a, d) = close_combat_allowed(v, p)?;
    let mut cc = close_combat_of(v, p)?;
    cc.attacker = fighter_of(v, a, p, "attacker");
    cc.defender = fighter_of(v, d, p, "defender");
    let state = |m: Morale| match m {
        Morale::Steady => "none",
        Morale::Suppressed => "suppressed",
        Morale::Paralyzed => "paralyzed",
    };
    let given = |name: &str| p.get(name).map(|x| x.to_string());
    for (name, actual, unit) in [
        (
            "defender-state",
            state(cc.defender.start.morale).to_string(),
            d,
        ),
        ("attacker-hits", cc.attacker.start.hits.to_string(), a),
        ("defender-hits", cc.defender.start.hits.to_string(), d),
    ] {
        if let Some(g) = given(name)
            && g != actual
        {
            return Err(RuleError::refused(format!(
                "{name} {g}: the battle has {actual} for {}; change its markers or hits by hand first",
                v.label(unit)
            )));
        }
    }
    Ok((a, d, cc))
}

/// True when this close combat starts with a move into contact still to be recorded: the
/// attacker moved in sight (`moved`, yes unless the umpire says otherwise), its move is not yet
/// recorded, and a stand of the side not moving may fire opportunity fire at it.
fn must_record_move(v: &BattleView<'_>, a: usize, p: &Params) -> bool {
    p.flag("moved") && !flag(v, a, CLOSING) && !opportunity_firers(v, a).is_empty()
}

/// The move into contact, recorded before its close combat because opportunity fire at the mover
/// comes first: the command roll and command point of the attacker's action, the attacker marked
/// as moving into contact, and two offers — the opportunity fire and the close combat itself
/// (taking the close combat up declines the fire).
fn move_into_contact(
    v: &BattleView<'_>,
    a: usize,
    d: usize,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let cover = Cover::parse(p.text("cover").unwrap_or("none"))?;
    let mut resolutions = Vec::new();
    if let Some((roll, ok)) = command_check(v, a, p.flag("out-of-command"), dice)? {
        if !ok {
            return Ok(failed_command(v, a, roll));
        }
        resolutions.push(roll);
    }
    let mut effects = vec![set(v, a, CLOSING, true)];
    let mut words = Vec::new();
    spend_point(v, a, &mut effects, &mut words)?;
    let fire = opportunity_offer(
        v,
        a,
        &format!("moved into contact with {}", v.info(d).id),
        &[],
    )
    .map(|mut o| {
        let spec = match cover {
            Cover::None => v.info(d).id.clone(),
            c => format!("{}:{}", v.info(d).id, c.id()),
        };
        o.params.set("assaulting", text(&spec));
        o
    });
    let cc = close_combat_offer(v, a, d, cover);
    words.push(format!(
        "then the {}: take it up to let the move go without opportunity fire",
        cc.text
    ));
    let mut out = with_offer(
        Outcome {
            summary: format!(
                "{} moves into contact with {}: opportunity fire at it comes first, then the close combat",
                v.label(a),
                v.label(d)
            ),
            resolutions,
            effects,
            prompts: words,
            offers: Vec::new(),
        },
        fire,
    );
    out.offers.push(cc);
    Ok(out)
}

/// How a close combat ended for each stand, for the log line: who won, then each stand's fate.
fn combat_words(
    v: &BattleView<'_>,
    a: usize,
    d: usize,
    cc: &CloseCombat,
    end: &close_combat::CcEnd,
) -> String {
    use close_combat::CcResult::*;
    // The result's own lead: "Attacker wins", "Defender holds", "No winner" …
    let lead = end.result.text().split(':').next().unwrap_or_default();
    let winner = lead.to_lowercase();
    let (a_moves, d_moves): (&[&str], &[&str]) = match end.result {
        AttackerRetreats => (&["retreats 4\""], &[]),
        DefenderRetreats => (&[], &["retreats 4\""]),
        BothRetreat => (&["retreats 4\""], &["retreats 4\""]),
        BothWithdraw => (&["falls back 8\""], &["retreats 4\""]),
        AttackerFallsBack => (&["falls back 8\""], &[]),
        DefenderFallsBack => (&[], &["falls back 8\""]),
        AttackerDestroyed | DefenderDestroyed => (&[], &[]),
    };
    let a_words = end_words(cc.attacker.start, end.attacker, false, a_moves, "unharmed");
    let d_words = end_words(cc.defender.start, end.defender, false, d_moves, "unharmed");
    format!(
        "{winner}; {} {a_words}; {} {d_words}",
        v.info(a).id,
        v.info(d).id
    )
}

fn act_close_combat(
    v: &BattleView<'_>,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    // Every check before any roll: a combat that cannot be fought rolls nothing, not even a
    // command roll.
    let (a, d, cc) = battle_combat(v, p)?;
    if must_record_move(v, a, p) {
        return move_into_contact(v, a, d, p, dice);
    }
    let closing = flag(v, a, CLOSING);
    let mut resolutions = Vec::new();
    let mut effects = Vec::new();
    let mut words = Vec::new();
    if closing {
        // The move into contact was recorded with its command roll and command point.
        effects.push(set(v, a, CLOSING, false));
    } else {
        if let Some((roll, ok)) = command_check(v, a, p.flag("out-of-command"), dice)? {
            if !ok {
                return Ok(failed_command(v, a, roll));
            }
            resolutions.push(roll);
        }
        spend_point(v, a, &mut effects, &mut words)?;
    }
    let (mut r, end) = close_combat::resolve_combat(&cc, dice)?;
    damage(
        v,
        a,
        cc.attacker.start,
        end.attacker,
        &format!("close combat with {}", v.info(d).id),
        &mut effects,
        &mut words,
    );
    damage(
        v,
        d,
        cc.defender.start,
        end.defender,
        &format!("close combat with {}", v.info(a).id),
        &mut effects,
        &mut words,
    );
    if v.unit_state(a).on_table() && !end.attacker.destroyed() {
        effects.push(set(v, a, FINISHED, true));
        words.push(format!(
            "{}: marked Finished (the defender is not)",
            v.label(a)
        ));
    }
    r.context.insert(
        0,
        format!("{} moves into contact with {}", v.label(a), v.label(d)),
    );
    r.effects = words;
    let summary = format!(
        "{} assaults {}: {}",
        v.label(a),
        v.label(d),
        combat_words(v, a, d, &cc, &end)
    );
    resolutions.push(r);
    Ok(Outcome {
        summary,
        resolutions,
        effects,
        prompts: Vec::new(),
        offers: Vec::new(),
    })
}

pub(super) fn ready_asset(v: &BattleView<'_>, a: usize, kinds: &[&str]) -> Result<(), RuleError> {
    let i = v.info(a);
    if !kinds.contains(&i.kind.as_str()) {
        return Err(RuleError::refused(format!(
            "{} is of kind `{}`; this needs one of: {}",
            v.label(a),
            i.kind,
            kinds.join(", ")
        )));
    }
    own_ready_stand(v, a, "support")
}

/// The air unit and its target, or why the attack is not allowed.
pub(super) fn air_allowed(v: &BattleView<'_>, p: &Params) -> Result<(usize, usize), RuleError> {
    in_action_phase(v, "air support")?;
    let a = unit_param(v, p, "asset")?;
    let t = unit_param(v, p, "target")?;
    ready_asset(v, a, &["air"])?;
    enemy_target(v, a, t)?;
    sheltered(v, t, p)?;
    Ok((a, t))
}

fn act_air(
    v: &BattleView<'_>,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let (a, t) = air_allowed(v, p)?;
    let what = format!("{} attacks {}", v.info(a).id, v.info(t).id);
    let (mut r, e) = fire::resolve_air(p, v.options, &what, dice)?;
    let mut effects = vec![set(v, a, FINISHED, true)];
    let mut words = Vec::new();
    let before = target_of(v, t);
    let after = before.after(e);
    damage(
        v,
        t,
        before,
        after,
        &format!("air attack by {}", v.info(a).id),
        &mut effects,
        &mut words,
    );
    if e.forced_back && !after.destroyed() {
        words.push(format!(
            "{} is Forced Back 8\" away from the enemy",
            v.label(t)
        ));
    }
    r.context
        .insert(0, format!("{} attacks {}", v.label(a), v.label(t)));
    r.effects = words;
    r.result = shot_words(before, after, e);
    Ok(Outcome {
        summary: format!("{} attacks {}: {}", v.label(a), v.label(t), r.result),
        resolutions: vec![r],
        effects,
        prompts: Vec::new(),
        offers: Vec::new(),
    })
}

/// The spotter, or why it cannot spot: in a company game a ready leader, in a battalion game any
/// stand of the firing side.
pub(super) fn spotter_allowed(v: &BattleView<'_>, p: &Params) -> Result<usize, RuleError> {
    let s = unit_param(v, p, "spotter")?;
    on_table(v, s)?;
    if v.info(s).side != v.active_side() || is_asset(v.info(s)) {
        return Err(RuleError::refused(format!(
            "{} cannot spot: the spotter is a stand of the side firing, on the table",
            v.label(s)
        )));
    }
    if company_scale(v) {
        if !is_leader(v.info(s)) {
            return Err(RuleError::refused(format!(
                "in a company game a leader must spot; {} is not a leader",
                v.label(s)
            )));
        }
        own_ready_stand(v, s, "spotting")?;
    }
    Ok(s)
}

fn spotter_check(
    v: &BattleView<'_>,
    p: &Params,
    effects: &mut Vec<Effect>,
    words: &mut Vec<String>,
) -> Result<usize, RuleError> {
    let s = spotter_allowed(v, p)?;
    if company_scale(v) {
        effects.push(set(v, s, FINISHED, true));
        words.push(format!("{}: spotted, marked Finished", v.label(s)));
    } else {
        words.push(format!(
            "{}: spotted (not marked in a battalion game)",
            v.label(s)
        ));
    }
    Ok(s)
}

/// The firing unit, its weapon, the stands under the template and the range words; or why the
/// attack is not allowed.
type Template = (usize, String, Vec<UnderTemplate>, Vec<String>);
fn artillery_allowed(v: &BattleView<'_>, p: &Params) -> Result<Template, RuleError> {
    in_action_phase(v, "artillery")?;
    let a = unit_param(v, p, "asset")?;
    ready_asset(v, a, &["artillery", "heavy-mortar", "light-mortar"])?;
    let weapon = v.info(a).kind.clone();
    // In a battle the asset is the weapon: a `weapon` given otherwise is a mistake, not an order.
    if let Some(given) = p.text("weapon")
        && given != weapon
    {
        return Err(RuleError::refused(format!(
            "weapon {given}: {} is a{} {weapon}; in a battle the asset fires as what it is",
            v.label(a),
            if weapon.starts_with('a') { "n" } else { "" }
        )));
    }
    let targets = template_targets(v, p)?;
    for t in &targets {
        enemy_target(v, a, t.unit)?;
    }
    let context = fire::check_artillery(&weapon, p.num("range"), targets.len(), v.options)?;
    Ok((a, weapon, targets, context))
}

fn act_artillery(
    v: &BattleView<'_>,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let (a, weapon, targets, mut context) = artillery_allowed(v, p)?;
    let mut effects = vec![set(v, a, FINISHED, true)];
    let mut words = Vec::new();
    spotter_check(v, p, &mut effects, &mut words)?;
    let mut steps = Vec::new();
    let mut affected = 0;
    let mut fates = Vec::new();
    let mut destroyed_here = Vec::new();
    for UnderTemplate {
        unit: t,
        cover,
        contact,
    } in targets.iter().copied()
    {
        if let Some(c) = contact
            && v.unit_state(c).on_table()
            && !destroyed_here.contains(&c)
        {
            words.push(format!(
                "{}: not attacked, it is in contact with {}, which still stands",
                v.label(t),
                v.label(c)
            ));
            continue;
        }
        let shot = strike_of(v, t, cover, false, 1).shot();
        let (step, e) = shot.roll(
            dice,
            format!("{} under the {}", v.label(t), weapon.replace('-', " ")),
            &format!(
                "{} ({}) at {}",
                v.info(a).id,
                weapon.replace('-', " "),
                v.info(t).id
            ),
        )?;
        let before = target_of(v, t);
        let after = before.after(e);
        damage(
            v,
            t,
            before,
            after,
            &format!("{} from {}", weapon.replace('-', " "), v.info(a).id),
            &mut effects,
            &mut words,
        );
        if after.destroyed() {
            destroyed_here.push(t);
        }
        if e.forced_back && !after.destroyed() {
            words.push(format!("{} is Forced Back 8\"", v.label(t)));
        }
        affected += usize::from(!e.is_none());
        if !e.is_none() {
            fates.push(format!("{} {}", v.info(t).id, shot_words(before, after, e)));
        }
        steps.push(step);
    }
    context.insert(0, format!("{} fires", v.label(a)));
    let mut result = format!("{affected} of {} stand(s) affected", targets.len());
    if !fates.is_empty() {
        result.push_str(&format!(": {}", fates.join("; ")));
    }
    let r = Resolution {
        ruleset: super::ID.into(),
        action: "artillery".into(),
        title: format!("{} attack", weapon.replace('-', " ")),
        context,
        steps,
        result: result.clone(),
        effects: words,
        rolled_by_program: dice.is_generated(),
    };
    Ok(Outcome {
        summary: format!("{}: {result}", r.context[0]),
        resolutions: vec![r],
        effects,
        prompts: Vec::new(),
        offers: Vec::new(),
    })
}

fn act_smoke(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    in_action_phase(v, "smoke")?;
    let a = unit_param(v, p, "asset")?;
    ready_asset(v, a, &["artillery", "heavy-mortar", "light-mortar"])?;
    let area = p.text("area").unwrap_or("").trim().to_string();
    if area.is_empty() {
        return Err(RuleError::refused("area: say where the smoke lies"));
    }
    if let Some((_, c)) = crate::text::forbidden_char(&area) {
        return Err(RuleError::refused(format!(
            "area: {}",
            crate::text::not_allowed_here(c)
        )));
    }
    let n = (1..)
        .find(|n| !v.state.areas.contains_key(&format!("smoke-{n}")))
        .unwrap_or(1);
    let side = v.side_id(v.active_side()).to_string();
    // Smoke is artillery fire too: it must be spotted.
    let mut effects = vec![set(v, a, FINISHED, true)];
    let mut words = Vec::new();
    spotter_check(v, p, &mut effects, &mut words)?;
    effects.push(Effect::Area {
        id: format!("smoke-{n}"),
        marker: Some(Box::new(AreaMarker {
            kind: SMOKE.into(),
            label: area.clone(),
            side,
            turn: v.state.turn,
        })),
    });
    words.push("fire through the smoke takes +1 cover (not added to other cover); it lifts in the opponent's next morale recovery".into());
    Ok(Outcome {
        summary: format!("{} lays smoke: {area}", v.label(a)),
        resolutions: Vec::new(),
        effects,
        prompts: words,
        offers: Vec::new(),
    })
}

fn act_command_roll(
    v: &BattleView<'_>,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    in_action_phase(v, "a command roll")?;
    let u = unit_param(v, p, "unit")?;
    command_roll_allowed(v, u)?;
    let (r, ok) = command::resolve_command_roll(p, v.options, Some(who(v, u, &v.label(u))), dice)?;
    if !ok {
        return Ok(failed_command(v, u, r));
    }
    Ok(Outcome {
        summary: format!("{} passes its command roll: it may act", v.label(u)),
        resolutions: vec![r],
        effects: vec![set(v, u, IN_COMMAND, true)],
        prompts: Vec::new(),
        offers: Vec::new(),
    })
}

/// Whether `u` may make a command roll now (the action phase aside).
pub(super) fn command_roll_allowed(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    own_ready_stand(v, u, "command roll")?;
    if method(v, v.info(u).side) != 2 {
        return Err(RuleError::refused(
            "command rolls are made under command method 2 only",
        ));
    }
    if is_leader(v.info(u)) {
        return Err(RuleError::refused(format!(
            "{} is a leader: leaders are always in command",
            v.label(u)
        )));
    }
    if flag(v, u, IN_COMMAND) {
        return Err(RuleError::refused(format!(
            "{} has already passed its command roll this turn",
            v.label(u)
        )));
    }
    Ok(())
}

/// Whether `u` may move now (the action phase and its command aside).
pub(super) fn move_allowed(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    own_ready_stand(v, u, "move")?;
    let m = morale(v, u);
    if is_asset(v.info(u)) {
        return Err(RuleError::refused(format!(
            "{} is off the table",
            v.label(u)
        )));
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
pub(super) fn suppressed_vehicle(v: &BattleView<'_>, u: usize) -> bool {
    is_vehicle(&v.info(u).kind) && morale(v, u) == Morale::Suppressed
}

/// A Suppressed vehicle may not move closer to the enemy: its move must be away (`--away`).
pub(super) fn moves_away(v: &BattleView<'_>, u: usize, p: &Params) -> Result<(), RuleError> {
    if suppressed_vehicle(v, u) && !p.flag("away") {
        return Err(RuleError::refused(format!(
            "{} is a Suppressed vehicle: it may not move closer to the enemy, only away from it \
             (say so with away)",
            v.label(u)
        )));
    }
    Ok(())
}

fn act_move(
    v: &BattleView<'_>,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    in_action_phase(v, "movement")?;
    let u = unit_param(v, p, "unit")?;
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
    let mut effects = vec![set(v, u, FINISHED, true)];
    let mut words = Vec::new();
    spend_point(v, u, &mut effects, &mut words)?;
    if p.flag("road") {
        effects.push(set(v, u, MOVED_ON_ROAD, true));
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

/// Whether `u` may make a panic move now (the action phase and its command aside).
pub(super) fn panic_allowed(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    own_ready_stand(v, u, "panic move")?;
    let info = v.info(u);
    if is_vehicle(&info.kind) {
        return Err(RuleError::refused(format!(
            "{} is a vehicle: a Suppressed vehicle simply moves away (use move)",
            v.label(u)
        )));
    }
    if is_asset(info) {
        return Err(RuleError::refused(format!(
            "{} is off the table",
            v.label(u)
        )));
    }
    if morale(v, u) == Morale::Steady {
        return Err(RuleError::refused(format!(
            "{} is neither Suppressed nor Paralyzed: only they make a panic move",
            v.label(u)
        )));
    }
    Ok(())
}

fn act_panic(
    v: &BattleView<'_>,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    in_action_phase(v, "a panic move")?;
    let u = unit_param(v, p, "unit")?;
    panic_allowed(v, u)?;
    let before = target_of(v, u);
    let mut resolutions = Vec::new();
    if let Some((roll, ok)) = command_check(v, u, p.flag("out-of-command"), dice)? {
        if !ok {
            return Ok(failed_command(v, u, roll));
        }
        resolutions.push(roll);
    }
    let mut effects = Vec::new();
    let mut words = Vec::new();
    spend_point(v, u, &mut effects, &mut words)?;
    let mut after = before.extra_hit();
    after.morale = Morale::Paralyzed;
    damage(v, u, before, after, "panic move", &mut effects, &mut words);
    if !after.destroyed() {
        effects.push(set(v, u, FINISHED, true));
    }
    let mut prompts = vec![format!(
        "{} moves a full 8\" directly away from the nearest enemy, ignoring terrain",
        v.label(u)
    )];
    prompts.extend(words);
    Ok(with_offer(
        Outcome {
            summary: format!(
                "{} makes a panic move: {}",
                v.label(u),
                end_words(before, after, true, &[], "no change")
            ),
            resolutions,
            effects,
            prompts,
            offers: Vec::new(),
        },
        opportunity_offer(v, u, "moved", &[]),
    ))
}

/// Whether a leader may rally now at all: in the action phase, with the leader_rally option.
pub(super) fn rally_possible(v: &BattleView<'_>) -> Result<(), RuleError> {
    in_action_phase(v, "a leader's rally")?;
    if !v.options.bool("leader_rally") {
        return Err(RuleError::refused(
            "leaders rally only with the leader_rally option",
        ));
    }
    Ok(())
}

/// Whether `l` may move to rally a stand, whichever it is.
pub(super) fn rally_leader_ready(v: &BattleView<'_>, l: usize) -> Result<(), RuleError> {
    own_ready_stand(v, l, "rally")?;
    rally_leader(v, l)?;
    steady_to_rally(v, l)
}

/// Only a leader rallies.
fn rally_leader(v: &BattleView<'_>, l: usize) -> Result<(), RuleError> {
    if !is_leader(v.info(l)) {
        return Err(RuleError::refused(format!(
            "{} is not a leader",
            v.label(l)
        )));
    }
    Ok(())
}

/// A leader that may not move may not move to rally.
fn steady_to_rally(v: &BattleView<'_>, l: usize) -> Result<(), RuleError> {
    if morale(v, l) != Morale::Steady {
        return Err(RuleError::refused(format!(
            "{} is {}: it may not move to rally a stand",
            v.label(l),
            morale(v, l).name()
        )));
    }
    Ok(())
}

/// The leader and the stand it rallies, or why it may not.
pub(super) fn rally_allowed(v: &BattleView<'_>, p: &Params) -> Result<(usize, usize), RuleError> {
    rally_possible(v)?;
    let l = unit_param(v, p, "leader")?;
    let u = unit_param(v, p, "unit")?;
    own_ready_stand(v, l, "rally")?;
    on_table(v, u)?;
    rally_leader(v, l)?;
    if v.info(u).side != v.info(l).side {
        return Err(RuleError::refused(format!(
            "{} is an enemy stand",
            v.label(u)
        )));
    }
    if u == l {
        return Err(RuleError::refused(
            "a leader rallies another stand, not itself",
        ));
    }
    steady_to_rally(v, l)?;
    if morale(v, u) == Morale::Steady {
        return Err(RuleError::refused(format!(
            "{} is neither Suppressed nor Paralyzed",
            v.label(u)
        )));
    }
    Ok((l, u))
}

fn act_rally(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    let (l, u) = rally_allowed(v, p)?;
    let before = target_of(v, u);
    let mut effects = vec![set(v, l, FINISHED, true)];
    let mut words = Vec::new();
    spend_point(v, l, &mut effects, &mut words)?;
    let after = Target {
        morale: before.morale.improved(),
        ..before
    };
    damage(v, u, before, after, "", &mut effects, &mut words);
    Ok(Outcome {
        summary: format!(
            "{} rallies {}: {}",
            v.label(l),
            v.label(u),
            if after.morale == Morale::Steady {
                format!("no longer {}", before.morale.name())
            } else {
                format!("{} → {}", before.morale.name(), after.morale.name())
            }
        ),
        resolutions: Vec::new(),
        effects,
        prompts: words,
        offers: Vec::new(),
    })
}

// ---- turn sequence -----------------------------------------------------------------------------

fn battalions_of(v: &BattleView<'_>, side: usize) -> Vec<usize> {
    (0..v.roster.formations.len())
        .filter(|&f| {
            let fi = &v.roster.formations[f];
            fi.side == side && fi.level.as_deref() == Some("battalion")
        })
        .collect()
}

fn hq_alive(v: &BattleView<'_>, bn: usize) -> bool {
    v.roster
        .units_of(bn)
        .any(|u| is_hq(v.info(u)) && v.unit_state(u).on_table())
}

/// The initial counters: method-3 battalions start with no points.
pub fn start(v: &BattleView<'_>) -> Vec<Effect> {
    let mut out = Vec::new();
    for side in 0..v.roster.sides.len() {
        if method(v, side) == 3 {
            for bn in battalions_of(v, side) {
                for name in ["cp", "saved"] {
                    out.push(Effect::Counter {
                        scope: v.roster.formations[bn].id.clone(),
                        name: name.into(),
                        value: Some(0),
                    });
                }
            }
        }
    }
    out
}

/// Ends the current phase and runs the automatic steps to the next action phase.
pub fn advance(v: &BattleView<'_>, dice: &mut dyn DiceSource) -> Result<PhaseChange, RuleError> {
    let mut ch = PhaseChange::default();
    let mut side = v.active_side();
    let mut turn = v.state.turn;
    if v.state.phase == PH_ACTION {
        morale_recovery(v, side, dice, &mut ch)?;
        end_of_turn(v, side, &mut ch);
        side = (side + 1) % v.roster.sides.len();
        if side == v.state.first_side {
            turn += 1;
        }
    }
    // Past the battle's last turn nothing of the next one is started: the battle is over.
    if v.state.turn_limit.is_some_and(|last| turn > last) {
        ch.effects.push(Effect::Phase {
            turn,
            side: v.side_id(side).to_string(),
            phase: PH_REMOVE_FINISHED.into(),
        });
        return Ok(ch);
    }
    let sname = v.roster.sides[side].name.clone();
    ch.steps.push(format!("Turn {turn}: {sname}"));
    remove_finished(v, side, turn, &mut ch);
    command_phase(v, side, dice, &mut ch)?;
    ch.effects.push(Effect::Phase {
        turn,
        side: v.side_id(side).to_string(),
        phase: PH_ACTION.into(),
    });
    ch.steps.push(format!("{sname}: action phase"));
    Ok(ch)
}

fn morale_recovery(
    v: &BattleView<'_>,
    side: usize,
    dice: &mut dyn DiceSource,
    ch: &mut PhaseChange,
) -> Result<(), RuleError> {
    let sname = &v.roster.sides[side].name;
    ch.steps.push(format!("{sname}: morale recovery"));
    let checks = v.options.bool("morale_check");
    let mut improved = 0;
    for u in 0..v.roster.units.len() {
        let i = v.info(u);
        if i.side != side || !v.unit_state(u).on_table() {
            continue;
        }
        let before = morale(v, u);
        if before == Morale::Steady {
            continue;
        }
        let ok = if checks {
            let label = v.label(u);
            let (r, ok) =
                command::morale_check(&i.quality, v.options, Some(who(v, u, &label)), dice)?;
            ch.resolutions.push(r);
            ok
        } else {
            true
        };
        if ok {
            let after = before.improved();
            ch.effects.extend(morale_effects(v, u, before, after));
            ch.steps.push(format!(
                "  {}: {} → {}",
                v.label(u),
                before.name(),
                after.name()
            ));
            improved += 1;
        } else {
            ch.steps.push(format!(
                "  {}: stays {} (failed its morale check)",
                v.label(u),
                before.name()
            ));
        }
    }
    if improved == 0 && !checks {
        ch.steps.push("  no stand to recover".into());
    }
    // Smoke laid by the other side lifts in this side's morale recovery.
    for (id, m) in &v.state.areas {
        if m.kind == "smoke" && m.side != v.side_id(side) {
            ch.effects.push(Effect::Area {
                id: id.clone(),
                marker: None,
            });
            ch.steps.push(format!("  smoke lifts: {}", m.label));
        }
    }
    Ok(())
}

fn end_of_turn(v: &BattleView<'_>, side: usize, ch: &mut PhaseChange) {
    for u in 0..v.roster.units.len() {
        let i = v.info(u);
        if i.side == side && flag(v, u, CLOSING) {
            ch.steps.push(format!(
                "  {}: its close combat was never resolved; it no longer moves into contact",
                v.label(u)
            ));
        }
        for m in [OPP_FIRED_AT, MOVED_ON_ROAD, IN_COMMAND, CLOSING] {
            if i.side == side && flag(v, u, m) {
                ch.effects.push(set(v, u, m, false));
            }
        }
    }
    if method(v, side) != 3 {
        return;
    }
    for bn in battalions_of(v, side) {
        let bid = v.roster.formations[bn].id.clone();
        let cp = v.state.counter(&bid, "cp").unwrap_or(0);
        let saved = v.state.counter(&bid, "saved").unwrap_or(0);
        if hq_alive(v, bn) {
            if cp > 0 {
                ch.steps.push(format!(
                    "  {bid}: {cp} unspent point(s) saved with the HQ ({} saved)",
                    saved + cp
                ));
            }
            ch.effects.push(Effect::Counter {
                scope: bid.clone(),
                name: "saved".into(),
                value: Some(saved + cp),
            });
        } else if cp > 0 {
            ch.steps.push(format!(
                "  {bid}: {cp} unspent point(s) lost (no HQ to save them)"
            ));
        }
        ch.effects.push(Effect::Counter {
            scope: bid,
            name: "cp".into(),
            value: Some(0),
        });
    }
}

fn remove_finished(v: &BattleView<'_>, side: usize, turn: u32, ch: &mut PhaseChange) {
    let mut n = 0;
    for u in 0..v.roster.units.len() {
        let i = v.info(u);
        if i.side != side {
            continue;
        }
        if flag(v, u, FINISHED) {
            ch.effects.push(set(v, u, FINISHED, false));
            n += 1;
        }
        if let Some(back) = v.marker(u, RETURNS)
            && back as u32 <= turn
            && !v.unit_state(u).on_table()
        {
            ch.effects.push(Effect::Returned { unit: i.id.clone() });
            ch.steps.push(format!(
                "  {} returns to the table (a replacement leader)",
                v.label(u)
            ));
        }
    }
    ch.steps
        .push(format!("  Finished markers removed from {n} stand(s)"));
}

fn command_phase(
    v: &BattleView<'_>,
    side: usize,
    dice: &mut dyn DiceSource,
    ch: &mut PhaseChange,
) -> Result<(), RuleError> {
    if method(v, side) != 3 {
        return Ok(());
    }
    let sid = v.side_id(side).to_string();
    for bn in battalions_of(v, side) {
        let f = &v.roster.formations[bn];
        let units: Vec<usize> = v.roster.units_of(bn).collect();
        if units.iter().all(|&u| !v.unit_state(u).on_table()) {
            continue;
        }
        let lost = units
            .iter()
            .filter(|&&u| !v.unit_state(u).on_table())
            .count() as i64;
        let saved = if hq_alive(v, bn) {
            v.state.counter(&f.id, "saved").unwrap_or(0)
        } else {
            0
        };
        let p = Params::new().with("quality", Value::Text(f.quality.clone()));
        let mut input = PointsInput::from_params(&p, v.options, Some(&sid));
        input.lost = lost;
        input.saved = i64::from(saved);
        let (r, points) = command::points_roll(
            &input,
            v.options,
            &format!("Command points for {}", f.name),
            Some(&f.id),
            dice,
        )?;
        ch.steps.push(format!(
            "  {}: {points} command point(s) this turn{}",
            f.name,
            if saved > 0 {
                format!(" + {saved} saved")
            } else {
                String::new()
            }
        ));
        ch.resolutions.push(r);
        ch.effects.push(Effect::Counter {
            scope: f.id.clone(),
            name: "cp".into(),
            value: Some(points as i32),
        });
    }
    Ok(())
}

// ---- badges ------------------------------------------------------------------------------------

/// A unit's badges: every marker on it, in the rule set's order. A removed unit shows that it is
/// out and, for a killed leader, the turn its replacement returns, not the markers it left with.
pub fn badges(v: &BattleView<'_>, u: usize) -> Vec<Badge> {
    let st = v.unit_state(u);
    let mut out = Vec::new();
    if st.removed.is_some() {
        out.push(Badge {
            text: "OUT".into(),
            tone: Tone::Muted,
            help: "no longer on the table".into(),
        });
        if let Some(turn) = st.marker(RETURNS) {
            out.push(Badge {
                text: format!("BACK T{turn}"),
                tone: Tone::Info,
                help: format!(
                    "a replacement leader returns at the start of its side's turn on turn {turn}"
                ),
            });
        }
        return out;
    }
    for m in MARKERS {
        if let Some(val) = st.marker(m.id) {
            out.push(Badge {
                text: if m.kind == crate::declare::MarkerKind::Turn {
                    format!("{} T{val}", m.badge)
                } else {
                    m.badge.to_string()
                },
                tone: m.tone,
                help: m.help.to_string(),
            });
        }
    }
    out
}

pub fn formation_badges(v: &BattleView<'_>, f: usize) -> Vec<Badge> {
    let fi = &v.roster.formations[f];
    if fi.level.as_deref() != Some("battalion") || method(v, fi.side) != 3 {
        return Vec::new();
    }
    let cp = v.state.counter(&fi.id, "cp").unwrap_or(0);
    let saved = v.state.counter(&fi.id, "saved").unwrap_or(0);
    let mut out = vec![Badge {
        text: format!("CP {cp}"),
        tone: if cp + saved == 0 {
            Tone::Warn
        } else {
            Tone::Info
        },
        help: "command points this turn".into(),
    }];
    if saved > 0 {
        out.push(Badge {
            text: format!("+{saved} saved"),
            tone: Tone::Info,
            help: "command points saved with the HQ".into(),
        });
    }
    if !hq_alive(v, f) {
        out.push(Badge {
            text: "NO HQ".into(),
            tone: Tone::Danger,
            help: "HQ lost: unspent points vanish at the end of each turn".into(),
        });
    }
    out
}

/// The panel of a selected formation: a method-3 battalion's command points (this turn and
/// saved), and the formation's own HQ and leader stands, in play or out (and when a replacement
/// returns).
pub fn formation_details(v: &BattleView<'_>, f: usize) -> Vec<Badge> {
    let fi = &v.roster.formations[f];
    let mut out = Vec::new();
    if fi.level.as_deref() == Some("battalion") && method(v, fi.side) == 3 {
        let cp = v.state.counter(&fi.id, CP).unwrap_or(0);
        let saved = v.state.counter(&fi.id, SAVED).unwrap_or(0);
        out.push(Badge {
            text: format!("CP {cp}"),
            tone: if cp + saved == 0 {
                Tone::Warn
            } else {
                Tone::Info
            },
            help: "command points this turn (a stand that moves or fires spends one)".into(),
        });
        out.push(Badge {
            text: format!("saved {saved}"),
            tone: Tone::Info,
            help: if hq_alive(v, f) {
                "points saved with the HQ, spent after this turn's".into()
            } else {
                "HQ lost: nothing is saved; unspent points vanish at the turn's end".into()
            },
        });
    }
    for &u in v.roster.formation_units(f) {
        let info = v.info(u);
        let role = if is_hq(info) {
            "HQ"
        } else if is_leader(info) {
            "leader"
        } else {
            continue;
        };
        let (tone, state) = match &v.unit_state(u).removed {
            None => (Tone::Info, "in play".to_string()),
            Some(cause) => (
                Tone::Danger,
                match v.marker(u, RETURNS) {
                    Some(turn) => format!("out ({cause}); a replacement returns on turn {turn}"),
                    None => format!("out ({cause})"),
                },
            ),
        };
        out.push(Badge {
            text: format!("{role} {}", info.id),
            tone,
            help: format!("{state}: {}", info.name),
        });
    }
    out
}

/// A stand may still act this turn: it is on the table, of the side whose turn it is, not
/// Finished, and (method 3) its battalion has a command point left for it. Off-table assets spend
/// no points.
pub fn may_still_act(v: &BattleView<'_>, u: usize) -> bool {
    let info = v.info(u);
    if !v.acts_now(info.side) || !v.unit_state(u).on_table() || flag(v, u, FINISHED) {
        return false;
    }
    if method(v, info.side) != 3 || is_asset(info) {
        return true;
    }
    battalion(v, u).is_none_or(|bn| {
        let id = &v.roster.formations[bn].id;
        v.state.counter(id, CP).unwrap_or(0) + v.state.counter(id, SAVED).unwrap_or(0) > 0
    })
}

// ---- scenario checks ---------------------------------------------------------------------------

pub fn validate(file: &ScenarioFile, options: &Options) -> Vec<Problem> {
    let mut out = Vec::new();
    for (side, path, u) in file.units() {
        let kind = u.kind.get_ref().as_str();
        let key = |field: &str| format!("unit \"{}\" › {field}", u.id.get_ref());
        // The fields' types and ranges are checked with the rule set's declaration; here, which
        // kinds of unit each applies to.
        for (field, ok, to) in [
            ("gun", fire::has_vehicle_ranges(kind), "vehicles and guns"),
            ("armour", kind == "vehicle", "vehicles"),
        ] {
            if let Some(val) = u.field(field)
                && !ok
            {
                out.push(
                    Problem::new(
                        Some(val.span()),
                        key(field),
                        format!("`{field}` applies to {to} only, not to a {kind}"),
                    )
                    .with_value(val.get_ref().to_string()),
                );
            }
        }
        if let Some(h) = u.field("hmg")
            && h.get_ref().as_bool() == Some(true)
            && !matches!(kind, "infantry" | "weapons" | "vehicle")
        {
            out.push(
                Problem::new(
                    Some(h.span()),
                    key("hmg"),
                    format!("a {kind} cannot be a heavy machine gun"),
                )
                .with_value("true"),
            );
        }
        for (field, value) in [("leader", &u.leader), ("hq", &u.hq)] {
            if let Some(b) = value
                && *b.get_ref()
                && ASSET_KINDS.contains(&kind)
            {
                out.push(
                    Problem::new(
                        Some(b.span()),
                        key(field),
                        format!("an off-table {kind} cannot be a {field}"),
                    )
                    .with_value("true"),
                );
            }
        }
        let _ = (side, path);
    }
    // Method 3 needs battalions, each with at most one HQ.
    for (si, s) in file.sides.iter().enumerate() {
        let m = options.int_for("command_method", Some(s.id.get_ref()));
        let formations: Vec<_> = file
            .formations()
            .into_iter()
            .filter(|(i, _, _)| *i == si)
            .collect();
        let battalions: Vec<_> = formations
            .iter()
            .filter(|(_, _, f)| f.level.as_ref().map(|l| l.get_ref().as_str()) == Some("battalion"))
            .collect();
        if m == 3 && battalions.is_empty() {
            out.push(Problem::new(Some(s.id.span()), format!("side \"{}\"", s.id.get_ref()), "command method 3 gives command points to battalions: give this side at least one formation with level = \"battalion\"").with_value(s.id.get_ref().clone()));
        }
        for (_, _, bn) in battalions {
            let hqs: Vec<_> = file
                .units()
                .into_iter()
                .filter(|(_, path, u)| {
                    path.iter().any(|f| std::ptr::eq(*f, *bn))
                        && (u.kind.get_ref() == "hq" || u.hq.as_ref().is_some_and(|h| *h.get_ref()))
                })
                .collect();
            if hqs.len() > 1 {
                let (_, _, second) = hqs[1];
                out.push(
                    Problem::new(
                        Some(second.id.span()),
                        format!("formation \"{}\"", bn.id.get_ref()),
                        format!(
                            "a battalion has one HQ stand; `{}` is already its HQ",
                            hqs[0].2.id.get_ref()
                        ),
                    )
                    .with_value(second.id.get_ref().clone()),
                );
            }
        }
    }
    out
}

impl super::Newport {
    /// Odds of a table procedure with inputs already filled.
    pub(crate) fn odds_inner(
        &self,
        action: &str,
        p: &Params,
        options: &Options,
    ) -> Result<OddsReport, RuleError> {
        (self as &dyn crate::ruleset::Ruleset).odds(action, p, options)
    }
}
