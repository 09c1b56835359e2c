//! Anti-vehicle and anti-infantry fire: every firer declared against one target, resolved together
//! in the order declared (to hit, terrain saves, penetration for the first firer, then the next),
//! then the one quality check the fire calls for, then the riders' check.
//!
//! [`Volley`] holds plain values. What a die does is decided in one place each ([`hits`],
//! [`saves`], [`pen_read`], [`Check::passes`]), and [`plan`] decides the dice and modifiers once
//! (here); the rolled path ([`resolve`], in `rolled`) and the exact odds ([`odds`],
//! [`distribution`], in `chances`) both read them.
//!
//! Decisions beyond the text (from the digest): the nationality ROF bonus applies to every
//! weapon; anti-vehicle fire is at vehicles only, and a soft (`S`) vehicle has armour 0; a firer
//! after the target is destroyed does not roll (its declared fire is spent); a firer beyond long
//! range misses and rolls nothing, but its declared attack is spent all the same (fire is declared
//! before the range is measured); a stand that already passed a quality check from enemy fire this
//! turn takes no further fire check, riders included; anti-infantry fire at a tank with riders
//! attacks the riders, as infantry in the open.

mod chances;
mod rolled;

pub use chances::{distribution, odds};
pub use rolled::resolve;

use super::check::{self, Check, plus, signed};
use crate::declare::RuleError;
use crate::resolution::Modifier;

/// The two kinds of attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Attack {
    AntiVehicle,
    AntiInfantry,
}

impl Attack {
    /// The procedure's name: "anti-vehicle", "anti-infantry".
    pub fn id(self) -> &'static str {
        match self {
            Attack::AntiVehicle => "anti-vehicle",
            Attack::AntiInfantry => "anti-infantry",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Attack::AntiVehicle => "Anti-vehicle fire",
            Attack::AntiInfantry => "Anti-infantry fire",
        }
    }
}

/// The range band.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Band {
    Close,
    Effective,
    Long,
}

impl Band {
    pub fn words(self) -> &'static str {
        match self {
            Band::Close => "close",
            Band::Effective => "effective",
            Band::Long => "long",
        }
    }

    /// The to-hit modifier: +1 close, −1 long.
    pub fn to_hit(self) -> i32 {
        match self {
            Band::Close => 1,
            Band::Effective => 0,
            Band::Long => -1,
        }
    }
}

/// Close ≤ ½ effective range, effective ≤ range, long ≤ 1½×; None beyond long range (or for a
/// range or effective range that is not a number).
pub fn band(range: f64, effective: f64) -> Option<Band> {
    if range <= effective / 2.0 {
        Some(Band::Close)
    } else if range <= effective {
        Some(Band::Effective)
    } else if range <= effective * 1.5 {
        Some(Band::Long)
    } else {
        None
    }
}

/// What fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weapon {
    /// A gun (or the anti-infantry fire of a vehicle or an infantry stand).
    Gun,
    /// An infantry LAW: Pen never changes with range.
    Law,
    /// A missile: +1 to hit (anti-vehicle), Pen never changes with range.
    Missile,
    /// Special AT ammunition, a gun round: Pen +2 close, −2 long.
    AtAmmo,
}

impl Weapon {
    /// Pen +2 at close range and −2 at long range, for guns and special AT ammo only.
    pub fn pen_for_range(self, band: Band) -> i32 {
        match (self, band) {
            (Weapon::Gun | Weapon::AtAmmo, Band::Close) => 2,
            (Weapon::Gun | Weapon::AtAmmo, Band::Long) => -2,
            _ => 0,
        }
    }
}

/// The target's arc the firer is in (anti-vehicle fire).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arc {
    Front,
    Flank,
}

impl Arc {
    pub fn words(self) -> &'static str {
        match self {
            Arc::Front => "front",
            Arc::Flank => "flank",
        }
    }
}

/// What the target vehicle is, for the infantry it carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CarrierKind {
    Tank,
    Halftrack,
    Truck,
}

impl CarrierKind {
    pub fn words(self) -> &'static str {
        match self {
            CarrierKind::Tank => "tank",
            CarrierKind::Halftrack => "halftrack",
            CarrierKind::Truck => "truck",
        }
    }
}

/// One firer, in plain values.
#[derive(Clone, Debug, PartialEq)]
pub struct Firer {
    /// "Panther-D (g-p1)" in a battle, "Panther-D" standalone.
    pub label: String,
    pub weapon: Weapon,
    /// "75 mm gun", "LAW", "special AT ammo".
    pub weapon_name: String,
    /// The weapon's ROF.
    pub rof: u32,
    /// The nationality ROF bonus (German +1).
    pub rof_bonus: u32,
    /// The nationality to-hit bonus.
    pub to_hit: i32,
    /// "German", for the reasons.
    pub nationality: String,
    /// The AI rating, added to every to-hit die in anti-infantry fire only.
    pub ai: i32,
    /// The weapon's Pen (None: it cannot make anti-vehicle attacks).
    pub pen: Option<i32>,
    /// The weapon's effective range, inches.
    pub effective_range: f64,
    /// The range to the target, inches.
    pub range: f64,
    /// Suppressed: −1 for a vehicle firer, −2 for an infantry firer.
    pub suppressed: bool,
    /// The to-hit modifier when Suppressed: −1 a vehicle, an infantry stand the option
    /// `suppressed_infantry_to_hit` (−2 by default).
    pub suppressed_penalty: i32,
    pub infantry: bool,
    /// An overwatch attack: −1.
    pub overwatch: bool,
    /// The target's arc the firer is in (anti-vehicle only).
    pub arc: Arc,
}

/// The target, in plain values.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub label: String,
    pub armour_front: i32,
    pub armour_flank: i32,
    /// A soft (`S`) vehicle: armour 0 against anti-vehicle fire.
    pub soft: bool,
    pub is_vehicle: bool,
    /// In difficult terrain: each hit is saved on 5+.
    pub difficult: bool,
    /// Its quality-check data (rating, nationality, cohesion); the fire sets the reason and the
    /// extra hits.
    pub check: Check,
    /// It already passed a quality check from enemy fire this turn: it takes no further fire
    /// check.
    pub fire_check_passed: bool,
    /// Infantry riding it (a tank) or carried (a halftrack or truck).
    pub riders: Option<Check>,
    /// The riders already passed a quality check from enemy fire this turn.
    pub riders_fire_check_passed: bool,
    /// The riders of this halftrack or truck survive its loss only on a passed quality check;
    /// false: they get off without one (a truck's, under the option `truck_riders_check`).
    pub riders_check_if_lost: bool,
    /// What the target vehicle is, for its riders.
    pub carrier: Option<CarrierKind>,
}

/// Every firer declared against one target.
#[derive(Clone, Debug, PartialEq)]
pub struct Volley {
    pub attack: Attack,
    pub firers: Vec<Firer>,
    pub target: Target,
}

/// How a volley ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VolleyResult {
    /// Hits per firer, after terrain saves (0 for a firer that did not roll).
    pub hits: Vec<u32>,
    /// Destroyed outright by a modified 6 on penetration (no check).
    pub destroyed: bool,
    /// The target's quality check: face, modified roll, passed.
    pub check: Option<(u8, i32, bool)>,
    /// A check was called for but not taken: the target already passed a fire check this turn.
    pub check_waived: bool,
    /// The riders' quality check, if thrown: true when they pass (and survive).
    pub rider_check: Option<bool>,
    /// The riders were called to check but already passed a fire check this turn.
    pub rider_check_waived: bool,
    /// The target is out of the fight (a 6, or a failed check).
    pub target_eliminated: bool,
    /// The target passed a fire check: the caller marks it (it ignores further fire checks).
    pub checked_and_passed: bool,
    /// The riders passed a fire check: the caller marks them.
    pub riders_checked_and_passed: bool,
    /// Anti-infantry fire at a tank with riders: the riders were the target, and the fields above
    /// are theirs.
    pub at_riders: bool,
}

/// What a volley did to its target, for the odds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fate {
    /// No hit remained, or no penetration die read 4+.
    NoEffect,
    /// A modified 6 on penetration: destroyed, no check.
    Destroyed,
    CheckPassed,
    /// Out of the fight.
    CheckFailed,
    /// A check was called for, but the target already passed a fire check this turn.
    CheckWaived,
}

/// What the riders' check did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RiderFate {
    Passed,
    Failed,
    Waived,
}

/// A volley's end, as the odds count it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub target: Fate,
    /// None when the riders were not called to check (or there are none).
    pub riders: Option<RiderFate>,
}

impl VolleyResult {
    /// The end as the odds count it.
    pub fn outcome(&self) -> Outcome {
        let target = match (self.destroyed, self.check, self.check_waived) {
            (true, _, _) => Fate::Destroyed,
            (_, Some((_, _, true)), _) => Fate::CheckPassed,
            (_, Some((_, _, false)), _) => Fate::CheckFailed,
            (_, None, true) => Fate::CheckWaived,
            _ => Fate::NoEffect,
        };
        let riders = match (self.rider_check, self.rider_check_waived) {
            (Some(true), _) => Some(RiderFate::Passed),
            (Some(false), _) => Some(RiderFate::Failed),
            (None, true) => Some(RiderFate::Waived),
            (None, false) => None,
        };
        Outcome { target, riders }
    }

    /// Hits after saves, every firer together.
    pub fn total_hits(&self) -> u32 {
        self.hits.iter().sum()
    }
}

impl Outcome {
    /// The result's words in the odds report.
    pub fn words(&self, attack: Attack) -> String {
        let target = match (self.target, attack) {
            (Fate::NoEffect, Attack::AntiVehicle) => "no effect",
            (Fate::NoEffect, Attack::AntiInfantry) => "no hit remains: no effect",
            (Fate::Destroyed, _) => "destroyed (a modified 6)",
            (Fate::CheckPassed, _) => check::PASSED,
            (Fate::CheckFailed, Attack::AntiVehicle) => "quality check failed: destroyed",
            (Fate::CheckFailed, Attack::AntiInfantry) => "quality check failed: eliminated",
            (Fate::CheckWaived, _) => "no check (already passed a fire check this turn)",
        };
        match self.riders {
            None => target.to_string(),
            Some(RiderFate::Passed) => format!("{target}; riders pass their quality check"),
            Some(RiderFate::Failed) => {
                format!("{target}; riders fail their quality check: out of the fight")
            }
            Some(RiderFate::Waived) => {
                format!("{target}; riders take no check (already passed a fire check this turn)")
            }
        }
    }
}

// ---- what a die does: one place each --------------------------------------------------------

/// A to-hit die hits on a modified 4+.
pub const HIT_ON: i32 = 4;
/// A terrain save saves on 5+.
pub const SAVE_ON: u8 = 5;

/// A to-hit die with `modifier` hits.
pub fn hits(face: u8, modifier: i32) -> bool {
    i32::from(face) + modifier >= HIT_ON
}

/// A terrain save saves the hit.
pub fn saves(face: u8) -> bool {
    face >= SAVE_ON
}

/// What one penetration die reads, after its modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PenRead {
    NoEffect,
    /// A modified 4–5: one quality check.
    Check,
    /// A modified 6: destroyed.
    Destroyed,
}

/// A modified 6 destroys, a modified 4–5 calls for a check, anything less does nothing.
pub fn pen_read(modified: i32) -> PenRead {
    if modified >= 6 {
        PenRead::Destroyed
    } else if modified >= 4 {
        PenRead::Check
    } else {
        PenRead::NoEffect
    }
}

// ---- the plan: dice and modifiers, decided once ----------------------------------------------

/// Penetration of one firer: dice per hit and their modifier.
#[derive(Clone, Debug, PartialEq)]
pub struct PenPlan {
    /// Pen after the range adjustment.
    pub pen: i32,
    pub armour: i32,
    /// Dice per remaining hit: Pen − Armour, or one when that is 0 or less.
    pub per_hit: u32,
    /// Added to each die: Pen − Armour when that is 0 or less, otherwise 0.
    pub modifier: i32,
    /// "Pen 8 − front armour 6 = 2 dice per hit".
    pub words: String,
}

/// One firer's dice and modifiers.
#[derive(Clone, Debug, PartialEq)]
pub struct FirerPlan {
    pub label: String,
    /// None beyond long range: the attack misses and nothing is rolled.
    pub band: Option<Band>,
    /// Beyond long range: why the attack misses ("range 16\" is beyond long range (15\")").
    pub misses: Option<String>,
    /// To-hit dice: ROF + ROF bonus.
    pub dice: u32,
    /// "4 dice (ROF 3 + 1 German)".
    pub dice_words: String,
    /// Each to-hit modifier with its reason.
    pub to_hit: Vec<Modifier>,
    /// Anti-vehicle fire only.
    pub pen: Option<PenPlan>,
}

impl FirerPlan {
    /// The sum of the to-hit modifiers.
    pub fn modifier(&self) -> i32 {
        self.to_hit.iter().map(|m| m.value).sum()
    }
}

/// The stand the fire reaches (the riders, for anti-infantry fire at a tank with riders).
#[derive(Clone, Debug, PartialEq)]
pub struct TargetPlan {
    pub label: String,
    pub difficult: bool,
    pub check: Check,
    pub fire_check_passed: bool,
    /// Riders who check when the target is hit (a tank) or destroyed (a halftrack or truck).
    pub riders: Option<(Check, CarrierKind)>,
    pub riders_fire_check_passed: bool,
    /// A halftrack's or truck's riders check when it is destroyed; false: they get off without
    /// a check.
    pub riders_check_if_lost: bool,
    /// The target is a vehicle ("destroyed") rather than a stand of infantry ("eliminated").
    pub vehicle: bool,
}

/// Everything decided before a die is thrown.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub attack: Attack,
    pub title: String,
    pub context: Vec<String>,
    pub firers: Vec<FirerPlan>,
    pub target: TargetPlan,
    pub at_riders: bool,
}

fn inches(x: f64) -> String {
    format!("{x}\"")
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The dice, modifiers and context of a volley; or why it cannot be fired.
pub fn plan(v: &Volley) -> Result<Plan, RuleError> {
    if v.firers.is_empty() {
        return Err(RuleError::refused(format!(
            "no firer declared against {}: nothing is rolled",
            v.target.label
        )));
    }
    let t = &v.target;
    let armoured = t.is_vehicle && !t.soft;
    let mut at_riders = false;
    let rider_carrier = match (&t.riders, t.carrier) {
        (None, _) => None,
        (Some(r), Some(k)) => Some((r.clone(), k)),
        (Some(_), None) => {
            return Err(RuleError::refused(format!(
                "{} carries riders but is not said to be a tank, halftrack or truck",
                t.label
            )));
        }
    };
    let mut context = Vec::new();
    let target = match v.attack {
        Attack::AntiVehicle => {
            if !t.is_vehicle {
                return Err(RuleError::refused(format!(
                    "anti-vehicle fire is at a tank, halftrack or truck, and {} is not a vehicle: use anti-infantry",
                    t.label
                )));
            }
            TargetPlan {
                label: t.label.clone(),
                difficult: t.difficult,
                check: Check {
                    extra_hits: 0,
                    ..t.check.clone()
                },
                fire_check_passed: t.fire_check_passed,
                riders: rider_carrier,
                riders_fire_check_passed: t.riders_fire_check_passed,
                riders_check_if_lost: t.riders_check_if_lost,
                vehicle: true,
            }
        }
        Attack::AntiInfantry => match (&rider_carrier, armoured) {
            (Some((riders, CarrierKind::Tank)), true) => {
                at_riders = true;
                context.push(format!(
                    "anti-infantry fire at a tank with riders attacks only the riders ({}), as infantry in the open: no terrain save",
                    riders.who
                ));
                TargetPlan {
                    label: riders.who.clone(),
                    difficult: false,
                    check: Check {
                        extra_hits: 0,
                        ..riders.clone()
                    },
                    fire_check_passed: t.riders_fire_check_passed,
                    riders: None,
                    riders_fire_check_passed: false,
                    riders_check_if_lost: false,
                    vehicle: false,
                }
            }
            (_, true) => {
                let what = match t.carrier {
                    Some(CarrierKind::Halftrack) => "a halftrack",
                    Some(CarrierKind::Tank) => "a tank",
                    _ => "an armoured vehicle",
                };
                return Err(RuleError::refused(format!(
                    "anti-infantry fire cannot harm {what} ({}): use anti-vehicle",
                    t.label
                )));
            }
            _ => TargetPlan {
                label: t.label.clone(),
                difficult: t.difficult,
                check: Check {
                    extra_hits: 0,
                    ..t.check.clone()
                },
                fire_check_passed: t.fire_check_passed,
                riders: rider_carrier,
                riders_fire_check_passed: t.riders_fire_check_passed,
                riders_check_if_lost: t.riders_check_if_lost,
                vehicle: t.is_vehicle,
            },
        },
    };
    let mut firers = Vec::new();
    for f in &v.firers {
        let (fp, line) = firer_plan(v.attack, f, t)?;
        context.push(line);
        firers.push(fp);
    }
    context.push(if target.difficult {
        format!(
            "{} in difficult terrain: each hit is saved on {SAVE_ON}+",
            target.label
        )
    } else {
        format!("{} in the open: no terrain saves", target.label)
    });
    if target.fire_check_passed {
        context.push(format!(
            "{} already passed a quality check from enemy fire this turn: it takes no further fire check",
            target.label
        ));
    }
    if let Some((r, k)) = &target.riders {
        context.push(match (v.attack, k) {
            (Attack::AntiVehicle, CarrierKind::Tank) => format!(
                "{} rides the tank: if a hit remains after terrain saves, the riders take a quality check",
                r.who
            ),
            (_, k) if target.riders_check_if_lost => format!(
                "{} is carried by the {}: if it is destroyed, they survive only on a passed quality check",
                r.who,
                k.words()
            ),
            (_, k) => format!(
                "{} is carried by the {}: if it is destroyed, they get off without a check (the option truck_riders_check is off)",
                r.who,
                k.words()
            ),
        });
    }
    let names: Vec<&str> = v.firers.iter().map(|f| f.label.as_str()).collect();
    let title = format!(
        "{}: {} at {}",
        v.attack.title(),
        names.join(", "),
        target.label
    );
    Ok(Plan {
        attack: v.attack,
        title,
        context,
        firers,
        target,
        at_riders,
    })
}

/// One firer's dice and modifiers, and its context line (range band, arc). A firer beyond long
/// range gets a plan that misses: it rolls nothing, but the attack it declared is made.
fn firer_plan(attack: Attack, f: &Firer, t: &Target) -> Result<(FirerPlan, String), RuleError> {
    if !f.effective_range.is_finite() || f.effective_range <= 0.0 {
        return Err(RuleError::refused(format!(
            "{}: the {} has no range: it cannot fire",
            f.label, f.weapon_name
        )));
    }
    if f.range.is_nan() || f.range < 0.0 {
        return Err(RuleError::refused(format!(
            "{}: the range must be 0\" or more",
            f.label
        )));
    }
    let dice = f.rof.saturating_add(f.rof_bonus);
    if dice == 0 {
        return Err(RuleError::refused(format!(
            "{}: the {} has no ROF: it cannot fire",
            f.label, f.weapon_name
        )));
    }
    // What the weapon can do is known before the range is measured.
    match attack {
        Attack::AntiVehicle if f.pen.is_none() => {
            return Err(RuleError::refused(format!(
                "{}: the {} has no Pen: it can make only anti-infantry attacks",
                f.label, f.weapon_name
            )));
        }
        Attack::AntiInfantry
            if matches!(f.weapon, Weapon::Law | Weapon::Missile | Weapon::AtAmmo) =>
        {
            return Err(RuleError::refused(format!(
                "{}: the {} makes only anti-vehicle attacks",
                f.label, f.weapon_name
            )));
        }
        _ => {}
    }
    let (e, long) = (f.effective_range, f.effective_range * 1.5);
    let dice_words = if f.rof_bonus > 0 {
        format!(
            "{} (ROF {} + {} {})",
            plural(dice, "die", "dice"),
            f.rof,
            f.rof_bonus,
            f.nationality
        )
    } else {
        format!("{} (ROF {})", plural(dice, "die", "dice"), f.rof)
    };
    let Some(b) = band(f.range, e) else {
        let why = format!(
            "range {} is beyond long range ({})",
            inches(f.range),
            inches(long)
        );
        let line = format!(
            "{}: range {}: beyond long range ({} {}: close ≤ {}, effective ≤ {}, long ≤ {}): the attack misses, nothing is rolled; the declared attack is spent",
            f.label,
            inches(f.range),
            f.label,
            f.weapon_name,
            inches(e / 2.0),
            inches(e),
            inches(long)
        );
        return Ok((
            FirerPlan {
                label: f.label.clone(),
                band: None,
                misses: Some(why),
                dice,
                dice_words,
                to_hit: Vec::new(),
                pen: None,
            },
            line,
        ));
    };
    let mut line = format!(
        "{}: range {}: {} ({} {}: close ≤ {}, effective ≤ {}, long ≤ {})",
        f.label,
        inches(f.range),
        b.words(),
        f.label,
        f.weapon_name,
        inches(e / 2.0),
        inches(e),
        inches(long)
    );
    let mut to_hit = Vec::new();
    match b {
        Band::Close => to_hit.push(Modifier::new(1, "close range")),
        Band::Long => to_hit.push(Modifier::new(-1, "long range")),
        Band::Effective => {}
    }
    if f.to_hit != 0 {
        to_hit.push(Modifier::new(
            f.to_hit,
            format!("{} to-hit bonus", f.nationality),
        ));
    }
    if f.suppressed {
        to_hit.push(Modifier::new(
            f.suppressed_penalty,
            if f.infantry {
                "Suppressed (infantry firer)"
            } else {
                "Suppressed (vehicle firer)"
            },
        ));
    }
    if f.overwatch {
        to_hit.push(Modifier::new(-1, "overwatch attack"));
    }
    let pen = match attack {
        Attack::AntiVehicle => {
            if f.weapon == Weapon::Missile {
                to_hit.push(Modifier::new(1, "missile"));
            }
            let Some(base) = f.pen else {
                return Err(RuleError::refused(format!(
                    "{}: the {} has no Pen: it can make only anti-infantry attacks",
                    f.label, f.weapon_name
                )));
            };
            let adjust = f.weapon.pen_for_range(b);
            let pen = base + adjust;
            let (armour, side) = if t.soft {
                (0, "soft-vehicle armour".to_string())
            } else {
                match f.arc {
                    Arc::Front => (t.armour_front, "front armour".to_string()),
                    Arc::Flank => (t.armour_flank, "flank armour".to_string()),
                }
            };
            let pen_words = if adjust == 0 {
                format!("Pen {base}")
            } else {
                format!(
                    "Pen {base} {} {} {} = {pen}",
                    if adjust > 0 { "+" } else { "−" },
                    adjust.abs(),
                    b.words()
                )
            };
            let diff = pen - armour;
            let (per_hit, modifier, words) = if diff > 0 {
                (
                    diff.unsigned_abs(),
                    0,
                    format!(
                        "{pen_words} − {side} {armour} = {}",
                        plural(diff.unsigned_abs(), "die per hit", "dice per hit")
                    ),
                )
            } else {
                (
                    1,
                    diff,
                    format!(
                        "{pen_words} − {side} {armour} = {}: one die per hit, {} to it",
                        signed(diff),
                        plus(diff)
                    ),
                )
            };
            line.push_str(&format!(
                "; {} arc{}",
                f.arc.words(),
                if t.soft {
                    " (a soft vehicle: armour 0)"
                } else {
                    ""
                }
            ));
            if adjust == 0
                && b != Band::Effective
                && matches!(f.weapon, Weapon::Law | Weapon::Missile)
            {
                line.push_str(&format!(
                    "; a {}'s Pen does not change with range",
                    f.weapon_name
                ));
            }
            Some(PenPlan {
                pen,
                armour,
                per_hit,
                modifier,
                words,
            })
        }
        Attack::AntiInfantry => {
            if f.ai != 0 {
                to_hit.push(Modifier::new(f.ai, "AI rating"));
            }
            None
        }
    };
    Ok((
        FirerPlan {
            label: f.label.clone(),
            band: Some(b),
            misses: None,
            dice,
            dice_words,
            to_hit,
            pen,
        },
        line,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{DiceSource, Die, TypedDice};
    use crate::odds::enumerate;
    use crate::resolution::Resolution;

    fn panther() -> Firer {
        Firer {
            label: "Panther-D".into(),
            weapon: Weapon::Gun,
            weapon_name: "75 mm gun".into(),
            rof: 3,
            rof_bonus: 1,
            to_hit: 1,
            nationality: "German".into(),
            ai: -1,
            pen: Some(8),
            effective_range: 10.0,
            range: 9.0,
            suppressed: false,
            suppressed_penalty: -1,
            infantry: false,
            overwatch: false,
            arc: Arc::Front,
        }
    }

    /// A plain firer: ROF `rof`, Pen `pen`, effective range 10", at 7" (effective), no bonus.
    fn plain(label: &str, rof: u32, pen: i32) -> Firer {
        Firer {
            label: label.into(),
            rof,
            rof_bonus: 0,
            to_hit: 0,
            nationality: "Soviet".into(),
            ai: 0,
            pen: Some(pen),
            range: 7.0,
            ..panther()
        }
    }

    fn t34() -> Target {
        Target {
            label: "T-34/76".into(),
            armour_front: 6,
            armour_flank: 4,
            soft: false,
            is_vehicle: true,
            difficult: true,
            check: Check::new("T-34/76", "Soviet", 5),
            fire_check_passed: false,
            riders: None,
            riders_fire_check_passed: false,
            riders_check_if_lost: true,
            carrier: Some(CarrierKind::Tank),
        }
    }

    fn infantry(label: &str) -> Target {
        Target {
            label: label.into(),
            armour_front: 0,
            armour_flank: 0,
            is_vehicle: false,
            carrier: None,
            check: Check::new(label, "Soviet", 5),
            ..t34()
        }
    }

    fn riders() -> Check {
        Check::new("Soviet Infantry (riders)", "Soviet", 5)
    }

    fn av(firers: Vec<Firer>, target: Target) -> Volley {
        Volley {
            attack: Attack::AntiVehicle,
            firers,
            target,
        }
    }

    fn ai(firers: Vec<Firer>, target: Target) -> Volley {
        Volley {
            attack: Attack::AntiInfantry,
            firers,
            target,
        }
    }

    fn run(v: &Volley, faces: &[i64]) -> (Resolution, VolleyResult) {
        let mut d = TypedDice::new(faces.iter().copied());
        let r = resolve(v, &mut d).unwrap();
        d.finish().unwrap();
        r
    }

    fn refused(v: &Volley) -> String {
        let e = plan(v).unwrap_err();
        assert!(matches!(e, RuleError::Refused(_)), "{e:?}");
        assert!(odds(v).is_err());
        assert!(resolve(v, &mut TypedDice::new([])).is_err());
        e.to_string()
    }

    /// The closed-form odds equal brute force over the rolled path: every outcome, the expected
    /// hits, and the report's lines add up to 1.
    fn compare(v: &Volley) {
        let (exact, expected) = distribution(v).unwrap();
        let joint =
            enumerate(|d| resolve(v, d).map(|r| (r.1.outcome(), r.1.total_hits()))).unwrap();
        let brute = joint.map(|(o, _)| *o);
        for (o, p) in brute.iter() {
            assert!(
                (exact.p(o) - p).abs() < 1e-12,
                "{v:?}\n{o:?}: {} vs {p}",
                exact.p(o)
            );
        }
        for (o, p) in exact.iter() {
            assert!(
                (brute.p(o) - p).abs() < 1e-12,
                "{v:?}\n{o:?}: {p} vs {}",
                brute.p(o)
            );
        }
        assert!((exact.total() - 1.0).abs() < 1e-12);
        let mean: f64 = joint.iter().map(|((_, h), p)| f64::from(*h) * p).sum();
        assert!(
            (mean - expected).abs() < 1e-12,
            "{v:?}: {mean} vs {expected}"
        );
        let report = odds(v).unwrap();
        let sum: f64 = report.results.iter().map(|l| l.probability).sum();
        assert!((sum - 1.0).abs() < 1e-12, "{report:?}");
        assert!((report.extra["expected_hits"] - expected).abs() < 1e-12);
    }

    #[test]
    fn bands() {
        assert_eq!(band(0.0, 10.0), Some(Band::Close));
        assert_eq!(band(5.0, 10.0), Some(Band::Close));
        assert_eq!(band(5.01, 10.0), Some(Band::Effective));
        assert_eq!(band(10.0, 10.0), Some(Band::Effective));
        assert_eq!(band(10.01, 10.0), Some(Band::Long));
        assert_eq!(band(15.0, 10.0), Some(Band::Long));
        assert_eq!(band(15.01, 10.0), None);
        assert_eq!(band(f64::NAN, 10.0), None);
        assert_eq!(band(3.0, 6.0), Some(Band::Close));
        assert_eq!(band(9.0, 6.0), Some(Band::Long));
    }

    #[test]
    fn published_anti_vehicle_example() {
        let v = av(vec![panther()], t34());
        let (r, out) = run(&v, &[1, 4, 5, 6, 2, 4, 6, 1, 2, 4, 5, 2]);
        assert_eq!(r.ruleset, "fft3");
        assert_eq!(r.action, "anti-vehicle");
        assert!(!r.rolled_by_program);
        assert_eq!(r.title, "Anti-vehicle fire: Panther-D at T-34/76");
        assert_eq!(
            r.context[0],
            "Panther-D: range 9\": effective (Panther-D 75 mm gun: close ≤ 5\", effective ≤ 10\", long ≤ 15\"); front arc"
        );
        assert_eq!(
            r.context[1],
            "T-34/76 in difficult terrain: each hit is saved on 5+"
        );
        let s = &r.steps;
        assert_eq!(s.len(), 4);
        assert_eq!(s[0].label, "Panther-D to hit: 4 dice (ROF 3 + 1 German)");
        assert_eq!(
            s[0].modifiers,
            vec![Modifier::new(1, "German to-hit bonus")]
        );
        assert_eq!(s[0].outcome, "modified 2, 5, 6, 7: 3 hits (4+ hits)");
        assert_eq!(
            s[1].label,
            "Terrain saves against Panther-D's 3 hits (difficult terrain, 5+ saves)"
        );
        assert_eq!(s[1].outcome, "1 saved: 2 hits remain");
        assert_eq!(
            s[2].label,
            "Panther-D penetration: Pen 8 − front armour 6 = 2 dice per hit, 2 hits"
        );
        assert_eq!(s[2].dice.len(), 4);
        assert_eq!(s[2].outcome, "highest 5: a 4–5, one quality check");
        assert_eq!(s[3].label, "Quality check, T-34/76: Soviet passes on 5+");
        assert_eq!(s[3].total, Some(2));
        assert_eq!(s[3].outcome, "2: fails — destroyed");
        assert_eq!(
            r.result,
            "3 hits, 1 saved; penetration 1 2 4 5: one quality check, 2 against 5+: destroyed"
        );
        assert_eq!(r.effects[0], "T-34/76 is destroyed: remove it");
        assert_eq!(
            out,
            VolleyResult {
                hits: vec![2],
                destroyed: false,
                check: Some((2, 2, false)),
                target_eliminated: true,
                ..VolleyResult::default()
            }
        );
        assert_eq!(out.outcome().target, Fate::CheckFailed);
        // The purposes: each die says what it is for, the first of a stage what the last did.
        let p: Vec<&str> = r.faces().iter().map(|r| r.purpose.as_str()).collect();
        assert_eq!(p.len(), 12);
        assert_eq!(p[0], "Panther-D to hit 1 of 4 (4+ hits, +1 to each die)");
        assert_eq!(p[3], "Panther-D to hit 4 of 4 (4+ hits, +1 to each die)");
        assert_eq!(
            p[4],
            "terrain save 1 of 3 (5+ saves) — Panther-D scored 3 hits (1 4 5 6 → 2 5 6 7)"
        );
        assert_eq!(p[5], "terrain save 2 of 3 (5+ saves)");
        assert_eq!(
            p[7],
            "Panther-D penetration 1 of 4 (6 destroys, 4–5 a quality check) — terrain saves 2 4 6: 1 saved: 2 hits remain"
        );
        assert_eq!(
            p[11],
            "quality check, T-34/76: Soviet passes on 5+ — Panther-D penetration 1 2 4 5: one quality check"
        );
        assert!(r.render_text().contains("roll:      2 = 2"));
    }

    #[test]
    fn published_anti_infantry_example() {
        let mut p = panther();
        p.range = 12.0;
        let v = ai(vec![p], infantry("Soviet Infantry"));
        let (r, out) = run(&v, &[1, 4, 5, 6, 2, 4, 5]);
        assert_eq!(r.action, "anti-infantry");
        assert!(r.context[0].contains("range 12\": long"), "{:?}", r.context);
        let s = &r.steps;
        assert_eq!(s.len(), 3);
        assert_eq!(
            s[0].modifiers,
            vec![
                Modifier::new(-1, "long range"),
                Modifier::new(1, "German to-hit bonus"),
                Modifier::new(-1, "AI rating"),
            ]
        );
        assert_eq!(s[0].outcome, "modified 0, 3, 4, 5: 2 hits (4+ hits)");
        assert_eq!(s[1].outcome, "none saved: 2 hits remain");
        assert_eq!(
            s[2].label,
            "Quality check, Soviet Infantry: Soviet passes on 5+"
        );
        assert_eq!(
            s[2].modifiers,
            vec![Modifier::new(-1, "an anti-infantry hit after the first")]
        );
        assert_eq!(s[2].sum_text().unwrap(), "5 − 1 = 4");
        assert_eq!(s[2].outcome, "4: fails — eliminated");
        assert_eq!(s[2].notes, vec!["called for by 2 anti-infantry hits"]);
        assert_eq!(
            r.result,
            "2 hits, none saved; quality check 5 − 1 = 4 against 5+: eliminated"
        );
        assert_eq!(out.hits, vec![2]);
        assert_eq!(out.check, Some((5, 4, false)));
        assert!(out.target_eliminated && !out.destroyed && !out.checked_and_passed);
        let last = &r.faces()[6].purpose;
        assert_eq!(
            last,
            "quality check, Soviet Infantry: Soviet passes on 5+ (−1 for an anti-infantry hit after the first) — terrain saves 2 4: none saved: 2 hits remain"
        );
    }

    /// `face` for the first die, then 1s (no save, no penetration, a failed check).
    struct First(Option<u8>);

    impl DiceSource for First {
        fn roll(&mut self, _die: Die, _purpose: &str) -> Result<u8, crate::dice::DiceError> {
            Ok(self.0.take().unwrap_or(1))
        }
        fn is_generated(&self) -> bool {
            false
        }
    }

    /// The to-hit modifier of `f`, one die, firing alone in `attack`, after checking that each
    /// face hits exactly when its modified roll is 4 or more.
    fn to_hit_mods(attack: Attack, f: Firer) -> (i32, Vec<Modifier>) {
        let target = match attack {
            Attack::AntiVehicle => t34(),
            Attack::AntiInfantry => infantry("Soviet Infantry"),
        };
        let v = Volley {
            attack,
            firers: vec![f],
            target,
        };
        let p = plan(&v).unwrap();
        let m = p.firers[0].modifier();
        for face in 1..=6u8 {
            let (r, _) = resolve(&v, &mut First(Some(face))).unwrap();
            let hit = i32::from(face) + m >= 4;
            assert_eq!(hits(face, m), hit);
            assert_eq!(
                r.steps[0].outcome.ends_with(": 1 hit (4+ hits)"),
                hit,
                "{face} {m}: {}",
                r.steps[0].outcome
            );
            assert_eq!(r.steps[0].modifiers, p.firers[0].to_hit);
        }
        (m, p.firers[0].to_hit.clone())
    }

    fn one_die(mut f: Firer) -> Firer {
        f.rof = 1;
        f.rof_bonus = 0;
        f.to_hit = 0;
        f.ai = 0;
        f.pen = Some(7); // one die per hit at the T-34's front
        f
    }

    #[test]
    fn every_to_hit_modifier_alone() {
        let base = one_die(panther());
        let case = |attack, f: Firer| to_hit_mods(attack, f);
        assert_eq!(case(Attack::AntiVehicle, base.clone()), (0, vec![]));
        let mut f = base.clone();
        f.range = 4.0;
        assert_eq!(
            case(Attack::AntiVehicle, f),
            (1, vec![Modifier::new(1, "close range")])
        );
        let mut f = base.clone();
        f.range = 14.0;
        assert_eq!(
            case(Attack::AntiVehicle, f),
            (-1, vec![Modifier::new(-1, "long range")])
        );
        let mut f = base.clone();
        f.to_hit = 1;
        assert_eq!(
            case(Attack::AntiVehicle, f),
            (1, vec![Modifier::new(1, "German to-hit bonus")])
        );
        let mut f = base.clone();
        f.suppressed = true;
        assert_eq!(
            case(Attack::AntiVehicle, f.clone()),
            (-1, vec![Modifier::new(-1, "Suppressed (vehicle firer)")])
        );
        f.infantry = true;
        f.suppressed_penalty = -2;
        assert_eq!(
            case(Attack::AntiVehicle, f.clone()),
            (-2, vec![Modifier::new(-2, "Suppressed (infantry firer)")])
        );
        // The option `suppressed_infantry_to_hit` sets the infantry figure.
        f.suppressed_penalty = -1;
        assert_eq!(
            case(Attack::AntiVehicle, f),
            (-1, vec![Modifier::new(-1, "Suppressed (infantry firer)")])
        );
        let mut f = base.clone();
        f.overwatch = true;
        assert_eq!(
            case(Attack::AntiVehicle, f),
            (-1, vec![Modifier::new(-1, "overwatch attack")])
        );
        let mut f = base.clone();
        f.weapon = Weapon::Missile;
        assert_eq!(
            case(Attack::AntiVehicle, f.clone()),
            (1, vec![Modifier::new(1, "missile")])
        );
        // The AI rating counts in anti-infantry fire only; the missile's +1 in anti-vehicle only.
        let mut f = base.clone();
        f.ai = -1;
        assert_eq!(case(Attack::AntiVehicle, f.clone()), (0, vec![]));
        assert_eq!(
            case(Attack::AntiInfantry, f),
            (-1, vec![Modifier::new(-1, "AI rating")])
        );
        let mut f = base.clone();
        f.ai = 1;
        f.infantry = true;
        f.suppressed = true;
        f.suppressed_penalty = -2;
        assert_eq!(
            case(Attack::AntiInfantry, f).0,
            -1,
            "+1 AI, −2 Suppressed infantry"
        );
    }

    #[test]
    fn the_rof_bonus_adds_dice() {
        let mut f = one_die(panther());
        f.rof = 2;
        f.rof_bonus = 1;
        let p = plan(&av(vec![f], t34())).unwrap();
        assert_eq!(p.firers[0].dice, 3);
        assert_eq!(p.firers[0].dice_words, "3 dice (ROF 2 + 1 German)");
        let p = plan(&av(vec![one_die(panther())], t34())).unwrap();
        assert_eq!(p.firers[0].dice_words, "1 die (ROF 1)");
    }

    /// The penetration plan of `f` at `target`.
    fn pen_of(f: Firer, target: Target) -> PenPlan {
        plan(&av(vec![f], target)).unwrap().firers[0]
            .pen
            .clone()
            .unwrap()
    }

    #[test]
    fn penetration_by_weapon_band_and_arc() {
        let at = |weapon, range: f64, arc| {
            let mut f = panther();
            f.weapon = weapon;
            f.range = range;
            f.arc = arc;
            let p = pen_of(f, t34());
            (p.pen, p.armour, p.per_hit, p.modifier)
        };
        // Guns and special AT ammo: +2 close, −2 long.
        assert_eq!(at(Weapon::Gun, 9.0, Arc::Front), (8, 6, 2, 0));
        assert_eq!(at(Weapon::Gun, 4.0, Arc::Front), (10, 6, 4, 0));
        assert_eq!(at(Weapon::Gun, 12.0, Arc::Front), (6, 6, 1, 0));
        assert_eq!(at(Weapon::Gun, 12.0, Arc::Flank), (6, 4, 2, 0));
        assert_eq!(at(Weapon::AtAmmo, 4.0, Arc::Front), (10, 6, 4, 0));
        assert_eq!(at(Weapon::AtAmmo, 12.0, Arc::Front), (6, 6, 1, 0));
        // LAWs and missiles never.
        for w in [Weapon::Law, Weapon::Missile] {
            assert_eq!(at(w, 4.0, Arc::Front), (8, 6, 2, 0));
            assert_eq!(at(w, 12.0, Arc::Front), (8, 6, 2, 0));
        }
        let mut law = plain("Soviet Infantry", 1, 4);
        law.weapon = Weapon::Law;
        law.weapon_name = "LAW".into();
        law.range = 1.0;
        let p = pen_of(law, t34());
        assert_eq!((p.per_hit, p.modifier), (1, -2));
        assert_eq!(
            p.words,
            "Pen 4 − front armour 6 = −2: one die per hit, −2 to it"
        );
        let mut f = panther();
        f.range = 4.0;
        assert_eq!(
            pen_of(f, t34()).words,
            "Pen 8 + 2 close = 10 − front armour 6 = 4 dice per hit"
        );
        // A soft target has armour 0, whatever the arc.
        let mut truck = t34();
        truck.soft = true;
        truck.armour_front = 5;
        let p = pen_of(plain("x", 1, 3), truck);
        assert_eq!((p.armour, p.per_hit), (0, 3));
    }

    #[test]
    fn penetration_reads_each_die_after_its_modifier() {
        // Pen 6 at front armour 6: one die, unmodified.
        let v = av(
            vec![plain("x", 1, 6)],
            Target {
                difficult: false,
                ..t34()
            },
        );
        assert_eq!(run(&v, &[4, 6]).1.outcome().target, Fate::Destroyed);
        assert_eq!(run(&v, &[4, 5, 5]).1.check, Some((5, 5, true)));
        assert_eq!(run(&v, &[4, 3]).1.outcome().target, Fate::NoEffect);
        // Pen 5: one die −1; a 6 reads 5 (a check), nothing destroys.
        let v = av(
            vec![plain("x", 1, 5)],
            Target {
                difficult: false,
                ..t34()
            },
        );
        let (r, out) = run(&v, &[4, 6, 1]);
        assert_eq!(out.outcome().target, Fate::CheckFailed);
        assert_eq!(
            r.steps[1].modifiers,
            vec![Modifier::new(-1, "Pen 5 − armour 6")]
        );
        assert_eq!(
            r.steps[1].outcome,
            "modified 5: highest 5: a 4–5, one quality check"
        );
        assert_eq!(
            r.result,
            "1 hit; penetration 6 → 5: one quality check, 1 against 5+: destroyed"
        );
        assert_eq!(run(&v, &[4, 4]).1.outcome().target, Fate::NoEffect);
        // Pen 3: −3, the best modified roll is 3: the shot cannot hurt.
        let v = av(
            vec![plain("x", 1, 3)],
            Target {
                difficult: false,
                ..t34()
            },
        );
        let (r, out) = run(&v, &[6, 6]);
        assert_eq!(out.outcome().target, Fate::NoEffect);
        assert!(r.steps[1].notes[0].contains("cannot hurt"));
        let (d, _) = distribution(&v).unwrap();
        assert_eq!(
            d.p(&Outcome {
                target: Fate::NoEffect,
                riders: None
            }),
            1.0
        );
    }

    #[test]
    fn terrain_saves_cancel_hits_on_five_or_six() {
        let v = av(vec![plain("x", 1, 7)], t34());
        for save in 1..=6 {
            let faces: &[i64] = if save >= 5 { &[4, save] } else { &[4, save, 1] };
            let out = run(&v, faces).1;
            assert_eq!(out.hits, vec![u32::from(save < 5)], "save {save}");
        }
        // In the open nothing is saved: no save die.
        let v = av(
            vec![plain("x", 1, 7)],
            Target {
                difficult: false,
                ..t34()
            },
        );
        let (r, out) = run(&v, &[4, 1]);
        assert_eq!(out.hits, vec![1]);
        assert_eq!(r.steps.len(), 2);
    }

    #[test]
    fn one_check_for_all_firers_thrown_last() {
        let target = Target {
            difficult: false,
            ..t34()
        };
        let v = av(
            vec![plain("T-34 A", 1, 7), plain("T-34 B", 1, 7)],
            target.clone(),
        );
        // Both read a 4–5; one check, last.
        let (r, out) = run(&v, &[4, 5, 4, 4, 6]);
        assert_eq!(out.check, Some((6, 6, true)));
        assert!(out.checked_and_passed && !out.target_eliminated);
        assert_eq!(r.steps.len(), 5);
        assert_eq!(
            r.result,
            "T-34 A: 1 hit; penetration 5: one quality check; T-34 B: 1 hit; penetration 4: one quality check; quality check 6 against 5+: passes"
        );
        assert_eq!(
            r.faces()[2].purpose,
            "T-34 B to hit 1 of 1 (4+ hits) — T-34 A penetration 5: one quality check"
        );
        // A 6 from the first firer: the second does not roll, and no check.
        let (r, out) = run(&v, &[4, 6]);
        assert!(out.destroyed && out.target_eliminated);
        assert_eq!(out.hits, vec![1, 0]);
        assert_eq!(r.steps[2].label, "T-34 B does not roll");
        assert_eq!(
            r.result,
            "T-34 A: 1 hit; penetration 6: destroyed; T-34 B: not rolled"
        );
        // A 4–5 then a 6: destroyed, no check.
        let out = run(&v, &[4, 4, 4, 6]).1;
        assert!(out.destroyed && out.check.is_none());
        // Misses: no effect.
        let (r, out) = run(&v, &[1, 3]);
        assert_eq!(out.outcome().target, Fate::NoEffect);
        assert_eq!(r.effects, vec!["no effect on T-34/76"]);
    }

    #[test]
    fn a_stand_that_passed_a_fire_check_takes_no_other() {
        let target = Target {
            difficult: false,
            fire_check_passed: true,
            ..t34()
        };
        let v = av(vec![plain("x", 1, 7)], target.clone());
        let (r, out) = run(&v, &[4, 5]);
        assert!(out.check_waived && out.check.is_none() && !out.target_eliminated);
        assert_eq!(out.outcome().target, Fate::CheckWaived);
        assert!(r.steps[2].outcome.contains("already passed"));
        assert!(
            r.result
                .ends_with("; no check (already passed a fire check this turn)")
        );
        // A 6 still destroys.
        assert!(run(&v, &[4, 6]).1.destroyed);
        // Anti-infantry too.
        let inf = Target {
            fire_check_passed: true,
            difficult: false,
            ..infantry("Soviet Infantry")
        };
        let v = ai(vec![plain("x", 2, 7)], inf);
        let out = run(&v, &[4, 4]).1;
        assert!(out.check_waived && !out.target_eliminated);
    }

    #[test]
    fn riders_on_a_tank_check_when_a_hit_remains() {
        let target = Target {
            riders: Some(riders()),
            ..t34()
        };
        let v = av(vec![plain("x", 1, 7)], target.clone());
        // A hit saved: no rider check.
        assert_eq!(run(&v, &[4, 5]).1.rider_check, None);
        // A hit with no penetration effect: the riders still check (after the target's check).
        let (r, out) = run(&v, &[4, 1, 1, 2]);
        assert_eq!(out.rider_check, Some(false));
        assert_eq!(out.outcome().riders, Some(RiderFate::Failed));
        assert_eq!(
            r.steps[3].label,
            "Quality check, Soviet Infantry (riders): Soviet passes on 5+"
        );
        assert_eq!(
            r.steps[3].notes,
            vec!["called for by riding a tank that was hit"]
        );
        // Target check first, then the riders'.
        let (r, out) = run(&v, &[4, 1, 5, 6, 5]);
        assert_eq!(out.check, Some((6, 6, true)));
        assert_eq!(out.rider_check, Some(true));
        assert!(out.riders_checked_and_passed);
        assert!(
            r.faces()[4]
                .purpose
                .contains("— T-34/76 quality check 6 against 5+: passes")
        );
        // Destroyed: the riders check for the hit.
        assert_eq!(run(&v, &[4, 1, 6, 5]).1.rider_check, Some(true));
        // Riders that already passed a fire check.
        let v = av(
            vec![plain("x", 1, 7)],
            Target {
                riders_fire_check_passed: true,
                ..target
            },
        );
        let out = run(&v, &[4, 1, 1]).1;
        assert!(out.rider_check_waived && out.rider_check.is_none());
    }

    #[test]
    fn riders_of_a_destroyed_halftrack_or_truck_survive_on_a_passed_check() {
        for (kind, soft) in [(CarrierKind::Halftrack, false), (CarrierKind::Truck, true)] {
            let target = Target {
                label: kind.words().into(),
                armour_front: 0,
                armour_flank: 0,
                soft,
                difficult: false,
                carrier: Some(kind),
                riders: Some(riders()),
                ..t34()
            };
            let v = av(vec![plain("x", 1, 1)], target.clone());
            // Not destroyed: no rider check.
            let out = run(&v, &[4, 4, 5]).1;
            assert_eq!(out.rider_check, None);
            // Destroyed by a failed check: the riders check.
            let (r, out) = run(&v, &[4, 4, 1, 5]);
            assert!(out.target_eliminated && out.rider_check == Some(true));
            assert_eq!(
                r.steps.last().unwrap().notes,
                vec![format!(
                    "called for by rider of a destroyed {}",
                    kind.words()
                )]
            );
            // Destroyed by a 6.
            assert_eq!(run(&v, &[4, 6, 4]).1.rider_check, Some(false));
        }
        // A truck under anti-infantry fire: its riders check if it fails its check.
        let truck = Target {
            label: "Truck".into(),
            soft: true,
            difficult: false,
            carrier: Some(CarrierKind::Truck),
            riders: Some(riders()),
            ..t34()
        };
        let v = ai(vec![plain("x", 1, 7)], truck.clone());
        let out = run(&v, &[4, 1, 6]).1;
        assert!(out.target_eliminated && out.rider_check == Some(true));
        // The other reading (the option truck_riders_check off): they get off without one.
        let v = ai(
            vec![plain("x", 1, 7)],
            Target {
                riders_check_if_lost: false,
                ..truck
            },
        );
        let (r, out) = run(&v, &[4, 1]);
        assert!(out.target_eliminated && out.rider_check.is_none());
        assert!(
            r.result.ends_with("riders get off without a check"),
            "{}",
            r.result
        );
    }

    #[test]
    fn anti_infantry_at_a_tank_with_riders_attacks_the_riders_in_the_open() {
        let target = Target {
            riders: Some(riders()),
            ..t34()
        };
        let v = ai(vec![plain("x", 1, 7)], target);
        let (r, out) = run(&v, &[4, 3]);
        assert!(out.at_riders && out.target_eliminated);
        assert_eq!(r.title, "Anti-infantry fire: x at Soviet Infantry (riders)");
        assert!(r.context[0].contains("attacks only the riders"));
        assert_eq!(
            r.steps.len(),
            2,
            "no terrain save: the riders are in the open"
        );
        assert_eq!(out.rider_check, None);
    }

    #[test]
    fn anti_infantry_extra_hits_count_every_firer_and_cohesion() {
        let mut target = infantry("Soviet Infantry");
        target.difficult = false;
        target.check.out_of_cohesion = true;
        target.check.extra_hits = 7; // ignored: the fire counts its own hits
        let v = ai(vec![plain("A", 2, 7), plain("B", 1, 7)], target);
        let (r, out) = run(&v, &[4, 5, 6, 6]);
        assert_eq!(out.hits, vec![2, 1]);
        assert_eq!(out.check, Some((6, 3, false)));
        let check = r.steps.last().unwrap();
        assert_eq!(
            check.modifiers,
            vec![
                Modifier::new(-2, "anti-infantry hits after the first"),
                Modifier::new(-1, "out of cohesion"),
            ]
        );
        assert_eq!(
            r.result,
            "A: 2 hits; B: 1 hit; quality check 6 − 2 − 1 = 3 against 5+: eliminated"
        );
        let out = run(&v, &[1, 2, 4, 6]).1;
        assert_eq!(out.check, Some((6, 5, true)));
    }

    #[test]
    fn refusals() {
        let mut no_pen = panther();
        no_pen.label = "Halftrack".into();
        no_pen.weapon_name = "MG".into();
        no_pen.pen = None;
        let e = refused(&av(vec![panther(), no_pen.clone()], t34()));
        assert_eq!(
            e,
            "Halftrack: the MG has no Pen: it can make only anti-infantry attacks"
        );
        assert!(plan(&ai(vec![no_pen], infantry("i"))).is_ok());
        let e = refused(&ai(vec![panther()], t34()));
        assert_eq!(
            e,
            "anti-infantry fire cannot harm a tank (T-34/76): use anti-vehicle"
        );
        let ht = Target {
            label: "Halftrack".into(),
            carrier: Some(CarrierKind::Halftrack),
            riders: Some(riders()),
            ..t34()
        };
        assert!(refused(&ai(vec![panther()], ht)).contains("cannot harm a halftrack"));
        assert!(refused(&av(vec![panther()], infantry("i"))).contains("use anti-infantry"));
        assert!(refused(&av(vec![], t34())).starts_with("no firer declared"));
        let mut law = panther();
        law.weapon = Weapon::Law;
        law.weapon_name = "LAW".into();
        assert!(refused(&ai(vec![law], infantry("i"))).contains("only anti-vehicle"));
        let mut none = panther();
        none.rof = 0;
        none.rof_bonus = 0;
        assert!(refused(&av(vec![none], t34())).contains("no ROF"));
        let mut bad = panther();
        bad.range = -1.0;
        assert!(refused(&av(vec![bad], t34())).contains("0\" or more"));
        let mut bad = panther();
        bad.effective_range = f64::NAN;
        assert!(refused(&av(vec![bad], t34())).contains("no range"));
        let lost = Target {
            riders: Some(riders()),
            carrier: None,
            ..t34()
        };
        assert!(refused(&av(vec![panther()], lost)).contains("carries riders"));
    }

    /// Digest, Ranges: "beyond long range the attack misses and nothing is rolled (decision: the
    /// declared attack is spent — the firer has made its attack for the turn — and the miss is
    /// logged)".
    #[test]
    fn beyond_long_range_the_attack_misses_and_nothing_is_rolled() {
        let mut far = panther();
        far.range = 15.5;
        // Alone: no die, no effect, the miss said.
        let v = av(vec![far.clone()], t34());
        let (r, out) = run(&v, &[]);
        assert_eq!(
            r.result,
            "range 15.5\" is beyond long range (15\"): the attack misses"
        );
        assert_eq!(out.outcome().target, Fate::NoEffect);
        assert_eq!(out.total_hits(), 0);
        assert!(r.steps[0].dice.is_empty());
        assert!(
            r.context[0].contains("the attack misses, nothing is rolled"),
            "{:?}",
            r.context
        );
        let report = odds(&v).unwrap();
        assert_eq!(report.results.len(), 1);
        assert_eq!(
            report.results[0].result,
            "the attack misses (beyond long range): no effect"
        );
        assert!((report.results[0].probability - 1.0).abs() < 1e-12);
        // Declared with another firer: it misses, the other rolls; the odds agree with the dice.
        let near = plain("T-34", 2, 6);
        let v = av(vec![far.clone(), near.clone()], open(t34()));
        let (r, out) = run(&v, &[6, 1, 1]);
        assert!(
            r.result
                .starts_with("Panther-D: range 15.5\" is beyond long range (15\"): the attack misses; T-34: 1 hit"),
            "{}",
            r.result
        );
        assert_eq!(out.hits, vec![0, 1]);
        compare(&v);
        let mut rifles = one_die(plain("rifles", 2, 0));
        rifles.pen = None;
        rifles.effective_range = 4.0;
        rifles.range = 7.0;
        compare(&ai(vec![rifles, near], open(infantry("i"))));
        // A weapon that cannot make the attack is refused whatever the range.
        let mut law = far;
        law.weapon = Weapon::Law;
        law.weapon_name = "LAW".into();
        assert!(refused(&ai(vec![law], infantry("i"))).contains("only anti-vehicle"));
    }

    #[test]
    fn program_dice_are_said() {
        let mut d = crate::dice::SeededDice::new(7);
        let (r, _) = resolve(&av(vec![panther()], t34()), &mut d).unwrap();
        assert!(r.rolled_by_program);
    }

    // ---- exact odds against brute force ---------------------------------------------------

    fn open(t: Target) -> Target {
        Target {
            difficult: false,
            ..t
        }
    }

    #[test]
    fn anti_vehicle_odds_equal_brute_force_by_difference_band_and_arc() {
        // Pen − armour ≤ 0 (−2), = 0, > 0; two dice to hit; open and difficult.
        compare(&av(vec![plain("x", 2, 4)], open(t34())));
        compare(&av(vec![plain("x", 1, 6)], t34()));
        compare(&av(vec![plain("x", 1, 8)], t34()));
        compare(&av(vec![plain("x", 1, 3)], open(t34())));
        let mut flank = plain("x", 1, 6);
        flank.arc = Arc::Flank;
        compare(&av(vec![flank], t34()));
        // Bands: close (+1 to hit, Pen +2) and long (−1, Pen −2) for a gun and AT ammo.
        for (weapon, range) in [
            (Weapon::Gun, 3.0),
            (Weapon::Gun, 14.0),
            (Weapon::AtAmmo, 3.0),
            (Weapon::AtAmmo, 14.0),
            (Weapon::Law, 3.0),
            (Weapon::Law, 14.0),
            (Weapon::Missile, 14.0),
        ] {
            let mut f = plain("x", 2, 5);
            f.weapon = weapon;
            f.range = range;
            compare(&av(vec![f], open(t34())));
        }
    }

    #[test]
    fn anti_vehicle_odds_equal_brute_force_with_every_modifier() {
        let mods: [fn(&mut Firer); 6] = [
            |f| f.to_hit = 1,
            |f| f.suppressed = true,
            |f| {
                f.suppressed = true;
                f.infantry = true;
                f.suppressed_penalty = -2
            },
            |f| f.overwatch = true,
            |f| f.weapon = Weapon::Missile,
            |f| {
                f.rof_bonus = 1;
                f.to_hit = 1
            },
        ];
        for m in mods {
            let mut f = plain("x", 1, 7);
            m(&mut f);
            compare(&av(vec![f], t34()));
        }
        let mut t = open(t34());
        t.check.out_of_cohesion = true;
        compare(&av(vec![plain("x", 2, 7)], t.clone()));
        t.fire_check_passed = true;
        compare(&av(vec![plain("x", 2, 7)], t));
    }

    #[test]
    fn anti_vehicle_odds_equal_brute_force_with_two_firers() {
        compare(&av(vec![plain("A", 1, 7), plain("B", 1, 5)], t34()));
        // B at long range on the flank: Pen 7 − 2 − 4 = 1 die per hit.
        let mut b = plain("B", 1, 7);
        b.arc = Arc::Flank;
        b.range = 14.0;
        compare(&av(vec![plain("A", 1, 6), b], open(t34())));
    }

    #[test]
    fn anti_vehicle_odds_equal_brute_force_with_riders_and_soft_targets() {
        let tank = Target {
            riders: Some(riders()),
            ..t34()
        };
        compare(&av(vec![plain("x", 1, 7)], tank.clone()));
        compare(&av(vec![plain("x", 2, 5)], open(tank.clone())));
        compare(&av(
            vec![plain("x", 1, 7)],
            Target {
                riders_fire_check_passed: true,
                fire_check_passed: true,
                ..tank.clone()
            },
        ));
        compare(&av(vec![plain("A", 1, 7), plain("B", 1, 6)], open(tank)));
        for (kind, soft) in [(CarrierKind::Halftrack, false), (CarrierKind::Truck, true)] {
            let carrier = Target {
                label: kind.words().into(),
                armour_front: 0,
                armour_flank: 0,
                soft,
                carrier: Some(kind),
                riders: Some(riders()),
                ..t34()
            };
            compare(&av(vec![plain("x", 1, 1)], carrier.clone()));
            compare(&av(vec![plain("x", 2, 1)], open(carrier.clone())));
            compare(&av(
                vec![plain("x", 1, 1)],
                Target {
                    riders_fire_check_passed: true,
                    ..carrier.clone()
                },
            ));
            compare(&av(
                vec![plain("x", 1, 1)],
                Target {
                    riders_check_if_lost: false,
                    ..carrier
                },
            ));
        }
    }

    #[test]
    fn anti_infantry_odds_equal_brute_force() {
        let inf = infantry("Soviet Infantry");
        let mut p = panther();
        p.rof = 1; // 2 dice with the German bonus
        for range in [3.0, 9.0, 12.0] {
            p.range = range;
            compare(&ai(vec![p.clone()], inf.clone()));
        }
        compare(&ai(vec![plain("x", 3, 7)], open(inf.clone())));
        compare(&ai(
            vec![plain("A", 2, 7), plain("B", 1, 7)],
            open(inf.clone()),
        ));
        let mut s = plain("x", 2, 7);
        s.ai = 1;
        s.suppressed = true;
        s.infantry = true;
        s.suppressed_penalty = -2;
        s.overwatch = true;
        compare(&ai(vec![s], open(inf.clone())));
        let mut c = open(inf.clone());
        c.check.out_of_cohesion = true;
        compare(&ai(vec![plain("A", 2, 7), plain("B", 1, 7)], c.clone()));
        c.fire_check_passed = true;
        compare(&ai(vec![plain("x", 2, 7)], c));
        // A truck with riders; a tank with riders (the riders are the target).
        let truck = Target {
            label: "Truck".into(),
            soft: true,
            carrier: Some(CarrierKind::Truck),
            riders: Some(riders()),
            ..t34()
        };
        compare(&ai(vec![plain("x", 2, 7)], truck));
        let tank = Target {
            riders: Some(riders()),
            ..t34()
        };
        compare(&ai(vec![plain("x", 2, 7)], tank));
    }

    #[test]
    fn worst_case_odds_add_up() {
        let mut f = panther();
        f.weapon = Weapon::AtAmmo;
        f.weapon_name = "special AT ammo".into();
        f.pen = Some(9);
        f.effective_range = 8.0;
        f.range = 3.0;
        let ht = Target {
            label: "Halftrack".into(),
            armour_front: 0,
            armour_flank: 0,
            carrier: Some(CarrierKind::Halftrack),
            riders: Some(riders()),
            ..t34()
        };
        let v = av(vec![f], ht);
        let p = plan(&v).unwrap();
        assert_eq!(
            (p.firers[0].dice, p.firers[0].pen.as_ref().unwrap().per_hit),
            (4, 11)
        );
        let report = odds(&v).unwrap();
        let sum: f64 = report.results.iter().map(|l| l.probability).sum();
        assert!((sum - 1.0).abs() < 1e-12);
        // 4 dice at +2: each hits on 2+; a hit is saved on 5+; 11 dice per hit.
        let r = 5.0 / 6.0 * 4.0 / 6.0;
        assert!((report.extra["expected_hits"] - 4.0 * r).abs() < 1e-12);
        let p_none = (1.0 - r).powi(4);
        let p_no_six: f64 = (0..=4)
            .map(|k| {
                let c = [1.0, 4.0, 6.0, 4.0, 1.0][k];
                c * r.powi(k as i32)
                    * (1.0 - r).powi(4 - k as i32)
                    * (5.0f64 / 6.0).powi(11 * k as i32)
            })
            .sum();
        assert!((report.extra["p_destroyed_by_a_modified_6"] - (1.0 - p_no_six)).abs() < 1e-12);
        assert!(report.extra["p_no_effect"] >= p_none - 1e-12);
        assert!(
            report.results[0]
                .result
                .starts_with("destroyed (a modified 6)")
        );
    }

    #[test]
    fn odds_report_lines() {
        let v = av(vec![panther()], t34());
        let report = odds(&v).unwrap();
        let names: Vec<&str> = report.results.iter().map(|l| l.result.as_str()).collect();
        assert_eq!(
            names,
            [
                "destroyed (a modified 6)",
                "quality check failed: destroyed",
                "quality check passed",
                "no effect"
            ]
        );
        for k in [
            "p_destroyed",
            "p_destroyed_by_a_modified_6",
            "p_quality_check",
            "p_check_passed",
            "p_no_effect",
            "expected_hits",
        ] {
            assert!(report.extra.contains_key(k), "{k}");
        }
        let v = ai(vec![panther()], infantry("Soviet Infantry"));
        let report = odds(&v).unwrap();
        let names: Vec<&str> = report.results.iter().map(|l| l.result.as_str()).collect();
        assert_eq!(
            names,
            [
                "quality check failed: eliminated",
                "quality check passed",
                "no hit remains: no effect"
            ]
        );
        assert!(report.extra.contains_key("p_eliminated"));
    }
}
