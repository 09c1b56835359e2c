//! Anti-vehicle and anti-infantry fire in a battle: one procedure object for each kind of
//! attack ([`Fire`]), sharing everything but the attack. It reads the firers declared and the
//! target off the stands ([`super::super::inputs`]), refuses what the turn's order or a marker
//! forbids, resolves the volley ([`super::super::fire`]) and turns its end into markers and
//! removals.

use super::super::defs::{self, *};
use super::super::fire::{self, Attack, Volley};
use super::super::inputs::{self, Aim, Declared, Shooter};
use super::super::stands::{
    carrier_of, given_or, in_phase, nationality, on_table, overwatch_attack, own_side, removed,
    rider_of, stand_type, };
use super::super::tables::{AvWeapon, Class, Data, StandType};
use crate::ruleset::kit::refuse;
use crate::declare::params::param;
use crate::declare::{ActionDef, Options, ParamDef, Params, RuleError, Value};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// Fire of one kind of attack: every firer declared at one target, resolved together.
pub struct Fire(pub Attack);

/// Tank guns or infantry LAWs at a tank, halftrack or truck.
pub static ANTI_VEHICLE: Fire = Fire(Attack::AntiVehicle);
/// Fire at infantry stands and trucks.
pub static ANTI_INFANTRY: Fire = Fire(Attack::AntiInfantry);

impl Procedure for Fire {
    fn def(&self) -> &'static ActionDef {
        match self.0 {
            Attack::AntiVehicle => &defs::ANTI_VEHICLE,
            Attack::AntiInfantry => &defs::ANTI_INFANTRY,
        }
    }

    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        fire::odds(&inputs::volley(self.0, params, options)?)
    }

    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        Ok(fire::resolve(&inputs::volley(self.0, params, options)?, dice)?.0)
    }

    /// The firer's nationality, Suppression and Overwatch; the target's nationality, cohesion,
    /// fire check and riders — of a tank's riders, for anti-infantry fire at it.
    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        let data = Data::from_options(v.options);
        if let Some(f) = kit::named(v, &p, "firer") {
            if let Ok(n) = nationality(&data, v, f) {
                super::fill(&mut p, "nationality", Value::Text(n.id.clone()));
            }
            super::fill(
                &mut p,
                "firer-suppressed",
                Value::Bool(kit::has(v, f, SUPPRESSED)),
            );
            super::fill(&mut p, "overwatch", Value::Bool(overwatch_attack(v, f)));
        }
        if let Some(t) = kit::named(v, &p, "target") {
            if let Ok(n) = nationality(&data, v, t) {
                super::fill(&mut p, "target-nationality", Value::Text(n.id.clone()));
            }
            // The stand whose check the fire calls for: a tank's riders, for anti-infantry fire
            // at it.
            let checks = match (self.0, stand_type(&data, v, t).map(|ty| ty.class())) {
                (Attack::AntiInfantry, Ok(Some(Class::Tank))) => rider_of(v, t).unwrap_or(t),
                _ => t,
            };
            super::fill(
                &mut p,
                "target-out-of-cohesion",
                Value::Bool(kit::has(v, checks, OUT_OF_COHESION)),
            );
            super::fill(
                &mut p,
                "fire-checked",
                Value::Bool(kit::has(v, checks, FIRE_CHECK)),
            );
            if let Some(r) = rider_of(v, t) {
                super::fill(
                    &mut p,
                    "riders",
                    Value::Text(v.info(r).fields.text(TYPE).unwrap_or_default().to_string()),
                );
            }
        }
        Ok(p)
    }

    /// The stands say the nationalities and riders; the weapon is asked only of an anti-vehicle
    /// firer with a choice of weapons.
    fn input_applies(&self, v: &BattleView<'_>, input: &ParamDef, given: &Params) -> bool {
        if !super::asked_in_battle(input) {
            return false;
        }
        if self.0 != Attack::AntiVehicle || input.name != "weapon" {
            return true;
        }
        let data = Data::from_options(v.options);
        match kit::named(v, given, "firer") {
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

    /// A firer that may not fire now, a target out of the fight.
    fn check_inputs(&self, v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        let data = Data::from_options(v.options);
        if let Some(f) = kit::named(v, given, "firer") {
            may_fire(v, stand_type(&data, v, f)?, f, self.0)?;
        }
        if let Some(t) = kit::named(v, given, "target") {
            on_table(v, t)?;
        }
        Ok(())
    }

    fn battle_odds(&self, v: &BattleView<'_>, params: &Params) -> Result<OddsReport, RuleError> {
        fire::odds(&battle_volley(v, self.0, params)?.volley)
    }

    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        act(v, self.0, p, dice)
    }
}

/// Why `u` may not make an attack of `attack` now: the phase and side (its Overwatch attack
/// apart), strategic movement, Overwatch kept, riding, and the attacks made this turn.
pub(super) fn may_fire(
    v: &BattleView<'_>,
    ty: StandType<'_>,
    u: usize,
    attack: Attack,
) -> Result<(), RuleError> {
    on_table(v, u)?;
    let me = v.label(u);
    let overwatch_now = v.state.phase == PH_MOVEMENT
        && v.info(u).side != v.active_side()
        && kit::has(v, u, OVERWATCH);
    if !overwatch_now {
        in_phase(v, "fire (other than overwatch)", &[PH_FIRE])?;
        own_side(v, u, "a stand fires")?;
    }
    if kit::has(v, u, STRATEGIC) {
        return Err(RuleError::refused(format!(
            "{me} used strategic movement this turn and cannot fire"
        )));
    }
    if kit::has(v, u, OVERWATCH) && !overwatch_now {
        return Err(RuleError::refused(format!(
            "{me} is on Overwatch: it fires in the opponent's next movement phase instead"
        )));
    }
    if let Some(c) = carrier_of(v, u) {
        return Err(RuleError::refused(format!(
            "{me} is carried by {}: it must debark before it fires",
            v.label(c)
        )));
    }
    let (av, ai) = (kit::has(v, u, FIRED_AV), kit::has(v, u, FIRED_AI));
    match (ty.is_infantry(), attack) {
        (true, Attack::AntiVehicle) if av => Err(RuleError::refused(format!(
            "{me} has made its LAW attack this turn"
        ))),
        (true, Attack::AntiInfantry) if ai => Err(RuleError::refused(format!(
            "{me} has made its anti-infantry attack this turn"
        ))),
        (false, _) if av || ai => Err(RuleError::refused(format!(
            "{me} has made its attack this turn ({}): a vehicle makes one type of attack a turn, and one attack",
            if av { "anti-vehicle" } else { "anti-infantry" }
        ))),
        _ => Ok(()),
    }
}

/// The firers declared: the `firer` and every `with`.
fn declared_firers(
    v: &BattleView<'_>,
    p: &Params,
    defs: &'static [ParamDef],
) -> Result<Vec<(usize, Declared)>, RuleError> {
    let f = kit::input_unit(v, p, defs, "firer")?;
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
            suppressed: given_or(p, "firer-suppressed", kit::has(v, f, SUPPRESSED)),
            overwatch: given_or(p, "overwatch", overwatch_attack(v, f)),
        },
    )];
    for item in p.list("with") {
        let mut d = inputs::declared(item, false)?;
        let u = v.unit(&d.id)?;
        d.suppressed = kit::has(v, u, SUPPRESSED);
        d.overwatch = overwatch_attack(v, u);
        if out.iter().any(|(x, _)| *x == u) {
            return Err(refuse::refused(v, u, "is declared twice"));
        }
        out.push((u, d));
    }
    Ok(out)
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
    let t = kit::input_unit(v, p, defs, "target")?;
    on_table(v, t)?;
    let tty = stand_type(&data, v, t)?;
    let mut firers = Vec::new();
    let mut used = Vec::new();
    for (u, d) in declared_firers(v, p, defs)? {
        let ty = stand_type(&data, v, u)?;
        may_fire(v, ty, u, attack)?;
        if v.info(u).side == v.info(t).side {
            return Err(RuleError::refused(format!(
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
                    return Err(RuleError::refused(format!(
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
    let cohesion = |u: usize| kit::has(v, u, OUT_OF_COHESION);
    let target = match (attack, tty) {
        (_, StandType::Infantry(_)) if carrier_of(v, t).is_some() => {
            let c = carrier_of(v, t).unwrap_or(t);
            return Err(RuleError::refused(format!(
                "{} rides {}: fire at the vehicle (anti-infantry fire at a tank attacks its riders)",
                v.label(t),
                v.label(c)
            )));
        }
        (Attack::AntiVehicle, StandType::Infantry(_)) => {
            return Err(refuse::refused(v, t, "is an infantry stand: anti-vehicle fire is at tanks, halftracks and trucks; use anti-infantry"));
        }
        (Attack::AntiInfantry, StandType::Vehicle(veh)) if veh.class == Class::Tank => {
            // Anti-infantry fire at a tank attacks only its riders, as infantry in the open: the
            // procedure is given the tank with its riders, and says so.
            let r = rider_of(v, t).ok_or_else(|| {
                refuse::refused(v, t, "is a tank: anti-infantry fire cannot harm it (only infantry riding it); use anti-vehicle")
            })?;
            struck = r;
            inputs::target(Aim {
                ty: tty,
                check: inputs::stand_check(&v.label(t), tnat, cohesion(t)),
                difficult: p.text("terrain") == Some("difficult"),
                fire_check_passed: kit::has(v, t, FIRE_CHECK),
                riders: Some(inputs::stand_check(
                    &v.label(r),
                    nationality(&data, v, r)?,
                    given_or(p, "target-out-of-cohesion", cohesion(r)),
                )),
                riders_fire_check_passed: given_or(p, "fire-checked", kit::has(v, r, FIRE_CHECK)),
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
                fire_check_passed: given_or(p, "fire-checked", kit::has(v, t, FIRE_CHECK)),
                riders: riders_check,
                riders_fire_check_passed: r.is_some_and(|r| kit::has(v, r, FIRE_CHECK)),
                riders_check_if_lost: inputs::lost_carrier_riders_check(tty.class(), v.options),
            })
        }
    };
    if attack == Attack::AntiInfantry && target.is_vehicle && !target.soft && struck == t {
        return Err(refuse::refused(v, t, "is armoured: anti-infantry fire cannot harm it; use anti-vehicle"));
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

fn act(
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
            effects.push(kit::marker(v, u, OVERWATCH, None));
            lines.push(format!(
                "{}: its Overwatch marker is used (the attack belongs to the turn it took the marker)",
                v.label(u)
            ));
        } else {
            let marker = match attack {
                Attack::AntiVehicle => FIRED_AV,
                Attack::AntiInfantry => FIRED_AI,
            };
            effects.push(kit::flag(v, u, marker, true));
        }
        if weapon == Some(AvWeapon::AtAmmo) {
            effects.push(kit::marker(v, u, AT_AMMO_USED, Some(v.state.turn as i32)));
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
        effects.push(kit::flag(v, t, FIRE_CHECK, true));
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
                    effects.push(kit::flag(v, r, FIRE_CHECK, true));
                }
                if res.target_eliminated {
                    effects.push(kit::unit_marker(v, r, RIDING, None));
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
                effects.push(kit::unit_marker(v, r, RIDING, None));
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
