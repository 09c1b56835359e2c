//! The umpire's inputs read into the procedures: a stand's type and nationality into a firer, a
//! target, a stand under a template or a quality check, the same way off the battle (types typed
//! in) and in it (stands of the battle, see [`super::stands`] and [`super::procedures`]).

use super::artillery::{Stand, Template, Under};
use super::check::{self, Check};
use super::defs::{self, OPT_AT_AMMO, OPT_SUPPRESSED_INFANTRY, OPT_TRUCK_RIDERS};
use super::fire::{Arc, Attack, CarrierKind, Firer, Target, Volley, Weapon};
use super::tables::{Armour, AvWeapon, Class, Data, Nationality, StandType};
use crate::declare::params::param;
use crate::declare::{Options, Params, RuleError};
use crate::odds::OddsReport;
use std::borrow::Cow;

/// A firer's weapon as the procedures know it.
pub fn weapon(w: AvWeapon) -> Weapon {
    match w {
        AvWeapon::Gun => Weapon::Gun,
        AvWeapon::Law => Weapon::Law,
        AvWeapon::Missile => Weapon::Missile,
        AvWeapon::AtAmmo => Weapon::AtAmmo,
    }
}

/// One firer as the umpire declares it: who, at what range, from which arc, with what.
#[derive(Clone, Debug, PartialEq)]
pub struct Declared {
    /// A stand's id in a battle, a type off it.
    pub id: String,
    pub range: f64,
    pub arc: Option<Arc>,
    pub weapon: Option<AvWeapon>,
    /// Off the battle only (in a battle the markers say).
    pub suppressed: bool,
    pub overwatch: bool,
}

/// Reads one item of `--with`: `ID@RANGE[:flank|:front][:gun|:law|:missile|:at-ammo]`, and off the
/// battle `:suppressed` and `:overwatch`.
pub fn declared(item: &str, off_battle: bool) -> Result<Declared, RuleError> {
    let bad = |why: String| {
        RuleError::refused(format!(
            "--with {item:?}: {why}; write ID@RANGE with :flank, :law, :missile or :at-ammo where they apply (g-p2@7:flank)"
        ))
    };
    let mut parts = item.split(':');
    let head = parts.next().unwrap_or_default();
    let (id, range) = head
        .split_once('@')
        .ok_or_else(|| bad("no range: put @ and the range in inches after the firer".into()))?;
    if id.is_empty() {
        return Err(bad("no firer before @".into()));
    }
    let range: f64 = range
        .trim_end_matches('"')
        .parse()
        .ok()
        .filter(|r: &f64| r.is_finite() && (0.0..=1000.0).contains(r))
        .ok_or_else(|| bad(format!("{range:?} is not a range in inches")))?;
    let mut d = Declared {
        id: id.to_string(),
        range,
        arc: None,
        weapon: None,
        suppressed: false,
        overwatch: false,
    };
    for q in parts {
        match q {
            "front" => d.arc = Some(Arc::Front),
            "flank" => d.arc = Some(Arc::Flank),
            "suppressed" if off_battle => d.suppressed = true,
            "overwatch" if off_battle => d.overwatch = true,
            other => match AvWeapon::parse(other) {
                Some(w) => d.weapon = Some(w),
                None => {
                    let mut known = vec!["front", "flank"];
                    known.extend(AvWeapon::IDS);
                    if off_battle {
                        known.extend(["suppressed", "overwatch"]);
                    }
                    return Err(bad(format!(
                        "`:{other}` is not known{}",
                        crate::text::did_you_mean(other, known.iter().copied())
                    )));
                }
            },
        }
    }
    Ok(d)
}

/// What the battle (or the umpire off it) knows of a firing stand.
pub struct Shooter<'a> {
    pub ty: StandType<'a>,
    pub nationality: &'a Nationality,
    pub label: String,
    pub declared: Declared,
}

/// The anti-vehicle weapon a firer uses: the one asked for, else its only one (its gun before
/// special AT ammo, which is only ever asked for).
pub fn av_weapon(
    s: &Shooter<'_>,
    options: &Options,
) -> Result<(AvWeapon, super::tables::WeaponLine), RuleError> {
    let weapons = s.ty.av_weapons();
    let names = || {
        weapons
            .iter()
            .map(|(w, _)| w.id())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let chosen = match s.declared.weapon {
        Some(w) => weapons
            .iter()
            .find(|(x, _)| *x == w)
            .copied()
            .ok_or_else(|| {
                RuleError::refused(format!(
                    "{} has no {}{}",
                    s.label,
                    w.name(),
                    if weapons.is_empty() {
                        ": it cannot make anti-vehicle attacks".to_string()
                    } else {
                        format!(" (its anti-vehicle weapons: {})", names())
                    }
                ))
            })?,
        None => weapons
            .iter()
            .find(|(w, _)| *w != AvWeapon::AtAmmo)
            .copied()
            .ok_or_else(|| {
                RuleError::refused(format!(
                    "{} cannot make anti-vehicle attacks (its gun has no Pen: anti-infantry only)",
                    s.label
                ))
            })?,
    };
    if chosen.0 == AvWeapon::AtAmmo && !options.bool(OPT_AT_AMMO) {
        return Err(RuleError::refused(format!(
            "special AT ammo is used only if the players agree: set the option {OPT_AT_AMMO} = true"
        )));
    }
    Ok(chosen)
}

/// A firer as the procedures take it.
pub fn firer(s: &Shooter<'_>, attack: Attack, options: &Options) -> Result<Firer, RuleError> {
    let d = &s.declared;
    let (w, line, ai) = match attack {
        Attack::AntiVehicle => {
            let (w, line) = av_weapon(s, options)?;
            (w, line, 0)
        }
        Attack::AntiInfantry => {
            // A LAW, a missile or special AT ammo declared in anti-infantry fire is not fired as
            // small arms in its place.
            if let Some(w) = d.weapon.filter(|w| *w != AvWeapon::Gun) {
                return Err(RuleError::refused(format!(
                    "{}: the {} makes only anti-vehicle attacks (anti-infantry fire is the stand's {})",
                    s.label,
                    w.name(),
                    if s.ty.is_infantry() {
                        "small arms"
                    } else {
                        "gun"
                    }
                )));
            }
            let (line, ai) = s.ty.ai_weapon().ok_or_else(|| {
                RuleError::refused(format!("{} cannot fire (it has no weapon)", s.label))
            })?;
            (AvWeapon::Gun, line, ai)
        }
    };
    let weapon_name = match (attack, s.ty) {
        (Attack::AntiInfantry, StandType::Infantry(_)) => "small arms".to_string(),
        (Attack::AntiInfantry, StandType::Vehicle(_)) => "gun (anti-infantry)".to_string(),
        (Attack::AntiVehicle, _) => w.name().to_string(),
    };
    Ok(Firer {
        label: s.label.clone(),
        weapon: weapon(w),
        weapon_name,
        rof: line.rof,
        rof_bonus: s.nationality.rof_bonus,
        to_hit: s.nationality.to_hit,
        nationality: s.nationality.name.clone(),
        ai,
        pen: line.pen,
        effective_range: line.range,
        range: d.range,
        suppressed: d.suppressed,
        infantry: s.ty.is_infantry(),
        suppressed_penalty: if s.ty.is_infantry() {
            options.int(OPT_SUPPRESSED_INFANTRY) as i32
        } else {
            -1
        },
        overwatch: d.overwatch,
        arc: d.arc.unwrap_or(Arc::Front),
    })
}

/// A quality check of a stand of `ty` and `nationality`.
pub fn stand_check(label: &str, nationality: &Nationality, out_of_cohesion: bool) -> Check {
    let mut c = Check::new(label, nationality.name.clone(), nationality.quality);
    c.out_of_cohesion = out_of_cohesion;
    c
}

/// Whether the riders of a lost carrier of `class` survive only on a passed quality check: a
/// halftrack's always, a truck's under the option `truck_riders_check` (on by default); a tank's
/// get off without one.
pub fn lost_carrier_riders_check(class: Option<Class>, options: &Options) -> bool {
    match class {
        Some(Class::Halftrack) => true,
        Some(Class::Truck) => options.bool(OPT_TRUCK_RIDERS),
        Some(Class::Tank) | None => false,
    }
}

/// What the target is, as the procedures take it.
pub struct Aim<'a> {
    pub ty: StandType<'a>,
    pub check: Check,
    pub difficult: bool,
    pub fire_check_passed: bool,
    pub riders: Option<Check>,
    pub riders_fire_check_passed: bool,
    /// The riders of this halftrack or truck survive its loss only on a passed quality check
    /// ([`lost_carrier_riders_check`]).
    pub riders_check_if_lost: bool,
}

pub fn target(a: Aim<'_>) -> Target {
    let (front, flank, soft) = match a.ty {
        StandType::Vehicle(v) => match v.armour {
            Armour::Plates { front, flank } => (front, flank, false),
            Armour::Soft => (0, 0, true),
        },
        StandType::Infantry(_) => (0, 0, false),
    };
    Target {
        label: a.check.who.clone(),
        armour_front: front,
        armour_flank: flank,
        soft,
        is_vehicle: !a.ty.is_infantry(),
        difficult: a.difficult,
        check: a.check,
        fire_check_passed: a.fire_check_passed,
        riders: a.riders,
        riders_fire_check_passed: a.riders_fire_check_passed,
        riders_check_if_lost: a.riders_check_if_lost,
        carrier: a.ty.class().map(carrier_kind),
    }
}

/// What a vehicle of `class` is as a carrier of infantry.
pub fn carrier_kind(class: Class) -> CarrierKind {
    match class {
        Class::Tank => CarrierKind::Tank,
        Class::Halftrack => CarrierKind::Halftrack,
        Class::Truck => CarrierKind::Truck,
    }
}

/// What artillery makes of a stand of `ty`: a truck as infantry, where it is.
pub fn under(ty: StandType<'_>, difficult: bool, riders: bool) -> Under {
    match (ty.class(), difficult) {
        (Some(Class::Tank), _) if riders => Under::TankWithRiders,
        (Some(Class::Tank | Class::Halftrack), _) => Under::Armour,
        (None | Some(Class::Truck), false) => Under::InfantryOpen,
        (None | Some(Class::Truck), true) => Under::InfantryDifficult,
    }
}

// ---- off the battle ----

fn refused(e: String) -> RuleError {
    RuleError::refused(e)
}

/// A type's nationality: the one given, else the type's own.
fn nationality_for<'a>(
    data: &'a Data,
    ty: StandType<'_>,
    given: Option<&str>,
    input: &str,
    what: &str,
) -> Result<&'a Nationality, RuleError> {
    match given.or(ty.nationality()) {
        Some(id) => data.require_nationality(input, id).map_err(refused),
        None => Err(refused(format!(
            "{what} `{}` has no nationality of its own: give --{input} ({})",
            ty.id(),
            data.nationalities
                .iter()
                .map(|n| n.id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// The firers and target of an anti-vehicle or anti-infantry fire off the battle.
pub fn volley(attack: Attack, p: &Params, options: &Options) -> Result<Volley, RuleError> {
    let data = Data::from_options(options);
    let firer_id = p.require_text(param(defs::AV_PARAMS, "firer"))?;
    let target_id = p.require_text(param(defs::AV_PARAMS, "target"))?;
    let range = p.require_num(param(defs::AV_PARAMS, "range"))?;
    let nationality = p.text("nationality");
    let mut declared_all = vec![Declared {
        id: firer_id.to_string(),
        range,
        arc: p.text("arc").and_then(|a| match a {
            "flank" => Some(Arc::Flank),
            "front" => Some(Arc::Front),
            _ => None,
        }),
        weapon: p.text("weapon").and_then(AvWeapon::parse),
        suppressed: p.flag("firer-suppressed"),
        overwatch: p.flag("overwatch"),
    }];
    for item in p.list("with") {
        declared_all.push(declared(item, true)?);
    }
    let mut firers = Vec::new();
    for (i, d) in declared_all.into_iter().enumerate() {
        let input = if i == 0 { "firer" } else { "with" };
        let ty = data.require_type(input, &d.id).map_err(refused)?;
        let nat = nationality_for(&data, ty, nationality, "nationality", "firer")?;
        let label = if i == 0 {
            ty.name().to_string()
        } else {
            format!("{} (firer {})", ty.name(), i + 1)
        };
        let s = Shooter {
            ty,
            nationality: nat,
            label,
            declared: d,
        };
        firers.push(firer(&s, attack, options)?);
    }
    let tty = data.require_type("target", target_id).map_err(refused)?;
    let tnat = nationality_for(
        &data,
        tty,
        p.text("target-nationality"),
        "target-nationality",
        "target",
    )?;
    let riders = match p.text("riders") {
        Some(r) => {
            let rty = data.require_type("riders", r).map_err(refused)?;
            if !rty.is_infantry() || tty.is_infantry() {
                return Err(refused(format!(
                    "--riders {r}: riders are an infantry stand on a vehicle"
                )));
            }
            let rnat = nationality_for(
                &data,
                rty,
                p.text("target-nationality"),
                "target-nationality",
                "riders",
            )?;
            Some(stand_check(
                &format!("{} (riders)", rty.name()),
                rnat,
                false,
            ))
        }
        None => None,
    };
    let aim = Aim {
        ty: tty,
        check: stand_check(tty.name(), tnat, p.flag("target-out-of-cohesion")),
        difficult: p.text("terrain") == Some("difficult"),
        fire_check_passed: p.flag("fire-checked"),
        riders,
        riders_fire_check_passed: false,
        riders_check_if_lost: lost_carrier_riders_check(tty.class(), options),
    };
    Ok(Volley {
        attack,
        firers,
        target: target(aim),
    })
}

/// A template off the battle: each item `TYPE[:difficult][:riders]`.
pub fn template(p: &Params, options: &Options) -> Result<Template, RuleError> {
    let data = Data::from_options(options);
    let items = p.list("stands");
    if items.is_empty() {
        return Err(refused(
            "--stands: name every stand under the template (a type each, with :difficult or :riders)".into(),
        ));
    }
    let mut stands = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let mut parts = item.split(':');
        let id = parts.next().unwrap_or_default();
        let ty = data.require_type("stands", id).map_err(refused)?;
        let (mut difficult, mut riders) = (false, false);
        for q in parts {
            match q {
                "difficult" => difficult = true,
                "open" => difficult = false,
                "riders" if ty.class() == Some(Class::Tank) => riders = true,
                other => {
                    return Err(refused(format!(
                        "--stands {item:?}: `:{other}` is not known (:difficult, :open, and :riders on a tank)"
                    )));
                }
            }
        }
        let nat = nationality_for(&data, ty, p.text("nationality"), "nationality", "stand")?;
        let label = format!("{} (stand {})", ty.name(), i + 1);
        stands.push(Stand {
            under: under(ty, difficult, riders),
            check: stand_check(&label, nat, false),
            riders: riders.then(|| stand_check(&format!("{label}, riders"), nat, false)),
            art_check_taken: p.flag("checked"),
            rider_art_check_taken: riders && p.flag("checked"),
            label,
        });
    }
    Ok(Template {
        side: "the firing side".into(),
        stands,
        touched_while_moving: false,
    })
}

/// A quality check off the battle.
pub fn quality_check(p: &Params, options: &Options) -> Result<Check, RuleError> {
    Ok(QualityInput::read(p, options)?.check())
}

/// The odds of a quality check off the battle: its chances from its numbers; who takes it and what
/// called for it written when shown.
pub fn quality_check_odds(p: &Params, options: &Options) -> Result<OddsReport, RuleError> {
    let q = QualityInput::read(p, options)?;
    let numbers = Check {
        who: String::new(),
        nationality: String::new(),
        rating: q.rating,
        extra_hits: q.extra_hits,
        out_of_cohesion: q.out_of_cohesion,
        reason: String::new(),
    };
    Ok(check::odds_with(&numbers, move || q.check()))
}

/// A quality check off the battle, in values: the nationality's name and rating, the
/// anti-infantry hits after the first and cohesion.
struct QualityInput {
    nationality: Cow<'static, str>,
    rating: u8,
    extra_hits: u32,
    out_of_cohesion: bool,
}

impl QualityInput {
    fn read(p: &Params, options: &Options) -> Result<QualityInput, RuleError> {
        let data = Data::from_options(options);
        let id = p.text("nationality").ok_or_else(|| {
            refused(format!(
                "--nationality: whose check? ({})",
                data.nationalities
                    .iter()
                    .map(|n| n.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?;
        // The shipped data's names are kept without a copy.
        let (nationality, rating) = match data {
            Cow::Borrowed(d) => {
                let nat = d.require_nationality("nationality", id).map_err(refused)?;
                (Cow::Borrowed(nat.name.as_str()), nat.quality)
            }
            Cow::Owned(d) => {
                let nat = d.require_nationality("nationality", id).map_err(refused)?;
                (Cow::Owned(nat.name.clone()), nat.quality)
            }
        };
        Ok(QualityInput {
            nationality,
            rating,
            extra_hits: p.int("extra-hits").unwrap_or(0).max(0) as u32,
            out_of_cohesion: p.flag("out-of-cohesion"),
        })
    }

    /// The check, with its words.
    fn check(&self) -> Check {
        let mut c = Check::new(
            format!("{} stand", self.nationality),
            self.nationality.to_string(),
            self.rating,
        );
        c.out_of_cohesion = self.out_of_cohesion;
        c.extra_hits = self.extra_hits;
        c.reason = if c.extra_hits > 0 {
            format!("{} anti-infantry hits", c.extra_hits + 1)
        } else {
            "the umpire".into()
        };
        c
    }
}
