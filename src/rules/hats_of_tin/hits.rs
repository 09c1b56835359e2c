//! Taking the hits of one round (one unit's single shooting roll): the first hit is always
//! taken; the owner may convert any of the rest into retreats of one move each; a blocked retreat
//! (impassable terrain, an enemy, the one-unit stacking limit) is taken as a hit instead. A unit
//! that reaches its quality's limit (militia 2, regular 3, elite 4), counting the hits it already
//! had, is destroyed. With a commander attached, the owner chooses where the hits go; a commander
//! is destroyed by a single hit.
//!
//! No die is thrown: [`take`] is the one place that applies a [`Round`], and [`resolve`] explains
//! it in steps. The assault applies its fires' hits through the same functions.
//!
//! Decisions where the digest is silent:
//! - **At most one hit may go to an attached commander**: he is destroyed by it, and more is
//!   refused, not wasted (a commander cannot soak up a round).
//! - The commander's hit may be the round's first, always-taken hit: the unit may then convert
//!   every one of its own hits. Either way at most all hits but one are converted.
//! - A destroyed unit makes no retreat.

use super::shoot::hits_words;
use super::tables::{Quality, RULESET};
use crate::declare::RuleError;
use crate::odds::{OddsLine, OddsReport};
use crate::resolution::{Resolution, Step};
use crate::odds::Figures;

/// How the owner takes a round's hits. The default takes every hit as a hit on the unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Taking {
    /// Hits after the first converted into retreats of one move each.
    pub converted: u32,
    /// Of those, retreats that are blocked: each is taken as a hit instead.
    pub blocked: u32,
    /// Hits given to the attached commander (0 or 1).
    pub to_commander: u32,
}

/// One round of hits on one unit, in plain values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// "Rifles (b-2)" in a battle, "Rifles" standalone.
    pub unit: String,
    /// Its quality: the hits that destroy it.
    pub quality: Quality,
    /// Hits the unit already had.
    pub hits_before: u32,
    /// Hits of this round.
    pub hits: u32,
    /// The attached commander, if any.
    pub commander: Option<String>,
    /// How the owner takes the hits.
    pub taking: Taking,
}

/// What the round did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Taken {
    /// Hits the unit took this round (blocked retreats included).
    pub taken: u32,
    /// Its hits now: before + taken.
    pub hits_after: u32,
    /// Retreats of one move it makes (0 when destroyed).
    pub retreats: u32,
    /// Retreats blocked, taken as hits.
    pub blocked: u32,
    /// The attached commander took a hit: he is destroyed.
    pub commander_hit: bool,
    /// The unit reached its quality's limit.
    pub destroyed: bool,
}

impl Taken {
    /// The unit is gone from its area: destroyed, or retreated at least one move.
    pub fn left_area(&self) -> bool {
        self.destroyed || self.retreats > 0
    }
}

/// "1 retreat", "2 retreats".
fn retreats_words(n: u32) -> String {
    if n == 1 {
        "1 retreat".into()
    } else {
        format!("{n} retreats")
    }
}

/// "1 move", "2 moves".
fn moves(n: u32) -> String {
    if n == 1 {
        "1 move".into()
    } else {
        format!("{n} moves")
    }
}

/// Refuses a round the rules do not allow, naming the limit broken.
pub fn check(r: &Round) -> Result<(), RuleError> {
    let (t, limit) = (&r.taking, r.quality.limit());
    if r.hits_before >= limit {
        return Err(RuleError::refused(format!(
            "{} already has {} hits, the limit of a {} unit: it is destroyed",
            r.unit,
            r.hits_before,
            r.quality.id()
        )));
    }
    if t.to_commander > 0 {
        let Some(c) = &r.commander else {
            return Err(RuleError::refused(format!(
                "no commander is attached to {}: no hit can go to one",
                r.unit
            )));
        };
        if t.to_commander > 1 {
            return Err(RuleError::refused(format!(
                "a commander is destroyed by a single hit: at most 1 hit may go to {c}"
            )));
        }
        if r.hits == 0 {
            return Err(RuleError::refused(format!(
                "{} took no hits: none can go to {c}",
                r.unit
            )));
        }
    }
    let most = r.hits.saturating_sub(1);
    if t.converted > most {
        return Err(RuleError::refused(match r.hits {
            0 => format!(
                "{} took no hits: none may be converted into retreats",
                r.unit
            ),
            1 => format!(
                "{} took 1 hit: none may be converted into retreats (the first hit is always taken)",
                r.unit
            ),
            n => format!(
                "{} took {n} hits: at most {most} may be converted into retreats (the first hit is always taken)",
                r.unit
            ),
        }));
    }
    if t.blocked > t.converted {
        return Err(RuleError::refused(format!(
            "{} converted into {}: at most {} can be blocked",
            hits_words(t.converted),
            retreats_words(t.converted),
            t.converted
        )));
    }
    Ok(())
}

/// The one place that applies a round: what the unit and its commander take.
pub fn take(r: &Round) -> Result<Taken, RuleError> {
    check(r)?;
    let t = &r.taking;
    let taken = r.hits - t.to_commander - t.converted + t.blocked;
    // A round bigger than the hits the unit has left destroys it: its hits stop at the limit.
    let hits_after = (r.hits_before + taken).min(r.quality.limit());
    let destroyed = hits_after >= r.quality.limit();
    Ok(Taken {
        taken,
        hits_after,
        retreats: if destroyed {
            0
        } else {
            t.converted - t.blocked
        },
        blocked: t.blocked,
        commander_hit: t.to_commander == 1,
        destroyed,
    })
}

/// "Rifles takes 1 hit (2 of 3) and retreats 1 move; Capt. Hart is destroyed".
pub fn summary(r: &Round, k: &Taken) -> String {
    let limit = r.quality.limit();
    let mut parts = Vec::new();
    if k.destroyed {
        parts.push(format!(
            "{} takes {} ({} of {limit}): destroyed",
            r.unit,
            hits_words(k.taken),
            k.hits_after
        ));
    } else if k.taken > 0 {
        parts.push(format!(
            "{} takes {} ({} of {limit})",
            r.unit,
            hits_words(k.taken),
            k.hits_after
        ));
    }
    if k.retreats > 0 {
        let what = format!("retreats {}", moves(k.retreats));
        match parts.last_mut() {
            Some(last) => last.push_str(&format!(" and {what}")),
            None => parts.push(format!("{} {what}", r.unit)),
        }
    }
    if let (true, Some(c)) = (k.commander_hit, &r.commander) {
        parts.push(format!("{c} is destroyed"));
    }
    if parts.is_empty() {
        format!("no effect on {}", r.unit)
    } else {
        parts.join("; ")
    }
}

/// The round explained: what came in, the commander's hit, the retreats, the unit's hits.
pub fn steps(r: &Round, k: &Taken) -> Vec<Step> {
    let limit = r.quality.limit();
    let head = format!(
        "{} takes a round of {} ({}: destroyed at {limit}; {} already)",
        r.unit,
        hits_words(r.hits),
        r.quality.id(),
        r.hits_before
    );
    if r.hits == 0 {
        return vec![Step {
            label: head,
            outcome: "nothing to take".into(),
            ..Step::default()
        }];
    }
    let t = &r.taking;
    let first = match (&r.commander, k.commander_hit) {
        (Some(c), true) => format!("the first hit is taken by {c}, attached"),
        _ => format!("the first hit is taken by {}", r.unit),
    };
    let mut steps = vec![Step {
        label: head,
        outcome: if r.hits == 1 {
            first
        } else {
            format!(
                "{first}; the owner converts {} of the other {} into retreats",
                t.converted,
                r.hits - 1
            )
        },
        notes: if r.hits > 1 {
            vec!["every hit after the first may be converted into a retreat of one move".into()]
        } else {
            Vec::new()
        },
        ..Step::default()
    }];
    if let (true, Some(c)) = (k.commander_hit, &r.commander) {
        steps.push(Step {
            label: format!("{c} (attached to {}) takes 1 hit", r.unit),
            outcome: "destroyed: a commander is destroyed by a single hit".into(),
            ..Step::default()
        });
    }
    if t.converted > 0 {
        let outcome = match (t.blocked, k.destroyed) {
            (0, false) => format!("{} retreats {}", r.unit, moves(k.retreats)),
            (b, false) => format!(
                "{} blocked, taken as {}; {} retreats {}",
                b,
                if b == 1 { "a hit" } else { "hits" },
                r.unit,
                moves(k.retreats)
            ),
            (b, true) => format!(
                "{} blocked, taken as {}; destroyed, {} makes no retreat",
                b,
                if b == 1 { "a hit" } else { "hits" },
                r.unit
            ),
        };
        steps.push(Step {
            label: format!(
                "{} converted into {}",
                hits_words(t.converted),
                retreats_words(t.converted)
            ),
            outcome,
            notes: vec![
                "a retreat blocked by impassable terrain, an enemy or the stacking limit is taken as a hit".into(),
            ],
            ..Step::default()
        });
    }
    steps.push(Step {
        label: if r.hits_before + k.taken > limit {
            format!(
                "{}: {} + {} reaches the limit, {} of {limit} hits",
                r.unit, r.hits_before, k.taken, k.hits_after
            )
        } else {
            format!(
                "{}: {} + {} = {} of {limit} hits",
                r.unit, r.hits_before, k.taken, k.hits_after
            )
        },
        outcome: if k.destroyed {
            format!(
                "destroyed: a {} unit is destroyed at {limit}",
                r.quality.id()
            )
        } else {
            format!("{} to go", hits_words(limit - k.hits_after))
        },
        ..Step::default()
    });
    steps
}

/// What the round does to the units, for the umpire.
pub fn effects(r: &Round, k: &Taken) -> Vec<String> {
    let limit = r.quality.limit();
    let mut e = Vec::new();
    if k.destroyed {
        e.push(format!(
            "{} is destroyed ({} hits, the limit of a {} unit): remove it",
            r.unit,
            k.hits_after,
            r.quality.id()
        ));
    } else if k.taken > 0 {
        e.push(format!(
            "{} takes {}: {} of {limit}",
            r.unit,
            hits_words(k.taken),
            k.hits_after
        ));
    }
    if k.retreats > 0 {
        e.push(format!("{} retreats {}", r.unit, moves(k.retreats)));
    }
    if let (true, Some(c)) = (k.commander_hit, &r.commander) {
        e.push(format!("{c} is destroyed (a single hit): remove him"));
    }
    if e.is_empty() {
        e.push(format!("no effect on {}", r.unit));
    }
    e
}

/// The standalone `take-hits` procedure: the round applied and explained.
pub fn resolve(r: &Round) -> Result<(Resolution, Taken), RuleError> {
    let k = take(r)?;
    Ok((
        Resolution {
            ruleset: RULESET.into(),
            action: "take-hits".into(),
            title: format!("Taking hits: {} on {}", hits_words(r.hits), r.unit),
            context: vec![format!(
                "a {} unit is destroyed at {} hits; a commander by a single hit",
                r.quality.id(),
                r.quality.limit()
            )],
            steps: steps(r, &k),
            result: summary(r, &k),
            effects: effects(r, &k),
            rolled_by_program: false,
        },
        k,
    ))
}

/// What the owner's choice does, before it is entered: nothing is rolled, so the one outcome is
/// certain; the notes say what waits, what the unit has and what each choice costs.
pub fn odds(r: &Round) -> Result<OddsReport, RuleError> {
    let k = take(r)?;
    let limit = r.quality.limit();
    let mut notes = vec![
        format!(
            "{} waiting on {}: {} of {limit} hits already (a {} unit is destroyed at {limit})",
            hits_words(r.hits),
            r.unit,
            r.hits_before,
            r.quality.id()
        ),
        "the first hit is taken; each other may be converted into a retreat of one move \
         (retreats), a blocked retreat taken as a hit (blocked)"
            .to_string(),
    ];
    if let Some(c) = &r.commander {
        notes.push(format!(
            "{c} is attached: the owner may give him one hit, which destroys him (to-commander)"
        ));
    }
    notes.extend(
        steps(r, &k)
            .into_iter()
            .map(|s| format!("{}: {}", s.label, s.outcome)),
    );
    Ok(OddsReport {
        title: format!("Taking {} on {}", hits_words(r.hits), r.unit).into(),
        results: vec![OddsLine {
            result: summary(r, &k).into(),
            probability: 1.0,
        }],
        notes: notes.into(),
        extra: Figures::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(hits_before: u32, hits: u32, taking: Taking) -> Round {
        Round {
            unit: "Rifles".into(),
            quality: Quality::Regular,
            hits_before,
            hits,
            commander: None,
            taking,
        }
    }

    fn taking(converted: u32, blocked: u32, to_commander: u32) -> Taking {
        Taking {
            converted,
            blocked,
            to_commander,
        }
    }

    fn with_commander(r: Round) -> Round {
        Round {
            commander: Some("Capt. Hart".into()),
            ..r
        }
    }

    fn refused(r: &Round) -> String {
        let e = take(r).unwrap_err();
        assert!(matches!(e, RuleError::Refused(_)), "{e:?}");
        assert!(resolve(r).is_err());
        e.to_string()
    }

    #[test]
    fn the_choice_is_shown_before_it_is_entered() {
        let r = with_commander(round(1, 3, taking(1, 0, 1)));
        let o = odds(&r).unwrap();
        assert_eq!(o.title, "Taking 3 hits on Rifles");
        assert_eq!(o.results.len(), 1);
        assert_eq!(o.results[0].probability, 1.0);
        assert_eq!(o.results[0].result, summary(&r, &take(&r).unwrap()));
        assert_eq!(
            o.notes[0],
            "3 hits waiting on Rifles: 1 of 3 hits already (a regular unit is destroyed at 3)"
        );
        assert!(
            o.notes[2].contains("Capt. Hart is attached"),
            "{:?}",
            o.notes
        );
        assert_eq!(
            o.results[0].result,
            "Rifles takes 1 hit (2 of 3) and retreats 1 move; Capt. Hart is destroyed"
        );
        // A choice the rules refuse has no outcome.
        assert!(odds(&round(0, 2, taking(2, 0, 0))).is_err());
    }

    #[test]
    fn every_hit_taken() {
        let r = round(0, 2, Taking::default());
        let (res, k) = resolve(&r).unwrap();
        assert_eq!(
            k,
            Taken {
                taken: 2,
                hits_after: 2,
                ..Taken::default()
            }
        );
        assert!(!k.left_area());
        assert_eq!(res.ruleset, "hats-of-tin");
        assert_eq!(res.action, "take-hits");
        assert_eq!(res.title, "Taking hits: 2 hits on Rifles");
        assert_eq!(
            res.steps[0].label,
            "Rifles takes a round of 2 hits (regular: destroyed at 3; 0 already)"
        );
        assert_eq!(
            res.steps[0].outcome,
            "the first hit is taken by Rifles; the owner converts 0 of the other 1 into retreats"
        );
        assert_eq!(res.steps[1].label, "Rifles: 0 + 2 = 2 of 3 hits");
        assert_eq!(res.steps[1].outcome, "1 hit to go");
        assert_eq!(res.result, "Rifles takes 2 hits (2 of 3)");
        assert_eq!(res.effects, vec!["Rifles takes 2 hits: 2 of 3"]);
        assert!(res.faces().is_empty());
    }

    #[test]
    fn conversions_retreat_and_blocked_retreats_are_hits() {
        let k = take(&round(0, 3, taking(2, 0, 0))).unwrap();
        assert_eq!((k.taken, k.hits_after, k.retreats), (1, 1, 2));
        assert!(k.left_area());
        let r = round(0, 3, taking(2, 1, 0));
        let (res, k) = resolve(&r).unwrap();
        assert_eq!((k.taken, k.hits_after, k.retreats, k.blocked), (2, 2, 1, 1));
        assert_eq!(res.steps[1].label, "2 hits converted into 2 retreats");
        assert_eq!(
            res.steps[1].outcome,
            "1 blocked, taken as a hit; Rifles retreats 1 move"
        );
        assert_eq!(
            res.result,
            "Rifles takes 2 hits (2 of 3) and retreats 1 move"
        );
        assert_eq!(
            res.effects,
            vec!["Rifles takes 2 hits: 2 of 3", "Rifles retreats 1 move"]
        );
        // Every retreat blocked: every hit taken, and the unit stays.
        let k = take(&round(0, 2, taking(1, 1, 0))).unwrap();
        assert_eq!((k.taken, k.retreats), (2, 0));
        assert!(!k.left_area());
    }

    #[test]
    fn destroyed_at_the_quality_limit_counting_hits_already_had() {
        for (q, limit) in [
            (Quality::Militia, 2),
            (Quality::Regular, 3),
            (Quality::Elite, 4),
        ] {
            for before in 0..limit {
                for hits in 0..=4 {
                    let r = Round {
                        quality: q,
                        ..round(before, hits, Taking::default())
                    };
                    let k = take(&r).unwrap();
                    assert_eq!(k.destroyed, before + hits >= limit, "{r:?}");
                }
            }
        }
        let r = round(2, 3, taking(2, 1, 0));
        let (res, k) = resolve(&r).unwrap();
        assert!(k.destroyed && k.retreats == 0 && k.left_area());
        assert_eq!(
            res.steps[1].outcome,
            "1 blocked, taken as a hit; destroyed, Rifles makes no retreat"
        );
        assert_eq!(
            res.steps[2].label,
            "Rifles: 2 + 2 reaches the limit, 3 of 3 hits"
        );
        assert_eq!(k.hits_after, 3, "its hits stop at the limit");
        assert_eq!(
            res.steps[2].outcome,
            "destroyed: a regular unit is destroyed at 3"
        );
        assert_eq!(res.result, "Rifles takes 2 hits (3 of 3): destroyed");
        assert_eq!(
            res.effects,
            vec!["Rifles is destroyed (3 hits, the limit of a regular unit): remove it"]
        );
        // From 1 hit, converting 2 of 3 saves it: 1 + 1 = 2 of 3.
        assert!(!take(&round(1, 3, taking(2, 0, 0))).unwrap().destroyed);
    }

    #[test]
    fn a_commander_takes_a_single_hit_and_may_take_the_first() {
        let r = with_commander(round(0, 2, taking(1, 0, 1)));
        let (res, k) = resolve(&r).unwrap();
        assert_eq!(
            k,
            Taken {
                taken: 0,
                hits_after: 0,
                retreats: 1,
                blocked: 0,
                commander_hit: true,
                destroyed: false
            }
        );
        assert_eq!(
            res.steps[0].outcome,
            "the first hit is taken by Capt. Hart, attached; the owner converts 1 of the other 1 into retreats"
        );
        assert_eq!(
            res.steps[1].label,
            "Capt. Hart (attached to Rifles) takes 1 hit"
        );
        assert_eq!(
            res.steps[1].outcome,
            "destroyed: a commander is destroyed by a single hit"
        );
        assert_eq!(
            res.result,
            "Rifles retreats 1 move; Capt. Hart is destroyed"
        );
        assert_eq!(
            res.effects,
            vec![
                "Rifles retreats 1 move",
                "Capt. Hart is destroyed (a single hit): remove him"
            ]
        );
        let k = take(&with_commander(round(0, 1, taking(0, 0, 1)))).unwrap();
        assert_eq!((k.taken, k.commander_hit), (0, true));
        let k = take(&with_commander(round(0, 3, taking(0, 0, 1)))).unwrap();
        assert_eq!((k.taken, k.hits_after), (2, 2));
    }

    #[test]
    fn every_refusal_names_its_limit() {
        assert_eq!(
            refused(&round(0, 3, taking(3, 0, 0))),
            "Rifles took 3 hits: at most 2 may be converted into retreats (the first hit is always taken)"
        );
        assert_eq!(
            refused(&round(0, 1, taking(1, 0, 0))),
            "Rifles took 1 hit: none may be converted into retreats (the first hit is always taken)"
        );
        assert_eq!(
            refused(&round(0, 0, taking(1, 0, 0))),
            "Rifles took no hits: none may be converted into retreats"
        );
        assert_eq!(
            refused(&round(0, 3, taking(1, 2, 0))),
            "1 hit converted into 1 retreat: at most 1 can be blocked"
        );
        assert_eq!(
            refused(&round(0, 2, taking(0, 0, 1))),
            "no commander is attached to Rifles: no hit can go to one"
        );
        assert_eq!(
            refused(&with_commander(round(0, 3, taking(0, 0, 2)))),
            "a commander is destroyed by a single hit: at most 1 hit may go to Capt. Hart"
        );
        assert_eq!(
            refused(&with_commander(round(0, 0, taking(0, 0, 1)))),
            "Rifles took no hits: none can go to Capt. Hart"
        );
        assert_eq!(
            refused(&round(3, 1, Taking::default())),
            "Rifles already has 3 hits, the limit of a regular unit: it is destroyed"
        );
        let militia = Round {
            quality: Quality::Militia,
            ..round(2, 1, Taking::default())
        };
        assert!(refused(&militia).contains("the limit of a militia unit"));
    }

    #[test]
    fn no_hits_nothing_to_take() {
        let (res, k) = resolve(&round(1, 0, Taking::default())).unwrap();
        assert_eq!(
            k,
            Taken {
                hits_after: 1,
                ..Taken::default()
            }
        );
        assert_eq!(res.steps.len(), 1);
        assert_eq!(res.steps[0].outcome, "nothing to take");
        assert_eq!(res.result, "no effect on Rifles");
        assert_eq!(res.effects, vec!["no effect on Rifles"]);
    }
}
