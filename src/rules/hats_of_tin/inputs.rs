//! The umpire's inputs read into Hats of Tin's procedures off the battle: the weapon types and
//! flags of `umpire resolve hats-of-tin …` and `umpire odds hats-of-tin …` into a shot, an
//! assault, a rally, the orders roll or a round of hits.

use super::assault::{Assault, Party};
use super::defs::OPT_SHOOT_AND_MOVE;
use super::hits::{Round, Taking};
use super::orders::OrdersRoll;
use super::rally::Rally;
use super::shoot::{Firer, Shooter, Shot, Target};
use super::tables::{Armour, FIRER_IDS, FirerClass, Quality, UNIT_TYPE_IDS, UnitType, unit_type};
use crate::declare::{Options, ParamError, Params, RuleError, Value};
use crate::text::did_you_mean;

fn refused(why: String) -> RuleError {
    RuleError::refused(why)
}

/// The unit type named by input `name`, one of `ids` (off the battle a unit input is a type).
fn type_of(p: &Params, name: &str, ids: &[&str]) -> Result<&'static UnitType, RuleError> {
    type_named(p.text(name), name, ids)
}

/// [`type_of`] from the text of input `name`, already read.
fn type_named(
    text: Option<&str>,
    name: &str,
    ids: &[&str],
) -> Result<&'static UnitType, RuleError> {
    let id = text.ok_or_else(|| refused(format!("--{name}: name the unit's type")))?;
    unit_type(id)
        .filter(|t| ids.contains(&t.id))
        .ok_or_else(|| {
            ParamError::Invalid {
                param: name.to_string(),
                value: id.to_string(),
                expected: format!(
                    "one of {}{}",
                    ids.join(", "),
                    did_you_mean(id, ids.iter().copied())
                ),
            }
            .into()
        })
}

fn armour(p: &Params, name: &str) -> Option<Armour> {
    p.text(name).and_then(Armour::parse)
}

/// The firer class input `name`, else the type's.
fn class(p: &Params, name: &str, ty: &UnitType) -> FirerClass {
    p.text(name).and_then(FirerClass::parse).unwrap_or(ty.class)
}

fn quality(p: &Params, name: &str) -> Quality {
    p.text(name)
        .and_then(Quality::parse)
        .unwrap_or(Quality::Regular)
}

fn count(p: &Params, name: &str) -> u32 {
    p.int(name).and_then(|n| u32::try_from(n).ok()).unwrap_or(0)
}

/// `shoot`: the firer's type and the target's cover and armour.
pub fn shot(p: &Params, options: &Options) -> Result<Shot, RuleError> {
    let ty = type_of(p, "firer", FIRER_IDS)?;
    let one_die_fewer = p.flag("one-die-fewer");
    if one_die_fewer && !options.bool(OPT_SHOOT_AND_MOVE) {
        return Err(refused(format!(
            "--one-die-fewer is the optional rule `{OPT_SHOOT_AND_MOVE}`, not in force (set it in the scenario's [options])"
        )));
    }
    let shooter = match (p.flag("lone-commander"), p.flag("commander-attached")) {
        (true, true) => {
            return Err(refused(
                "--lone-commander and --commander-attached: a commander is either alone or attached"
                    .into(),
            ));
        }
        (true, false) => Shooter::LoneCommander,
        (false, true) => Shooter::WithCommander,
        (false, false) => Shooter::Unit,
    };
    let friend = p.flag("friend-adjacent").then(|| Target {
        label: "the friendly unit".into(),
        cover: p.flag("friend-cover"),
        armour: armour(p, "friend-armour").unwrap_or(Armour::None),
        commander: false,
    });
    Ok(Shot {
        firer: Firer {
            label: ty.name.to_string(),
            shooter,
            weapon_range: ty.range(),
            class: class(p, "firer-class", ty),
            superior_firepower: p.flag("superior"),
            assault_class: ty.assault,
        },
        target: Target {
            label: "the target".into(),
            cover: p.flag("target-cover"),
            armour: armour(p, "target-armour").unwrap_or(Armour::None),
            commander: p.flag("target-commander"),
        },
        range: count(p, "range"),
        flank_or_rear: p.flag("flank"),
        assault: None,
        one_die_fewer,
        friend,
    })
}

/// One party's inputs, as read: its type and the texts and flags of `attacker-class`,
/// `attacker-superior` … (or `defender-…`).
#[derive(Default)]
struct PartyInputs<'a> {
    ty: Option<&'a str>,
    class: Option<&'a str>,
    armour: Option<&'a str>,
    quality: Option<&'a str>,
    superior: bool,
    commander: bool,
    cover: bool,
    hits: u32,
}

impl<'a> PartyInputs<'a> {
    /// Takes the input named `rest` after the party's name (`""`, `-class` …).
    fn read(&mut self, rest: &str, value: &'a Value) {
        let text = value.as_text();
        let yes = *value == Value::Bool(true);
        match rest {
            "" => self.ty = text,
            "-class" => self.class = text,
            "-armour" => self.armour = text,
            "-quality" => self.quality = text,
            "-superior" => self.superior = yes,
            "-commander" => self.commander = yes,
            "-cover" => self.cover = yes,
            "-hits" => {
                self.hits = match value {
                    Value::Int(n) => u32::try_from(*n).unwrap_or(0),
                    _ => 0,
                }
            }
            _ => {}
        }
    }

    /// The party `who`, its type one of `ids`.
    fn party(&self, who: &str, ids: &[&str], commander: &str) -> Result<Party, RuleError> {
        let ty = type_named(self.ty, who, ids)?;
        // "Infantry (attacker)".
        let mut label = String::with_capacity(ty.name.len() + who.len() + 3);
        label.push_str(ty.name);
        label.push_str(" (");
        label.push_str(who);
        label.push(')');
        Ok(Party {
            label,
            weapon_range: ty.range(),
            class: self
                .class
                .and_then(FirerClass::parse)
                .unwrap_or(ty.class),
            superior_firepower: self.superior,
            assault_class: ty.assault,
            commander: self.commander.then(|| commander.to_string()),
            cover: self.cover,
            armour: self.armour.and_then(Armour::parse).unwrap_or(ty.armour),
            quality: self
                .quality
                .and_then(Quality::parse)
                .unwrap_or(Quality::Regular),
            hits: self.hits,
            friend: None,
        })
    }
}

/// `assault`: both parties, the arc, and how each fire's target takes its hits (the inputs read
/// in one pass over them).
pub fn assault(p: &Params) -> Result<(Assault, Taking, Taking), RuleError> {
    let (mut attacker, mut defender) = (PartyInputs::default(), PartyInputs::default());
    let (mut outside, mut first, mut second) = (false, 0, 0);
    let count = |value: &Value| match value {
        Value::Int(n) => u32::try_from(*n).unwrap_or(0),
        _ => 0,
    };
    for (name, value) in p.iter() {
        if let Some(rest) = name.strip_prefix("attacker") {
            attacker.read(rest, value);
        } else if let Some(rest) = name.strip_prefix("defender") {
            defender.read(rest, value);
        } else {
            match name {
                "outside-front-arc" => outside = *value == Value::Bool(true),
                "first-retreats" => first = count(value),
                "second-retreats" => second = count(value),
                _ => {}
            }
        }
    }
    let a = Assault {
        attacker: attacker.party("attacker", FIRER_IDS, "the attacker's commander")?,
        defender: defender.party("defender", UNIT_TYPE_IDS, "the defender's commander")?,
        attacker_in_front_arc: !outside,
    };
    let taking = |converted: u32| Taking {
        converted,
        ..Taking::default()
    };
    Ok((a, taking(first), taking(second)))
}

/// `rally`: the unit's hits and whether a commander is attached.
pub fn rally(p: &Params) -> Rally {
    Rally {
        unit: "the unit".into(),
        hits: count(p, "hits"),
        destroyed: false,
        adjacent_to_enemy: p.flag("adjacent-enemy"),
        commander: p
            .flag("commander-attached")
            .then(|| "the attached commander".into()),
    }
}

/// `orders`: the Force Commander's roll and the surviving subordinates.
pub fn orders_roll(p: &Params) -> OrdersRoll {
    OrdersRoll {
        side: "The force".into(),
        force_commander: !p.flag("force-commander-lost"),
        subordinates: count(p, "subordinates"),
    }
}

/// `take-hits`: one round of hits and how the owner takes them.
pub fn round(p: &Params) -> Result<Round, RuleError> {
    let commander = p.flag("commander-attached");
    if p.flag("to-commander") && !commander {
        return Err(refused(
            "--to-commander: no commander is attached (add --commander-attached)".into(),
        ));
    }
    Ok(Round {
        unit: "the unit".into(),
        quality: quality(p, "quality"),
        hits_before: count(p, "hits-before"),
        hits: count(p, "hits"),
        commander: commander.then(|| "the attached commander".into()),
        taking: Taking {
            converted: count(p, "retreats"),
            blocked: count(p, "blocked"),
            to_commander: u32::from(p.flag("to-commander")),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::super::HatsOfTin;
    use super::super::defs::{ORDERS_PARAMS, RALLY_PARAMS, SHOOT_PARAMS, TAKE_HITS_PARAMS};
    use super::super::procedures::Shoot;
    use super::super::shoot;
    use super::*;
    use crate::declare::{ParamDef, Params};
    use crate::dice::TypedDice;
    use crate::resolution::Resolution;
    use crate::ruleset::{Procedure, Ruleset};

    /// The procedure named `action`, found as the program finds it.
    fn procedure(action: &str) -> &'static dyn Procedure {
        (&HatsOfTin as &dyn Ruleset).procedure(action).unwrap()
    }

    /// The inputs as the command line reads them: `--name value` pairs, a flag alone.
    fn params(defs: &'static [ParamDef], given: &[(&str, &str)]) -> Params {
        Params::parse(defs, given.iter().copied()).unwrap()
    }

    fn resolved(action: &str, p: &Params, faces: &[i64]) -> Result<Resolution, RuleError> {
        let mut dice = TypedDice::new(faces.iter().copied());
        procedure(action).table_resolve(p, &Options::default(), &mut dice)
    }

    #[test]
    fn the_issues_shooting_examples() {
        // infantry at a target in cover, 2 areas, 6 and 5: 6 − 1 = 5 hits, 5 − 1 = 4 misses.
        let p = params(
            SHOOT_PARAMS,
            &[("firer", "infantry"), ("target-cover", ""), ("range", "2")],
        );
        let r = resolved("shoot", &p, &[6, 5]).unwrap();
        assert!(r.result.starts_with("1 hit"), "{}", r.result);
        // A heavy gun at medium armour from the flank, 4 areas, 4 and 2: 4 + 2 − 2 + 1 = 5 hits;
        // 2 + 1 = 3 misses.
        let p = params(
            SHOOT_PARAMS,
            &[
                ("firer", "heavy-gun"),
                ("target-armour", "medium"),
                ("flank", ""),
                ("range", "4"),
            ],
        );
        let r = resolved("shoot", &p, &[4, 2]).unwrap();
        assert!(r.result.starts_with("1 hit"), "{}", r.result);
        // Infantry 4 areas away: beyond its range of 3, nothing thrown.
        let p = params(SHOOT_PARAMS, &[("firer", "infantry"), ("range", "4")]);
        let why = resolved("shoot", &p, &[6, 6]).unwrap_err().to_string();
        assert!(why.contains("beyond range 3"), "{why}");
    }

    #[test]
    fn a_commander_attached_adds_a_third_die_to_the_odds() {
        let p = params(
            SHOOT_PARAMS,
            &[
                ("firer", "infantry"),
                ("commander-attached", ""),
                ("range", "1"),
            ],
        );
        let report = Shoot.table_odds(&p, &Options::default()).unwrap();
        // Each die hits on 5–6: 1/3. Three dice: 8/27, 12/27, 6/27, 1/27.
        let expected = [8.0, 12.0, 6.0, 1.0].map(|n| n / 27.0);
        let p_of = |k: usize| {
            report
                .results
                .iter()
                .filter(|l| l.result.starts_with(&shoot::hits_words(k as u32)))
                .map(|l| l.probability)
                .sum::<f64>()
        };
        for (k, e) in expected.iter().enumerate() {
            assert!((p_of(k) - e).abs() < 1e-12, "{k} hits: {}", p_of(k));
        }
    }

    #[test]
    fn the_issues_rally_and_orders_examples() {
        let p = params(RALLY_PARAMS, &[("commander-attached", "")]);
        let r = resolved("rally", &p, &[4]).unwrap();
        assert!(r.result.contains("removed"), "{}", r.result);
        let p = params(RALLY_PARAMS, &[]);
        let r = resolved("rally", &p, &[4]).unwrap();
        assert!(!r.result.contains("1 hit removed"), "{}", r.result);
        let p = params(ORDERS_PARAMS, &[("subordinates", "2")]);
        let r = resolved("orders", &p, &[3]).unwrap();
        assert_eq!(r.result, "The force: 5 orders");
        // Without the Force Commander: no die, the subordinates' orders only.
        let p = params(
            ORDERS_PARAMS,
            &[("subordinates", "2"), ("force-commander-lost", "")],
        );
        let r = resolved("orders", &p, &[]).unwrap();
        assert!(r.faces().is_empty(), "no die without the Force Commander");
        assert_eq!(r.result, "The force: 2 orders");
    }

    #[test]
    fn taking_hits_refuses_what_the_rules_do_not_allow() {
        let p = params(
            TAKE_HITS_PARAMS,
            &[("hits", "3"), ("retreats", "2"), ("blocked", "1")],
        );
        let r = resolved("take-hits", &p, &[]).unwrap();
        assert!(r.result.contains("retreat"), "{}", r.result);
        let p = params(TAKE_HITS_PARAMS, &[("hits", "2"), ("retreats", "2")]);
        assert!(
            resolved("take-hits", &p, &[]).is_err(),
            "the first hit is always taken"
        );
        let p = params(TAKE_HITS_PARAMS, &[("hits", "1"), ("to-commander", "")]);
        let why = resolved("take-hits", &p, &[]).unwrap_err().to_string();
        assert!(why.contains("no commander is attached"), "{why}");
    }

    #[test]
    fn a_firer_class_given_overrides_the_types() {
        let p = params(
            SHOOT_PARAMS,
            &[
                ("firer", "tank"),
                ("firer-class", "medium-gun"),
                ("range", "1"),
            ],
        );
        assert_eq!(
            shot(&p, &Options::default()).unwrap().firer.class,
            FirerClass::MediumGun
        );
        let p = params(SHOOT_PARAMS, &[("firer", "tank"), ("range", "1")]);
        assert_eq!(
            shot(&p, &Options::default()).unwrap().firer.class,
            FirerClass::Normal
        );
        let p = params(
            super::super::defs::ASSAULT_PARAMS,
            &[
                ("attacker", "infantry"),
                ("defender", "light-gun"),
                ("defender-class", "heavy-gun"),
            ],
        );
        let (a, _, _) = assault(&p).unwrap();
        assert_eq!(a.defender.class, FirerClass::HeavyGun);
        assert_eq!(a.attacker.class, FirerClass::Normal);
    }

    #[test]
    fn the_optional_rule_must_be_in_force_to_shoot_one_die_fewer() {
        let p = params(
            SHOOT_PARAMS,
            &[("firer", "infantry"), ("range", "1"), ("one-die-fewer", "")],
        );
        let why = resolved("shoot", &p, &[6]).unwrap_err().to_string();
        assert!(why.contains("shoot_and_move"), "{why}");
    }
}
