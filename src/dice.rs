//! Dice: the two sources of faces (the program's seeded generator, or faces the umpire types from
//! dice thrown at the table) and the record of every face used.
//!
//! Every procedure asks a [`DiceSource`] for one face at a time, saying which die and why. The
//! faces are recorded as [`Roll`]s in the resolution and the journal, so a replay never re-rolls.
//! The generator is ChaCha8 (portable and stable across platforms and crate versions); its seed is
//! stored in the journal header.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;

/// A die with `sides` faces numbered 1..=sides. A d10's `0` is read as 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Die {
    pub sides: u8,
}

impl Die {
    pub const D6: Die = Die { sides: 6 };
    pub const D10: Die = Die { sides: 10 };

    /// What to know when typing this die's faces, if anything: a d10's `0` is 10.
    pub fn typing_note(self) -> Option<&'static str> {
        (self.sides == 10).then_some("a d10's 0 is 10")
    }

    /// Every face of the die, lowest first.
    pub fn faces(self) -> impl Iterator<Item = u8> {
        1..=self.sides
    }

    /// Reads a typed face: `0` on a d10 is 10; anything outside the die is refused.
    pub fn read_face(self, typed: i64) -> Result<u8, DiceError> {
        let face = if self.sides == 10 && typed == 0 {
            10
        } else {
            typed
        };
        if (1..=i64::from(self.sides)).contains(&face) {
            Ok(face as u8)
        } else {
            Err(DiceError::ImpossibleFace { die: self, typed })
        }
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "d{}", self.sides)
    }
}

/// One face used by a procedure, with the reason it was thrown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub die: Die,
    pub face: u8,
    /// What the die was for, with what it needs ("g12 morale check, regular: improves on 5 or
    /// more"; "1-1 fires at g11, infantry table +1: 1–2 hit & Suppressed, …").
    pub purpose: String,
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.face, self.die)
    }
}

/// Why a die could not be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    #[error("{typed} is not a face of a {die} (faces are 1-{max}{zero})", max = die.sides, zero = if die.sides == 10 { ", and 0 reads as 10" } else { "" })]
    ImpossibleFace { die: Die, typed: i64 },
    /// The faces ran out: `die` is the next die the procedure needs, `needed` its purpose
    /// ("g12 morale check, regular: improves on 5 or more"), `typed` how many faces were used.
    #[error("not enough dice typed ({typed} face(s) given): the next is a {die} for {needed}")]
    Exhausted {
        die: Die,
        needed: String,
        typed: usize,
    },
    #[error("{count} typed face(s) were not used ({faces}); this resolution needed {used}")]
    Unused {
        count: usize,
        faces: String,
        used: usize,
    },
    #[error(
        "cannot read {text:?} as dice faces: write whole numbers separated by spaces or commas"
    )]
    Syntax { text: String },
}

/// Where faces come from.
pub trait DiceSource {
    /// One face of `die`, thrown for `purpose`.
    fn roll(&mut self, die: Die, purpose: &str) -> Result<u8, DiceError>;
    /// True when the program throws the dice, false when the umpire typed them.
    fn is_generated(&self) -> bool;
}

/// The program's dice: ChaCha8 from a seed, portable across platforms and versions.
#[derive(Clone, Debug)]
pub struct SeededDice {
    rng: ChaCha8Rng,
}

impl SeededDice {
    pub fn new(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The generator state after `words` 32-bit draws from `seed`, so that a resumed battle carries on
    /// the same sequence.
    pub fn at(seed: u64, words: u128) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_word_pos(words);
        Self { rng }
    }

    /// How many 32-bit words have been drawn so far (stored with each event to resume the sequence).
    pub fn word_pos(&self) -> u128 {
        self.rng.get_word_pos()
    }
}

impl DiceSource for SeededDice {
    fn roll(&mut self, die: Die, _purpose: &str) -> Result<u8, DiceError> {
        Ok(self.rng.random_range(1..=die.sides))
    }
    fn is_generated(&self) -> bool {
        true
    }
}

/// Faces typed by the umpire, used in order. A face is checked against the die it is used for.
#[derive(Clone, Debug, Default)]
pub struct TypedDice {
    faces: VecDeque<i64>,
    used: usize,
}

impl TypedDice {
    pub fn new(faces: impl IntoIterator<Item = i64>) -> Self {
        Self {
            faces: faces.into_iter().collect(),
            used: 0,
        }
    }

    /// Parses "3", "3 7 0" or "3,7,0".
    ///
    /// ```
    /// use umpire::dice::{DiceSource, Die, TypedDice};
    /// let mut d = TypedDice::parse("3, 0").unwrap();
    /// assert_eq!(d.roll(Die::D10, "fire"), Ok(3));
    /// assert_eq!(d.roll(Die::D10, "fire"), Ok(10)); // a d10's 0 is 10
    /// assert!(d.roll(Die::D10, "fire").is_err()); // no faces left
    /// ```
    pub fn parse(text: &str) -> Result<Self, DiceError> {
        parse_faces(text).map(Self::new)
    }

    /// Faces not yet used.
    pub fn remaining(&self) -> usize {
        self.faces.len()
    }

    /// Fails when typed faces were left over: a typo the umpire should see.
    pub fn finish(&self) -> Result<(), DiceError> {
        if self.faces.is_empty() {
            Ok(())
        } else {
            Err(DiceError::Unused {
                count: self.faces.len(),
                faces: self
                    .faces
                    .iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
                used: self.used,
            })
        }
    }
}

impl DiceSource for TypedDice {
    fn roll(&mut self, die: Die, purpose: &str) -> Result<u8, DiceError> {
        let typed = self.faces.pop_front().ok_or_else(|| DiceError::Exhausted {
            die,
            needed: purpose.to_string(),
            typed: self.used,
        })?;
        self.used += 1;
        die.read_face(typed)
    }
    fn is_generated(&self) -> bool {
        false
    }
}

/// Reads typed faces, "3", "3 7 0" or "3,7,0", as typed (a d10's 0 stays 0 until it is read
/// against its die); at least one.
pub fn parse_faces(text: &str) -> Result<Vec<i64>, DiceError> {
    let faces = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<i64>().map_err(|_| DiceError::Syntax {
                text: text.to_string(),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if faces.is_empty() {
        return Err(DiceError::Syntax {
            text: text.to_string(),
        });
    }
    Ok(faces)
}

/// Wraps a source and keeps every face it gives, in order.
pub struct Recorder<'a> {
    inner: &'a mut dyn DiceSource,
    pub rolls: Vec<Roll>,
}

impl<'a> Recorder<'a> {
    pub fn new(inner: &'a mut dyn DiceSource) -> Self {
        Self {
            inner,
            rolls: Vec::new(),
        }
    }
}

impl DiceSource for Recorder<'_> {
    fn roll(&mut self, die: Die, purpose: &str) -> Result<u8, DiceError> {
        let face = self.inner.roll(die, purpose)?;
        self.rolls.push(Roll {
            die,
            face,
            purpose: purpose.to_string(),
        });
        Ok(face)
    }
    fn is_generated(&self) -> bool {
        self.inner.is_generated()
    }
}

/// Throws the dice of a procedure in stages (to-hit, saves, penetration, a check …), one die at
/// a time, adding to the first die of each stage what the stage before it did: when the players
/// throw their own dice, each prompt says what the last stage did.
pub struct Thrower<'a> {
    dice: &'a mut dyn DiceSource,
    die: Die,
    last: Option<String>,
}

impl<'a> Thrower<'a> {
    /// Throws d6s from `dice`.
    pub fn new(dice: &'a mut dyn DiceSource) -> Self {
        Thrower {
            dice,
            die: Die::D6,
            last: None,
        }
    }

    /// What the stage just finished did; the next die's purpose says it.
    pub fn done(&mut self, what: impl Into<String>) {
        self.last = Some(what.into());
    }

    /// One die for `purpose` (with " — what the last stage did" on the first die of a stage).
    pub fn roll(&mut self, purpose: String) -> Result<Roll, DiceError> {
        let purpose = match self.last.take() {
            Some(last) => format!("{purpose} — {last}"),
            None => purpose,
        };
        let face = self.dice.roll(self.die, &purpose)?;
        Ok(Roll {
            die: self.die,
            face,
            purpose,
        })
    }

    /// True when the program throws the dice.
    pub fn is_generated(&self) -> bool {
        self.dice.is_generated()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn d10_zero_reads_as_ten() {
        assert_eq!(Die::D10.read_face(0), Ok(10));
        assert_eq!(Die::D10.read_face(10), Ok(10));
        assert!(Die::D6.read_face(0).is_err());
        assert!(Die::D10.read_face(11).is_err());
        assert!(Die::D6.read_face(7).is_err());
        assert!(Die::D6.read_face(-1).is_err());
    }

    #[test]
    fn typed_dice_in_order_and_checked() {
        let mut d = TypedDice::parse("3, 0 7").unwrap();
        assert_eq!(d.roll(Die::D10, "a"), Ok(3));
        assert_eq!(d.roll(Die::D10, "b"), Ok(10));
        assert_eq!(
            d.roll(Die::D6, "c"),
            Err(DiceError::ImpossibleFace {
                die: Die::D6,
                typed: 7
            })
        );
        assert!(matches!(
            d.roll(Die::D6, "d"),
            Err(DiceError::Exhausted { .. })
        ));
        assert!(TypedDice::parse("3 x").is_err());
        assert!(TypedDice::parse("  ").is_err());
    }

    #[test]
    fn leftover_typed_faces_are_reported() {
        let mut d = TypedDice::parse("1 2").unwrap();
        d.roll(Die::D10, "a").unwrap();
        let err = d.finish().unwrap_err();
        assert!(
            err.to_string()
                .contains("1 typed face(s) were not used (2)")
        );
    }

    #[test]
    fn seeded_dice_are_portable_and_resumable() {
        let mut a = SeededDice::new(42);
        let first: Vec<u8> = (0..20).map(|_| a.roll(Die::D10, "t").unwrap()).collect();
        assert!(first.iter().all(|f| (1..=10).contains(f)));
        let mut b = SeededDice::new(42);
        for _ in 0..7 {
            b.roll(Die::D10, "t").unwrap();
        }
        let mut c = SeededDice::at(42, b.word_pos());
        let rest_b: Vec<u8> = (0..13).map(|_| b.roll(Die::D10, "t").unwrap()).collect();
        let rest_c: Vec<u8> = (0..13).map(|_| c.roll(Die::D10, "t").unwrap()).collect();
        assert_eq!(rest_b, rest_c);
        assert_eq!(&first[7..], &rest_b[..]);
    }

    #[test]
    fn recorder_keeps_faces() {
        let mut typed = TypedDice::parse("4 9").unwrap();
        let mut rec = Recorder::new(&mut typed);
        rec.roll(Die::D10, "fire").unwrap();
        rec.roll(Die::D10, "second").unwrap();
        assert_eq!(rec.rolls.len(), 2);
        assert_eq!(rec.rolls[1].face, 9);
        assert_eq!(rec.rolls[0].purpose, "fire");
    }
}
