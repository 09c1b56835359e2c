//! The quality check: one d6, plus its modifiers, against the side's rating (German 3+, American
//! 4+, Soviet 5+). A modified roll of the rating or more passes; anything less puts the stand out
//! of the fight (eliminated). The modified roll is never clamped.
//!
//! [`Check`] holds plain values; [`Check::passes`] is the one place that decides a face, and the
//! rolled path ([`roll`], [`resolve`]) and the exact odds ([`p_pass`], [`odds`]) both read it.
//! The fire and the artillery throw their checks through the same functions.

use crate::declare::RuleError;
use crate::dice::{DiceError, DiceSource, Die, Roll};
use crate::odds::{Deferred, OddsLine, OddsReport, Written, WrittenBy, percent};
use crate::resolution::{Modifier, Resolution, Step};
use crate::odds::Figures;

/// The rule set's id, as every fft3 resolution names it.
pub(crate) const RULESET: &str = "fft3";

/// One quality check, in plain values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// Who takes it: "T-34/76 (s-t1)" in a battle, "T-34/76" standalone.
    pub who: String,
    /// The side's nationality, for the reasons: "Soviet".
    pub nationality: String,
    /// The check passes on a modified roll of `rating` or more (3, 4 or 5).
    pub rating: u8,
    /// Anti-infantry hits after the first: −1 each.
    pub extra_hits: u32,
    /// Out of cohesion (the umpire sets it): −1.
    pub out_of_cohesion: bool,
    /// What called for it: "penetration 4–5", "2 anti-infantry hits", "artillery 6", "rider of a
    /// destroyed halftrack", "unit casualties".
    pub reason: String,
}

impl Check {
    /// A check without modifiers.
    pub fn new(who: impl Into<String>, nationality: impl Into<String>, rating: u8) -> Self {
        Check {
            who: who.into(),
            nationality: nationality.into(),
            rating,
            extra_hits: 0,
            out_of_cohesion: false,
            reason: String::new(),
        }
    }

    /// The same check, called for by `reason`.
    pub fn because(&self, reason: impl Into<String>) -> Self {
        Check {
            reason: reason.into(),
            ..self.clone()
        }
    }

    /// The modifiers, each with its reason.
    pub fn modifiers(&self) -> Vec<Modifier> {
        let mut m = Vec::new();
        if self.extra_hits > 0 {
            let n = self.extra_hits;
            m.push(Modifier::new(
                -i32::try_from(n).unwrap_or(i32::MAX),
                if n == 1 {
                    "an anti-infantry hit after the first"
                } else {
                    "anti-infantry hits after the first"
                },
            ));
        }
        if self.out_of_cohesion {
            m.push(Modifier::new(-1, "out of cohesion"));
        }
        m
    }

    /// The sum of the modifiers (as [`Check::modifiers`] gives them, without their words).
    pub fn modifier_total(&self) -> i32 {
        let hits = if self.extra_hits > 0 {
            -i32::try_from(self.extra_hits).unwrap_or(i32::MAX)
        } else {
            0
        };
        hits.saturating_add(if self.out_of_cohesion { -1 } else { 0 })
    }

    /// The modified roll of `face` (never clamped).
    pub fn modified(&self, face: u8) -> i32 {
        i32::from(face).saturating_add(self.modifier_total())
    }

    /// The one place that decides a check: the modified roll is the rating or more.
    pub fn passes(&self, face: u8) -> bool {
        self.modified(face) >= i32::from(self.rating)
    }

    /// "Soviet passes on 5+".
    pub fn need_words(&self) -> String {
        format!("{} passes on {}+", self.nationality, self.rating)
    }

    /// The modifiers in a few words: "−1 for an anti-infantry hit after the first, −1 out of cohesion"
    /// (empty without any).
    pub fn modifier_words(&self) -> String {
        self.modifiers()
            .iter()
            .map(|m| {
                if m.reason == "out of cohesion" {
                    format!("{} {}", signed(m.value), m.reason)
                } else {
                    format!("{} for {}", signed(m.value), m.reason)
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The die's purpose: "quality check, T-34/76 (s-t1): Soviet passes on 5+ (−1 out of
    /// cohesion)".
    pub fn purpose(&self) -> String {
        let mods = self.modifier_words();
        if mods.is_empty() {
            format!("quality check, {}: {}", self.who, self.need_words())
        } else {
            format!(
                "quality check, {}: {} ({mods})",
                self.who,
                self.need_words()
            )
        }
    }
}

/// A whole number with a true minus sign: `−2`, `0`, `5`.
pub(crate) use crate::resolution::signed;

/// A modifier with its sign and a true minus sign: `+1`, `−2`, `+0`.
pub(crate) use crate::resolution::plus;

/// The step of a check thrown with `face`, and whether it passed. The die's purpose is
/// [`Check::purpose`]; a failure reads "out of the fight".
pub fn check_step(c: &Check, face: u8) -> (Step, bool) {
    step_with(c, face, c.purpose(), "out of the fight")
}

/// The step of a check thrown with `face` for `purpose`; a failure reads `fails — {fail_words}`.
pub(crate) fn step_with(c: &Check, face: u8, purpose: String, fail_words: &str) -> (Step, bool) {
    let passed = c.passes(face);
    let total = c.modified(face);
    let outcome = if passed {
        format!("{}: passes", signed(total))
    } else {
        format!("{}: fails — {fail_words}", signed(total))
    };
    let notes = if c.reason.is_empty() {
        Vec::new()
    } else {
        vec![format!("called for by {}", c.reason)]
    };
    (
        Step {
            label: format!("Quality check, {}: {}", c.who, c.need_words()),
            modifiers: c.modifiers(),
            dice: vec![Roll {
                die: Die::D6,
                face,
                purpose,
            }],
            total: Some(total),
            outcome,
            notes,
            ..Step::default()
        },
        passed,
    )
}

/// Throws the check.
pub fn roll(c: &Check, dice: &mut dyn DiceSource) -> Result<(Step, bool), DiceError> {
    let face = dice.roll(Die::D6, &c.purpose())?;
    Ok(check_step(c, face))
}

/// The faces that pass, of six.
fn passing_faces(c: &Check) -> usize {
    let (m, rating) = (c.modifier_total(), i32::from(c.rating));
    Die::D6
        .faces()
        .filter(|f| i32::from(*f).saturating_add(m) >= rating)
        .count()
}

/// The exact chance that the check passes.
pub fn p_pass(c: &Check) -> f64 {
    passing_faces(c) as f64 / 6.0
}

/// The exact chance that the check fails (counted, not 1 − [`p_pass`]).
pub fn p_fail(c: &Check) -> f64 {
    (6 - passing_faces(c)) as f64 / 6.0
}

/// Which faces pass, in words: "passes on a roll of 5 or 6", "no face passes", "every face
/// passes".
pub fn faces_words(c: &Check) -> String {
    // The passing faces are the top ones (a face passes if any lower face does).
    match Die::D6.faces().find(|f| c.passes(*f)) {
        None => "no face passes: the check fails whatever is thrown".into(),
        Some(1) => "every face passes".into(),
        Some(6) => "passes on a roll of 6".into(),
        Some(first) => format!("passes on a roll of {first}–6"),
    }
}

fn title(c: &Check) -> String {
    format!("Quality check: {}, {}", c.who, c.need_words())
}

fn context(c: &Check) -> Vec<String> {
    let mut context = Vec::new();
    if !c.reason.is_empty() {
        context.push(format!("called for by {}", c.reason));
    }
    let mods = c.modifier_words();
    if !mods.is_empty() {
        context.push(format!("modifiers: {mods}"));
    }
    context.push(format!(
        "{}: the modified roll is never clamped; a failure puts the stand out of the fight",
        faces_words(c)
    ));
    context
}

/// The standalone `quality-check` procedure.
pub fn resolve(c: &Check, dice: &mut dyn DiceSource) -> Result<Resolution, RuleError> {
    let (step, passed) = roll(c, dice)?;
    let (result, effects) = if passed {
        (
            format!("{} passes its quality check", c.who),
            vec![format!("{} stays in the fight", c.who)],
        )
    } else {
        (
            format!("{} fails its quality check: out of the fight", c.who),
            vec![format!(
                "{} is eliminated (out of the fight): remove it",
                c.who
            )],
        )
    };
    Ok(Resolution {
        ruleset: RULESET.into(),
        action: "quality-check".into(),
        title: title(c),
        context: context(c),
        steps: vec![step],
        result,
        effects,
        rolled_by_program: dice.is_generated(),
    })
}

/// The line that names a passed check in every fft3 odds report.
pub const PASSED: &str = "quality check passed";
/// The line that names a failed check in the standalone report.
pub const FAILED: &str = "quality check failed: out of the fight";

/// Exact odds of the standalone `quality-check` procedure; the title and notes written when
/// shown.
pub fn odds(c: &Check) -> OddsReport {
    let check = c.clone();
    odds_with(c, move || check.clone())
}

/// The odds of the check `numbers` (its rating and modifiers), whose words (who takes it, what
/// called for it) are those of `check()`, called when they are shown.
pub fn odds_with(
    numbers: &Check,
    check: impl Fn() -> Check + Send + Sync + 'static,
) -> OddsReport {
    let pass = p_pass(numbers);
    let fail = p_fail(numbers);
    let words = Deferred::new(WrittenBy(move || {
        let check = check();
        let mut notes = context(&check);
        notes.push(format!("one d6: {}% to pass", percent(pass)));
        Written {
            title: title(&check),
            notes,
            ..Written::default()
        }
    }));
    OddsReport {
        title: words.title(),
        results: vec![
            OddsLine {
                result: PASSED.into(),
                probability: pass,
            },
            OddsLine {
                result: FAILED.into(),
                probability: fail,
            },
        ],
        notes: words.notes(),
        extra: Figures::from([("p_pass".into(), pass)]),
    }
}

pub(crate) use crate::dice::Thrower;

/// Throws the check `c` with `fail_words` for a failure: its step, and whether it passed.
pub(crate) fn throw(
    t: &mut Thrower<'_>,
    c: &Check,
    fail_words: &str,
) -> Result<(Step, bool), DiceError> {
    let roll = t.roll(c.purpose())?;
    Ok(step_with(c, roll.face, roll.purpose, fail_words))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::TypedDice;
    use crate::odds::enumerate;

    fn soviet() -> Check {
        Check::new("T-34/76 (s-t1)", "Soviet", 5)
    }

    #[test]
    fn passes_on_the_rating_or_more() {
        for (rating, first) in [(3u8, 3u8), (4, 4), (5, 5)] {
            let c = Check::new("x", "y", rating);
            for f in 1..=6u8 {
                assert_eq!(c.passes(f), f >= first, "rating {rating} face {f}");
            }
            assert!((p_pass(&c) - f64::from(7 - first) / 6.0).abs() < 1e-12);
        }
    }

    #[test]
    fn modifiers_are_never_clamped() {
        let mut c = soviet();
        c.extra_hits = 1;
        c.out_of_cohesion = true;
        assert_eq!(c.modifier_total(), -2);
        assert_eq!(c.modified(1), -1);
        assert!(!c.passes(6), "6 − 2 = 4 against 5+");
        assert_eq!(p_pass(&c), 0.0);
        assert_eq!(
            faces_words(&c),
            "no face passes: the check fails whatever is thrown"
        );
        assert_eq!(
            c.purpose(),
            "quality check, T-34/76 (s-t1): Soviet passes on 5+ (−1 for an anti-infantry hit after the first, −1 out of cohesion)"
        );
        let (step, passed) = check_step(&c, 1);
        assert!(!passed);
        assert_eq!(step.total, Some(-1));
        assert_eq!(step.sum_text().unwrap(), "1 − 1 − 1 = −1");
        assert_eq!(step.outcome, "−1: fails — out of the fight");
        let huge = Check {
            extra_hits: u32::MAX,
            ..soviet()
        };
        assert!(!huge.passes(6));
    }

    #[test]
    fn cohesion_alone() {
        let c = Check {
            out_of_cohesion: true,
            ..Check::new("Panther-D", "German", 3)
        };
        assert_eq!(
            c.purpose(),
            "quality check, Panther-D: German passes on 3+ (−1 out of cohesion)"
        );
        let (step, passed) = check_step(&c, 3);
        assert!(!passed);
        assert_eq!(step.sum_text().unwrap(), "3 − 1 = 2");
        assert!(check_step(&c, 4).1);
        assert!((p_pass(&c) - 0.5).abs() < 1e-12);
        assert_eq!(faces_words(&c), "passes on a roll of 4–6");
    }

    #[test]
    fn standalone_resolution_and_odds() {
        let c = soviet().because("unit casualties");
        let mut d = TypedDice::new([2]);
        let r = resolve(&c, &mut d).unwrap();
        d.finish().unwrap();
        assert_eq!(r.ruleset, "fft3");
        assert_eq!(r.action, "quality-check");
        assert!(!r.rolled_by_program);
        assert_eq!(r.steps[0].outcome, "2: fails — out of the fight");
        assert_eq!(
            r.steps[0].label,
            "Quality check, T-34/76 (s-t1): Soviet passes on 5+"
        );
        assert_eq!(
            r.steps[0].dice[0].purpose,
            "quality check, T-34/76 (s-t1): Soviet passes on 5+"
        );
        assert!(r.context[0].contains("unit casualties"));
        assert!(r.result.contains("out of the fight"));
        let report = odds(&c);
        assert_eq!(report.results[0].result, PASSED);
        let brute =
            enumerate(|d| resolve(&c, d).map(|r| r.steps[0].outcome.ends_with("passes"))).unwrap();
        assert!((brute.p(&true) - report.results[0].probability).abs() < 1e-12);
        assert!((brute.p(&false) - report.results[1].probability).abs() < 1e-12);
        assert!((report.extra["p_pass"] - 1.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn odds_equal_brute_force_for_every_rating_and_modifier() {
        for rating in [1u8, 3, 4, 5, 6, 7] {
            for extra_hits in 0..3 {
                for out_of_cohesion in [false, true] {
                    let c = Check {
                        extra_hits,
                        out_of_cohesion,
                        ..Check::new("s", "Soviet", rating)
                    };
                    let brute = enumerate(|d| roll(&c, d).map(|r| r.1)).unwrap();
                    assert!((brute.p(&true) - p_pass(&c)).abs() < 1e-12, "{c:?}");
                    assert!((brute.p(&false) - p_fail(&c)).abs() < 1e-12, "{c:?}");
                }
            }
        }
    }

    #[test]
    fn the_thrower_says_what_the_last_stage_did_on_the_next_first_die() {
        let mut d = TypedDice::new([3, 4, 5]);
        let mut t = Thrower::new(&mut d);
        assert_eq!(t.roll("a".into()).unwrap().purpose, "a");
        t.done("stage one did this");
        assert_eq!(
            t.roll("b".into()).unwrap().purpose,
            "b — stage one did this"
        );
        assert_eq!(t.roll("c".into()).unwrap().purpose, "c");
    }
}
