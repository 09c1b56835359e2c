//! An artillery template: a d6 for every stand wholly or partly under it, read by what the stand
//! is — infantry in the open, or a tank, halftrack or infantry in difficult terrain — and, where
//! the die calls for one, the stand's quality check.
//!
//! [`outcome`] decides what a face does; [`resolve`] throws the dice and [`odds`] counts the same
//! decision into exact probabilities.

use super::check::{self, Check};
use crate::declare::RuleError;
use crate::dice::DiceSource;
use crate::odds::{Deferred, Distribution, FigureName, OddsLine, OddsReport, Words, Written};
use crate::resolution::{Resolution, Step};
use crate::odds::Figures;

/// What a stand under a template is, for the artillery table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Under {
    /// Infantry (or a truck) in the open.
    InfantryOpen,
    /// Infantry (or a truck) in difficult terrain.
    InfantryDifficult,
    /// A tank or a halftrack.
    Armour,
    /// A tank carrying infantry: one roll, the tank as armour, the riders as infantry in the open.
    TankWithRiders,
}

impl Under {
    pub fn words(self) -> &'static str {
        match self {
            Under::InfantryOpen => "infantry in the open",
            Under::InfantryDifficult => "infantry in difficult terrain",
            Under::Armour => "a tank or halftrack",
            Under::TankWithRiders => "a tank with riders",
        }
    }
}

/// One stand under the template.
#[derive(Clone, Debug, PartialEq)]
pub struct Stand {
    pub label: String,
    pub under: Under,
    /// The stand's quality check.
    pub check: Check,
    /// The riders' check, for a tank carrying infantry.
    pub riders: Option<Check>,
    /// The stand already took a quality check from artillery this turn.
    pub art_check_taken: bool,
    /// The riders already took one.
    pub rider_art_check_taken: bool,
}

/// A template and every stand under it.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    /// The side whose artillery it is.
    pub side: String,
    pub stands: Vec<Stand>,
    /// A stand touched a template still on the table while moving (only the wording changes).
    pub touched_while_moving: bool,
}

/// What the template did to one stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StandResult {
    NoEffect,
    Suppressed,
    /// Infantry in the open on a 6: destroyed (not a check).
    Destroyed,
    /// The quality check passed: Suppressed.
    CheckPassedSuppressed,
    /// The quality check failed: out of the fight.
    CheckFailed,
    /// A second check from artillery this turn calls for none: it counts as passed, Suppressed.
    CountsAsPassedSuppressed,
}

impl StandResult {
    pub fn words(self) -> &'static str {
        match self {
            StandResult::NoEffect => "no effect",
            StandResult::Suppressed => "Suppressed",
            StandResult::Destroyed => "destroyed",
            StandResult::CheckPassedSuppressed => "passes its quality check: Suppressed",
            StandResult::CheckFailed => "fails its quality check: out of the fight",
            StandResult::CountsAsPassedSuppressed => {
                "a second artillery check this turn: counts as passed, Suppressed"
            }
        }
    }
    /// True when the stand is out of the fight.
    pub fn gone(self) -> bool {
        matches!(self, StandResult::Destroyed | StandResult::CheckFailed)
    }
}

/// What a face calls for, before any check is thrown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    NoEffect,
    Suppressed,
    Destroyed,
    Check,
}

/// The artillery table: what `face` does to a stand of `under` (a tank with riders reads as
/// armour; its riders read [`Under::InfantryOpen`]).
pub fn outcome(under: Under, face: u8) -> Call {
    let infantry_open = under == Under::InfantryOpen;
    match face {
        6 if infantry_open => Call::Destroyed,
        6 => Call::Check,
        4 | 5 if infantry_open => Call::Check,
        4 | 5 => Call::Suppressed,
        _ => Call::NoEffect,
    }
}

/// What each band of the die does to a stand of `under`, as a prompt gives it: "6 destroyed,
/// 4–5 quality check (Suppressed on passing), 1–3 no effect"; a tank with riders reads the tank's
/// bands, then its riders'.
pub fn bands(under: Under) -> String {
    let of = |under: Under| {
        [(6, "6"), (5, "4–5"), (1, "1–3")]
            .iter()
            .map(|&(face, band)| {
                let what = match outcome(under, face) {
                    Call::NoEffect => "no effect",
                    Call::Suppressed => "Suppressed",
                    Call::Destroyed => "destroyed",
                    Call::Check => "quality check (Suppressed on passing)",
                };
                format!("{band} {what}")
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    match under {
        Under::TankWithRiders => format!(
            "the tank {}; its riders {}",
            of(Under::Armour),
            of(Under::InfantryOpen)
        ),
        other => of(other),
    }
}

/// The row of the table read for `under` and `face`.
fn row_words(under: Under, face: u8) -> String {
    let what = match outcome(under, face) {
        Call::NoEffect => "no effect",
        Call::Suppressed => "Suppressed",
        Call::Destroyed => "destroyed",
        Call::Check => "quality check, Suppressed on passing",
    };
    let band = match face {
        6 => "6",
        4 | 5 => "4–5",
        _ => "1–3",
    };
    format!("{band}, {}: {what}", under.words())
}

/// Throws what a call asks of one stand: its check if any.
fn settle(
    call: Call,
    c: &Check,
    checked: bool,
    dice: &mut dyn DiceSource,
    steps: &mut Vec<Step>,
) -> Result<StandResult, RuleError> {
    Ok(match call {
        Call::NoEffect => StandResult::NoEffect,
        Call::Suppressed => StandResult::Suppressed,
        Call::Destroyed => StandResult::Destroyed,
        Call::Check if checked => StandResult::CountsAsPassedSuppressed,
        Call::Check => {
            let mut c = c.clone();
            c.reason = "artillery".into();
            let (step, passed) = check::roll(&c, dice)?;
            steps.push(step);
            if passed {
                StandResult::CheckPassedSuppressed
            } else {
                StandResult::CheckFailed
            }
        }
    })
}

/// One stand's die and what it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StandOutcome {
    pub face: u8,
    pub result: StandResult,
    /// What it did to a tank's riders.
    pub riders: Option<StandResult>,
}

fn refuse_empty(t: &Template) -> Result<(), RuleError> {
    if t.stands.is_empty() {
        return Err(RuleError::refused(
            "no stand under the template: name every stand wholly or partly under it",
        ));
    }
    Ok(())
}

fn title(t: &Template) -> String {
    let n = t.stands.len();
    format!(
        "Artillery template ({}){}: {n} stand{} under it",
        t.side,
        if t.touched_while_moving {
            ", touched while moving"
        } else {
            ""
        },
        if n == 1 { "" } else { "s" }
    )
}

/// Throws the template's dice: for each stand its d6, then its check (and its riders') if the
/// die calls for one.
pub fn resolve(
    t: &Template,
    dice: &mut dyn DiceSource,
) -> Result<(Resolution, Vec<StandOutcome>), RuleError> {
    refuse_empty(t)?;
    let mut steps = Vec::new();
    let mut outcomes = Vec::new();
    let mut effects = Vec::new();
    let mut last = String::new();
    for s in &t.stands {
        let purpose = format!(
            "artillery die for {} ({}): {}{}",
            s.label,
            s.under.words(),
            bands(s.under),
            if last.is_empty() {
                String::new()
            } else {
                format!(" — {last}")
            }
        );
        let face = dice.roll(crate::dice::Die::D6, &purpose)?;
        let armour = if s.under == Under::TankWithRiders {
            Under::Armour
        } else {
            s.under
        };
        let call = outcome(armour, face);
        let mut step = Step {
            label: format!("Artillery on {} ({})", s.label, s.under.words()),
            table: Some("Artillery template".into()),
            dice: vec![crate::dice::Roll {
                die: crate::dice::Die::D6,
                face,
                purpose,
            }],
            row: Some(row_words(armour, face)),
            ..Step::default()
        };
        if call == Call::Check && s.art_check_taken {
            step.notes.push(
                "a second quality check from artillery this turn is not taken: the stand counts as having passed (decision)".into(),
            );
        }
        let mut more = Vec::new();
        let result = settle(call, &s.check, s.art_check_taken, dice, &mut more)?;
        step.outcome = format!("{face}: {}", result.words());
        steps.push(step);
        steps.extend(more);
        effects.push(format!("{}: {}", s.label, result.words()));
        let riders = match (&s.riders, s.under) {
            (Some(rc), Under::TankWithRiders) => {
                let rcall = outcome(Under::InfantryOpen, face);
                let mut rsteps = Vec::new();
                let r = settle(rcall, rc, s.rider_art_check_taken, dice, &mut rsteps)?;
                steps.push(Step {
                    label: format!(
                        "Its riders, {} (infantry in the open, the same die)",
                        rc.who
                    ),
                    table: Some("Artillery template".into()),
                    row: Some(row_words(Under::InfantryOpen, face)),
                    outcome: format!("{face}: {}", r.words()),
                    ..Step::default()
                });
                steps.extend(rsteps);
                effects.push(format!("{}: {}", rc.who, r.words()));
                Some(r)
            }
            _ => None,
        };
        last = format!("{} {face}: {}", s.label, result.words());
        outcomes.push(StandOutcome {
            face,
            result,
            riders,
        });
    }
    let gone = outcomes
        .iter()
        .flat_map(|o| std::iter::once(o.result).chain(o.riders))
        .filter(|r| r.gone())
        .count();
    let suppressed = outcomes
        .iter()
        .flat_map(|o| std::iter::once(o.result).chain(o.riders))
        .filter(|r| !r.gone() && *r != StandResult::NoEffect)
        .count();
    let result = match (gone, suppressed) {
        (0, 0) => "no effect".to_string(),
        (g, s) => {
            let mut parts = Vec::new();
            if g > 0 {
                parts.push(format!("{g} out of the fight"));
            }
            if s > 0 {
                parts.push(format!("{s} Suppressed"));
            }
            parts.join(", ")
        }
    };
    Ok((
        Resolution {
            ruleset: super::ID.into(),
            action: "artillery".into(),
            title: title(t),
            context: vec![
                "a d6 for each stand: 6 destroys infantry in the open, and calls for a quality check of the rest (Suppressed on passing); 4–5 calls for a check of infantry in the open and Suppresses the rest; 1–3 no effect".into(),
            ],
            steps,
            result,
            effects,
            rolled_by_program: dice.is_generated(),
        },
        outcomes,
    ))
}

/// The distribution of what a template does to one stand (and its riders).
pub fn stand_distribution(s: &Stand) -> Distribution<(StandResult, Option<StandResult>)> {
    // At most two results for the stand and two for its riders, each of three faces' calls.
    let mut d = Distribution::with_capacity(8);
    let armour = if s.under == Under::TankWithRiders {
        Under::Armour
    } else {
        s.under
    };
    // What a call comes to: one result, or a check's two, with their chances.
    let settle_p = |call: Call, c: &Check, checked: bool| -> [(StandResult, f64); 2] {
        let certain = |r| [(r, 1.0), (r, 0.0)];
        match call {
            Call::NoEffect => certain(StandResult::NoEffect),
            Call::Suppressed => certain(StandResult::Suppressed),
            Call::Destroyed => certain(StandResult::Destroyed),
            Call::Check if checked => certain(StandResult::CountsAsPassedSuppressed),
            Call::Check => [
                (StandResult::CheckPassedSuppressed, check::p_pass(c)),
                (StandResult::CheckFailed, check::p_fail(c)),
            ],
        }
    };
    for face in 1..=6u8 {
        let mine = settle_p(outcome(armour, face), &s.check, s.art_check_taken);
        let theirs: [(Option<StandResult>, f64); 2] = match (&s.riders, s.under) {
            (Some(rc), Under::TankWithRiders) => settle_p(
                outcome(Under::InfantryOpen, face),
                rc,
                s.rider_art_check_taken,
            )
            .map(|(r, p)| (Some(r), p)),
            _ => [(None, 1.0), (None, 0.0)],
        };
        for (a, pa) in &mine {
            for (b, pb) in &theirs {
                // A chance of 0 adds nothing (the second of a single result).
                d.add((*a, *b), pa * pb / 6.0);
            }
        }
    }
    d
}

/// The name of the figure `p_stand_{n}_out`, fixed for the first stands.
fn stand_out_name(n: usize) -> FigureName {
    const NAMES: [&str; 12] = [
        "p_stand_1_out",
        "p_stand_2_out",
        "p_stand_3_out",
        "p_stand_4_out",
        "p_stand_5_out",
        "p_stand_6_out",
        "p_stand_7_out",
        "p_stand_8_out",
        "p_stand_9_out",
        "p_stand_10_out",
        "p_stand_11_out",
        "p_stand_12_out",
    ];
    match NAMES.get(n.wrapping_sub(1)) {
        Some(name) => FigureName::Borrowed(name),
        None => FigureName::Owned(format!("p_stand_{n}_out")),
    }
}

/// Exact odds: for each stand (and its riders), the chance of each result; the words written
/// when shown (from the template, kept for them).
pub fn odds(t: Template) -> Result<OddsReport, RuleError> {
    refuse_empty(&t)?;
    let mut shown = Vec::new();
    let mut probabilities = Vec::new();
    let mut extra = Vec::with_capacity(t.stands.len() + 1);
    let mut expected_lost = 0.0;
    for (i, s) in t.stands.iter().enumerate() {
        let d = stand_distribution(s);
        let mut mine: Vec<(StandResult, f64)> = Vec::new();
        let mut riders: Vec<(StandResult, f64)> = Vec::new();
        for ((a, b), p) in d.iter() {
            match mine.iter_mut().find(|(x, _)| x == a) {
                Some((_, q)) => *q += p,
                None => mine.push((*a, p)),
            }
            if let Some(b) = b {
                match riders.iter_mut().find(|(x, _)| x == b) {
                    Some((_, q)) => *q += p,
                    None => riders.push((*b, p)),
                }
            }
        }
        for (of_riders, list) in [(false, &mine), (true, &riders)] {
            for (r, p) in list {
                shown.push((i, of_riders, *r));
                probabilities.push(*p);
                if r.gone() {
                    expected_lost += p;
                }
            }
        }
        let lost: f64 = mine.iter().filter(|(r, _)| r.gone()).map(|(_, p)| p).sum();
        extra.push((stand_out_name(i + 1), lost));
    }
    extra.push(("expected_out_of_the_fight".into(), expected_lost));
    let words = Deferred::new(TemplateWords { template: t, shown });
    Ok(OddsReport {
        title: words.title(),
        results: probabilities
            .into_iter()
            .enumerate()
            .map(|(i, probability)| OddsLine {
                result: words.result(i),
                probability,
            })
            .collect(),
        notes: words.notes(),
        extra: Figures::of_distinct(extra),
    })
}

/// The words of a template's odds: the template, and for each line the stand (its index), whether
/// it is of its riders, and the result.
struct TemplateWords {
    template: Template,
    shown: Vec<(usize, bool, StandResult)>,
}

impl Words for TemplateWords {
    fn write(&self) -> Written {
        let t = &self.template;
        Written {
            title: title(t),
            results: self
                .shown
                .iter()
                .map(|&(i, of_riders, r)| {
                    let label = &t.stands[i].label;
                    if of_riders {
                        format!("{label}, riders: {}", r.words())
                    } else {
                        format!("{label}: {}", r.words())
                    }
                })
                .collect(),
            notes: t
                .stands
                .iter()
                .map(|s| {
                    format!(
                        "{}: {}; {} passes on {}+{}",
                        s.label,
                        s.under.words(),
                        s.check.nationality,
                        s.check.rating,
                        if s.art_check_taken {
                            " (a check already taken this turn: a second counts as passed)"
                        } else {
                            ""
                        }
                    )
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::TypedDice;
    use crate::odds::enumerate;

    fn stand(under: Under, rating: u8, riders: bool, checked: bool) -> Stand {
        Stand {
            label: "s".into(),
            under,
            check: Check::new("s", "Soviet", rating),
            riders: riders.then(|| Check::new("r", "Soviet", rating)),
            art_check_taken: checked,
            rider_art_check_taken: false,
        }
    }

    fn one(s: Stand, faces: &[i64]) -> StandOutcome {
        let t = Template {
            side: "de".into(),
            stands: vec![s],
            touched_while_moving: false,
        };
        let mut d = TypedDice::new(faces.to_vec());
        resolve(&t, &mut d).unwrap().1[0]
    }

    #[test]
    fn every_row_of_the_table() {
        use StandResult::*;
        // Infantry in the open: 6 destroyed (no check), 4–5 a check, 1–3 nothing.
        assert_eq!(
            one(stand(Under::InfantryOpen, 3, false, false), &[6]).result,
            Destroyed
        );
        assert_eq!(
            one(stand(Under::InfantryOpen, 3, false, false), &[5, 3]).result,
            CheckPassedSuppressed
        );
        assert_eq!(
            one(stand(Under::InfantryOpen, 3, false, false), &[4, 2]).result,
            CheckFailed
        );
        assert_eq!(
            one(stand(Under::InfantryOpen, 3, false, false), &[3]).result,
            NoEffect
        );
        // Armour and infantry in difficult terrain: 6 a check, 4–5 Suppressed.
        for u in [Under::Armour, Under::InfantryDifficult] {
            assert_eq!(
                one(stand(u, 5, false, false), &[6, 5]).result,
                CheckPassedSuppressed
            );
            assert_eq!(one(stand(u, 5, false, false), &[6, 4]).result, CheckFailed);
            assert_eq!(one(stand(u, 5, false, false), &[4]).result, Suppressed);
            assert_eq!(one(stand(u, 5, false, false), &[1]).result, NoEffect);
        }
        // A second artillery check this turn counts as passed; a 6 in the open still destroys.
        assert_eq!(
            one(stand(Under::Armour, 5, false, true), &[6]).result,
            CountsAsPassedSuppressed
        );
        assert_eq!(
            one(stand(Under::InfantryOpen, 5, false, true), &[6]).result,
            Destroyed
        );
        assert_eq!(
            one(stand(Under::InfantryOpen, 5, false, true), &[4]).result,
            CountsAsPassedSuppressed
        );
        // A tank with riders: one die; the tank as armour, the riders as infantry in the open.
        let o = one(stand(Under::TankWithRiders, 5, true, false), &[6, 5]);
        assert_eq!(
            (o.result, o.riders),
            (CheckPassedSuppressed, Some(Destroyed))
        );
        let o = one(stand(Under::TankWithRiders, 5, true, false), &[4, 2]);
        assert_eq!((o.result, o.riders), (Suppressed, Some(CheckFailed)));
    }

    #[test]
    fn odds_equal_brute_force() {
        for under in [
            Under::InfantryOpen,
            Under::InfantryDifficult,
            Under::Armour,
            Under::TankWithRiders,
        ] {
            for rating in [3, 5] {
                for checked in [false, true] {
                    let mut s = stand(under, rating, under == Under::TankWithRiders, checked);
                    s.check.out_of_cohesion = rating == 5;
                    let t = Template {
                        side: "de".into(),
                        stands: vec![s.clone()],
                        touched_while_moving: false,
                    };
                    let brute =
                        enumerate(|d| resolve(&t, d).map(|(_, o)| (o[0].result, o[0].riders)))
                            .unwrap();
                    let exact = stand_distribution(&s);
                    for (o, p) in brute.iter() {
                        assert!(
                            (exact.p(o) - p).abs() < 1e-12,
                            "{under:?} {rating} {checked} {o:?}"
                        );
                    }
                    assert!((exact.total() - 1.0).abs() < 1e-12);
                }
            }
        }
    }

    #[test]
    fn a_template_die_is_asked_with_each_bands_meaning() {
        assert_eq!(
            bands(Under::InfantryOpen),
            "6 destroyed, 4–5 quality check (Suppressed on passing), 1–3 no effect"
        );
        assert_eq!(
            bands(Under::Armour),
            "6 quality check (Suppressed on passing), 4–5 Suppressed, 1–3 no effect"
        );
        assert!(bands(Under::TankWithRiders).contains("; its riders 6 destroyed"));
    }

    #[test]
    fn an_empty_template_is_refused() {
        let t = Template {
            side: "de".into(),
            stands: vec![],
            touched_while_moving: false,
        };
        assert!(resolve(&t, &mut TypedDice::new(vec![])).is_err());
        assert!(odds(t.clone()).is_err());
    }
}
