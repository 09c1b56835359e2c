//! Newport's two combat tables, written once, and the single shot that reads them.
//!
//! A [`Shot`] is a table, its modifiers with reasons, how many d10s are rolled (the lowest is kept)
//! and whether the target is green. [`Shot::roll`] reads faces from a dice source; [`Shot::odds`]
//! gives the exact distribution of the same reading from the distribution of the kept face. Both go
//! through [`Table::row`], so the rolled path and the odds cannot disagree.

use crate::dice::{DiceError, DiceSource, Die, Roll};
use crate::odds::{Distribution, lowest_of};
use crate::resolution::{Modifier, Step};

/// What a table row does to its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RowEffect {
    HitParalyzed,
    HitSuppressed,
    /// Anti-tank: hit, forced back 8", Suppressed.
    HitForcedBack,
    Suppressed,
    /// Suppressed if the target is green, otherwise no effect.
    SuppressedIfGreen,
    NoEffect,
}

/// One row: every modified roll up to `max` (inclusive) that a previous row did not take.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    pub max: i32,
    pub label: &'static str,
    pub text: &'static str,
    pub effect: RowEffect,
}

/// Which table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Table {
    Infantry,
    AntiTank,
}

pub const INFANTRY_ROWS: &[Row] = &[
    Row {
        max: 1,
        label: "1 or less",
        text: "Hit and Paralyzed",
        effect: RowEffect::HitParalyzed,
    },
    Row {
        max: 3,
        label: "2–3",
        text: "Hit and Suppressed",
        effect: RowEffect::HitSuppressed,
    },
    Row {
        max: 5,
        label: "4–5",
        text: "Suppressed",
        effect: RowEffect::Suppressed,
    },
    Row {
        max: 6,
        label: "6",
        text: "Suppressed if the target is green, otherwise no effect",
        effect: RowEffect::SuppressedIfGreen,
    },
    Row {
        max: i32::MAX,
        label: "7 or more",
        text: "No effect",
        effect: RowEffect::NoEffect,
    },
];

pub const ANTI_TANK_ROWS: &[Row] = &[
    Row {
        max: 3,
        label: "3 or less",
        text: "Hit, Forced Back 8\", Suppressed",
        effect: RowEffect::HitForcedBack,
    },
    Row {
        max: 5,
        label: "4–5",
        text: "Suppressed",
        effect: RowEffect::Suppressed,
    },
    Row {
        max: 6,
        label: "6",
        text: "Suppressed if the target is green, otherwise no effect",
        effect: RowEffect::SuppressedIfGreen,
    },
    Row {
        max: i32::MAX,
        label: "7 or more",
        text: "No effect",
        effect: RowEffect::NoEffect,
    },
];

impl Table {
    pub fn name(self) -> &'static str {
        match self {
            Table::Infantry => "Infantry combat table",
            Table::AntiTank => "Anti-tank table",
        }
    }

    pub fn rows(self) -> &'static [Row] {
        match self {
            Table::Infantry => INFANTRY_ROWS,
            Table::AntiTank => ANTI_TANK_ROWS,
        }
    }

    /// The row a modified roll reads (never clamped: 0 or less reads the first row, 11 or more the
    /// last).
    pub fn row(self, total: i32) -> &'static Row {
        let rows = self.rows();
        rows.iter()
            .find(|r| total <= r.max)
            .unwrap_or(&rows[rows.len() - 1])
    }
}

/// What one shot does to its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShotEffect {
    pub hit: bool,
    pub morale: MoraleBlow,
    pub forced_back: bool,
}

/// The morale part of a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoraleBlow {
    None,
    Suppress,
    Paralyze,
}

impl ShotEffect {
    pub const NONE: ShotEffect = ShotEffect {
        hit: false,
        morale: MoraleBlow::None,
        forced_back: false,
    };

    fn of(effect: RowEffect, green: bool) -> Self {
        use MoraleBlow::*;
        let (hit, morale, forced_back) = match effect {
            RowEffect::HitParalyzed => (true, Paralyze, false),
            RowEffect::HitSuppressed => (true, Suppress, false),
            RowEffect::HitForcedBack => (true, Suppress, true),
            RowEffect::Suppressed => (false, Suppress, false),
            RowEffect::SuppressedIfGreen if green => (false, Suppress, false),
            RowEffect::SuppressedIfGreen | RowEffect::NoEffect => (false, None, false),
        };
        Self {
            hit,
            morale,
            forced_back,
        }
    }

    pub fn is_none(&self) -> bool {
        *self == Self::NONE
    }
}

/// A stand's morale state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Morale {
    Steady,
    Suppressed,
    Paralyzed,
}

impl Morale {
    pub fn name(self) -> &'static str {
        match self {
            Morale::Steady => "no marker",
            Morale::Suppressed => "Suppressed",
            Morale::Paralyzed => "Paralyzed",
        }
    }

    pub fn parse(s: &str) -> Morale {
        match s {
            "suppressed" => Morale::Suppressed,
            "paralyzed" => Morale::Paralyzed,
            _ => Morale::Steady,
        }
    }

    /// One level better (morale recovery, rally).
    pub fn improved(self) -> Morale {
        match self {
            Morale::Paralyzed => Morale::Suppressed,
            _ => Morale::Steady,
        }
    }
}

/// What a stand is, as far as taking a shot goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    pub hits: u32,
    pub limit: u32,
    pub morale: Morale,
    pub vehicle: bool,
}

impl Target {
    pub fn destroyed(&self) -> bool {
        self.hits >= self.limit
    }

    /// The stand after taking `e`: a second Suppressed makes an infantry stand Paralyzed; vehicles
    /// are never Paralyzed.
    pub fn after(mut self, e: ShotEffect) -> Target {
        if e.hit {
            self.hits = (self.hits + 1).min(self.limit);
        }
        self.morale = match (e.morale, self.morale) {
            (MoraleBlow::None, m) => m,
            (_, _) if self.vehicle => Morale::Suppressed,
            (MoraleBlow::Paralyze, _) => Morale::Paralyzed,
            (MoraleBlow::Suppress, Morale::Steady) => Morale::Suppressed,
            (MoraleBlow::Suppress, _) => Morale::Paralyzed,
        };
        self
    }

    /// The extra hit of a retreat from close combat (or a panic move).
    pub fn extra_hit(mut self) -> Target {
        self.hits = (self.hits + 1).min(self.limit);
        self
    }
}

/// One shot on one table.
#[derive(Clone, Debug, PartialEq)]
pub struct Shot {
    pub table: Table,
    pub modifiers: Vec<Modifier>,
    /// d10s rolled; the lowest is kept.
    pub dice: u32,
    pub target_green: bool,
}

impl Shot {
    pub fn modifier_total(&self) -> i32 {
        self.modifiers.iter().map(|m| m.value).sum()
    }

    /// What a kept face does.
    pub fn effect_of(&self, face: u8) -> ShotEffect {
        let total = i32::from(face) + self.modifier_total();
        ShotEffect::of(self.table.row(total).effect, self.target_green)
    }

    /// The table and the modifiers' sum, in a few words: "infantry table +1".
    fn table_words(&self) -> String {
        let table = match self.table {
            Table::Infantry => "infantry table",
            Table::AntiTank => "anti-tank table",
        };
        match self.modifier_total() {
            0 => table.to_string(),
            m if m < 0 => format!("{table} −{}", -m),
            m => format!("{table} +{m}"),
        }
    }

    /// What each kept face does, faces with the same effect grouped: "1 hit & Paralyzed, 2–3 hit &
    /// Suppressed, 4–5 Suppressed, 6+ no effect" (the modifiers already counted).
    pub fn needs(&self) -> String {
        let mut groups: Vec<(u8, u8, ShotEffect)> = Vec::new();
        for face in Die::D10.faces() {
            let e = self.effect_of(face);
            match groups.last_mut() {
                Some((_, last, effect)) if *effect == e => *last = face,
                _ => groups.push((face, face, e)),
            }
        }
        if let [(_, _, e)] = groups[..] {
            return format!("{} whatever the roll", effect_short(e));
        }
        groups
            .iter()
            .map(|&(first, last, e)| {
                let faces = match (first, last) {
                    (f, l) if f == l => f.to_string(),
                    (f, 10) => format!("{f}+"),
                    (f, l) => format!("{f}–{l}"),
                };
                format!("{faces} {}", effect_short(e))
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The purpose of die `i` (from 0) of this shot: `what` ("1-1 fires at g11"), the table with
    /// the modifiers' sum, and what each face does.
    pub fn purpose(&self, what: &str, i: u32) -> String {
        let die = if self.dice > 1 {
            format!(" (die {} of {}, the lowest kept)", i + 1, self.dice)
        } else {
            String::new()
        };
        format!("{what}{die}, {}: {}", self.table_words(), self.needs())
    }

    /// Rolls the shot and explains it. `label` heads the explanation's step; `what` says who fires
    /// at whom in each die's purpose ([`Shot::purpose`]).
    pub fn roll(
        &self,
        dice: &mut dyn DiceSource,
        label: impl Into<String>,
        what: &str,
    ) -> Result<(Step, ShotEffect), DiceError> {
        let label = label.into();
        let mut rolls = Vec::new();
        for i in 0..self.dice {
            let purpose = self.purpose(what, i);
            let face = dice.roll(Die::D10, &purpose)?;
            rolls.push(Roll {
                die: Die::D10,
                face,
                purpose,
            });
        }
        let kept = rolls.iter().map(|r| r.face).min().unwrap_or(10);
        let total = i32::from(kept) + self.modifier_total();
        let row = self.table.row(total);
        let effect = self.effect_of(kept);
        let outcome = match row.effect {
            RowEffect::SuppressedIfGreen if self.target_green => {
                "Suppressed (the target is green)".to_string()
            }
            RowEffect::SuppressedIfGreen => "No effect (the target is not green)".to_string(),
            _ => row.text.to_string(),
        };
        let step = Step {
            label,
            table: Some(self.table.name().to_string()),
            modifiers: self.modifiers.clone(),
            dice: rolls,
            kept: Some(kept),
            total: Some(total),
            row: Some(row.label.to_string()),
            outcome,
            notes: Vec::new(),
        };
        Ok((step, effect))
    }

    /// The exact distribution of the shot's effect.
    pub fn odds(&self) -> Distribution<ShotEffect> {
        // Row by row, each row's chance counted over the throws ([`RowChances::of`]), the rows
        // that do the same merged.
        let chances = self.row_chances();
        let mut d = Distribution::with_capacity(MAX_ROWS);
        for (row, p) in chances.each() {
            d.add(ShotEffect::of(row.effect, self.target_green), p);
        }
        d
    }

    /// The chance of each row of the table ([`RowChances::of`] its table, modifiers and dice).
    pub fn row_chances(&self) -> RowChances {
        RowChances::of(
            self.table,
            self.modifier_total(),
            self.dice,
            self.target_green,
        )
    }

    /// The exact distribution of the table row read (for display in table order).
    pub fn row_odds(&self) -> Vec<(&'static Row, f64)> {
        let kept = lowest_of(Die::D10, self.dice);
        let mut out: Vec<(&'static Row, f64)> =
            self.table.rows().iter().map(|r| (r, 0.0)).collect();
        for (&face, p) in kept.iter() {
            let row = self.table.row(i32::from(face) + self.modifier_total());
            if let Some(slot) = out.iter_mut().find(|(r, _)| std::ptr::eq(*r, row)) {
                slot.1 += p;
            }
        }
        out
    }
}

/// The most rows a table has.
pub const MAX_ROWS: usize = 5;

/// The chance of each row of a shot's table ([`Shot::row_chances`]), as counts of throws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RowChances {
    pub table: Table,
    /// Whether the target is green (a 6 Suppresses it).
    pub green: bool,
    counts: [f64; MAX_ROWS],
    throws: f64,
}

impl RowChances {
    /// The chance of each row of `table` for the lowest of `dice` d10 plus `modifier`, counted
    /// over every throw of the dice: the lowest is k in (11 − k)ⁿ − (10 − k)ⁿ of the 10ⁿ throws,
    /// so a row that takes the faces lo ..= hi has (11 − lo)ⁿ − (10 − hi)ⁿ of them, and each
    /// row's count is divided once: every chance is the nearest double to the exact fraction (up
    /// to 15 dice, whose throws a double counts exactly).
    pub fn of(table: Table, modifier: i32, dice: u32, green: bool) -> RowChances {
        let pow = |base: i32| (0..dice).fold(1.0f64, |acc, _| acc * f64::from(base));
        let mut counts = [0.0; MAX_ROWS];
        // The faces before this row's: a row takes the faces whose total is at most its max.
        let mut lo = 1;
        for (count, row) in counts.iter_mut().zip(table.rows()) {
            let hi = (i64::from(row.max) - i64::from(modifier)).clamp(0, 10) as i32;
            if hi >= lo {
                *count = pow(11 - lo) - pow(10 - hi);
                lo = hi + 1;
            }
        }
        RowChances {
            table,
            green,
            counts,
            throws: pow(10),
        }
    }

    /// The chance of row `i` of the table.
    pub fn p(&self, i: usize) -> f64 {
        self.counts[i] / self.throws
    }

    /// The chance of each row, in table order.
    pub fn each(&self) -> impl Iterator<Item = (&'static Row, f64)> + '_ {
        self.table
            .rows()
            .iter()
            .enumerate()
            .map(|(i, r)| (r, self.p(i)))
    }

    /// The chance that the effect satisfies `pred`.
    pub fn p_where(&self, pred: impl Fn(ShotEffect) -> bool) -> f64 {
        let mut count = 0.0;
        for (i, r) in self.table.rows().iter().enumerate() {
            if pred(ShotEffect::of(r.effect, self.green)) {
                count += self.counts[i];
            }
        }
        count / self.throws
    }
}

/// A shot's effect in a few words, for a die's purpose.
fn effect_short(e: ShotEffect) -> &'static str {
    match (e.hit, e.morale, e.forced_back) {
        (true, _, true) => "hit & Forced Back",
        (true, MoraleBlow::Paralyze, _) => "hit & Paralyzed",
        (true, MoraleBlow::Suppress, _) => "hit & Suppressed",
        (true, MoraleBlow::None, _) => "hit",
        (false, MoraleBlow::Paralyze, _) => "Paralyzed",
        (false, MoraleBlow::Suppress, _) => "Suppressed",
        (false, MoraleBlow::None, true) => "Forced Back",
        (false, MoraleBlow::None, false) => "no effect",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{DiceError, TypedDice};
    use crate::odds::enumerate;

    fn shot(table: Table, m: i32, dice: u32, green: bool) -> Shot {
        Shot {
            table,
            modifiers: if m == 0 {
                vec![]
            } else {
                vec![Modifier::new(m, "test")]
            },
            dice,
            target_green: green,
        }
    }

    #[test]
    fn infantry_rows_read_as_published() {
        let t = Table::Infantry;
        let expect = [
            (-5, RowEffect::HitParalyzed),
            (0, RowEffect::HitParalyzed),
            (1, RowEffect::HitParalyzed),
            (2, RowEffect::HitSuppressed),
            (3, RowEffect::HitSuppressed),
            (4, RowEffect::Suppressed),
            (5, RowEffect::Suppressed),
            (6, RowEffect::SuppressedIfGreen),
            (7, RowEffect::NoEffect),
            (10, RowEffect::NoEffect),
            (15, RowEffect::NoEffect),
        ];
        for (total, eff) in expect {
            assert_eq!(t.row(total).effect, eff, "total {total}");
        }
    }

    #[test]
    fn anti_tank_rows_read_as_published() {
        let t = Table::AntiTank;
        let expect = [
            (-4, RowEffect::HitForcedBack),
            (1, RowEffect::HitForcedBack),
            (3, RowEffect::HitForcedBack),
            (4, RowEffect::Suppressed),
            (5, RowEffect::Suppressed),
            (6, RowEffect::SuppressedIfGreen),
            (7, RowEffect::NoEffect),
            (13, RowEffect::NoEffect),
        ];
        for (total, eff) in expect {
            assert_eq!(t.row(total).effect, eff, "total {total}");
        }
    }

    #[test]
    fn row_six_depends_on_green() {
        assert_eq!(
            shot(Table::Infantry, 0, 1, true).effect_of(6).morale,
            MoraleBlow::Suppress
        );
        assert!(shot(Table::Infantry, 0, 1, false).effect_of(6).is_none());
        assert_eq!(
            shot(Table::AntiTank, 0, 1, true).effect_of(6).morale,
            MoraleBlow::Suppress
        );
        assert!(shot(Table::AntiTank, 0, 1, false).effect_of(6).is_none());
    }

    #[test]
    fn morale_ladder() {
        let inf = Target {
            hits: 0,
            limit: 3,
            morale: Morale::Steady,
            vehicle: false,
        };
        let sup = ShotEffect {
            hit: false,
            morale: MoraleBlow::Suppress,
            forced_back: false,
        };
        let s1 = inf.after(sup);
        assert_eq!(s1.morale, Morale::Suppressed);
        let s2 = s1.after(sup);
        assert_eq!(s2.morale, Morale::Paralyzed, "second Suppressed paralyzes");
        assert_eq!(s2.after(sup).morale, Morale::Paralyzed);
        let veh = Target {
            vehicle: true,
            limit: 1,
            ..inf
        };
        assert_eq!(veh.after(sup).after(sup).morale, Morale::Suppressed);
        let par = ShotEffect {
            hit: true,
            morale: MoraleBlow::Paralyze,
            forced_back: false,
        };
        assert_eq!(
            veh.after(par).morale,
            Morale::Suppressed,
            "vehicles never Paralyzed"
        );
        assert!(veh.after(par).destroyed());
        assert_eq!(inf.after(par).hits, 1);
    }

    #[test]
    fn shot_odds_equal_brute_force() {
        for table in [Table::Infantry, Table::AntiTank] {
            for m in -6..=6 {
                for dice in 1..=3 {
                    for green in [false, true] {
                        let s = shot(table, m, dice, green);
                        let brute =
                            enumerate(|d| Ok::<_, DiceError>(s.roll(d, "x", "x")?.1)).unwrap();
                        let closed = s.odds();
                        for (e, p) in brute.iter() {
                            assert!(
                                (closed.p(e) - p).abs() < 1e-12,
                                "{table:?} {m} {dice} {e:?}"
                            );
                        }
                        assert!((closed.total() - 1.0).abs() < 1e-12);
                    }
                }
            }
        }
    }

    #[test]
    fn needs_says_what_each_kept_face_does() {
        assert_eq!(
            shot(Table::Infantry, 0, 1, false).needs(),
            "1 hit & Paralyzed, 2–3 hit & Suppressed, 4–5 Suppressed, 6+ no effect"
        );
        assert_eq!(
            shot(Table::Infantry, -2, 1, true).needs(),
            "1–3 hit & Paralyzed, 4–5 hit & Suppressed, 6–8 Suppressed, 9+ no effect"
        );
        assert_eq!(
            shot(Table::AntiTank, -4, 1, false).needs(),
            "1–7 hit & Forced Back, 8–9 Suppressed, 10 no effect"
        );
        assert_eq!(
            shot(Table::Infantry, 10, 1, true).needs(),
            "no effect whatever the roll"
        );
        assert_eq!(
            shot(Table::Infantry, 1, 2, false).purpose("w1 fires at g1", 1),
            "w1 fires at g1 (die 2 of 2, the lowest kept), infantry table +1: 1–2 hit & Suppressed, 3–4 Suppressed, 5+ no effect"
        );
        assert_eq!(
            shot(Table::AntiTank, -1, 1, false).purpose("fire", 0),
            "fire, anti-tank table −1: 1–4 hit & Forced Back, 5–6 Suppressed, 7+ no effect"
        );
        // Every face's effect is the one the needs say.
        for table in [Table::Infantry, Table::AntiTank] {
            for m in -6..=6 {
                for green in [false, true] {
                    let s = shot(table, m, 1, green);
                    let needs = s.needs();
                    for face in 1..=10u8 {
                        let said = effect_short(s.effect_of(face));
                        assert!(
                            needs.split(", ").any(|g| {
                                let (faces, what) = g.split_once(' ').unwrap();
                                what == said && reads(faces, face)
                            }) || needs == format!("{said} whatever the roll"),
                            "{table:?} {m} {green} {face}: {needs}"
                        );
                    }
                }
            }
        }
    }

    /// True when the faces of a group ("1", "2–3", "6+") hold `face`.
    fn reads(faces: &str, face: u8) -> bool {
        if let Some(low) = faces.strip_suffix('+') {
            return face >= low.parse::<u8>().unwrap();
        }
        match faces.split_once('–') {
            Some((a, b)) => (a.parse().unwrap()..=b.parse().unwrap()).contains(&face),
            None => faces.parse::<u8>().unwrap() == face,
        }
    }

    #[test]
    fn roll_explains_modified_total_and_row() {
        let s = shot(Table::Infantry, 4, 1, false);
        let mut d = TypedDice::parse("3").unwrap();
        let (step, e) = s.roll(&mut d, "fire", "fire").unwrap();
        assert_eq!(step.total, Some(7));
        assert_eq!(step.row.as_deref(), Some("7 or more"));
        assert!(e.is_none());
        let s2 = shot(Table::Infantry, 0, 2, false);
        let mut d = TypedDice::parse("8 0").unwrap();
        let (step, e) = s2.roll(&mut d, "hmg", "hmg").unwrap();
        assert_eq!(step.kept, Some(8));
        assert!(e.is_none());
        let mut d = TypedDice::parse("0 1").unwrap();
        let (_, e) = s2.roll(&mut d, "hmg", "hmg").unwrap();
        assert!(e.hit);
    }
}
