//! Rally: a unit with at least one hit, not adjacent to an enemy, may be ordered to rally: one
//! die, a modified 5 or 6 removes one hit, +1 with a commander attached. A destroyed unit cannot
//! rally.
//!
//! [`Rally`] holds plain values; [`removes`] is the one place that decides the face, read by the
//! rolled path ([`resolve`]) and the exact odds ([`p_remove`], [`odds`]).

use super::shoot::{Thrower, hits_words, plus, signed};
use super::tables::RULESET;
use crate::declare::RuleError;
use crate::dice::{DiceSource, Die};
use crate::odds::{self, Deferred, OddsLine, OddsReport, Written, WrittenBy, chance, percent};
use crate::resolution::{Modifier, Resolution, Step};
use crate::odds::Figures;

/// A modified 5 or more removes one hit.
pub const RALLY_ON: i32 = 5;

/// The one place that decides a rally die.
pub fn removes(face: u8, modifier: i32) -> bool {
    i32::from(face).saturating_add(modifier) >= RALLY_ON
}

/// One rally, in plain values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rally {
    /// "Rifles (b-2)" in a battle, "Rifles" standalone.
    pub unit: String,
    /// Hits it has now.
    pub hits: u32,
    /// Destroyed: it cannot rally.
    pub destroyed: bool,
    /// Adjacent to an enemy: it cannot rally.
    pub adjacent_to_enemy: bool,
    /// The attached commander, if any: +1.
    pub commander: Option<String>,
}

impl Rally {
    /// The modifiers, each with its reason.
    pub fn modifiers(&self) -> Vec<Modifier> {
        self.commander
            .iter()
            .map(|c| Modifier::new(1, format!("{c} attached")))
            .collect()
    }

    /// Their sum (+1 for an attached commander), without their words.
    pub fn modifier(&self) -> i32 {
        i32::from(self.commander.is_some())
    }

    /// "removes a hit on 5+", "removes a hit on 5+ after +1 Capt. Hart attached".
    pub fn need_words(&self) -> String {
        let mods: Vec<String> = self
            .modifiers()
            .iter()
            .map(|m| format!("{} {}", plus(m.value), m.reason))
            .collect();
        if mods.is_empty() {
            format!("removes a hit on {RALLY_ON}+")
        } else {
            format!("removes a hit on {RALLY_ON}+ after {}", mods.join(", "))
        }
    }

    /// The die's purpose: "rally die, Rifles (removes a hit on 5+)".
    pub fn purpose(&self) -> String {
        format!("rally die, {} ({})", self.unit, self.need_words())
    }
}

/// What the rally did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RallyResult {
    /// The face thrown.
    pub face: u8,
    /// One hit was removed.
    pub removed: bool,
    /// Hits after the rally.
    pub hits_after: u32,
}

/// Refuses a rally the rules do not allow.
pub fn check(r: &Rally) -> Result<(), RuleError> {
    let why = if r.destroyed {
        "it is destroyed: a destroyed unit cannot rally"
    } else if r.hits == 0 {
        "it has no hits: there is nothing to rally from"
    } else if r.adjacent_to_enemy {
        "it is adjacent to an enemy: only a unit not adjacent to an enemy may rally"
    } else {
        return Ok(());
    };
    Err(RuleError::refused(format!(
        "{} cannot rally: {why}",
        r.unit
    )))
}

/// The step of a rally thrown with `face`, and what it did.
pub fn rally_step(r: &Rally, face: u8, purpose: String) -> (Step, RallyResult) {
    let m = r.modifier();
    let removed = removes(face, m);
    let total = i32::from(face).saturating_add(m);
    let hits_after = r.hits - u32::from(removed);
    let outcome = if removed {
        format!(
            "{}: one hit removed ({} → {})",
            signed(total),
            r.hits,
            hits_after
        )
    } else {
        format!("{}: no hit removed", signed(total))
    };
    (
        Step {
            label: format!("Rally, {}: {}", r.unit, r.need_words()),
            modifiers: r.modifiers(),
            dice: vec![crate::dice::Roll {
                die: Die::D6,
                face,
                purpose,
            }],
            total: Some(total),
            outcome,
            ..Step::default()
        },
        RallyResult {
            face,
            removed,
            hits_after,
        },
    )
}

fn title(r: &Rally) -> String {
    format!("Rally: {}, {}", r.unit, hits_words(r.hits))
}

/// The `rally` procedure.
pub fn resolve(
    r: &Rally,
    dice: &mut dyn DiceSource,
) -> Result<(Resolution, RallyResult), RuleError> {
    check(r)?;
    let mut t = Thrower::new(dice);
    let roll = t.roll(r.purpose())?;
    let (step, out) = rally_step(r, roll.face, roll.purpose);
    let (result, effects) = if out.removed {
        (
            format!("{} rallies: one hit removed", r.unit),
            vec![format!(
                "{} has one hit fewer: {}",
                r.unit,
                hits_words(out.hits_after)
            )],
        )
    } else {
        (
            format!("{} fails to rally", r.unit),
            vec![format!("no effect on {}", r.unit)],
        )
    };
    Ok((
        Resolution {
            ruleset: RULESET.into(),
            action: "rally".into(),
            title: title(r),
            context: vec![format!("one die: {}", r.need_words())],
            steps: vec![step],
            result,
            effects,
            rolled_by_program: t.is_generated(),
        },
        out,
    ))
}

/// The exact chance that the rally removes a hit.
pub fn p_remove(r: &Rally) -> f64 {
    let m = r.modifier();
    odds::chance(Die::D6, |f| removes(f, m))
}

/// Exact odds of a rally (kept for the words, written when shown).
pub fn odds(rally: Rally) -> Result<OddsReport, RuleError> {
    check(&rally)?;
    let m = rally.modifier();
    let p = chance(Die::D6, |f| removes(f, m));
    let words = Deferred::new(WrittenBy(move || Written {
        title: title(&rally),
        notes: vec![format!(
            "one die: {}: {}% to remove a hit",
            rally.need_words(),
            percent(p)
        )],
        ..Written::default()
    }));
    Ok(OddsReport {
        title: words.title(),
        results: vec![
            OddsLine {
                result: "one hit removed".into(),
                probability: p,
            },
            OddsLine {
                result: "no hit removed".into(),
                // Counted, not 1 − p.
                probability: chance(Die::D6, |f| !removes(f, m)),
            },
        ],
        notes: words.notes(),
        extra: Figures::from([("p_remove".into(), p)]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::TypedDice;
    use crate::odds::enumerate;

    fn rifles() -> Rally {
        Rally {
            unit: "Rifles".into(),
            hits: 2,
            destroyed: false,
            adjacent_to_enemy: false,
            commander: None,
        }
    }

    fn run(r: &Rally, face: i64) -> (Resolution, RallyResult) {
        let mut d = TypedDice::new([face]);
        let out = resolve(r, &mut d).unwrap();
        d.finish().unwrap();
        out
    }

    fn refused(r: &Rally) -> String {
        let e = check(r).unwrap_err();
        assert!(matches!(e, RuleError::Refused(_)), "{e:?}");
        assert!(odds(r.clone()).is_err());
        assert!(resolve(r, &mut TypedDice::new([6])).is_err());
        e.to_string()
    }

    #[test]
    fn five_or_six_removes_a_hit() {
        for f in 1..=6u8 {
            assert_eq!(removes(f, 0), f >= 5);
            assert_eq!(removes(f, 1), f >= 4);
        }
        let (r, out) = run(&rifles(), 5);
        assert_eq!(
            out,
            RallyResult {
                face: 5,
                removed: true,
                hits_after: 1
            }
        );
        assert_eq!(r.ruleset, "hats-of-tin");
        assert_eq!(r.action, "rally");
        assert_eq!(r.title, "Rally: Rifles, 2 hits");
        assert_eq!(r.steps[0].label, "Rally, Rifles: removes a hit on 5+");
        assert_eq!(r.steps[0].outcome, "5: one hit removed (2 → 1)");
        assert_eq!(
            r.faces()[0].purpose,
            "rally die, Rifles (removes a hit on 5+)"
        );
        assert_eq!(r.result, "Rifles rallies: one hit removed");
        assert_eq!(r.effects, vec!["Rifles has one hit fewer: 1 hit"]);
        let (r, out) = run(&rifles(), 4);
        assert!(!out.removed && out.hits_after == 2);
        assert_eq!(r.steps[0].outcome, "4: no hit removed");
        assert_eq!(r.result, "Rifles fails to rally");
    }

    #[test]
    fn required_a_commander_attached_and_a_four() {
        let r = Rally {
            commander: Some("Capt. Hart".into()),
            ..rifles()
        };
        assert_eq!(r.modifiers(), vec![Modifier::new(1, "Capt. Hart attached")]);
        let (res, out) = run(&r, 4);
        assert!(out.removed);
        assert_eq!(out.hits_after, 1);
        assert_eq!(res.steps[0].sum_text().unwrap(), "4 + 1 = 5");
        assert_eq!(
            res.faces()[0].purpose,
            "rally die, Rifles (removes a hit on 5+ after +1 Capt. Hart attached)"
        );
        assert!(!run(&r, 3).1.removed);
    }

    #[test]
    fn every_refusal() {
        assert_eq!(
            refused(&Rally {
                hits: 0,
                ..rifles()
            }),
            "Rifles cannot rally: it has no hits: there is nothing to rally from"
        );
        assert_eq!(
            refused(&Rally {
                destroyed: true,
                ..rifles()
            }),
            "Rifles cannot rally: it is destroyed: a destroyed unit cannot rally"
        );
        assert_eq!(
            refused(&Rally {
                adjacent_to_enemy: true,
                ..rifles()
            }),
            "Rifles cannot rally: it is adjacent to an enemy: only a unit not adjacent to an enemy may rally"
        );
    }

    #[test]
    fn odds_equal_brute_force() {
        for commander in [None, Some("Capt. Hart".to_string())] {
            let r = Rally {
                commander,
                ..rifles()
            };
            let report = odds(r.clone()).unwrap();
            let brute = enumerate(|d| resolve(&r, d).map(|x| x.1.removed)).unwrap();
            assert!((brute.p(&true) - report.results[0].probability).abs() < 1e-12);
            assert!((brute.p(&false) - report.results[1].probability).abs() < 1e-12);
            assert!((report.extra["p_remove"] - p_remove(&r)).abs() < 1e-12);
        }
        assert!((p_remove(&rifles()) - 1.0 / 3.0).abs() < 1e-12);
        let with = Rally {
            commander: Some("c".into()),
            ..rifles()
        };
        assert!((p_remove(&with) - 0.5).abs() < 1e-12);
        assert_eq!(
            odds(with.clone()).unwrap().notes[0],
            "one die: removes a hit on 5+ after +1 c attached: 50.00% to remove a hit"
        );
    }
}
