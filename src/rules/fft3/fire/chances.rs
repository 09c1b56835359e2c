//! The exact odds of a volley: the same dice and decisions as the rolled path, counted — hits
//! remaining after saves by the binomial law, the best penetration read over every firer, the
//! one quality check and the riders' — into the chance of each way it can end.

use super::super::check::{self, Check, plus};
use super::{Attack, CarrierKind, Fate, FirerPlan, Outcome, PenPlan, PenRead, Plan, RiderFate};
use super::{HIT_ON, SAVE_ON, Volley, hits, pen_read, plan, saves};
use crate::declare::RuleError;
use crate::dice::Die;
use crate::odds::{
    Deferred, Distribution, OddsLine, OddsReport, Words, Written, binomial, chance, percent,
};
use crate::odds::Figures;

/// The hits remaining after terrain saves: P(R = r) for r = 0..=dice (none for a firer beyond
/// long range, which rolls nothing).
fn remaining_hits(f: &FirerPlan, difficult: bool) -> Vec<f64> {
    if f.misses.is_some() {
        return vec![1.0];
    }
    let m = f.modifier();
    let p_hit = chance(Die::D6, |face| hits(face, m));
    let p_save = if difficult {
        chance(Die::D6, saves)
    } else {
        0.0
    };
    let mut remain = vec![0.0; f.dice as usize + 1];
    for (h, ph) in binomial(f.dice, p_hit).into_iter().enumerate() {
        for (r, pr) in binomial(h as u32, 1.0 - p_save).into_iter().enumerate() {
            remain[r] += ph * pr;
        }
    }
    remain
}

/// One firer's anti-vehicle fire, as it matters for the target: [no hit remains, a hit remains
/// but no die reads 4+, a 4–5 is the best read, a 6 is read].
fn firer_states(f: &FirerPlan, pen: &PenPlan, difficult: bool) -> [f64; 4] {
    let q6 = chance(Die::D6, |face| {
        pen_read(i32::from(face) + pen.modifier) == PenRead::Destroyed
    });
    let q_low = chance(Die::D6, |face| {
        pen_read(i32::from(face) + pen.modifier) == PenRead::NoEffect
    });
    let mut s = [0.0; 4];
    for (r, pr) in remaining_hits(f, difficult).into_iter().enumerate() {
        if r == 0 {
            s[0] += pr;
            continue;
        }
        let n = (r as u32 * pen.per_hit) as i32;
        let no_six = (1.0 - q6).powi(n);
        let all_low = q_low.powi(n);
        s[1] += pr * all_low;
        s[2] += pr * (no_six - all_low);
        s[3] += pr * (1.0 - no_six);
    }
    s
}

/// The riders' fate when they are called to check, with each chance.
fn rider_fates(c: &Check, waived: bool) -> Vec<(RiderFate, f64)> {
    if waived {
        vec![(RiderFate::Waived, 1.0)]
    } else {
        vec![
            (RiderFate::Passed, check::p_pass(c)),
            (RiderFate::Failed, check::p_fail(c)),
        ]
    }
}

/// The exact chance of each way the volley can end, and the expected hits remaining after saves
/// (a firer after the target's destruction does not roll).
pub fn distribution(v: &Volley) -> Result<(Distribution<Outcome>, f64), RuleError> {
    let p = plan(v)?;
    Ok(distribution_of(&p))
}

fn distribution_of(p: &Plan) -> (Distribution<Outcome>, f64) {
    let tp = &p.target;
    let mut dist = Distribution::new();
    let mut expected = 0.0;
    // The target's fate before the riders, with whether a hit remained (for tank riders).
    let mut fates: Vec<(Fate, bool, f64)> = Vec::new();
    let add = |fates: &mut Vec<(Fate, bool, f64)>, c: &Check, hit: bool, pr: f64| {
        if tp.fire_check_passed {
            fates.push((Fate::CheckWaived, hit, pr));
        } else {
            fates.push((Fate::CheckPassed, hit, pr * check::p_pass(c)));
            fates.push((Fate::CheckFailed, hit, pr * check::p_fail(c)));
        }
    };
    match p.attack {
        Attack::AntiVehicle => {
            // Combined over the firers: [no hit, hit without effect, a 4–5, a 6].
            let mut all = [1.0, 0.0, 0.0, 0.0];
            let mut alive = 1.0;
            for f in &p.firers {
                let Some(pen) = &f.pen else { continue };
                let remain = remaining_hits(f, tp.difficult);
                let mean: f64 = remain.iter().enumerate().map(|(r, q)| r as f64 * q).sum();
                expected += alive * mean;
                let s = firer_states(f, pen, tp.difficult);
                alive *= 1.0 - s[3];
                let mut next = [0.0; 4];
                for (a, pa) in all.iter().enumerate() {
                    for (b, pb) in s.iter().enumerate() {
                        next[a.max(b)] += pa * pb;
                    }
                }
                all = next;
            }
            fates.push((Fate::NoEffect, false, all[0]));
            fates.push((Fate::NoEffect, true, all[1]));
            add(&mut fates, &tp.check, true, all[2]);
            fates.push((Fate::Destroyed, true, all[3]));
        }
        Attack::AntiInfantry => {
            let mut total = vec![1.0];
            for f in &p.firers {
                let remain = remaining_hits(f, tp.difficult);
                expected += remain
                    .iter()
                    .enumerate()
                    .map(|(r, q)| r as f64 * q)
                    .sum::<f64>();
                let mut next = vec![0.0; total.len() + remain.len() - 1];
                for (a, pa) in total.iter().enumerate() {
                    for (b, pb) in remain.iter().enumerate() {
                        next[a + b] += pa * pb;
                    }
                }
                total = next;
            }
            for (n, pn) in total.into_iter().enumerate() {
                if n == 0 {
                    fates.push((Fate::NoEffect, false, pn));
                } else {
                    let c = Check {
                        extra_hits: n as u32 - 1,
                        ..tp.check.clone()
                    };
                    add(&mut fates, &c, true, pn);
                }
            }
        }
    }
    for (fate, hit, pf) in fates {
        let eliminated = matches!(fate, Fate::Destroyed | Fate::CheckFailed);
        let riders = tp.riders.as_ref().and_then(|(r, k)| {
            let called = match (p.attack, k) {
                (Attack::AntiVehicle, CarrierKind::Tank) => hit,
                (_, CarrierKind::Tank) => false,
                _ => eliminated && tp.riders_check_if_lost,
            };
            called.then_some(r)
        });
        match riders {
            None => dist.add(
                Outcome {
                    target: fate,
                    riders: None,
                },
                pf,
            ),
            Some(r) => {
                for (rf, pr) in rider_fates(r, tp.riders_fire_check_passed) {
                    dist.add(
                        Outcome {
                            target: fate,
                            riders: Some(rf),
                        },
                        pf * pr,
                    );
                }
            }
        }
    }
    (dist, expected)
}

/// The order of the report's lines.
const FATES: [Fate; 5] = [
    Fate::Destroyed,
    Fate::CheckFailed,
    Fate::CheckPassed,
    Fate::CheckWaived,
    Fate::NoEffect,
];
const RIDERS: [Option<RiderFate>; 4] = [
    Some(RiderFate::Failed),
    Some(RiderFate::Passed),
    Some(RiderFate::Waived),
    None,
];

/// Exact odds of a volley; the words written when shown.
pub fn odds(v: &Volley) -> Result<OddsReport, RuleError> {
    let p = plan(v)?;
    let (dist, expected) = distribution_of(&p);
    let mut shown = Vec::new();
    let mut results = Vec::new();
    for fate in FATES {
        for riders in RIDERS {
            let o = Outcome {
                target: fate,
                riders,
            };
            let pr = dist.p(&o);
            if pr > 0.0 {
                shown.push(o);
                results.push(pr);
            }
        }
    }
    let pf = |pred: &dyn Fn(&Outcome) -> bool| dist.p_where(pred);
    let mut extra = Figures::from([
        ("expected_hits".into(), expected),
        (
            "p_quality_check".into(),
            pf(&|o| matches!(o.target, Fate::CheckPassed | Fate::CheckFailed)),
        ),
        (
            "p_check_passed".into(),
            pf(&|o| o.target == Fate::CheckPassed),
        ),
        ("p_no_effect".into(), pf(&|o| o.target == Fate::NoEffect)),
    ]);
    let lost = pf(&|o| matches!(o.target, Fate::Destroyed | Fate::CheckFailed));
    match (p.attack, p.target.vehicle) {
        (Attack::AntiVehicle, _) => {
            extra.insert("p_destroyed".into(), lost);
            extra.insert(
                "p_destroyed_by_a_modified_6".into(),
                pf(&|o| o.target == Fate::Destroyed),
            );
        }
        (Attack::AntiInfantry, true) => {
            extra.insert("p_destroyed".into(), lost);
        }
        (Attack::AntiInfantry, false) => {
            extra.insert("p_eliminated".into(), lost);
        }
    }
    if p.target.riders.is_some() {
        extra.insert(
            "p_riders_lost".into(),
            pf(&|o| o.riders == Some(RiderFate::Failed)),
        );
    }
    let words = Deferred::new(VolleyWords { plan: p, shown });
    Ok(OddsReport {
        title: words.title(),
        results: results
            .into_iter()
            .enumerate()
            .map(|(i, probability)| OddsLine {
                result: words.result(i),
                probability,
            })
            .collect(),
        notes: words.notes(),
        extra,
    })
}

/// The words of a volley's odds: its plan and the ways it ends that its lines show.
struct VolleyWords {
    plan: Plan,
    shown: Vec<Outcome>,
}

impl Words for VolleyWords {
    fn write(&self) -> Written {
        let p = &self.plan;
        let all_miss = p.firers.iter().all(|f| f.misses.is_some());
        let results = self
            .shown
            .iter()
            .map(|o| {
                if all_miss {
                    // Every firer is beyond long range: the one way it ends, said as what it is.
                    format!("the attack misses (beyond long range): {}", o.words(p.attack))
                } else {
                    o.words(p.attack)
                }
            })
            .collect();
        let mut notes = p.context.clone();
        for f in p.firers.iter().filter(|f| f.misses.is_none()) {
            let m = f.modifier();
            notes.push(format!(
                "{}: {}, each hits on {HIT_ON}+{}: {}% a die",
                f.label,
                f.dice_words,
                if m == 0 {
                    String::new()
                } else {
                    format!(" with {}", plus(m))
                },
                percent(chance(Die::D6, |face| hits(face, m)))
            ));
            if let Some(pen) = &f.pen {
                let q6 = chance(Die::D6, |face| {
                    pen_read(i32::from(face) + pen.modifier) == PenRead::Destroyed
                });
                let q45 = chance(Die::D6, |face| {
                    pen_read(i32::from(face) + pen.modifier) == PenRead::Check
                });
                notes.push(format!(
                    "{} penetration: {}; each die reads a 6 {}%, a 4–5 {}%",
                    f.label,
                    pen.words,
                    percent(q6),
                    percent(q45)
                ));
            }
        }
        if p.target.difficult {
            notes.push(format!(
                "each hit is saved on {SAVE_ON}+: {}%",
                percent(chance(Die::D6, saves))
            ));
        }
        Written {
            title: p.title.clone(),
            results,
            notes,
        }
    }
}
