//! Artillery: one template, a d6 for every stand wholly or partly under it.
//!
//! - 6: infantry in the open destroyed; tanks, halftracks and infantry in difficult terrain take a
//!   quality check, Suppressed on passing.
//! - 4–5: infantry in the open take a quality check, Suppressed on passing; tanks, halftracks and
//!   infantry in difficult terrain are Suppressed.
//! - 1–3: no effect.
//!
//! A tank with riders: one roll, the tank read as armour and the riders as infantry in the open. A
//! truck is read as infantry (the caller says in the open or in difficult terrain). A stand takes
//! at most one artillery check a turn: a second result that calls for one calls for none, and the
//! stand counts as having passed and is Suppressed (a 6 on infantry in the open still destroys it:
//! that is not a check). Infantry carried by a halftrack or truck the template destroys survive
//! only on a passed quality check (decision: that check counts against the riders' artillery check
//! for the turn, like any other).
//!
//! [`blast`] is the one place that reads a face, [`Check::passes`] the one that reads a check; the
//! rolled path ([`resolve`]) and the exact odds ([`distributions`], [`odds`]) both read them.

use super::check::{self, Check, RULESET, Thrower};
use crate::dice::{DiceError, Die};
use crate::odds::{Distribution, OddsLine, OddsReport};
use crate::resolution::{Resolution, Step};
use crate::rules::RuleError;
use std::collections::BTreeMap;

/// How a stand under the template is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Under {
    /// Infantry in the open (or a truck in the open).
    InfantryOpen,
    /// Infantry in difficult terrain (or a truck there).
    InfantryDifficult,
    /// A tank or halftrack.
    Armour,
    /// One roll: the tank as armour, its riders as infantry in the open.
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

    /// The stand itself is read as infantry in the open.
    fn open(self) -> bool {
        self == Under::InfantryOpen
    }
}

/// One stand under the template, in plain values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stand {
    pub label: String,
    pub under: Under,
    /// Its quality-check data (rating, nationality, cohesion); the artillery sets the reason.
    pub check: Check,
    /// A tank's riders (with [`Under::TankWithRiders`]), or the infantry a halftrack or truck
    /// carries.
    pub riders: Option<Check>,
    /// It already took an artillery quality check this turn.
    pub art_check_taken: bool,
    /// Its riders already took an artillery quality check this turn.
    pub riders_art_check_taken: bool,
}

/// One template and every stand under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    /// The firing side's name.
    pub side: String,
    pub stands: Vec<Stand>,
    /// A stand touched the template while moving and is attacked at once (only the wording
    /// changes).
    pub touched_while_moving: bool,
}

/// What a face calls for, before any check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Blast {
    NoEffect,
    Suppressed,
    /// A quality check, Suppressed on passing.
    Check,
    Destroyed,
}

impl Blast {
    fn words(self) -> &'static str {
        match self {
            Blast::NoEffect => "no effect",
            Blast::Suppressed => "Suppressed",
            Blast::Check => "a quality check (Suppressed on passing)",
            Blast::Destroyed => "destroyed",
        }
    }
}

/// The one place that reads a face: `open` for infantry in the open, otherwise tanks, halftracks
/// and infantry in difficult terrain.
pub fn blast(open: bool, face: u8) -> Blast {
    match (face, open) {
        (6, true) => Blast::Destroyed,
        (6, false) => Blast::Check,
        (4 | 5, true) => Blast::Check,
        (4 | 5, false) => Blast::Suppressed,
        _ => Blast::NoEffect,
    }
}

/// What the template did to a stand (or its riders).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StandResult {
    NoEffect,
    Suppressed,
    /// Infantry in the open on a 6: destroyed, no check.
    Destroyed,
    CheckPassedSuppressed,
    /// Out of the fight (eliminated).
    CheckFailed,
    /// A second artillery check in the turn calls for none: counts as passed, Suppressed.
    CountsAsPassedSuppressed,
    /// Riders of a destroyed halftrack or truck who passed their check: they survive.
    Survived,
}

impl StandResult {
    pub fn words(self) -> &'static str {
        match self {
            StandResult::NoEffect => "no effect",
            StandResult::Suppressed => "Suppressed",
            StandResult::Destroyed => "destroyed",
            StandResult::CheckPassedSuppressed => "quality check passed: Suppressed",
            StandResult::CheckFailed => "quality check failed: out of the fight",
            StandResult::CountsAsPassedSuppressed => {
                "no second artillery check this turn: counts as passed, Suppressed"
            }
            StandResult::Survived => "quality check passed: survives its carrier",
        }
    }

    /// The stand is out of the fight.
    pub fn eliminated(self) -> bool {
        matches!(self, StandResult::Destroyed | StandResult::CheckFailed)
    }

    /// The stand is Suppressed.
    pub fn suppressed(self) -> bool {
        matches!(
            self,
            StandResult::Suppressed
                | StandResult::CheckPassedSuppressed
                | StandResult::CountsAsPassedSuppressed
        )
    }

    /// The stand threw an artillery check this turn (the caller marks it).
    pub fn took_check(self) -> bool {
        matches!(
            self,
            StandResult::CheckPassedSuppressed | StandResult::CheckFailed | StandResult::Survived
        )
    }
}

/// What the template did to one stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StandOutcome {
    pub face: u8,
    pub result: StandResult,
    /// Its riders' result, when it has riders.
    pub riders: Option<StandResult>,
}

/// Each face's blast in words, highest first: "6: destroyed; 4–5: a quality check (Suppressed on
/// passing); 1–3: no effect".
pub fn faces_words(open: bool) -> String {
    let mut groups: Vec<(u8, u8, Blast)> = Vec::new();
    for face in Die::D6.faces() {
        let b = blast(open, face);
        match groups.last_mut() {
            Some((_, hi, g)) if *g == b => *hi = face,
            _ => groups.push((face, face, b)),
        }
    }
    groups
        .iter()
        .rev()
        .map(|(lo, hi, b)| {
            if lo == hi {
                format!("{lo}: {}", b.words())
            } else {
                format!("{lo}–{hi}: {}", b.words())
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn refuse(t: &Template) -> Result<(), RuleError> {
    if t.stands.is_empty() {
        return Err(RuleError::refused(
            "no stand is under the template: nothing is rolled",
        ));
    }
    for s in &t.stands {
        if s.under == Under::TankWithRiders && s.riders.is_none() {
            return Err(RuleError::refused(format!(
                "{}: a tank with riders needs the riders' quality-check data",
                s.label
            )));
        }
    }
    Ok(())
}

fn title(t: &Template) -> String {
    match (t.touched_while_moving, t.stands.as_slice()) {
        (true, [one]) => format!(
            "Artillery template ({}): {} touches it while moving and is attacked at once",
            t.side, one.label
        ),
        (true, _) => format!(
            "Artillery template ({}): stands that touch it while moving are attacked at once",
            t.side
        ),
        (false, [_]) => format!("Artillery template ({}): 1 stand under it", t.side),
        (false, s) => format!(
            "Artillery template ({}): {} stands under it",
            t.side,
            s.len()
        ),
    }
}

fn riders_label(s: &Stand, r: &Check) -> String {
    format!("{} (riding {})", r.who, s.label)
}

fn context(t: &Template) -> Vec<String> {
    let mut c = Vec::new();
    for s in &t.stands {
        let mut line = format!("{}: {}", s.label, s.under.words());
        if s.art_check_taken {
            line.push_str("; already took an artillery check this turn");
        }
        c.push(line);
        if let Some(r) = &s.riders {
            let mut line = match s.under {
                Under::TankWithRiders => format!(
                    "{}: infantry in the open (the tank's roll)",
                    riders_label(s, r)
                ),
                _ => format!(
                    "{}: carried; if the carrier is destroyed they survive only on a passed quality check",
                    riders_label(s, r)
                ),
            };
            if s.riders_art_check_taken {
                line.push_str("; already took an artillery check this turn");
            }
            c.push(line);
        }
    }
    c.push(format!("infantry in the open: {}", faces_words(true)));
    c.push(format!(
        "tanks, halftracks and infantry in difficult terrain: {}",
        faces_words(false)
    ));
    c.push(
        "at most one artillery check per stand per turn: a second calls for none, the stand counts as passed and is Suppressed"
            .into(),
    );
    c
}

/// Settles a blast on a stand (or its riders): throws the check if one is called for and not
/// already taken this turn.
fn settle(
    t: &mut Thrower,
    steps: &mut Vec<Step>,
    c: &Check,
    b: Blast,
    taken: bool,
    reason: String,
) -> Result<StandResult, DiceError> {
    Ok(match b {
        Blast::NoEffect => StandResult::NoEffect,
        Blast::Suppressed => StandResult::Suppressed,
        Blast::Destroyed => StandResult::Destroyed,
        Blast::Check if taken => {
            steps.push(Step {
                label: format!("Quality check, {}: not taken", c.who),
                outcome: format!(
                    "{} already took an artillery check this turn: counts as passed, Suppressed",
                    c.who
                ),
                notes: vec![format!("called for by {reason}")],
                ..Step::default()
            });
            StandResult::CountsAsPassedSuppressed
        }
        Blast::Check => {
            let (step, passed) = t.check(&c.because(reason), "out of the fight")?;
            steps.push(step);
            if passed {
                StandResult::CheckPassedSuppressed
            } else {
                StandResult::CheckFailed
            }
        }
    })
}

/// The riders of a destroyed halftrack or truck: they survive on a passed check.
fn survive(
    t: &mut Thrower,
    steps: &mut Vec<Step>,
    c: &Check,
    taken: bool,
    reason: String,
) -> Result<StandResult, DiceError> {
    Ok(match settle(t, steps, c, Blast::Check, taken, reason)? {
        StandResult::CheckPassedSuppressed => StandResult::Survived,
        other => other,
    })
}

fn blast_words(b: Blast) -> &'static str {
    match b {
        Blast::Check => "a quality check",
        other => other.words(),
    }
}

/// The template with dice: the explanation and what it did to each stand, in order.
pub fn resolve(
    t: &Template,
    dice: &mut dyn crate::dice::DiceSource,
) -> Result<(Resolution, Vec<StandOutcome>), RuleError> {
    refuse(t)?;
    let mut th = Thrower::new(dice);
    let mut steps = Vec::new();
    let mut outcomes = Vec::new();
    let mut result = Vec::new();
    let mut effects = Vec::new();
    let n = t.stands.len();
    for (i, s) in t.stands.iter().enumerate() {
        let faces = match s.under {
            Under::TankWithRiders => format!(
                "tank: {}; riders: {}",
                faces_words(false),
                faces_words(true)
            ),
            u => faces_words(u.open()),
        };
        let roll = th.roll(format!(
            "artillery ({}) at {}, {} (stand {} of {n}): {faces}",
            t.side,
            s.label,
            s.under.words(),
            i + 1
        ))?;
        let face = roll.face;
        let b = blast(s.under.open(), face);
        let rb = (s.under == Under::TankWithRiders).then(|| blast(true, face));
        let outcome = match rb {
            Some(rb) => format!(
                "{face}: tank: {}; riders: {}",
                blast_words(b),
                blast_words(rb)
            ),
            None => format!("{face}: {}", blast_words(b)),
        };
        th.done(format!("artillery on {}: {outcome}", s.label));
        steps.push(Step {
            label: format!("{} under the template ({})", s.label, s.under.words()),
            row: Some(faces),
            dice: vec![roll],
            outcome,
            ..Step::default()
        });
        let reason = |face: u8| {
            if face == 6 {
                "artillery 6".to_string()
            } else {
                "artillery 4–5".to_string()
            }
        };
        let res = settle(
            &mut th,
            &mut steps,
            &s.check,
            b,
            s.art_check_taken,
            reason(face),
        )?;
        let riders = match (&s.riders, rb) {
            (Some(r), Some(rb)) => Some(settle(
                &mut th,
                &mut steps,
                r,
                rb,
                s.riders_art_check_taken,
                reason(face),
            )?),
            (Some(r), None) if res.eliminated() => Some(survive(
                &mut th,
                &mut steps,
                r,
                s.riders_art_check_taken,
                format!("rider of a destroyed {}", carrier_word(s.under)),
            )?),
            (Some(_), None) => Some(StandResult::NoEffect),
            (None, _) => None,
        };
        let mut said = format!("{}: {face}, {}", s.label, res.words());
        if let (Some(r), Some(rr)) = (&s.riders, riders) {
            said.push_str(&format!("; {}: {}", r.who, rr.words()));
        }
        th.done(said.clone());
        result.push(said);
        effects.extend(effect(&t.side, &s.label, res));
        if let (Some(r), Some(rr)) = (&s.riders, riders) {
            effects.extend(effect(&t.side, &r.who, rr));
        }
        outcomes.push(StandOutcome {
            face,
            result: res,
            riders,
        });
    }
    if effects.is_empty() {
        effects.push("no effect".into());
    }
    Ok((
        Resolution {
            ruleset: RULESET.into(),
            action: "artillery".into(),
            title: title(t),
            context: context(t),
            steps,
            result: result.join("; "),
            effects,
            rolled_by_program: th.is_generated(),
        },
        outcomes,
    ))
}

/// "halftrack or truck" for a carrier read as armour, "truck" for one read as infantry.
fn carrier_word(u: Under) -> &'static str {
    match u {
        Under::Armour => "halftrack",
        _ => "truck",
    }
}

fn effect(side: &str, who: &str, r: StandResult) -> Option<String> {
    let suppressed = format!(
        "{who} is Suppressed until the start of the {side} side's next artillery phase (−1 to hit a vehicle, −2 infantry; −2 movement)"
    );
    match r {
        StandResult::NoEffect => None,
        StandResult::Suppressed => Some(suppressed),
        StandResult::Destroyed | StandResult::CheckFailed => {
            Some(format!("{who} is eliminated (out of the fight): remove it"))
        }
        StandResult::CheckPassedSuppressed => Some(format!(
            "{suppressed}; it took its artillery check for this turn"
        )),
        StandResult::CountsAsPassedSuppressed => Some(format!(
            "{suppressed} (a second artillery check this turn counts as passed)"
        )),
        StandResult::Survived => Some(format!(
            "{who} survives its carrier: it took its artillery check for this turn"
        )),
    }
}

// ---- the exact odds ---------------------------------------------------------------------------

/// The chance of each result of a blast, read the same way as [`settle`].
fn settle_odds(c: &Check, b: Blast, taken: bool) -> Vec<(StandResult, f64)> {
    match b {
        Blast::NoEffect => vec![(StandResult::NoEffect, 1.0)],
        Blast::Suppressed => vec![(StandResult::Suppressed, 1.0)],
        Blast::Destroyed => vec![(StandResult::Destroyed, 1.0)],
        Blast::Check if taken => vec![(StandResult::CountsAsPassedSuppressed, 1.0)],
        Blast::Check => vec![
            (StandResult::CheckPassedSuppressed, check::p_pass(c)),
            (StandResult::CheckFailed, check::p_fail(c)),
        ],
    }
}

/// A stand's result and its riders', with the chance of each pair.
pub type StandDistribution = Distribution<(StandResult, Option<StandResult>)>;

/// The exact chance of each result, stand by stand (the stands are independent).
pub fn distributions(t: &Template) -> Result<Vec<StandDistribution>, RuleError> {
    refuse(t)?;
    Ok(t.stands.iter().map(stand_distribution).collect())
}

fn stand_distribution(s: &Stand) -> StandDistribution {
    let mut d = Distribution::new();
    for face in Die::D6.faces() {
        let b = blast(s.under.open(), face);
        for (res, p) in settle_odds(&s.check, b, s.art_check_taken) {
            let p = p / 6.0;
            match (&s.riders, s.under) {
                (None, _) => d.add((res, None), p),
                (Some(r), Under::TankWithRiders) => {
                    for (rr, q) in settle_odds(r, blast(true, face), s.riders_art_check_taken) {
                        d.add((res, Some(rr)), p * q);
                    }
                }
                (Some(r), _) if res.eliminated() => {
                    for (rr, q) in settle_odds(r, Blast::Check, s.riders_art_check_taken) {
                        let rr = match rr {
                            StandResult::CheckPassedSuppressed => StandResult::Survived,
                            other => other,
                        };
                        d.add((res, Some(rr)), p * q);
                    }
                }
                (Some(_), _) => d.add((res, Some(StandResult::NoEffect)), p),
            }
        }
    }
    d
}

/// The order of the report's lines.
const RESULTS: [StandResult; 7] = [
    StandResult::Destroyed,
    StandResult::CheckFailed,
    StandResult::CheckPassedSuppressed,
    StandResult::CountsAsPassedSuppressed,
    StandResult::Survived,
    StandResult::Suppressed,
    StandResult::NoEffect,
];

/// Exact odds of a template: each stand's (and its riders') chance of each result.
pub fn odds(t: &Template) -> Result<OddsReport, RuleError> {
    let dists = distributions(t)?;
    let mut results = Vec::new();
    let mut eliminated = 0.0;
    let mut suppressed = 0.0;
    let mut none_lost = 1.0;
    for (s, d) in t.stands.iter().zip(&dists) {
        for r in RESULTS {
            let p = d.p_where(|(x, _)| *x == r);
            if p > 0.0 {
                results.push(OddsLine {
                    result: format!("{}: {}", s.label, r.words()),
                    probability: p,
                });
            }
        }
        if let Some(rc) = &s.riders {
            for r in RESULTS {
                let p = d.p_where(|(_, x)| *x == Some(r));
                if p > 0.0 {
                    results.push(OddsLine {
                        result: format!("{}: {}", riders_label(s, rc), r.words()),
                        probability: p,
                    });
                }
            }
        }
        for ((r, rr), p) in d.iter() {
            let lost = u8::from(r.eliminated()) + u8::from(rr.is_some_and(|x| x.eliminated()));
            eliminated += f64::from(lost) * p;
            let sup = u8::from(r.suppressed()) + u8::from(rr.is_some_and(|x| x.suppressed()));
            suppressed += f64::from(sup) * p;
        }
        none_lost *= d.p_where(|(r, rr)| !r.eliminated() && !rr.is_some_and(|x| x.eliminated()));
    }
    let mut notes = context(t);
    notes.push(
        "each stand's lines (and its riders') add up to 100%; the stands' rolls are independent"
            .into(),
    );
    Ok(OddsReport {
        title: title(t),
        results,
        notes,
        extra: BTreeMap::from([
            ("expected_eliminated".to_string(), eliminated),
            ("expected_suppressed".to_string(), suppressed),
            ("p_any_eliminated".to_string(), 1.0 - none_lost),
        ]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::TypedDice;
    use crate::odds::enumerate;
    use StandResult::*;

    fn stand(label: &str, under: Under, rating: u8) -> Stand {
        Stand {
            label: label.into(),
            under,
            check: Check::new(label, "Soviet", rating),
            riders: None,
            art_check_taken: false,
            riders_art_check_taken: false,
        }
    }

    fn template(stands: Vec<Stand>) -> Template {
        Template {
            side: "German".into(),
            stands,
            touched_while_moving: false,
        }
    }

    fn run(t: &Template, faces: &[i64]) -> (Resolution, Vec<StandOutcome>) {
        let mut d = TypedDice::new(faces.iter().copied());
        let r = resolve(t, &mut d).unwrap();
        d.finish().unwrap();
        r
    }

    fn riders() -> Check {
        Check::new("Soviet Infantry (riders)", "Soviet", 5)
    }

    #[test]
    fn faces() {
        let got: Vec<Blast> = (1..=6).map(|f| blast(true, f)).collect();
        use Blast as B;
        assert_eq!(
            got,
            [
                B::NoEffect,
                B::NoEffect,
                B::NoEffect,
                B::Check,
                B::Check,
                B::Destroyed
            ]
        );
        let got: Vec<Blast> = (1..=6).map(|f| blast(false, f)).collect();
        assert_eq!(
            got,
            [
                B::NoEffect,
                B::NoEffect,
                B::NoEffect,
                B::Suppressed,
                B::Suppressed,
                B::Check
            ]
        );
        assert_eq!(
            faces_words(true),
            "6: destroyed; 4–5: a quality check (Suppressed on passing); 1–3: no effect"
        );
    }

    #[test]
    fn infantry_in_the_open() {
        let t = template(vec![stand("i", Under::InfantryOpen, 5)]);
        for f in 1..=3 {
            assert_eq!(run(&t, &[f]).1[0].result, NoEffect);
        }
        assert_eq!(run(&t, &[4, 5]).1[0].result, CheckPassedSuppressed);
        assert_eq!(run(&t, &[5, 4]).1[0].result, CheckFailed);
        let (r, out) = run(&t, &[6]);
        assert_eq!(out[0].result, Destroyed);
        assert_eq!(r.steps.len(), 1, "a 6 destroys: no check");
    }

    #[test]
    fn armour_and_infantry_in_difficult_terrain() {
        for under in [Under::InfantryDifficult, Under::Armour] {
            let t = template(vec![stand("s", under, 3)]);
            assert_eq!(run(&t, &[3]).1[0].result, NoEffect);
            assert_eq!(run(&t, &[4]).1[0].result, Suppressed);
            assert_eq!(run(&t, &[5]).1[0].result, Suppressed);
            assert_eq!(run(&t, &[6, 3]).1[0].result, CheckPassedSuppressed);
            let (r, out) = run(&t, &[6, 2]);
            assert_eq!(out[0].result, CheckFailed);
            assert_eq!(r.steps[1].notes, vec!["called for by artillery 6"]);
        }
    }

    #[test]
    fn cohesion_counts_in_the_check() {
        let mut s = stand("i", Under::InfantryOpen, 4);
        s.check.out_of_cohesion = true;
        let t = template(vec![s]);
        assert_eq!(run(&t, &[4, 4]).1[0].result, CheckFailed);
        assert_eq!(run(&t, &[4, 5]).1[0].result, CheckPassedSuppressed);
    }

    #[test]
    fn one_artillery_check_a_turn() {
        let mut s = stand("i", Under::InfantryOpen, 5);
        s.art_check_taken = true;
        let t = template(vec![s]);
        let (r, out) = run(&t, &[4]);
        assert_eq!(out[0].result, CountsAsPassedSuppressed);
        assert!(r.steps[1].outcome.contains("counts as passed, Suppressed"));
        // A 6 on infantry in the open is not a check: still destroyed.
        assert_eq!(run(&t, &[6]).1[0].result, Destroyed);
        let mut a = stand("t", Under::Armour, 5);
        a.art_check_taken = true;
        assert_eq!(
            run(&template(vec![a]), &[6]).1[0].result,
            CountsAsPassedSuppressed
        );
    }

    #[test]
    fn a_tank_with_riders_one_roll() {
        let mut s = stand("T-34/76 (s-t1)", Under::TankWithRiders, 5);
        s.riders = Some(riders());
        let t = template(vec![s.clone()]);
        let (r, out) = run(&t, &[6, 5]);
        assert_eq!(
            out[0],
            StandOutcome {
                face: 6,
                result: CheckPassedSuppressed,
                riders: Some(Destroyed)
            }
        );
        assert_eq!(
            r.steps[0].outcome,
            "6: tank: a quality check; riders: destroyed"
        );
        // 4–5: the tank Suppressed, the riders check.
        let (r, out) = run(&t, &[4, 2]);
        assert_eq!(
            (out[0].result, out[0].riders),
            (Suppressed, Some(CheckFailed))
        );
        assert_eq!(
            r.steps[1].label,
            "Quality check, Soviet Infantry (riders): Soviet passes on 5+"
        );
        // Tank check first, then the riders'.
        let out = run(&t, &[6, 1]).1;
        assert_eq!(
            (out[0].result, out[0].riders),
            (CheckFailed, Some(Destroyed))
        );
        s.riders_art_check_taken = true;
        let out = run(&template(vec![s]), &[5]).1;
        assert_eq!(out[0].riders, Some(CountsAsPassedSuppressed));
    }

    #[test]
    fn carried_infantry_survive_a_destroyed_carrier_on_a_passed_check() {
        let mut ht = stand("Halftrack", Under::Armour, 3);
        ht.riders = Some(riders());
        let t = template(vec![ht]);
        assert_eq!(run(&t, &[5]).1[0].riders, Some(NoEffect));
        assert_eq!(run(&t, &[6, 3]).1[0].riders, Some(NoEffect));
        let (r, out) = run(&t, &[6, 2, 5]);
        assert_eq!(
            (out[0].result, out[0].riders),
            (CheckFailed, Some(Survived))
        );
        assert_eq!(
            r.steps[2].notes,
            vec!["called for by rider of a destroyed halftrack"]
        );
        assert_eq!(run(&t, &[6, 2, 4]).1[0].riders, Some(CheckFailed));
        // A truck in the open is read as infantry: a 6 destroys it.
        let mut truck = stand("Truck", Under::InfantryOpen, 5);
        truck.riders = Some(riders());
        let t = template(vec![truck]);
        let (r, out) = run(&t, &[6, 6]);
        assert_eq!((out[0].result, out[0].riders), (Destroyed, Some(Survived)));
        assert!(r.steps[1].notes[0].contains("destroyed truck"));
    }

    #[test]
    fn dice_in_order_with_what_the_last_stand_did() {
        let t = template(vec![
            stand("Soviet Infantry (s-i1)", Under::InfantryOpen, 5),
            stand("T-34/76 (s-t1)", Under::Armour, 5),
        ]);
        let (r, out) = run(&t, &[5, 4, 6, 6]);
        assert_eq!(out[0].result, CheckFailed);
        assert_eq!(out[1].result, CheckPassedSuppressed);
        let p: Vec<&str> = r.faces().iter().map(|x| x.purpose.as_str()).collect();
        assert_eq!(
            p[0],
            "artillery (German) at Soviet Infantry (s-i1), infantry in the open (stand 1 of 2): 6: destroyed; 4–5: a quality check (Suppressed on passing); 1–3: no effect"
        );
        assert_eq!(
            p[1],
            "quality check, Soviet Infantry (s-i1): Soviet passes on 5+ — artillery on Soviet Infantry (s-i1): 5: a quality check"
        );
        assert!(
            p[2].ends_with(" — Soviet Infantry (s-i1): 5, quality check failed: out of the fight"),
            "{}",
            p[2]
        );
        assert_eq!(r.action, "artillery");
        assert_eq!(r.title, "Artillery template (German): 2 stands under it");
        assert_eq!(
            r.result,
            "Soviet Infantry (s-i1): 5, quality check failed: out of the fight; T-34/76 (s-t1): 6, quality check passed: Suppressed"
        );
    }

    #[test]
    fn refusals_and_wording() {
        let e = resolve(&template(vec![]), &mut TypedDice::new([])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "no stand is under the template: nothing is rolled"
        );
        assert!(odds(&template(vec![])).is_err());
        let t = template(vec![stand("t", Under::TankWithRiders, 5)]);
        assert!(odds(&t).unwrap_err().to_string().contains("riders"));
        let mut t = template(vec![stand("Soviet Infantry", Under::InfantryOpen, 5)]);
        t.touched_while_moving = true;
        assert_eq!(
            title(&t),
            "Artillery template (German): Soviet Infantry touches it while moving and is attacked at once"
        );
    }

    fn compare(t: &Template) {
        let exact = distributions(t).unwrap();
        let brute = enumerate(|d| {
            resolve(t, d).map(|r| r.1.iter().map(|o| (o.result, o.riders)).collect::<Vec<_>>())
        })
        .unwrap();
        // Every joint result is the product of the stands' (they are independent).
        for (joint, p) in brute.iter() {
            let q: f64 = joint.iter().zip(&exact).map(|(x, d)| d.p(x)).product();
            assert!((p - q).abs() < 1e-12, "{t:?} {joint:?}: {p} vs {q}");
        }
        for (i, d) in exact.iter().enumerate() {
            assert!((d.total() - 1.0).abs() < 1e-12);
            for (x, p) in d.iter() {
                let b = brute.p_where(|j| j[i] == *x);
                assert!((p - b).abs() < 1e-12, "{t:?} stand {i} {x:?}");
            }
        }
        let report = odds(t).unwrap();
        let sum: f64 = report.results.iter().map(|l| l.probability).sum();
        let lines = t.stands.len() + t.stands.iter().filter(|s| s.riders.is_some()).count();
        assert!((sum - lines as f64).abs() < 1e-12);
    }

    #[test]
    fn odds_equal_brute_force() {
        let mut cases = Vec::new();
        for under in [
            Under::InfantryOpen,
            Under::InfantryDifficult,
            Under::Armour,
            Under::TankWithRiders,
        ] {
            for taken in [false, true] {
                for rating in [3, 5] {
                    let mut s = stand("s", under, rating);
                    s.art_check_taken = taken;
                    s.check.out_of_cohesion = rating == 3;
                    if under != Under::InfantryDifficult {
                        s.riders = Some(riders());
                        s.riders_art_check_taken = taken && rating == 5;
                    }
                    cases.push(template(vec![s]));
                }
            }
        }
        let mut tank = stand("tank", Under::TankWithRiders, 5);
        tank.riders = Some(riders());
        cases.push(template(vec![stand("i", Under::InfantryOpen, 4), tank]));
        cases.push(template(vec![
            stand("a", Under::Armour, 3),
            stand("d", Under::InfantryDifficult, 5),
        ]));
        for t in &cases {
            compare(t);
        }
    }

    #[test]
    fn odds_report() {
        let mut tank = stand("T-34/76", Under::TankWithRiders, 5);
        tank.riders = Some(riders());
        let t = template(vec![stand("Soviet Infantry", Under::InfantryOpen, 5), tank]);
        let report = odds(&t).unwrap();
        let names: Vec<&str> = report.results.iter().map(|l| l.result.as_str()).collect();
        assert_eq!(
            names,
            [
                "Soviet Infantry: destroyed",
                "Soviet Infantry: quality check failed: out of the fight",
                "Soviet Infantry: quality check passed: Suppressed",
                "Soviet Infantry: no effect",
                "T-34/76: quality check failed: out of the fight",
                "T-34/76: quality check passed: Suppressed",
                "T-34/76: Suppressed",
                "T-34/76: no effect",
                "Soviet Infantry (riders) (riding T-34/76): destroyed",
                "Soviet Infantry (riders) (riding T-34/76): quality check failed: out of the fight",
                "Soviet Infantry (riders) (riding T-34/76): quality check passed: Suppressed",
                "Soviet Infantry (riders) (riding T-34/76): no effect",
            ]
        );
        // Infantry in the open: 1/6 destroyed + 2/6 × 4/6 failed.
        let lost = 1.0 / 6.0 + 2.0 / 6.0 * 4.0 / 6.0;
        assert!((report.results[0].probability - 1.0 / 6.0).abs() < 1e-12);
        let tank_lost = 1.0 / 6.0 * 4.0 / 6.0;
        assert!((report.extra["expected_eliminated"] - (2.0 * lost + tank_lost)).abs() < 1e-12);
        // On the tank's stand a 6 destroys the riders and 4–5 makes them check: the same chance
        // of a loss as the infantry in the open.
        assert!(
            (report.extra["p_any_eliminated"] - (1.0 - (1.0 - lost) * (1.0 - lost))).abs() < 1e-12
        );
    }
}
