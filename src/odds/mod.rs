//! Exact probability distributions over outcomes.
//!
//! Probabilities are computed by enumerating dice faces (and, for loops such as close combat, by
//! solving the absorbing probabilities of the loop), never by simulation. They are held as `f64`:
//! every value is a sum of products of face probabilities, exact to double precision.

pub mod exact;
mod report;

pub use report::{
    Deferred, FigureName, Figures, FiguresIter, Notes, OddsLine, OddsReport, Text, Words, Written,
    WrittenBy,
};

use crate::dice::{DiceError, DiceSource, Die};

use serde::{Deserialize, Serialize};

/// The probability of each outcome, outcomes in the order they were first seen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Distribution<T> {
    entries: Vec<(T, f64)>,
}

impl<T> Default for Distribution<T> {
    fn default() -> Self {
        Self {
            entries: Vec::new(),
        }
    }
}

impl<T: PartialEq> Distribution<T> {
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty distribution with room for `n` outcomes.
    pub fn with_capacity(n: usize) -> Self {
        Self {
            entries: Vec::with_capacity(n),
        }
    }

    /// A certain outcome.
    pub fn certain(outcome: T) -> Self {
        Self {
            entries: vec![(outcome, 1.0)],
        }
    }

    /// Adds `p` to `outcome`'s probability.
    pub fn add(&mut self, outcome: T, p: f64) {
        if p == 0.0 {
            return;
        }
        match self.entries.iter_mut().find(|(o, _)| *o == outcome) {
            Some((_, q)) => *q += p,
            None => self.entries.push((outcome, p)),
        }
    }

    /// The probability of `outcome` (0 if never seen).
    pub fn p(&self, outcome: &T) -> f64 {
        self.entries
            .iter()
            .find(|(o, _)| o == outcome)
            .map_or(0.0, |(_, p)| *p)
    }

    /// The probability that an outcome satisfies `pred`.
    pub fn p_where(&self, pred: impl Fn(&T) -> bool) -> f64 {
        self.entries
            .iter()
            .filter(|(o, _)| pred(o))
            .map(|(_, p)| p)
            .sum()
    }

    pub fn iter(&self) -> impl Iterator<Item = (&T, f64)> {
        self.entries.iter().map(|(o, p)| (o, *p))
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Sum of all probabilities (1 for a complete distribution).
    pub fn total(&self) -> f64 {
        self.entries.iter().map(|(_, p)| p).sum()
    }

    /// Maps outcomes, merging those that become equal.
    pub fn map<U: PartialEq>(&self, f: impl Fn(&T) -> U) -> Distribution<U> {
        let mut out = Distribution::with_capacity(self.entries.len());
        for (o, p) in &self.entries {
            out.add(f(o), *p);
        }
        out
    }

    /// Sorts the entries by a key (for stable display).
    pub fn sort_by_key<K: Ord>(&mut self, key: impl Fn(&T) -> K) {
        self.entries.sort_by_key(|(o, _)| key(o));
    }
}

/// The distribution of the lowest face of `n` dice (n ≥ 1): P(min = k) = ((s−k+1)ⁿ − (s−k)ⁿ) / sⁿ.
///
/// ```
/// use umpire::dice::Die;
/// use umpire::odds::lowest_of;
/// let best_of_two = lowest_of(Die::D10, 2);
/// assert!((best_of_two.p(&1) - 0.19).abs() < 1e-12);
/// ```
pub fn lowest_of(die: Die, n: u32) -> Distribution<u8> {
    let s = f64::from(die.sides);
    let mut d = Distribution::new();
    for k in die.faces() {
        let above = f64::from(die.sides - k);
        d.add(
            k,
            ((above + 1.0) / s).powi(n as i32) - (above / s).powi(n as i32),
        );
    }
    d
}

/// The chance that one throw of `die` shows a face satisfying `pred`: the count of such faces
/// over the die's sides.
///
/// ```
/// use umpire::dice::Die;
/// use umpire::odds::chance;
/// assert!((chance(Die::D6, |f| f >= 5) - 1.0 / 3.0).abs() < 1e-15);
/// ```
pub fn chance(die: Die, pred: impl Fn(u8) -> bool) -> f64 {
    die.faces().filter(|f| pred(*f)).count() as f64 / f64::from(die.sides)
}

/// The chance of each number of successes, 0 to `n`, in `n` independent tries each succeeding
/// with probability `p`: C(n, k) pᵏ (1 − p)ⁿ⁻ᵏ for k = 0..=n.
pub fn binomial(n: u32, p: f64) -> Vec<f64> {
    let mut out = Vec::with_capacity(n as usize + 1);
    let mut c = 1.0f64;
    for k in 0..=n {
        out.push(c * p.powi(k as i32) * (1.0 - p).powi((n - k) as i32));
        c = c * f64::from(n - k) / f64::from(k + 1);
    }
    out
}

/// The chance of each number of successes, 0 to `n`, in `n` throws of `die` of which `faces`
/// faces succeed, counted over every throw: C(n, k) faceᵏ (sides − faces)ⁿ⁻ᵏ of the sidesⁿ throws,
/// each divided once (so each is the nearest double to the exact fraction). Beyond what 64 bits
/// count, [`binomial`] of the chance.
pub fn binomial_faces(n: u32, faces: u32, die: Die) -> Vec<f64> {
    let (s, f) = (
        u64::from(die.sides),
        u64::from(faces.min(u32::from(die.sides))),
    );
    let counted = (|| {
        let throws = s.checked_pow(n)?;
        let mut out = Vec::with_capacity(n as usize + 1);
        // C(n, k) and faceᵏ, carried from one k to the next.
        let (mut c, mut hits) = (1u64, 1u64);
        for k in 0..=n {
            let count = c
                .checked_mul(hits)?
                .checked_mul((s - f).checked_pow(n - k)?)?;
            out.push(count as f64 / throws as f64);
            c = c.checked_mul(u64::from(n - k))? / u64::from(k + 1);
            hits = hits.checked_mul(f)?;
        }
        Some(out)
    })();
    counted.unwrap_or_else(|| binomial(n, f as f64 / s as f64))
}

/// The distribution of the sum of `n` dice.
pub fn sum_of(die: Die, n: u32) -> Distribution<u32> {
    let mut d = Distribution::certain(0u32);
    let face_p = 1.0 / f64::from(die.sides);
    for _ in 0..n {
        let mut next = Distribution::new();
        for (total, p) in d.iter() {
            for f in die.faces() {
                next.add(total + u32::from(f), p * face_p);
            }
        }
        d = next;
    }
    d.sort_by_key(|t| *t);
    d
}

/// Brute force: runs `procedure` once for every possible sequence of faces it asks for and adds up
/// the probability of each outcome. The procedure must be deterministic given its faces and must
/// ask for finitely many dice. Used to prove the closed-form odds equal to the rolled path.
pub fn enumerate<T: PartialEq, E>(
    mut procedure: impl FnMut(&mut dyn DiceSource) -> Result<T, E>,
) -> Result<Distribution<T>, E> {
    struct Path {
        faces: Vec<(Die, u8)>,
        pos: usize,
    }
    impl DiceSource for Path {
        fn roll(&mut self, die: Die, _purpose: &str) -> Result<u8, DiceError> {
            if self.pos == self.faces.len() {
                self.faces.push((die, 1));
            }
            let (d, f) = self.faces[self.pos];
            debug_assert_eq!(
                d, die,
                "procedure must ask for the same dice given the same faces"
            );
            self.pos += 1;
            Ok(f)
        }
        fn is_generated(&self) -> bool {
            true
        }
    }
    let mut out = Distribution::new();
    let mut path = Path {
        faces: Vec::new(),
        pos: 0,
    };
    loop {
        path.pos = 0;
        let outcome = procedure(&mut path)?;
        path.faces.truncate(path.pos);
        let p: f64 = path
            .faces
            .iter()
            .map(|(d, _)| 1.0 / f64::from(d.sides))
            .product();
        out.add(outcome, p);
        // Advance the odometer: drop exhausted trailing dice, bump the last one left.
        while let Some((d, f)) = path.faces.last().copied() {
            if f == d.sides {
                path.faces.pop();
            } else {
                let last = path.faces.len() - 1;
                path.faces[last].1 += 1;
                break;
            }
        }
        if path.faces.is_empty() {
            return Ok(out);
        }
    }
}

/// A computed figure tidied for showing: a sum of products can land a hair beside the value it
/// stands for (−1e−17 for 0, 1 + 2e−16 for 1); within 1e−12 of 0 or 1 it is that value, and a
/// negative zero is 0. So no "-0.00%" is ever shown, as text or as JSON.
pub fn tidy(x: f64) -> f64 {
    if x.abs() < 1e-12 {
        0.0
    } else if (x - 1.0).abs() < 1e-12 {
        1.0
    } else {
        x
    }
}

/// A probability as a percentage with two decimals, without the `%` sign (`37.00`, never
/// `-0.00`).
pub fn percent(p: f64) -> String {
    format!("{:.2}", tidy(p) * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowest_of_matches_enumeration() {
        for n in 1..=3 {
            let closed = lowest_of(Die::D10, n);
            let brute = enumerate(|d| {
                let mut best = u8::MAX;
                for _ in 0..n {
                    best = best.min(d.roll(Die::D10, "x")?);
                }
                Ok::<_, DiceError>(best)
            })
            .unwrap();
            for k in 1..=10u8 {
                assert!((closed.p(&k) - brute.p(&k)).abs() < 1e-12, "n={n} k={k}");
            }
            assert!((closed.total() - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn figures_a_hair_beside_zero_or_one_are_shown_as_zero_or_one() {
        assert_eq!(tidy(-1e-17).to_bits(), 0.0f64.to_bits());
        assert_eq!(tidy(-0.0).to_bits(), 0.0f64.to_bits());
        assert_eq!(tidy(1.0 + 2e-16), 1.0);
        assert_eq!(tidy(0.37), 0.37);
        assert_eq!(percent(-1e-17), "0.00");
        assert_eq!(percent(-0.0), "0.00");
        assert_eq!(percent(0.37), "37.00");
        let report = OddsReport {
            title: "t".into(),
            results: vec![OddsLine {
                result: "r".into(),
                probability: -1e-17,
            }],
            notes: Notes::new(),
            extra: [("p_x".into(), -0.0), ("e".into(), -1e-18)].into(),
        };
        let json = serde_json::to_string(&report).unwrap();
        assert!(!json.contains('-'), "{json}");
        let t = report.tidied();
        assert_eq!(t.results[0].probability.to_bits(), 0.0f64.to_bits());
        assert!(t.extra.values().all(|v| v.to_bits() == 0.0f64.to_bits()));
    }

    #[test]
    fn one_die_and_binomial_chances_match_enumeration() {
        for sides in [6u8, 10] {
            let die = Die { sides };
            for at_least in 1..=sides {
                let by_faces = enumerate(|d| d.roll(die, "t").map(|f| f >= at_least))
                    .unwrap()
                    .p(&true);
                assert!((chance(die, |f| f >= at_least) - by_faces).abs() < 1e-12);
            }
        }
        // Three d6 hitting on 5+: the number of hits, by brute force.
        let p = chance(Die::D6, |f| f >= 5);
        let brute = enumerate(|d| {
            let mut hits = 0u32;
            for _ in 0..3 {
                hits += u32::from(d.roll(Die::D6, "t")? >= 5);
            }
            Ok::<_, crate::dice::DiceError>(hits)
        })
        .unwrap();
        for (k, q) in binomial(3, p).into_iter().enumerate() {
            assert!((q - brute.p(&(k as u32))).abs() < 1e-12, "{k} hits");
        }
    }

    #[test]
    fn binomial_by_faces_is_exact_and_agrees_with_the_chance() {
        let three = binomial_faces(3, 2, Die::D6);
        assert_eq!(three, [8.0 / 27.0, 4.0 / 9.0, 2.0 / 9.0, 1.0 / 27.0]);
        let by_chance = binomial(3, 1.0 / 3.0);
        for (a, b) in three.iter().zip(by_chance) {
            assert!((a - b).abs() < 1e-15);
        }
        assert_eq!(binomial_faces(2, 6, Die::D6), [0.0, 0.0, 1.0]);
        // Too many dice to count in 64 bits: the chance's binomial.
        let many = binomial_faces(40, 3, Die::D6);
        assert_eq!(many.len(), 41);
        assert!((many.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn sum_of_two_d10() {
        let d = sum_of(Die::D10, 2);
        assert!((d.p(&2) - 0.01).abs() < 1e-12);
        assert!((d.p(&11) - 0.10).abs() < 1e-12);
        assert!((d.total() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn enumerate_handles_dependent_dice() {
        // Roll a d6; on a 6 roll again and add.
        let d = enumerate(|d| {
            let a = d.roll(Die::D6, "a")?;
            if a == 6 {
                Ok::<_, DiceError>(6 + d.roll(Die::D6, "b")?)
            } else {
                Ok(a)
            }
        })
        .unwrap();
        assert!((d.p(&1) - 1.0 / 6.0).abs() < 1e-12);
        assert!((d.p(&12) - 1.0 / 36.0).abs() < 1e-12);
        assert!((d.total() - 1.0).abs() < 1e-12);
    }
}
