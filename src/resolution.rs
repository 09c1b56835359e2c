//! The explained result of one dice procedure, shared by every rule set.
//!
//! A [`Resolution`] is what the umpire reads and what the journal keeps: the steps taken (one per
//! shot or roll), each with its table row, modifiers and reasons, the faces, the modified total and
//! the outcome; then the overall result and what it did to the units. It renders as text
//! ([`Resolution::render_text`]) and serializes as JSON.

use crate::dice::Roll;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// A die-roll modifier and why it applies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub value: i32,
    pub reason: String,
}

impl Modifier {
    pub fn new(value: i32, reason: impl Into<String>) -> Self {
        Self {
            value,
            reason: reason.into(),
        }
    }
}

/// One roll of one procedure: a shot, a command roll, a morale check.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// Who does what ("Defender fires (round 1)").
    pub label: String,
    /// The table used, if any ("Infantry combat table").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    /// Each modifier with its reason.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modifiers: Vec<Modifier>,
    /// Every face thrown for this step.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<Roll>,
    /// The face kept when several are thrown (e.g. best of two).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kept: Option<u8>,
    /// The modified roll compared with the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<i32>,
    /// The table row that was read ("2–3").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub row: Option<String>,
    /// What the row says ("Hit and Suppressed").
    pub outcome: String,
    /// Further remarks (state changes, rule reminders).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl Step {
    /// Sum of the modifiers.
    pub fn modifier_total(&self) -> i32 {
        self.modifiers.iter().map(|m| m.value).sum()
    }

    /// The terms of the modified roll, in order: the die kept when several are thrown and one is
    /// kept, otherwise every die thrown (they are added); then each modifier.
    pub fn terms(&self) -> Vec<i32> {
        let dice: Vec<i32> = match self.kept {
            Some(k) => vec![i32::from(k)],
            None => self.dice.iter().map(|r| i32::from(r.face)).collect(),
        };
        dice.into_iter()
            .chain(self.modifiers.iter().map(|m| m.value))
            .collect()
    }

    /// The modified roll as a sum of every term, as the umpire checks it: `3 + 4 − 1 = 6`,
    /// `8 = 8`. `None` for a step that reads a face without modifying it (a command roll).
    pub fn sum_text(&self) -> Option<String> {
        let total = self.total?;
        let mut text = String::new();
        for (i, t) in self.terms().into_iter().enumerate() {
            match (i, t < 0) {
                (0, false) => text.push_str(&t.to_string()),
                (0, true) => text.push_str(&format!("−{}", t.unsigned_abs())),
                (_, false) => text.push_str(&format!(" + {t}")),
                (_, true) => text.push_str(&format!(" − {}", t.unsigned_abs())),
            }
        }
        if text.is_empty() {
            text.push('0');
        }
        Some(format!("{text} = {}", signed(total)))
    }
}

/// A whole number with a true minus sign (`−2`), as the sums are written.
pub fn signed(n: i32) -> String {
    if n < 0 {
        format!("−{}", n.unsigned_abs())
    } else {
        n.to_string()
    }
}

/// A modifier with its sign and a true minus sign: `+1`, `−2`, `+0`.
pub fn plus(n: i32) -> String {
    if n < 0 {
        format!("−{}", n.unsigned_abs())
    } else {
        format!("+{n}")
    }
}

/// A whole resolution.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution {
    /// Rule set id.
    pub ruleset: String,
    /// Procedure name ("fire", "close-combat" …).
    pub action: String,
    /// A one-line title ("Fire on the infantry combat table").
    pub title: String,
    /// Context before any roll (range band, options in force, decisions applied).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub context: Vec<String>,
    /// The rolls, in order.
    pub steps: Vec<Step>,
    /// The overall result in a few words.
    pub result: String,
    /// What the result did (or, outside a battle, what the umpire must do) to the stands.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<String>,
    /// True when the program threw the dice, false when the umpire typed them.
    pub rolled_by_program: bool,
}

impl Resolution {
    /// Every face used, in order.
    pub fn faces(&self) -> Vec<&Roll> {
        self.steps.iter().flat_map(|s| s.dice.iter()).collect()
    }

    /// Readable text, as `umpire resolve` prints it.
    pub fn render_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.title);
        for c in &self.context {
            let _ = writeln!(out, "  {c}");
        }
        for step in &self.steps {
            let _ = writeln!(out, "{}", step.label);
            if let Some(t) = &step.table {
                let _ = writeln!(out, "  table:     {t}");
            }
            if step.modifiers.is_empty() && step.total.is_some() {
                let _ = writeln!(out, "  modifiers: none");
            }
            for (i, m) in step.modifiers.iter().enumerate() {
                let head = if i == 0 { "modifiers:" } else { "" };
                let _ = writeln!(out, "  {head:<10} {:+} {}", m.value, m.reason);
            }
            if !step.dice.is_empty() {
                let faces: Vec<String> = step.dice.iter().map(|r| r.to_string()).collect();
                let kept = step
                    .kept
                    .filter(|_| step.dice.len() > 1)
                    .map(|k| format!(", kept {k}"))
                    .unwrap_or_default();
                let _ = writeln!(out, "  dice:      {}{kept}", faces.join(", "));
            }
            if let Some(sum) = step.sum_text() {
                let _ = writeln!(out, "  roll:      {sum}");
            }
            if let Some(r) = &step.row {
                let _ = writeln!(out, "  row:       {r}");
            }
            let _ = writeln!(out, "  outcome:   {}", step.outcome);
            for n in &step.notes {
                let _ = writeln!(out, "  note:      {n}");
            }
        }
        let _ = writeln!(out, "Result: {}", self.result);
        for e in &self.effects {
            let _ = writeln!(out, "  - {e}");
        }
        let _ = writeln!(
            out,
            "Dice: {}",
            if self.faces().is_empty() {
                "none thrown"
            } else if self.rolled_by_program {
                "rolled by the program"
            } else {
                "typed by the umpire"
            }
        );
        out
    }
}
