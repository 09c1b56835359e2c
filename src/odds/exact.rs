//! Exact probabilities as fractions: every chance in a rule set is a count of d6 faces, and a
//! morale throw thrown again on a tie is a ratio of two such counts (P(win) / (1 − P(tie))), so
//! each result's probability is a fraction, kept exactly ([`Prob`], num-rational's `Ratio<u64>`)
//! and turned into a float only for the report.
//!
//! The odds report shows a probability's fraction beside it when it is a whole number of
//! thousandths; [`line`] writes any other fraction (a third, 25/33) into the result's words, so
//! every line of such odds (`umpire odds scruby …`) carries its exact value.

use crate::odds::{Distribution, OddsLine, Text};
use num_rational::Ratio;

/// An exact probability.
pub type Prob = Ratio<u64>;

/// The probability as a float.
pub fn to_f64(p: Prob) -> f64 {
    *p.numer() as f64 / *p.denom() as f64
}

/// The probability of each outcome, kept as fractions, outcomes in the order first seen.
#[derive(Clone, Debug, PartialEq)]
pub struct Exact<T> {
    entries: Vec<(T, Prob)>,
}

impl<T> Default for Exact<T> {
    fn default() -> Self {
        Self {
            entries: Vec::new(),
        }
    }
}

impl<T: PartialEq + Clone> Exact<T> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn certain(outcome: T) -> Self {
        Self {
            entries: vec![(outcome, Prob::from_integer(1))],
        }
    }

    /// Adds `p` to `outcome`'s probability (nothing for 0).
    pub fn add(&mut self, outcome: T, p: Prob) {
        if p == Prob::from_integer(0) {
            return;
        }
        match self.entries.iter_mut().find(|(o, _)| *o == outcome) {
            Some((_, q)) => *q += p,
            None => self.entries.push((outcome, p)),
        }
    }

    /// The probability of `outcome` (0 if never seen).
    pub fn p(&self, outcome: &T) -> Prob {
        self.entries
            .iter()
            .find(|(o, _)| o == outcome)
            .map_or(Prob::from_integer(0), |(_, p)| *p)
    }

    pub fn p_where(&self, pred: impl Fn(&T) -> bool) -> Prob {
        self.entries
            .iter()
            .filter(|(o, _)| pred(o))
            .fold(Prob::from_integer(0), |acc, (_, p)| acc + p)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&T, Prob)> {
        self.entries.iter().map(|(o, p)| (o, *p))
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn total(&self) -> Prob {
        self.p_where(|_| true)
    }

    /// Maps outcomes, merging those that become equal.
    pub fn map<U: PartialEq + Clone>(&self, f: impl Fn(&T) -> U) -> Exact<U> {
        let mut out = Exact::new();
        for (o, p) in &self.entries {
            out.add(f(o), *p);
        }
        out
    }

    /// Follows each outcome with what comes after it: the chance of each final outcome.
    pub fn then<U: PartialEq + Clone>(&self, f: impl Fn(&T) -> Exact<U>) -> Exact<U> {
        let mut out = Exact::new();
        for (o, p) in &self.entries {
            for (u, q) in f(o).iter() {
                out.add(u.clone(), *p * q);
            }
        }
        out
    }

    /// The same probabilities as floats, for comparison with [`crate::odds::enumerate`].
    pub fn to_distribution(&self) -> Distribution<T> {
        let mut d = Distribution::new();
        for (o, p) in &self.entries {
            d.add(o.clone(), to_f64(*p));
        }
        d
    }

    /// The expected value of `f`.
    pub fn expected(&self, f: impl Fn(&T) -> u64) -> f64 {
        let sum = self
            .entries
            .iter()
            .fold(Prob::from_integer(0), |acc, (o, p)| {
                acc + *p * Prob::from_integer(f(o))
            });
        to_f64(sum)
    }
}

/// One success in `faces` of six.
pub fn sixths(faces: usize) -> Prob {
    Prob::new(faces as u64, 6)
}

/// "2/3", "1/2", "0", "1".
pub fn fraction_text(p: Prob) -> String {
    if *p.denom() == 1 {
        p.numer().to_string()
    } else {
        format!("{}/{}", p.numer(), p.denom())
    }
}

/// A result's words with its exact fraction when the report would not show one beside it (its
/// denominator does not divide 1000): "The defender holds (exactly 25/33)".
pub fn label(words: &str, p: Prob) -> String {
    if 1000 % *p.denom() == 0 {
        words.to_string()
    } else {
        format!("{words} (exactly {})", fraction_text(p))
    }
}

/// An odds line of fixed words, the fraction added (as [`label`]) when the line is shown.
pub fn odds_line(words: &'static str, p: Prob) -> OddsLine {
    OddsLine {
        result: if 1000 % *p.denom() == 0 {
            words.into()
        } else {
            Text::later(move || label(words, p))
        },
        probability: to_f64(p),
    }
}

/// An odds line: the words (with the fraction where needed) and the probability.
pub fn line(words: &str, p: Prob) -> OddsLine {
    OddsLine {
        result: label(words, p).into(),
        probability: to_f64(p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_are_exact_and_shown_where_the_report_cannot() {
        let third = sixths(2);
        assert_eq!(fraction_text(third), "1/3");
        assert_eq!(label("kill", third), "kill (exactly 1/3)");
        assert_eq!(label("kill", sixths(3)), "kill", "1/2 is 500/1000");
        assert_eq!(label("x", Prob::from_integer(1)), "x");
        let l = line("hit", Prob::new(25, 33));
        assert_eq!(l.result, "hit (exactly 25/33)");
        assert!((l.probability - 25.0 / 33.0).abs() < 1e-15);
    }

    #[test]
    fn then_multiplies_along_each_path() {
        let mut first = Exact::new();
        first.add(true, sixths(3));
        first.add(false, sixths(3));
        let both = first.then(|&a| {
            let mut d = Exact::new();
            d.add((a, true), sixths(1));
            d.add((a, false), sixths(5));
            d
        });
        assert_eq!(both.p(&(true, true)), Prob::new(1, 12));
        assert_eq!(both.total(), Prob::from_integer(1));
        assert_eq!(both.map(|(a, _)| *a).p(&true), Prob::new(1, 2));
        assert!(
            (both.expected(|(a, b)| u64::from(*a) + u64::from(*b)) - (0.5 + 1.0 / 6.0)).abs()
                < 1e-12
        );
    }
}
