//! The rolled path of a volley: each firer's to-hit dice, terrain saves and penetration dice in
//! the order declared, then the target's one quality check and its riders', each die explained
//! and each stage's result said on the next stage's first die.

use super::super::check::{self, Check, RULESET, Thrower, plus, signed};
use super::{Attack, CarrierKind, PenRead, VolleyResult, hits, pen_read, plan, plural, saves};
use super::{HIT_ON, SAVE_ON, Volley};
use crate::declare::RuleError;
use crate::dice::{DiceSource, Roll};
use crate::resolution::{Modifier, Resolution, Step};

fn faces_text(rolls: &[Roll]) -> String {
    rolls
        .iter()
        .map(|r| r.face.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn modified_text(rolls: &[Roll], m: i32) -> String {
    rolls
        .iter()
        .map(|r| signed(i32::from(r.face) + m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// "1 4 5 6 → 2 5 6 7", or "1 4 5 6" without a modifier.
fn read_text(rolls: &[Roll], m: i32) -> String {
    if m == 0 {
        faces_text(rolls)
    } else {
        format!("{} → {}", faces_text(rolls), modified_text(rolls, m))
    }
}

/// What one firer's penetration read.
fn pen_words(read: PenRead) -> &'static str {
    match read {
        PenRead::Destroyed => "destroyed",
        PenRead::Check => "one quality check",
        PenRead::NoEffect => "no effect",
    }
}

/// A volley with dice: the explanation and how it ended.
pub fn resolve(
    v: &Volley,
    dice: &mut dyn DiceSource,
) -> Result<(Resolution, VolleyResult), RuleError> {
    let p = plan(v)?;
    let mut t = Thrower::new(dice);
    let mut steps = Vec::new();
    let mut segments = Vec::new();
    let mut out = VolleyResult {
        hits: vec![0; p.firers.len()],
        at_riders: p.at_riders,
        ..VolleyResult::default()
    };
    let tp = &p.target;
    let mut read = PenRead::NoEffect;
    let mut any_hit = false;
    for (i, f) in p.firers.iter().enumerate() {
        if let Some(why) = &f.misses {
            steps.push(Step {
                label: format!("{}: beyond long range", f.label),
                outcome: format!(
                    "{why}: the attack misses, nothing is rolled (the declared attack is spent)"
                ),
                ..Step::default()
            });
            t.done(format!(
                "{} is beyond long range: the attack misses",
                f.label
            ));
            let segment = format!("{why}: the attack misses");
            segments.push(if p.firers.len() > 1 {
                format!("{}: {segment}", f.label)
            } else {
                segment
            });
            continue;
        }
        if read == PenRead::Destroyed {
            steps.push(Step {
                label: format!("{} does not roll", f.label),
                outcome: format!(
                    "{} is already destroyed: the fire declared against it is spent",
                    tp.label
                ),
                ..Step::default()
            });
            segments.push(format!("{}: not rolled", f.label));
            continue;
        }
        let m = f.modifier();
        // To hit.
        let mut rolls = Vec::new();
        let need = if m == 0 {
            format!("{HIT_ON}+ hits")
        } else {
            format!("{HIT_ON}+ hits, {} to each die", plus(m))
        };
        for k in 1..=f.dice {
            rolls.push(t.roll(format!("{} to hit {k} of {} ({need})", f.label, f.dice))?);
        }
        let scored = rolls.iter().filter(|r| hits(r.face, m)).count() as u32;
        let read_faces = read_text(&rolls, m);
        steps.push(Step {
            label: format!("{} to hit: {}", f.label, f.dice_words),
            modifiers: f.to_hit.clone(),
            outcome: format!(
                "{} {}: {} ({HIT_ON}+ hits)",
                if m == 0 { "rolled" } else { "modified" },
                rolls
                    .iter()
                    .map(|r| signed(i32::from(r.face) + m))
                    .collect::<Vec<_>>()
                    .join(", "),
                if scored == 0 {
                    "no hits".to_string()
                } else {
                    plural(scored, "hit", "hits")
                }
            ),
            dice: rolls,
            ..Step::default()
        });
        t.done(format!(
            "{} scored {} ({read_faces})",
            f.label,
            if scored == 0 {
                "no hits".to_string()
            } else {
                plural(scored, "hit", "hits")
            }
        ));
        let mut segment = if scored == 0 {
            "no hits".to_string()
        } else {
            plural(scored, "hit", "hits")
        };
        // Terrain saves.
        let mut remain = scored;
        if tp.difficult && scored > 0 {
            let mut rolls = Vec::new();
            for k in 1..=scored {
                rolls.push(t.roll(format!("terrain save {k} of {scored} ({SAVE_ON}+ saves)"))?);
            }
            let saved = rolls.iter().filter(|r| saves(r.face)).count() as u32;
            remain = scored - saved;
            let what = format!(
                "{}: {}",
                if saved == 0 {
                    "none saved".to_string()
                } else {
                    format!("{saved} saved")
                },
                if remain == 0 {
                    "no hit remains".to_string()
                } else {
                    format!("{} remain", plural(remain, "hit", "hits"))
                }
            );
            t.done(format!("terrain saves {}: {what}", faces_text(&rolls)));
            steps.push(Step {
                label: format!(
                    "Terrain saves against {}'s {} (difficult terrain, {SAVE_ON}+ saves)",
                    f.label,
                    plural(scored, "hit", "hits")
                ),
                outcome: what,
                dice: rolls,
                ..Step::default()
            });
            segment.push_str(&if saved == 0 {
                ", none saved".to_string()
            } else {
                format!(", {saved} saved")
            });
        }
        out.hits[i] = remain;
        any_hit |= remain > 0;
        // Penetration.
        if let (Some(pen), true) = (&f.pen, remain > 0) {
            let n = remain * pen.per_hit;
            let mut rolls = Vec::new();
            let need = if pen.modifier == 0 {
                "6 destroys, 4–5 a quality check".to_string()
            } else {
                format!(
                    "{} to each die; a modified 6 destroys, 4–5 a quality check",
                    plus(pen.modifier)
                )
            };
            for k in 1..=n {
                rolls.push(t.roll(format!("{} penetration {k} of {n} ({need})", f.label))?);
            }
            let best = rolls
                .iter()
                .map(|r| pen_read(i32::from(r.face) + pen.modifier))
                .max()
                .unwrap_or(PenRead::NoEffect);
            let highest = rolls
                .iter()
                .map(|r| i32::from(r.face) + pen.modifier)
                .max()
                .unwrap_or(0);
            let read_words = match best {
                PenRead::Destroyed => format!("highest {}: a 6, destroyed", signed(highest)),
                PenRead::Check => {
                    format!("highest {}: a 4–5, one quality check", signed(highest))
                }
                PenRead::NoEffect => format!("highest {}: no effect", signed(highest)),
            };
            let mut notes = Vec::new();
            if pen.modifier <= -3 {
                notes.push(format!(
                    "the best modified roll is {}: this shot cannot hurt",
                    signed(6 + pen.modifier)
                ));
            }
            steps.push(Step {
                label: format!(
                    "{} penetration: {}, {}",
                    f.label,
                    pen.words,
                    plural(remain, "hit", "hits")
                ),
                modifiers: if pen.modifier == 0 {
                    Vec::new()
                } else {
                    vec![Modifier::new(
                        pen.modifier,
                        format!("Pen {} − armour {}", pen.pen, pen.armour),
                    )]
                },
                outcome: if pen.modifier == 0 {
                    read_words.clone()
                } else {
                    format!(
                        "modified {}: {read_words}",
                        rolls
                            .iter()
                            .map(|r| signed(i32::from(r.face) + pen.modifier))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                },
                notes,
                dice: rolls.clone(),
                ..Step::default()
            });
            t.done(format!(
                "{} penetration {}: {}",
                f.label,
                read_text(&rolls, pen.modifier),
                pen_words(best)
            ));
            segment.push_str(&format!(
                "; penetration {}: {}",
                read_text(&rolls, pen.modifier),
                pen_words(best)
            ));
            read = read.max(best);
        }
        segments.push(if p.firers.len() > 1 {
            format!("{}: {segment}", f.label)
        } else {
            segment
        });
    }
    let mut result = segments.join("; ");
    let mut effects = Vec::new();
    let fail_words = if tp.vehicle {
        "destroyed"
    } else {
        "eliminated"
    };
    // The target's one check.
    let check_for = match p.attack {
        Attack::AntiVehicle => {
            (read == PenRead::Check).then(|| tp.check.because("penetration 4–5"))
        }
        Attack::AntiInfantry => {
            let total = out.total_hits();
            (total > 0).then(|| Check {
                extra_hits: total - 1,
                ..tp.check
                    .because(plural(total, "anti-infantry hit", "anti-infantry hits"))
            })
        }
    };
    if read == PenRead::Destroyed {
        out.destroyed = true;
        out.target_eliminated = true;
    }
    if let Some(c) = check_for {
        if tp.fire_check_passed {
            out.check_waived = true;
            let what = format!(
                "{} already passed a quality check from enemy fire this turn: no check",
                tp.label
            );
            steps.push(Step {
                label: format!("Quality check, {}: not taken", tp.label),
                outcome: what.clone(),
                notes: vec![format!("called for by {}", c.reason)],
                ..Step::default()
            });
            result.push_str("; no check (already passed a fire check this turn)");
            effects.push(what);
        } else {
            let (step, passed) = check::throw(&mut t, &c, fail_words)?;
            let total = c.modified(step.dice[0].face);
            out.check = Some((step.dice[0].face, total, passed));
            let sum = step.sum_text().unwrap_or_default();
            let verdict = if passed { "passes" } else { fail_words };
            let sum_words = if c.modifier_total() == 0 {
                signed(total)
            } else {
                sum
            };
            match (p.attack, p.firers.len()) {
                (Attack::AntiVehicle, 1) => {
                    result.push_str(&format!(", {sum_words} against {}+: {verdict}", c.rating));
                }
                _ => result.push_str(&format!(
                    "; quality check {sum_words} against {}+: {verdict}",
                    c.rating
                )),
            }
            t.done(format!(
                "{} quality check {sum_words} against {}+: {}",
                tp.label,
                c.rating,
                if passed {
                    "passes".to_string()
                } else {
                    format!("fails — {fail_words}")
                }
            ));
            steps.push(step);
            if passed {
                out.checked_and_passed = true;
                effects.push(format!(
                    "{} passed a quality check from enemy fire: it ignores further fire checks this turn",
                    tp.label
                ));
            } else {
                out.target_eliminated = true;
            }
        }
    }
    if out.target_eliminated {
        effects.insert(
            0,
            if tp.vehicle {
                format!("{} is destroyed: remove it", tp.label)
            } else {
                format!("{} is eliminated (out of the fight): remove it", tp.label)
            },
        );
    }
    // The riders.
    if let Some((r, k)) = &tp.riders {
        let called = match (p.attack, k) {
            (Attack::AntiVehicle, CarrierKind::Tank) => {
                any_hit.then(|| r.because("riding a tank that was hit"))
            }
            (_, CarrierKind::Tank) => None,
            (_, k) if tp.riders_check_if_lost => out
                .target_eliminated
                .then(|| r.because(format!("rider of a destroyed {}", k.words()))),
            (_, k) => {
                if out.target_eliminated {
                    result.push_str("; riders get off without a check");
                    effects.push(format!(
                        "{} get off the destroyed {} without a check",
                        r.who,
                        k.words()
                    ));
                }
                None
            }
        };
        if let Some(c) = called {
            if tp.riders_fire_check_passed {
                out.rider_check_waived = true;
                let what = format!(
                    "{} already passed a quality check from enemy fire this turn: no check",
                    c.who
                );
                steps.push(Step {
                    label: format!("Quality check, {}: not taken", c.who),
                    outcome: what.clone(),
                    notes: vec![format!("called for by {}", c.reason)],
                    ..Step::default()
                });
                result.push_str("; riders: no check (already passed a fire check this turn)");
                effects.push(what);
            } else {
                let (step, passed) = check::throw(&mut t, &c, "out of the fight")?;
                out.rider_check = Some(passed);
                let total = c.modified(step.dice[0].face);
                result.push_str(&format!(
                    "; riders' quality check {} against {}+: {}",
                    signed(total),
                    c.rating,
                    if passed { "passes" } else { "out of the fight" }
                ));
                steps.push(step);
                if passed {
                    out.riders_checked_and_passed = true;
                    effects.push(format!(
                        "{} passed a quality check from enemy fire: they ignore further fire checks this turn",
                        c.who
                    ));
                } else {
                    effects.push(format!(
                        "{} is eliminated (out of the fight): remove it",
                        c.who
                    ));
                }
            }
        }
    }
    if effects.is_empty() {
        effects.push(format!("no effect on {}", tp.label));
    }
    Ok((
        Resolution {
            ruleset: RULESET.into(),
            action: p.attack.id().into(),
            title: p.title.clone(),
            context: p.context.clone(),
            steps,
            result,
            effects,
            rolled_by_program: t.is_generated(),
        },
        out,
    ))
}
