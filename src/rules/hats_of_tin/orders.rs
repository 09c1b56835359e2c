//! The orders roll: the Force Commander rolls 1d6 — that many units may be given an order — and
//! each surviving subordinate commander orders one more unit from his own command.
//!
//! [`orders`] is the one place that counts the orders from the face, read by the rolled path
//! ([`resolve`]) and the exact odds ([`distribution`], [`odds`]).
//!
//! Decision (the digest's): with the Force Commander lost there is no 1d6 roll, only the
//! surviving subordinates' one order each; a lost subordinate gives no order.

use super::shoot::Thrower;
use super::tables::RULESET;
use crate::declare::RuleError;
use crate::dice::{DiceSource, Die};
use crate::odds::{Deferred, Distribution, OddsLine, OddsReport, Written, WrittenBy};
use crate::resolution::{Modifier, Resolution, Step};
use crate::odds::Figures;

/// One side's orders roll, in plain values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrdersRoll {
    /// The side: "Blue".
    pub side: String,
    /// The Force Commander is in play (false: lost, no roll).
    pub force_commander: bool,
    /// Surviving subordinate commanders: one order each.
    pub subordinates: u32,
}

/// What the roll gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OrdersResult {
    /// The Force Commander's face (None: no roll).
    pub face: Option<u8>,
    /// Orders the side may give this turn.
    pub orders: u32,
}

/// The one place that counts the orders: the face (if any) plus one for each subordinate.
pub fn orders(face: Option<u8>, subordinates: u32) -> u32 {
    u32::from(face.unwrap_or(0)).saturating_add(subordinates)
}

/// "1 order", "5 orders".
fn orders_words(n: u32) -> String {
    if n == 1 {
        "1 order".into()
    } else {
        format!("{n} orders")
    }
}

/// "2 subordinate commanders" ("1 subordinate commander").
fn subordinates_words(n: u32) -> String {
    if n == 1 {
        "1 subordinate commander".into()
    } else {
        format!("{n} subordinate commanders")
    }
}

impl OrdersRoll {
    /// The subordinates' orders as a modifier to the roll (none without subordinates).
    pub fn modifiers(&self) -> Vec<Modifier> {
        if self.subordinates == 0 {
            Vec::new()
        } else {
            vec![Modifier::new(
                i32::try_from(self.subordinates).unwrap_or(i32::MAX),
                format!("{}, one order each", subordinates_words(self.subordinates)),
            )]
        }
    }

    /// The die's purpose: "orders roll, Blue: the Force Commander's 1d6 (+2 for 2 subordinate
    /// commanders)".
    pub fn purpose(&self) -> String {
        if self.subordinates == 0 {
            format!("orders roll, {}: the Force Commander's 1d6", self.side)
        } else {
            format!(
                "orders roll, {}: the Force Commander's 1d6 (+{} for {})",
                self.side,
                self.subordinates,
                subordinates_words(self.subordinates)
            )
        }
    }
}

fn title(o: &OrdersRoll) -> String {
    format!("Orders: {}", o.side)
}

fn context(o: &OrdersRoll) -> Vec<String> {
    let mut c = vec![if o.force_commander {
        "the Force Commander rolls 1d6: that many units may be given an order".to_string()
    } else {
        "the Force Commander is lost: no roll".to_string()
    }];
    c.push(format!(
        "{} in play: each orders one more unit from his own command",
        subordinates_words(o.subordinates)
    ));
    c.push("commanders need no orders".into());
    c
}

/// The step of the roll (or of no roll), and what it gave.
fn orders_step(o: &OrdersRoll, roll: Option<crate::dice::Roll>) -> (Step, OrdersResult) {
    let face = roll.as_ref().map(|r| r.face);
    let n = orders(face, o.subordinates);
    let step = match roll {
        Some(r) => Step {
            label: format!("Orders roll, {}", o.side),
            modifiers: o.modifiers(),
            dice: vec![r],
            total: Some(i32::try_from(n).unwrap_or(i32::MAX)),
            outcome: orders_words(n),
            ..Step::default()
        },
        None => Step {
            label: format!("Orders, {}: no roll (the Force Commander is lost)", o.side),
            outcome: format!(
                "{}: one for each surviving subordinate commander",
                orders_words(n)
            ),
            ..Step::default()
        },
    };
    (step, OrdersResult { face, orders: n })
}

/// The `orders` procedure.
pub fn resolve(
    o: &OrdersRoll,
    dice: &mut dyn DiceSource,
) -> Result<(Resolution, OrdersResult), RuleError> {
    let mut t = Thrower::new(dice);
    let roll = if o.force_commander {
        Some(t.roll(o.purpose())?)
    } else {
        None
    };
    let (step, out) = orders_step(o, roll);
    let mut effects = vec![format!(
        "{} may give {} this turn",
        o.side,
        orders_words(out.orders)
    )];
    if o.subordinates > 0 {
        effects.push(format!(
            "{} of them: one by each subordinate commander, to a unit of his own command",
            o.subordinates
        ));
    }
    Ok((
        Resolution {
            ruleset: RULESET.into(),
            action: "orders".into(),
            title: title(o),
            context: context(o),
            steps: vec![step],
            result: format!("{}: {}", o.side, orders_words(out.orders)),
            effects,
            rolled_by_program: t.is_generated(),
        },
        out,
    ))
}

/// The exact chance of each number of orders, fewest first.
pub fn distribution(o: &OrdersRoll) -> Distribution<u32> {
    if !o.force_commander {
        return Distribution::certain(orders(None, o.subordinates));
    }
    let mut d = Distribution::new();
    for f in Die::D6.faces() {
        d.add(orders(Some(f), o.subordinates), 1.0 / 6.0);
    }
    d.sort_by_key(|n| *n);
    d
}

/// Exact odds of the orders roll.
pub fn odds(o: &OrdersRoll) -> OddsReport {
    let d = distribution(o);
    let expected = d.iter().map(|(n, p)| f64::from(*n) * p).sum();
    let (roll, counts): (OrdersRoll, Vec<u32>) = (o.clone(), d.iter().map(|(n, _)| *n).collect());
    let words = Deferred::new(WrittenBy(move || Written {
        title: title(&roll),
        results: counts.iter().map(|n| orders_words(*n)).collect(),
        notes: context(&roll),
    }));
    OddsReport {
        title: words.title(),
        results: d
            .iter()
            .enumerate()
            .map(|(i, (_, p))| OddsLine {
                result: words.result(i),
                probability: p,
            })
            .collect(),
        notes: words.notes(),
        extra: Figures::from([("expected_orders".into(), expected)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::TypedDice;
    use crate::odds::enumerate;

    fn blue(force_commander: bool, subordinates: u32) -> OrdersRoll {
        OrdersRoll {
            side: "Blue".into(),
            force_commander,
            subordinates,
        }
    }

    #[test]
    fn required_two_subordinates_and_a_three() {
        let o = blue(true, 2);
        let mut d = TypedDice::new([3]);
        let (r, out) = resolve(&o, &mut d).unwrap();
        d.finish().unwrap();
        assert_eq!(
            out,
            OrdersResult {
                face: Some(3),
                orders: 5
            }
        );
        assert_eq!(r.ruleset, "hats-of-tin");
        assert_eq!(r.action, "orders");
        assert_eq!(r.title, "Orders: Blue");
        assert_eq!(r.steps[0].sum_text().unwrap(), "3 + 2 = 5");
        assert_eq!(
            r.steps[0].modifiers,
            vec![Modifier::new(2, "2 subordinate commanders, one order each")]
        );
        assert_eq!(
            r.faces()[0].purpose,
            "orders roll, Blue: the Force Commander's 1d6 (+2 for 2 subordinate commanders)"
        );
        assert_eq!(r.result, "Blue: 5 orders");
        assert_eq!(
            r.effects,
            vec![
                "Blue may give 5 orders this turn",
                "2 of them: one by each subordinate commander, to a unit of his own command"
            ]
        );
        assert!(!r.rolled_by_program);
    }

    #[test]
    fn without_subordinates_the_face_alone() {
        let o = blue(true, 0);
        let mut d = TypedDice::new([1]);
        let (r, out) = resolve(&o, &mut d).unwrap();
        assert_eq!(out.orders, 1);
        assert_eq!(r.steps[0].sum_text().unwrap(), "1 = 1");
        assert_eq!(r.steps[0].outcome, "1 order");
        assert_eq!(
            r.faces()[0].purpose,
            "orders roll, Blue: the Force Commander's 1d6"
        );
        assert_eq!(r.effects, vec!["Blue may give 1 order this turn"]);
    }

    #[test]
    fn the_force_commander_lost_no_roll() {
        let o = blue(false, 2);
        let mut d = TypedDice::new([]);
        let (r, out) = resolve(&o, &mut d).unwrap();
        assert_eq!(
            out,
            OrdersResult {
                face: None,
                orders: 2
            }
        );
        assert!(r.faces().is_empty());
        assert_eq!(
            r.steps[0].label,
            "Orders, Blue: no roll (the Force Commander is lost)"
        );
        assert_eq!(
            r.steps[0].outcome,
            "2 orders: one for each surviving subordinate commander"
        );
        assert_eq!(r.context[0], "the Force Commander is lost: no roll");
        let report = odds(&o);
        assert_eq!(report.results.len(), 1);
        assert_eq!(report.results[0].result, "2 orders");
        assert_eq!(report.results[0].probability, 1.0);
        let none = blue(false, 0);
        assert_eq!(resolve(&none, &mut d).unwrap().1.orders, 0);
    }

    #[test]
    fn odds_equal_brute_force() {
        for fc in [true, false] {
            for subs in 0..=3 {
                let o = blue(fc, subs);
                let exact = distribution(&o);
                let brute = enumerate(|d| resolve(&o, d).map(|r| r.1.orders)).unwrap();
                assert_eq!(exact.len(), brute.len());
                for (n, p) in brute.iter() {
                    assert!((exact.p(n) - p).abs() < 1e-12, "{o:?} {n}");
                }
                let report = odds(&o);
                let sum: f64 = report.results.iter().map(|l| l.probability).sum();
                assert!((sum - 1.0).abs() < 1e-12);
                let mean = if fc { 3.5 } else { 0.0 } + f64::from(subs);
                assert!((report.extra["expected_orders"] - mean).abs() < 1e-12);
            }
        }
        let names: Vec<String> = odds(&blue(true, 2))
            .results
            .into_iter()
            .map(|l| l.result.into())
            .collect();
        assert_eq!(
            names,
            [
                "3 orders", "4 orders", "5 orders", "6 orders", "7 orders", "8 orders"
            ]
        );
    }
}
