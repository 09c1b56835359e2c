//! FFT3's battle: what each procedure does to the stands, each side's turn in turn (artillery,
//! movement, fire, quality checks) with its automatic steps, the per-turn limits, carried
//! infantry, templates that stay on the table, and the badges.
//!
//! The procedures decide ([`super::fire`], [`super::artillery`], [`super::check`]); this module
//! reads the stands into their inputs ([`super::inputs`]), refuses what the turn's order or a
//! marker forbids, and turns each result into effects.

use super::artillery::{self, Stand, StandResult, Template};
use super::check::{self, Check};
use super::defs::{self, *};
use super::fire::{self, Attack, CarrierKind, Volley};
use super::inputs::{self, Aim, Declared, Shooter};
use super::tables::{AvWeapon, Class, Data, Nationality, StandType};
use crate::declare::params::param;
use crate::declare::{Badge, ParamDef, Params, RuleError, Tone, Value};
use crate::dice::DiceSource;
use crate::model::{AreaMarker, BattleView, Effect};
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::ruleset::{Offer, Outcome, PhaseChange};

// ---- reading the stands ---------------------------------------------------------------------

fn refused(text: impl Into<String>) -> RuleError {
    RuleError::refused(text)
}

/// A stand's type in the data in force.
pub fn stand_type<'d>(
    data: &'d Data,
    v: &BattleView<'_>,
    u: usize,
) -> Result<StandType<'d>, RuleError> {
    let info = v.info(u);
    let id = info.fields.text(TYPE).unwrap_or_default();
    data.stand_type(id).ok_or_else(|| {
        refused(format!(
            "{} has no known type ({id:?}): the scenario's check should have refused it",
            v.label(u)
        ))
    })
}

/// A stand's nationality: its side's, else its type's.
pub fn nationality<'d>(
    data: &'d Data,
    v: &BattleView<'_>,
    u: usize,
) -> Result<&'d Nationality, RuleError> {
    let ty = stand_type(data, v, u)?;
    let side = &v.roster.sides[v.info(u).side];
    let id = side.nationality.as_deref().or(ty.nationality());
    id.and_then(|id| data.nationality(id)).ok_or_else(|| {
        refused(format!(
            "{} has no nationality: set the side's nationality in the scenario",
            v.label(u)
        ))
    })
}

fn flag(v: &BattleView<'_>, u: usize, marker: &str) -> bool {
    v.marker(u, marker).is_some()
}

fn set_marker(v: &BattleView<'_>, u: usize, marker: &str, value: Option<i32>) -> Effect {
    Effect::Marker {
        unit: v.info(u).id.clone(),
        marker: marker.to_string(),
        value,
    }
}

fn counter(scope: &str, name: &str, value: Option<i32>) -> Effect {
    Effect::Counter {
        scope: scope.to_string(),
        name: name.to_string(),
        value,
    }
}

/// A stand out of the fight: its one loss taken (so the side's losses count it) and off the table;
/// a rider leaves its carrier with it (no stand is left aboard a vehicle it is no longer on).
fn removed(v: &BattleView<'_>, u: usize, cause: impl Into<String>) -> Vec<Effect> {
    let unit = v.info(u).id.clone();
    let mut out = vec![
        Effect::Hits {
            unit: unit.clone(),
            hits: 1,
        },
        Effect::Removed {
            unit,
            cause: cause.into(),
        },
    ];
    if flag(v, u, RIDING) {
        out.push(set_marker(v, u, RIDING, None));
    }
    out
}

/// What a stand's leaving the table by the umpire's hand (its one loss set by hand) brings with
/// it, with the words for the log: a rider leaves its carrier, and the riders of a carrier get off
/// — never left aboard a lost vehicle. A halftrack's riders (and a truck's, under the option)
/// survive only on a passed quality check; a hand edit throws no dice, so the check is the
/// umpire's to call, and the words name the command that throws it.
pub fn removal(v: &BattleView<'_>, u: usize) -> (Vec<Effect>, Vec<String>) {
    let mut effects = Vec::new();
    let mut words = Vec::new();
    if flag(v, u, RIDING) {
        effects.push(set_marker(v, u, RIDING, None));
    }
    if let Some(r) = rider_of(v, u) {
        effects.push(set_marker(v, r, RIDING, None));
        let data = Data::from_options(v.options);
        let class = stand_type(&data, v, u).ok().and_then(StandType::class);
        words.push(if inputs::lost_carrier_riders_check(class, v.options) {
            let what = class.map_or("vehicle", Class::id);
            format!(
                "{} gets off: the rider of a destroyed {what} survives only on a passed quality check, the umpire's to call since a hand edit throws no dice (quality-check --stand {} --reason \"rider of a destroyed {what}\")",
                v.label(r),
                v.info(r).id
            )
        } else {
            format!("{} gets off on foot", v.label(r))
        });
    }
    (effects, words)
}

/// The carrier an infantry stand rides, if it rides one still on the table.
pub fn carrier_of(v: &BattleView<'_>, u: usize) -> Option<usize> {
    let c = usize::try_from(v.marker(u, RIDING)? - 1).ok()?;
    (c < v.roster.units.len()).then_some(c)
}

/// The infantry stand a vehicle carries, if any (on the table).
pub fn rider_of(v: &BattleView<'_>, carrier: usize) -> Option<usize> {
    (0..v.roster.units.len())
        .find(|&u| v.unit_state(u).on_table() && carrier_of(v, u) == Some(carrier))
}

fn unit_param(
    v: &BattleView<'_>,
    p: &Params,
    defs: &'static [ParamDef],
    name: &str,
) -> Result<usize, RuleError> {
    let id = p.require_text(param(defs, name))?;
    v.unit(id)
}

fn on_table(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    match &v.unit_state(u).removed {
        Some(cause) => Err(refused(format!(
            "{} is out of the fight ({cause})",
            v.label(u)
        ))),
        None => Ok(()),
    }
}

fn phase_name(id: &str) -> &'static str {
    PHASES.iter().find(|p| p.id == id).map_or("?", |p| p.name)
}

fn in_phase(v: &BattleView<'_>, what: &str, phases: &[&str]) -> Result<(), RuleError> {
    if phases.contains(&v.state.phase.as_str()) {
        return Ok(());
    }
    let names: Vec<&str> = phases.iter().map(|p| phase_name(p)).collect();
    Err(refused(format!(
        "{what} belongs to the {} phase; it is now the {} phase",
        names.join(" or "),
        phase_name(&v.state.phase)
    )))
}

fn own_side(v: &BattleView<'_>, u: usize, what: &str) -> Result<(), RuleError> {
    if v.info(u).side == v.active_side() {
        return Ok(());
    }
    Err(refused(format!(
        "{}: {what} in its own side's turn; it is {}'s turn",
        v.label(u),
        v.roster.sides[v.active_side()].name
    )))
}

/// The suppression value of `side`'s artillery (the side's number, 1 for the first listed).
fn suppressor(side: usize) -> i32 {
    side as i32 + 1
}

// ---- fire -----------------------------------------------------------------------------------

/// Why `u` may not make an attack of `attack` now (with `weapon` for anti-vehicle fire).
fn may_fire(
    v: &BattleView<'_>,
    ty: StandType<'_>,
    u: usize,
    attack: Attack,
) -> Result<(), RuleError> {
    on_table(v, u)?;
    let me = v.label(u);
    let overwatch_now =
        v.state.phase == PH_MOVEMENT && v.info(u).side != v.active_side() && flag(v, u, OVERWATCH);
    if !overwatch_now {
        in_phase(v, "fire (other than overwatch)", &[PH_FIRE])?;
        own_side(v, u, "a stand fires")?;
    }
    if flag(v, u, STRATEGIC) {
        return Err(refused(format!(
            "{me} used strategic movement this turn and cannot fire"
        )));
    }
    if flag(v, u, OVERWATCH) && !overwatch_now {
        return Err(refused(format!(
            "{me} is on Overwatch: it fires in the opponent's next movement phase instead"
        )));
    }
    if let Some(c) = carrier_of(v, u) {
        return Err(refused(format!(
            "{me} is carried by {}: it must debark before it fires",
            v.label(c)
        )));
    }
    let (av, ai) = (flag(v, u, FIRED_AV), flag(v, u, FIRED_AI));
    match (ty.is_infantry(), attack) {
        (true, Attack::AntiVehicle) if av => {
            Err(refused(format!("{me} has made its LAW attack this turn")))
        }
        (true, Attack::AntiInfantry) if ai => Err(refused(format!(
            "{me} has made its anti-infantry attack this turn"
        ))),
        (false, _) if av || ai => Err(refused(format!(
            "{me} has made its attack this turn ({}): a vehicle makes one type of attack a turn, and one attack",
            if av { "anti-vehicle" } else { "anti-infantry" }
        ))),
        _ => Ok(()),
    }
}

/// A derived flag as given (the umpire may override what the battle says), else the battle's.
fn given_or(p: &Params, name: &str, battle: bool) -> bool {
    match p.get(name) {
        Some(Value::Bool(b)) => *b,
        _ => battle,
    }
}

/// The firers declared: the `firer` and every `with`.
fn declared_firers(
    v: &BattleView<'_>,
    p: &Params,
    defs: &'static [ParamDef],
) -> Result<Vec<(usize, Declared)>, RuleError> {
    let f = unit_param(v, p, defs, "firer")?;
    let range = p.require_num(param(defs, "range"))?;
    let mut out = vec![(
        f,
        Declared {
            id: v.info(f).id.clone(),
            range,
            arc: p.text("arc").map(|a| {
                if a == "flank" {
                    fire::Arc::Flank
                } else {
                    fire::Arc::Front
                }
            }),
            weapon: p.text("weapon").and_then(AvWeapon::parse),
            suppressed: given_or(p, "firer-suppressed", flag(v, f, SUPPRESSED)),
            overwatch: given_or(p, "overwatch", overwatch_attack(v, f)),
        },
    )];
    for item in p.list("with") {
        let mut d = inputs::declared(item, false)?;
        let u = v.unit(&d.id)?;
        d.suppressed = flag(v, u, SUPPRESSED);
        d.overwatch = overwatch_attack(v, u);
        if out.iter().any(|(x, _)| *x == u) {
            return Err(refused(format!("{} is declared twice", v.label(u))));
        }
        out.push((u, d));
    }
    Ok(out)
}

fn overwatch_attack(v: &BattleView<'_>, u: usize) -> bool {
    v.state.phase == PH_MOVEMENT && v.info(u).side != v.active_side() && flag(v, u, OVERWATCH)
}

/// A fire in the battle: the procedure's volley, the firers and the stand its result lands on.
struct BattleVolley {
    volley: Volley,
    firers: Vec<(usize, Option<AvWeapon>)>,
    /// The stand fired at (the tank's riders when anti-infantry fire is aimed at a tank with them).
    struck: usize,
    /// The infantry riding the stand fired at, when they are attacked with it.
    riders: Option<usize>,
}

fn battle_volley(
    v: &BattleView<'_>,
    attack: Attack,
    p: &Params,
) -> Result<BattleVolley, RuleError> {
    let defs = match attack {
        Attack::AntiVehicle => defs::AV_PARAMS,
        Attack::AntiInfantry => defs::AI_PARAMS,
    };
    let data = Data::from_options(v.options);
    let t = unit_param(v, p, defs, "target")?;
    on_table(v, t)?;
    let tty = stand_type(&data, v, t)?;
    let mut firers = Vec::new();
    let mut used = Vec::new();
    for (u, d) in declared_firers(v, p, defs)? {
        let ty = stand_type(&data, v, u)?;
        may_fire(v, ty, u, attack)?;
        if v.info(u).side == v.info(t).side {
            return Err(refused(format!(
                "{} and {} are on the same side",
                v.label(u),
                v.label(t)
            )));
        }
        let s = Shooter {
            ty,
            nationality: nationality(&data, v, u)?,
            label: v.label(u),
            declared: d,
        };
        let weapon = match attack {
            Attack::AntiVehicle => {
                let (w, _) = inputs::av_weapon(&s, v.options)?;
                if w == AvWeapon::AtAmmo
                    && let Some(turn) = v.marker(u, AT_AMMO_USED)
                {
                    return Err(refused(format!(
                        "{} has used its special AT ammo (turn {turn}): once a game",
                        v.label(u)
                    )));
                }
                Some(w)
            }
            Attack::AntiInfantry => None,
        };
        firers.push(inputs::firer(&s, attack, v.options)?);
        used.push((u, weapon));
    }
    let mut struck = t;
    let mut riders = None;
    let tnat = nationality(&data, v, t)?;
    let cohesion = |u: usize| flag(v, u, OUT_OF_COHESION);
    let target = match (attack, tty) {
        (_, StandType::Infantry(_)) if carrier_of(v, t).is_some() => {
            let c = carrier_of(v, t).unwrap_or(t);
            return Err(refused(format!(
                "{} rides {}: fire at the vehicle (anti-infantry fire at a tank attacks its riders)",
                v.label(t),
                v.label(c)
            )));
        }
        (Attack::AntiVehicle, StandType::Infantry(_)) => {
            return Err(refused(format!(
                "{} is an infantry stand: anti-vehicle fire is at tanks, halftracks and trucks; use anti-infantry",
                v.label(t)
            )));
        }
        (Attack::AntiInfantry, StandType::Vehicle(veh)) if veh.class == Class::Tank => {
            // Anti-infantry fire at a tank attacks only its riders, as infantry in the open: the
            // procedure is given the tank with its riders, and says so.
            let r = rider_of(v, t).ok_or_else(|| {
                refused(format!(
                    "{} is a tank: anti-infantry fire cannot harm it (only infantry riding it); use anti-vehicle",
                    v.label(t)
                ))
            })?;
            struck = r;
            inputs::target(Aim {
                ty: tty,
                check: inputs::stand_check(&v.label(t), tnat, cohesion(t)),
                difficult: p.text("terrain") == Some("difficult"),
                fire_check_passed: flag(v, t, FIRE_CHECK),
                riders: Some(inputs::stand_check(
                    &v.label(r),
                    nationality(&data, v, r)?,
                    given_or(p, "target-out-of-cohesion", cohesion(r)),
                )),
                riders_fire_check_passed: given_or(p, "fire-checked", flag(v, r, FIRE_CHECK)),
                riders_check_if_lost: false,
            })
        }
        _ => {
            let r = rider_of(v, t);
            riders = r;
            let riders_check = match r {
                Some(r) => Some(inputs::stand_check(
                    &v.label(r),
                    nationality(&data, v, r)?,
                    cohesion(r),
                )),
                None => None,
            };
            inputs::target(Aim {
                ty: tty,
                check: inputs::stand_check(
                    &v.label(t),
                    tnat,
                    given_or(p, "target-out-of-cohesion", cohesion(t)),
                ),
                difficult: p.text("terrain") == Some("difficult"),
                fire_check_passed: given_or(p, "fire-checked", flag(v, t, FIRE_CHECK)),
                riders: riders_check,
                riders_fire_check_passed: r.is_some_and(|r| flag(v, r, FIRE_CHECK)),
                riders_check_if_lost: inputs::lost_carrier_riders_check(tty.class(), v.options),
            })
        }
    };
    if attack == Attack::AntiInfantry && target.is_vehicle && !target.soft && struck == t {
        return Err(refused(format!(
            "{} is armoured: anti-infantry fire cannot harm it; use anti-vehicle",
            v.label(t)
        )));
    }
    Ok(BattleVolley {
        volley: Volley {
            attack,
            firers,
            target,
        },
        firers: used,
        struck,
        riders,
    })
}

fn act_fire(
    v: &BattleView<'_>,
    attack: Attack,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let bv = battle_volley(v, attack, p)?;
    let (mut r, res) = fire::resolve(&bv.volley, dice)?;
    let mut effects = Vec::new();
    let mut lines = Vec::new();
    for &(u, weapon) in &bv.firers {
        if overwatch_attack(v, u) {
            // The turn's fire made late: it belongs to the turn the stand took the marker in, and
            // counts against none of its attacks in its own next turn.
            effects.push(set_marker(v, u, OVERWATCH, None));
            lines.push(format!(
                "{}: its Overwatch marker is used (the attack belongs to the turn it took the marker)",
                v.label(u)
            ));
        } else {
            let marker = match attack {
                Attack::AntiVehicle => FIRED_AV,
                Attack::AntiInfantry => FIRED_AI,
            };
            effects.push(set_marker(v, u, marker, Some(1)));
        }
        if weapon == Some(AvWeapon::AtAmmo) {
            effects.push(set_marker(v, u, AT_AMMO_USED, Some(v.state.turn as i32)));
            lines.push(format!(
                "{}: its special AT ammo is spent for the game",
                v.label(u)
            ));
        }
    }
    let t = bv.struck;
    if res.target_eliminated {
        let cause = if res.destroyed {
            format!("destroyed by {} fire", attack.id())
        } else {
            format!("failed its quality check under {} fire", attack.id())
        };
        effects.extend(removed(v, t, &cause));
        lines.push(format!("{}: {cause}", v.label(t)));
    } else if res.checked_and_passed {
        effects.push(set_marker(v, t, FIRE_CHECK, Some(1)));
        lines.push(format!(
            "{}: passed its quality check; it ignores further fire checks this turn",
            v.label(t)
        ));
    }
    if let Some(r) = bv.riders {
        match res.rider_check {
            Some(false) => {
                effects.extend(removed(v, r, "failed its quality check as a rider"));
                lines.push(format!(
                    "{}: failed its quality check as a rider: out of the fight",
                    v.label(r)
                ));
            }
            Some(true) => {
                if res.riders_checked_and_passed {
                    effects.push(set_marker(v, r, FIRE_CHECK, Some(1)));
                }
                if res.target_eliminated {
                    effects.push(set_marker(v, r, RIDING, None));
                    lines.push(format!("{}: survives on foot", v.label(r)));
                } else {
                    lines.push(format!(
                        "{}: passed its quality check as a rider",
                        v.label(r)
                    ));
                }
            }
            None if res.target_eliminated => {
                // A destroyed carrier whose riders need no check (trucks without the option, or
                // a check already passed this turn): they are on foot.
                effects.push(set_marker(v, r, RIDING, None));
                lines.push(format!("{}: survives on foot", v.label(r)));
            }
            None => {}
        }
    }
    // A stand riding the one eliminated by anti-infantry fire at a tank's riders: nothing more.
    r.effects = lines.clone();
    let summary = format!(
        "{} fire at {}: {}",
        attack.id(),
        v.label(
            p.text("target")
                .and_then(|id| v.roster.unit_index(id))
                .unwrap_or(t)
        ),
        r.result
    );
    Ok(Outcome {
        summary: capitalise(&summary),
        resolutions: vec![r],
        effects,
        prompts: Vec::new(),
        offers: Vec::new(),
    })
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

// ---- artillery --------------------------------------------------------------------------------

/// A stand under a template, and the infantry riding it when they are attacked with it.
type Under = (usize, Option<usize>);

/// The stands under a template, each `ID[:difficult]`.
fn template_stands(
    v: &BattleView<'_>,
    items: &[String],
    side: usize,
) -> Result<(Template, Vec<Under>), RuleError> {
    let data = Data::from_options(v.options);
    if items.is_empty() {
        return Err(refused(
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
            return Err(refused(format!("{} is listed twice", v.label(u))));
        }
        let mut difficult = false;
        for q in parts {
            match q {
                "difficult" => difficult = true,
                "open" => difficult = false,
                other => {
                    return Err(refused(format!(
                        "--stands {item:?}: `:{other}` is not known (:difficult or :open)"
                    )));
                }
            }
        }
        let ty = stand_type(&data, v, u)?;
        if let Some(c) = carrier_of(v, u) {
            return Err(refused(format!(
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
                flag(v, r, OUT_OF_COHESION),
            )),
            None => None,
        };
        stands.push(Stand {
            label: v.label(u),
            under: inputs::under(ty, difficult, rider.is_some()),
            check: inputs::stand_check(
                &v.label(u),
                nationality(&data, v, u)?,
                flag(v, u, OUT_OF_COHESION),
            ),
            riders,
            art_check_taken: flag(v, u, ARTILLERY_CHECK),
            rider_art_check_taken: rider.is_some_and(|r| flag(v, r, ARTILLERY_CHECK)),
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
fn template_effects(
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
                effects.push(set_marker(v, u, ARTILLERY_CHECK, Some(1)));
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
                    effects.push(set_marker(v, u, SUPPRESSED, Some(suppressor(side))));
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
                .push(set_marker(v, u, UNDER_TEMPLATE, Some(number)));
        }
        if let (Some(r), Some(rr)) = (rider, res.riders) {
            // A tank's riders were attacked with it: what they suffered is theirs alone.
            let rider_gone = apply(r, rr, &mut out.effects, &mut lines);
            if gone && !rider_gone {
                out.effects.push(set_marker(v, r, RIDING, None));
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

/// What an event records: its effects, its resolutions, its lines of explanation.
struct Record<'a> {
    effects: &'a mut Vec<Effect>,
    resolutions: &'a mut Vec<Resolution>,
    lines: &'a mut Vec<String>,
}

/// The infantry a lost halftrack (or truck, under the option) carried survive only on a passed
/// quality check, whatever destroyed the carrier — fire, artillery, a failed quality or casualty
/// check; survivors, and the riders of a lost tank, are dismounted. Riders already in `gone` (out
/// of the fight in the same event) are left alone. Returns the rider if it is eliminated.
fn carried_infantry_check(
    v: &BattleView<'_>,
    carrier: usize,
    why: &str,
    gone: &[usize],
    dice: &mut dyn DiceSource,
    rec: Record<'_>,
) -> Result<Option<usize>, RuleError> {
    let data = Data::from_options(v.options);
    let Some(r) = rider_of(v, carrier).filter(|r| !gone.contains(r)) else {
        return Ok(None);
    };
    let class = stand_type(&data, v, carrier)?.class();
    if !inputs::lost_carrier_riders_check(class, v.options) {
        rec.effects.push(set_marker(v, r, RIDING, None));
        rec.lines.push(format!("{}: on foot", v.label(r)));
        return Ok(None);
    }
    let mut c = inputs::stand_check(
        &v.label(r),
        nationality(&data, v, r)?,
        flag(v, r, OUT_OF_COHESION),
    );
    c.reason = format!(
        "rider of a destroyed {} ({why})",
        class.map_or("vehicle", Class::id)
    );
    let res = check::resolve(&c, dice)?;
    let passed = passed(&res, &c);
    let lost = if passed {
        rec.effects.push(set_marker(v, r, RIDING, None));
        rec.lines
            .push(format!("{}: passed its quality check: on foot", v.label(r)));
        None
    } else {
        rec.effects.extend(removed(
            v,
            r,
            "failed its quality check when its carrier was destroyed",
        ));
        rec.lines.push(format!(
            "{}: failed its quality check: out of the fight",
            v.label(r)
        ));
        Some(r)
    };
    rec.resolutions.push(res);
    Ok(lost)
}

/// Whether a quality check's resolution passed: its modified roll against the rating.
fn passed(r: &Resolution, c: &Check) -> bool {
    r.steps
        .first()
        .and_then(|s| s.total)
        .is_some_and(|t| t >= i32::from(c.rating))
}

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
fn fft3_units(v: &BattleView<'_>) -> Vec<usize> {
    (0..v.roster.formations.len())
        .filter(|&f| !v.roster.formation_units(f).is_empty())
        .collect()
}

fn side_counter(v: &BattleView<'_>, side: usize, name: &str) -> i32 {
    v.state.counter(v.side_id(side), name).unwrap_or(0)
}

/// The prefix of a template's id among the area markers.
const TEMPLATE_ID: &str = "template-";

/// A template's id among the area markers: `template-3`, its number unique in the battle.
fn template_id(number: i32) -> String {
    format!("{TEMPLATE_ID}{number}")
}

/// The number of the template whose area id is `id`.
fn template_number(id: &str) -> Option<i32> {
    id.strip_prefix(TEMPLATE_ID)?.parse().ok()
}

/// The number the next template placed in the battle takes.
fn next_template(v: &BattleView<'_>) -> i32 {
    (0..v.roster.sides.len())
        .map(|s| side_counter(v, s, TEMPLATES_PLACED))
        .sum::<i32>()
        + 1
}

fn act_artillery(
    v: &BattleView<'_>,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    in_phase(v, "placing a template", &[PH_ARTILLERY])?;
    let side = v.active_side();
    let left = side_counter(v, side, TEMPLATES);
    if left <= 0 {
        return Err(refused(format!(
            "{} has no template left this artillery phase (one per 3 units still in play: {})",
            v.roster.sides[side].name,
            templates_due(v, side, &[])
        )));
    }
    let (template, who) = template_stands(v, p.list("stands"), side)?;
    let number = next_template(v);
    let (mut r, results) = artillery::resolve(&template, dice)?;
    let at = p.text("at").unwrap_or("").trim().to_string();
    let mut out = Outcome::default();
    let sid = v.side_id(side).to_string();
    out.effects.push(counter(&sid, TEMPLATES, Some(left - 1)));
    let placed = side_counter(v, side, TEMPLATES_PLACED);
    out.effects
        .push(counter(&sid, TEMPLATES_PLACED, Some(placed + 1)));
    let under: Vec<&str> = who.iter().map(|&(u, _)| v.info(u).id.as_str()).collect();
    out.effects.push(Effect::Area {
        id: template_id(number),
        marker: Some(Box::new(AreaMarker {
            kind: TEMPLATE.into(),
            label: if at.is_empty() {
                format!("the stands {}", under.join(", "))
            } else {
                format!("{at}, over {}", under.join(", "))
            },
            side: sid.clone(),
            turn: v.state.turn,
        })),
    });
    let mut resolutions = Vec::new();
    std::mem::swap(&mut resolutions, &mut out.resolutions);
    let lines = template_effects(v, side, number, &who, &results, dice, &mut out)?;
    r.effects = lines;
    let rest = std::mem::take(&mut out.resolutions);
    out.resolutions = vec![r];
    out.resolutions.extend(rest);
    out.summary = format!(
        "{} places {}{} over {} stand{}: {}",
        v.roster.sides[side].name,
        template_id(number),
        if at.is_empty() {
            String::new()
        } else {
            format!(" ({at})")
        },
        who.len(),
        if who.len() == 1 { "" } else { "s" },
        out.resolutions[0].result
    );
    out.prompts.push(format!(
        "{} stays until {}'s next artillery phase; a stand that touches it while moving is attacked at once (the `template` procedure)",
        template_id(number),
        v.roster.sides[side].name
    ));
    Ok(out)
}

/// A template still on the table that a moving stand touches: the stand, the template's id,
/// number, owner and place, and the stand under it as the artillery procedure takes it.
struct Touch<'v> {
    stand: usize,
    id: &'v str,
    number: i32,
    owner: usize,
    place: &'v str,
    template: Template,
    who: Vec<Under>,
}

fn touch<'v>(v: &BattleView<'v>, p: &Params) -> Result<Touch<'v>, RuleError> {
    in_phase(v, "touching a template while moving", &[PH_MOVEMENT])?;
    let u = unit_param(v, p, defs::TOUCH_PARAMS, "stand")?;
    own_side(v, u, "a stand moves")?;
    let number = p.int("template").unwrap_or(0) as i32;
    let (id, marker) = v
        .state
        .areas
        .iter()
        .find(|(id, m)| m.kind == TEMPLATE && **id == template_id(number))
        .ok_or_else(|| {
            let standing: Vec<String> = v
                .state
                .areas
                .iter()
                .filter(|(_, m)| m.kind == TEMPLATE)
                .map(|(id, m)| format!("{id}, on {}", m.label))
                .collect();
            refused(format!(
                "no {TEMPLATE_ID}{number} on the table{}",
                if standing.is_empty() {
                    " (none is)".to_string()
                } else {
                    format!(" (on the table: {})", standing.join("; "))
                }
            ))
        })?;
    let owner = v.roster.side_index(&marker.side).unwrap_or(0);
    let mut item = v.info(u).id.clone();
    if p.text("terrain") == Some("difficult") {
        item.push_str(":difficult");
    }
    let (mut template, who) = template_stands(v, &[item], owner)?;
    template.touched_while_moving = true;
    Ok(Touch {
        stand: u,
        id,
        number,
        owner,
        place: &marker.label,
        template,
        who,
    })
}

fn act_touch(
    v: &BattleView<'_>,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let Touch {
        stand: u,
        id,
        number,
        owner,
        place,
        template,
        who,
    } = touch(v, p)?;
    let (mut r, results) = artillery::resolve(&template, dice)?;
    let mut out = Outcome::default();
    let lines = template_effects(v, owner, number, &who, &results, dice, &mut out)?;
    r.effects = lines;
    let rest = std::mem::take(&mut out.resolutions);
    out.resolutions = vec![r];
    out.resolutions.extend(rest);
    out.summary = format!(
        "{} touches {id} (on {place}) while moving: {}",
        v.label(u),
        out.resolutions[0].result
    );
    Ok(out)
}

// ---- quality check, overwatch, movement -------------------------------------------------------------

fn act_check(
    v: &BattleView<'_>,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let data = Data::from_options(v.options);
    let u = unit_param(v, p, defs::CHECK_PARAMS, "stand")?;
    on_table(v, u)?;
    let mut c = inputs::stand_check(
        &v.label(u),
        nationality(&data, v, u)?,
        p.flag("out-of-cohesion") || flag(v, u, OUT_OF_COHESION),
    );
    c.extra_hits = p.int("extra-hits").unwrap_or(0).max(0) as u32;
    c.reason = p
        .text("reason")
        .filter(|r| !r.trim().is_empty())
        .unwrap_or("the umpire")
        .to_string();
    let mut r = check::resolve(&c, dice)?;
    let passed = passed(&r, &c);
    let mut out = Outcome::default();
    let mut lines = Vec::new();
    if passed {
        lines.push(format!("{}: passes", v.label(u)));
    } else {
        out.effects.extend(removed(
            v,
            u,
            format!("failed a quality check (called for by {})", c.reason),
        ));
        lines.push(format!("{}: out of the fight", v.label(u)));
        carried_infantry_check(
            v,
            u,
            "its carrier failed a quality check",
            &[],
            dice,
            Record {
                effects: &mut out.effects,
                resolutions: &mut out.resolutions,
                lines: &mut lines,
            },
        )?;
    }
    r.effects = lines;
    out.summary = format!("Quality check for {}: {}", v.label(u), r.result);
    out.resolutions.insert(0, r);
    Ok(out)
}

fn simple(summary: String, effects: Vec<Effect>) -> Outcome {
    Outcome {
        summary,
        effects,
        ..Outcome::default()
    }
}

fn act_overwatch(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    let data = Data::from_options(v.options);
    let u = unit_param(v, p, defs::STAND_PARAMS, "stand")?;
    in_phase(v, "taking Overwatch", &[PH_FIRE])?;
    own_side(v, u, "a stand takes Overwatch")?;
    let ty = stand_type(&data, v, u)?;
    if ty.ai_weapon().is_none() && ty.av_weapons().is_empty() {
        return Err(refused(format!("{} cannot fire: no Overwatch", v.label(u))));
    }
    if flag(v, u, OVERWATCH) {
        return Err(refused(format!("{} is already on Overwatch", v.label(u))));
    }
    // Eligible to fire: the same refusals as a fire (strategic movement, carried, attacks made).
    may_fire(v, ty, u, Attack::AntiInfantry)?;
    if flag(v, u, FIRED_AV) {
        return Err(refused(format!("{} has fired this turn", v.label(u))));
    }
    Ok(simple(
        format!(
            "{} takes Overwatch instead of firing: one attack at −1 in the opponent's next movement phase",
            v.label(u)
        ),
        vec![set_marker(v, u, OVERWATCH, Some(1))],
    ))
}

fn act_strategic(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    let u = unit_param(v, p, defs::STAND_PARAMS, "stand")?;
    on_table(v, u)?;
    in_phase(v, "strategic movement", &[PH_MOVEMENT])?;
    own_side(v, u, "a stand moves")?;
    if flag(v, u, STRATEGIC) {
        return Err(refused(format!(
            "{} has already used strategic movement",
            v.label(u)
        )));
    }
    Ok(simple(
        format!(
            "{} uses strategic movement (double movement points, never within 10\" of an enemy stand): it cannot fire this turn",
            v.label(u)
        ),
        vec![set_marker(v, u, STRATEGIC, Some(1))],
    ))
}

fn act_embark(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    let data = Data::from_options(v.options);
    let u = unit_param(v, p, defs::EMBARK_PARAMS, "stand")?;
    let c = unit_param(v, p, defs::EMBARK_PARAMS, "carrier")?;
    on_table(v, u)?;
    on_table(v, c)?;
    in_phase(v, "carrying infantry", &[PH_MOVEMENT])?;
    own_side(v, u, "a stand boards")?;
    if v.info(u).side != v.info(c).side {
        return Err(refused(format!("{} is the enemy's", v.label(c))));
    }
    if !stand_type(&data, v, u)?.is_infantry() {
        return Err(refused(format!("{} is not an infantry stand", v.label(u))));
    }
    if let Some(now) = carrier_of(v, u) {
        return Err(refused(format!(
            "{} already rides {}",
            v.label(u),
            v.label(now)
        )));
    }
    let cty = stand_type(&data, v, c)?;
    let carries = match cty.class() {
        Some(Class::Halftrack | Class::Truck) => true,
        Some(Class::Tank) => nationality(&data, v, c)?.id == "soviet",
        None => false,
    };
    if !carries {
        return Err(refused(format!(
            "{} cannot carry infantry: only halftracks, trucks and Soviet tanks do",
            v.label(c)
        )));
    }
    if let Some(r) = rider_of(v, c) {
        return Err(refused(format!(
            "{} already carries {}",
            v.label(c),
            v.label(r)
        )));
    }
    Ok(simple(
        format!(
            "{} boards {} (the carrier spends 2 movement points)",
            v.label(u),
            v.label(c)
        ),
        vec![set_marker(v, u, RIDING, Some(c as i32 + 1))],
    ))
}

fn act_debark(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    let u = unit_param(v, p, defs::STAND_PARAMS, "stand")?;
    on_table(v, u)?;
    in_phase(v, "carrying infantry", &[PH_MOVEMENT])?;
    own_side(v, u, "a stand debarks")?;
    let c = carrier_of(v, u).ok_or_else(|| refused(format!("{} is not carried", v.label(u))))?;
    Ok(simple(
        format!(
            "{} gets off {} (the carrier spends 2 movement points; the stand loses 2)",
            v.label(u),
            v.label(c)
        ),
        vec![set_marker(v, u, RIDING, None)],
    ))
}

fn act_cohesion(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    let u = unit_param(v, p, defs::COHESION_PARAMS, "stand")?;
    on_table(v, u)?;
    let restored = p.flag("restored");
    if restored != flag(v, u, OUT_OF_COHESION) {
        return Err(refused(format!(
            "{} is already {}",
            v.label(u),
            if restored {
                "in cohesion"
            } else {
                "out of cohesion"
            }
        )));
    }
    Ok(if restored {
        simple(
            format!("{} is back in cohesion", v.label(u)),
            vec![set_marker(v, u, OUT_OF_COHESION, None)],
        )
    } else {
        simple(
            format!(
                "{} is out of cohesion: −1 on its quality checks; it must try to move back into cohesion",
                v.label(u)
            ),
            vec![set_marker(v, u, OUT_OF_COHESION, Some(1))],
        )
    })
}

// ---- the trait's battle entry points -----------------------------------------------------------

pub fn act(
    v: &BattleView<'_>,
    action: &str,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    match action {
        "anti-vehicle" => act_fire(v, Attack::AntiVehicle, p, dice),
        "anti-infantry" => act_fire(v, Attack::AntiInfantry, p, dice),
        "artillery" => act_artillery(v, p, dice),
        "template" => act_touch(v, p, dice),
        "quality-check" => act_check(v, p, dice),
        "overwatch" => act_overwatch(v, p),
        "strategic" => act_strategic(v, p),
        "embark" => act_embark(v, p),
        "debark" => act_debark(v, p),
        "cohesion" => act_cohesion(v, p),
        other => Err(refused(format!(
            "`{other}` is not a battle procedure of fft3"
        ))),
    }
}

fn fill(p: &mut Params, name: &str, value: Value) {
    if p.get(name).is_none() {
        p.set(name, value);
    }
}

pub fn prefill(v: &BattleView<'_>, action: &str, params: &Params) -> Result<Params, RuleError> {
    let mut p = params.clone();
    let data = Data::from_options(v.options);
    let unit = |p: &Params, name: &str| p.text(name).and_then(|id| v.roster.unit_index(id));
    match action {
        "anti-vehicle" | "anti-infantry" => {
            if let Some(f) = unit(&p, "firer") {
                if let Ok(n) = nationality(&data, v, f) {
                    fill(&mut p, "nationality", Value::Text(n.id.clone()));
                }
                fill(
                    &mut p,
                    "firer-suppressed",
                    Value::Bool(flag(v, f, SUPPRESSED)),
                );
                fill(&mut p, "overwatch", Value::Bool(overwatch_attack(v, f)));
            }
            if let Some(t) = unit(&p, "target") {
                if let Ok(n) = nationality(&data, v, t) {
                    fill(&mut p, "target-nationality", Value::Text(n.id.clone()));
                }
                // The stand whose check the fire calls for: a tank's riders, for anti-infantry
                // fire at it.
                let checks = match (action, stand_type(&data, v, t).map(|ty| ty.class())) {
                    ("anti-infantry", Ok(Some(Class::Tank))) => rider_of(v, t).unwrap_or(t),
                    _ => t,
                };
                fill(
                    &mut p,
                    "target-out-of-cohesion",
                    Value::Bool(flag(v, checks, OUT_OF_COHESION)),
                );
                fill(
                    &mut p,
                    "fire-checked",
                    Value::Bool(flag(v, checks, FIRE_CHECK)),
                );
                if let Some(r) = rider_of(v, t) {
                    fill(
                        &mut p,
                        "riders",
                        Value::Text(v.info(r).fields.text(TYPE).unwrap_or_default().to_string()),
                    );
                }
            }
        }
        "quality-check" => {
            if let Some(u) = unit(&p, "stand") {
                if let Ok(n) = nationality(&data, v, u) {
                    fill(&mut p, "nationality", Value::Text(n.id.clone()));
                }
                fill(
                    &mut p,
                    "out-of-cohesion",
                    Value::Bool(flag(v, u, OUT_OF_COHESION)),
                );
            }
        }
        _ => {}
    }
    Ok(p)
}

pub fn odds(v: &BattleView<'_>, action: &str, p: &Params) -> Result<OddsReport, RuleError> {
    match action {
        "anti-vehicle" => fire::odds(&battle_volley(v, Attack::AntiVehicle, p)?.volley),
        "anti-infantry" => fire::odds(&battle_volley(v, Attack::AntiInfantry, p)?.volley),
        "artillery" => {
            let (t, _) = template_stands(v, p.list("stands"), v.active_side())?;
            artillery::odds(&t)
        }
        "template" => artillery::odds(&touch(v, p)?.template),
        "quality-check" => {
            let data = Data::from_options(v.options);
            let u = unit_param(v, p, defs::CHECK_PARAMS, "stand")?;
            let mut c: Check = inputs::stand_check(
                &v.label(u),
                nationality(&data, v, u)?,
                p.flag("out-of-cohesion") || flag(v, u, OUT_OF_COHESION),
            );
            c.extra_hits = p.int("extra-hits").unwrap_or(0).max(0) as u32;
            Ok(check::odds(&c))
        }
        other => Err(refused(format!("`{other}` has no odds: nothing is rolled"))),
    }
}

/// In a battle the stands say what the inputs off the battle give by hand: nationalities,
/// riders, a second artillery check; the weapon is asked only of a firer with a choice.
pub fn input_applies(v: &BattleView<'_>, action: &str, input: &ParamDef, given: &Params) -> bool {
    match (action, input.name) {
        (_, "nationality" | "target-nationality" | "riders" | "checked") => false,
        ("anti-vehicle", "weapon") => {
            let data = Data::from_options(v.options);
            match given.text("firer").and_then(|id| v.roster.unit_index(id)) {
                Some(f) => stand_type(&data, v, f).is_ok_and(|t| {
                    t.av_weapons()
                        .iter()
                        .filter(|(w, _)| *w != AvWeapon::AtAmmo || v.options.bool(OPT_AT_AMMO))
                        .count()
                        > 1
                }),
                None => true,
            }
        }
        _ => true,
    }
}

/// The refusals that the inputs given so far already show.
pub fn check_inputs(v: &BattleView<'_>, action: &str, given: &Params) -> Result<(), RuleError> {
    let data = Data::from_options(v.options);
    let unit = |name: &str| given.text(name).and_then(|id| v.roster.unit_index(id));
    match action {
        "anti-vehicle" | "anti-infantry" => {
            let attack = if action == "anti-vehicle" {
                Attack::AntiVehicle
            } else {
                Attack::AntiInfantry
            };
            if let Some(f) = unit("firer") {
                may_fire(v, stand_type(&data, v, f)?, f, attack)?;
            }
            if let Some(t) = unit("target") {
                on_table(v, t)?;
            }
        }
        "artillery" => in_phase(v, "placing a template", &[PH_ARTILLERY])?,
        "template" | "strategic" | "embark" | "debark" => {
            in_phase(v, "movement", &[PH_MOVEMENT])?;
            if let Some(u) = unit("stand") {
                on_table(v, u)?;
                own_side(v, u, "a stand moves")?;
            }
        }
        "overwatch" => {
            in_phase(v, "taking Overwatch", &[PH_FIRE])?;
            if let Some(u) = unit("stand") {
                own_side(v, u, "a stand takes Overwatch")?;
            }
        }
        _ => {}
    }
    Ok(())
}

// ---- the turn ---------------------------------------------------------------------------------

pub fn start(v: &BattleView<'_>) -> Vec<Effect> {
    let mut out = Vec::new();
    for u in 0..v.roster.units.len() {
        if let Some(c) = v
            .info(u)
            .fields
            .text(RIDES)
            .and_then(|id| v.roster.unit_index(id))
        {
            out.push(set_marker(v, u, RIDING, Some(c as i32 + 1)));
        }
    }
    let side = v.active_side();
    out.push(counter(
        v.side_id(side),
        TEMPLATES,
        Some(templates_due(v, side, &[])),
    ));
    out
}

fn phase_effect(v: &BattleView<'_>, turn: u32, side: usize, phase: &str) -> Effect {
    Effect::Phase {
        turn,
        side: v.side_id(side).to_string(),
        phase: phase.to_string(),
    }
}

pub fn advance(v: &BattleView<'_>, dice: &mut dyn DiceSource) -> Result<PhaseChange, RuleError> {
    let mut ch = PhaseChange::default();
    let side = v.active_side();
    let sname = v.roster.sides[side].name.clone();
    let turn = v.state.turn;
    match v.state.phase.as_str() {
        PH_ARTILLERY => {
            let left = side_counter(v, side, TEMPLATES);
            if left > 0 {
                ch.steps.push(format!(
                    "{sname}: {left} template{} not placed",
                    if left == 1 { "" } else { "s" }
                ));
                ch.effects
                    .push(counter(v.side_id(side), TEMPLATES, Some(0)));
            }
            ch.effects.push(phase_effect(v, turn, side, PH_MOVEMENT));
            ch.steps.push(format!("{sname}: movement"));
        }
        PH_MOVEMENT => {
            for u in 0..v.roster.units.len() {
                if v.info(u).side != side && flag(v, u, OVERWATCH) {
                    ch.effects.push(set_marker(v, u, OVERWATCH, None));
                    ch.steps.push(format!(
                        "  {}: Overwatch not used; the marker goes at the end of the movement phase",
                        v.label(u)
                    ));
                }
            }
            ch.effects.push(phase_effect(v, turn, side, PH_FIRE));
            ch.steps.push(format!("{sname}: fire"));
        }
        _ => {
            ch.steps.push(format!("{sname}: quality checks"));
            let gone = casualty_checks(v, dice, &mut ch)?;
            let next = (side + 1) % v.roster.sides.len();
            let new_turn = if next == v.state.first_side {
                turn + 1
            } else {
                turn
            };
            if v.state.turn_limit.is_some_and(|last| new_turn > last) {
                ch.effects
                    .push(phase_effect(v, new_turn, next, PH_ARTILLERY));
                return Ok(ch);
            }
            // "Turn" in the limits is one side's turn: they lift at the end of every side's turn.
            end_of_turn(v, &sname, &mut ch);
            if new_turn != turn {
                ch.steps.push(format!("Turn {new_turn}"));
            }
            artillery_phase(v, next, &gone, &mut ch);
            ch.effects
                .push(phase_effect(v, new_turn, next, PH_ARTILLERY));
        }
    }
    Ok(ch)
}

/// The end of a side's turn: the turn's limits lift — attacks made, strategic movement, quality
/// checks taken — for every stand (an Overwatch marker stays for the opponent's movement phase).
fn end_of_turn(v: &BattleView<'_>, side_name: &str, ch: &mut PhaseChange) {
    let mut lifted = 0;
    for u in 0..v.roster.units.len() {
        for m in [STRATEGIC, FIRED_AV, FIRED_AI, FIRE_CHECK, ARTILLERY_CHECK] {
            if flag(v, u, m) {
                ch.effects.push(set_marker(v, u, m, None));
                lifted += 1;
            }
        }
    }
    if lifted > 0 {
        ch.steps.push(format!(
            "  {side_name}'s turn ends: the turn's limits lift (attacks made, strategic movement, quality checks taken)"
        ));
    }
}

/// The start of `side`'s artillery phase: its old templates and the Suppressed markers its
/// artillery caused come off; its templates for this phase are counted after every loss so far
/// (`gone`: the stands the same phase change has just put out of the fight).
fn artillery_phase(v: &BattleView<'_>, side: usize, gone: &[usize], ch: &mut PhaseChange) {
    let sid = v.side_id(side);
    let sname = &v.roster.sides[side].name;
    ch.steps.push(format!("{sname}: artillery"));
    let mut numbers = Vec::new();
    for (id, m) in &v.state.areas {
        if m.kind == TEMPLATE && m.side == sid {
            ch.effects.push(Effect::Area {
                id: id.clone(),
                marker: None,
            });
            ch.steps.push(format!("  {id} lifts (on {})", m.label));
            if let Some(n) = template_number(id) {
                numbers.push(n);
            }
        }
    }
    for u in 0..v.roster.units.len() {
        if v.marker(u, SUPPRESSED) == Some(suppressor(side)) {
            ch.effects.push(set_marker(v, u, SUPPRESSED, None));
            if v.unit_state(u).on_table() && !gone.contains(&u) {
                ch.steps
                    .push(format!("  {}: no longer Suppressed", v.label(u)));
            }
        }
        if let Some(n) = v.marker(u, UNDER_TEMPLATE)
            && numbers.contains(&n)
        {
            ch.effects.push(set_marker(v, u, UNDER_TEMPLATE, None));
        }
    }
    let due = templates_due(v, side, gone);
    ch.effects.push(counter(sid, TEMPLATES, Some(due)));
    ch.steps.push(format!(
        "  {sname} has {due} template{} to place (one per 3 units still in play)",
        if due == 1 { "" } else { "s" }
    ));
}

/// A unit's stands at the start and lost so far.
pub fn unit_losses(v: &BattleView<'_>, f: usize) -> (usize, usize) {
    unit_losses_after(v, f, &[])
}

/// A unit's stands at the start and lost so far, `gone` (out of the fight in an event not yet
/// applied) counted as lost.
fn unit_losses_after(v: &BattleView<'_>, f: usize, gone: &[usize]) -> (usize, usize) {
    let stands = v.roster.formation_units(f);
    let lost = stands
        .iter()
        .filter(|&&u| !v.unit_state(u).on_table() || gone.contains(&u))
        .count();
    (stands.len(), lost)
}

/// The losses that first call for a unit's casualty check.
pub fn casualty_threshold(v: &BattleView<'_>, start: usize) -> usize {
    let thirds = v.options.int(OPT_CASUALTY_THIRDS).clamp(1, 3) as usize;
    (start * thirds).div_ceil(3)
}

/// The quality-check phase at the end of a side's turn: every unit that lost a stand in the turn
/// and has reached two thirds lost takes one casualty check (one a turn: the phase comes once).
/// The riders of a carrier lost in the check take their own check, and a stand lost that way
/// counts towards its own unit's check in the same phase. Returns every stand put out of the
/// fight.
fn casualty_checks(
    v: &BattleView<'_>,
    dice: &mut dyn DiceSource,
    ch: &mut PhaseChange,
) -> Result<Vec<usize>, RuleError> {
    let data = Data::from_options(v.options);
    let turn = v.state.turn as i32;
    let units = fft3_units(v);
    let mut gone: Vec<usize> = Vec::new();
    let mut checked: Vec<usize> = Vec::new();
    // A rider lost at the end of the turn may call for its own unit's check: go round again
    // until no unit is left to check.
    loop {
        let mut any = false;
        for &f in &units {
            if checked.contains(&f) {
                continue;
            }
            let fid = v.roster.formations[f].id.clone();
            let fname = v.roster.formations[f].name.clone();
            let (start, lost) = unit_losses_after(v, f, &gone);
            let seen = v.state.counter(&fid, LOST_SEEN).unwrap_or(0).max(0) as usize;
            let reached = v.state.counter(&fid, CASUALTY_REACHED) == Some(1);
            let left: Vec<usize> = v
                .roster
                .formation_units(f)
                .iter()
                .copied()
                .filter(|&u| v.unit_state(u).on_table() && !gone.contains(&u))
                .collect();
            if lost <= seen || !(reached || lost >= casualty_threshold(v, start)) || left.is_empty()
            {
                continue;
            }
            checked.push(f);
            any = true;
            let nat = nationality(&data, v, left[0])?;
            let mut c = Check::new(format!("{fname} ({fid})"), nat.name.clone(), nat.quality);
            c.reason = format!(
                "unit casualties: {lost} of {start} stands lost{}",
                if reached {
                    ", a stand lost this turn"
                } else {
                    " (two thirds reached)"
                }
            );
            let (step, _) = check::roll(&c, dice)?;
            let face = step.dice.first().map_or(0, |r| r.face);
            let mut r = Resolution {
                ruleset: super::ID.into(),
                action: "casualty-check".into(),
                title: format!("Casualty check: {fname} ({lost} of {start} stands lost)"),
                context: vec![
                    format!(
                        "one roll for the whole unit: {} passes on {}+; a stand out of cohesion reads it 1 lower",
                        nat.name, nat.quality
                    ),
                    c.reason.clone(),
                ],
                steps: vec![step],
                result: String::new(),
                effects: Vec::new(),
                rolled_by_program: dice.is_generated(),
            };
            let mut failed = Vec::new();
            for &u in &left {
                let cohesion = flag(v, u, OUT_OF_COHESION);
                let modified = i32::from(face) - i32::from(cohesion);
                if modified < i32::from(nat.quality) {
                    failed.push(u);
                    ch.effects
                        .extend(removed(v, u, "failed its unit's casualty check"));
                    r.effects.push(format!(
                        "{}: {modified}{} against {}+: out of the fight",
                        v.label(u),
                        if cohesion { " (out of cohesion)" } else { "" },
                        nat.quality
                    ));
                } else {
                    r.effects.push(format!("{}: stays", v.label(u)));
                }
            }
            gone.extend(&failed);
            r.result = if failed.is_empty() {
                format!("{face} against {}+: the unit passes", nat.quality)
            } else if failed.len() == left.len() {
                format!(
                    "{face} against {}+: the unit fails, its stands are eliminated",
                    nat.quality
                )
            } else {
                format!(
                    "{face}: {} stand{} out of cohesion fail",
                    failed.len(),
                    if failed.len() == 1 { "" } else { "s" }
                )
            };
            ch.steps
                .push(format!("  {fname}: casualty check — {}", r.result));
            ch.effects.push(counter(&fid, CASUALTY_TURN, Some(turn)));
            ch.resolutions.push(r);
            // The riders of a carrier the check put out of the fight.
            let at = ch.resolutions.len() - 1;
            for &u in &failed {
                let mut lines = Vec::new();
                let mut more = Vec::new();
                let lost_rider = carried_infantry_check(
                    v,
                    u,
                    "its carrier failed its unit's casualty check",
                    &gone,
                    dice,
                    Record {
                        effects: &mut ch.effects,
                        resolutions: &mut more,
                        lines: &mut lines,
                    },
                )?;
                gone.extend(lost_rider);
                ch.resolutions[at].effects.extend(lines.iter().cloned());
                ch.steps.extend(lines.iter().map(|l| format!("    {l}")));
                ch.resolutions.extend(more);
            }
        }
        if !any {
            break;
        }
    }
    // What each unit has lost, this phase's losses included: a later turn's loss is a new one.
    for f in units {
        let fid = &v.roster.formations[f].id;
        let (start, lost) = unit_losses_after(v, f, &gone);
        let seen = v.state.counter(fid, LOST_SEEN).unwrap_or(0).max(0) as usize;
        if lost == seen {
            continue;
        }
        if lost >= casualty_threshold(v, start) && v.state.counter(fid, CASUALTY_REACHED) != Some(1)
        {
            ch.effects.push(counter(fid, CASUALTY_REACHED, Some(1)));
        }
        ch.effects.push(counter(fid, LOST_SEEN, Some(lost as i32)));
    }
    Ok(gone)
}

// ---- what the umpire sees ----------------------------------------------------------------------

fn badge(text: impl Into<String>, tone: Tone, help: impl Into<String>) -> Badge {
    Badge {
        text: text.into(),
        tone,
        help: help.into(),
    }
}

pub fn badges(v: &BattleView<'_>, u: usize) -> Vec<Badge> {
    let data = Data::from_options(v.options);
    let mut out = Vec::new();
    if let Ok(ty) = stand_type(&data, v, u) {
        out.push(badge(ty.name().to_string(), Tone::Muted, ty.summary()));
    }
    if let Some(s) = v.marker(u, SUPPRESSED) {
        let side = usize::try_from(s - 1)
            .ok()
            .and_then(|i| v.roster.sides.get(i));
        let name = side.map_or("?", |s| s.name.as_str());
        out.push(badge(
            "SUP",
            Tone::Warn,
            format!("Suppressed by {name}'s artillery until its next artillery phase: −1 to hit (vehicle) or −2 (infantry), −2 movement"),
        ));
    }
    for (m, tone) in [
        (OVERWATCH, Tone::Info),
        (STRATEGIC, Tone::Muted),
        (OUT_OF_COHESION, Tone::Warn),
        (FIRED_AV, Tone::Muted),
        (FIRED_AI, Tone::Muted),
        (FIRE_CHECK, Tone::Info),
        (ARTILLERY_CHECK, Tone::Info),
    ] {
        if flag(v, u, m) {
            let def = MARKERS.iter().find(|d| d.id == m);
            out.push(badge(
                def.map_or(m, |d| d.badge),
                tone,
                def.map_or("", |d| d.help),
            ));
        }
    }
    if let Some(c) = carrier_of(v, u) {
        out.push(badge(
            format!("ON {}", v.info(c).id),
            Tone::Info,
            format!("Carried by {}", v.label(c)),
        ));
    }
    if let Some(r) = rider_of(v, u) {
        out.push(badge(
            format!("CARRIES {}", v.info(r).id),
            Tone::Info,
            format!("Carries {}", v.label(r)),
        ));
    }
    if let Some(t) = v.marker(u, AT_AMMO_USED) {
        out.push(badge(
            "ATX",
            Tone::Muted,
            format!("Special AT ammo spent (turn {t})"),
        ));
    }
    if let Some(n) = v.marker(u, UNDER_TEMPLATE) {
        out.push(badge(
            format!("TMPL {n}"),
            Tone::Info,
            format!("Attacked under template-{n}, still on the table"),
        ));
    }
    out
}

pub fn formation_badges(v: &BattleView<'_>, f: usize) -> Vec<Badge> {
    if v.roster.formation_units(f).is_empty() {
        return Vec::new();
    }
    let (start, lost) = unit_losses(v, f);
    let threshold = casualty_threshold(v, start);
    let fid = &v.roster.formations[f].id;
    let reached = v.state.counter(fid, CASUALTY_REACHED) == Some(1);
    vec![badge(
        format!("LOST {lost}/{start}"),
        if reached || lost >= threshold {
            Tone::Danger
        } else {
            Tone::Info
        },
        if reached {
            "Stands lost; two thirds reached: a casualty check at the end of every side's turn in which it loses a stand".to_string()
        } else {
            format!(
                "Stands lost; a casualty check when {threshold} are lost (two thirds, rounded up)"
            )
        },
    )]
}

/// The templates the side has not placed yet in its artillery phase.
pub fn left_undone(v: &BattleView<'_>) -> Vec<String> {
    let left = side_counter(v, v.active_side(), TEMPLATES);
    if v.state.phase != PH_ARTILLERY || v.state.is_over() || left <= 0 {
        return Vec::new();
    }
    vec![format!(
        "{left} artillery template{} not placed",
        if left == 1 { "" } else { "s" }
    )]
}

/// Whether `u` may still carry out a procedure the phase offers: in the movement phase only the
/// other side's Overwatch stands (their one attack); the moving side's movement is not recorded,
/// so none of its stands is still to act. In the fire phase, a stand of the side that has not
/// fired all it may.
pub fn may_still_act(v: &BattleView<'_>, u: usize) -> bool {
    if !v.unit_state(u).on_table() {
        return false;
    }
    let mine = v.info(u).side == v.active_side();
    match v.state.phase.as_str() {
        PH_MOVEMENT => !mine && flag(v, u, OVERWATCH),
        PH_FIRE => {
            mine && !flag(v, u, STRATEGIC)
                && !flag(v, u, OVERWATCH)
                && carrier_of(v, u).is_none()
                && !(flag(v, u, FIRED_AV) && flag(v, u, FIRED_AI))
                && {
                    let data = Data::from_options(v.options);
                    match stand_type(&data, v, u) {
                        Ok(t) if t.is_infantry() => true,
                        Ok(t) => {
                            (t.ai_weapon().is_some() || !t.av_weapons().is_empty())
                                && !flag(v, u, FIRED_AV)
                                && !flag(v, u, FIRED_AI)
                        }
                        Err(_) => false,
                    }
                }
        }
        _ => false,
    }
}

pub fn offer_actors(_v: &BattleView<'_>, _offer: &Offer) -> Vec<usize> {
    // FFT3 makes no offers: overwatch fire is the Overwatch stands' own fire.
    Vec::new()
}

/// Whether the carrier kind loses its riders with it.
pub fn carrier_kind(c: Class) -> CarrierKind {
    match c {
        Class::Tank => CarrierKind::Tank,
        Class::Halftrack => CarrierKind::Halftrack,
        Class::Truck => CarrierKind::Truck,
    }
}
