//! Shooting: 2 dice a unit (a lone commander 1; an attached commander adds his 1), each die
//! scoring 5 or 6 after modifiers is one hit. When the target is adjacent to a friendly unit,
//! every miss is re-rolled once against that unit, with its own cover and armour: the hits it
//! takes are its own round.
//!
//! [`Shot`] holds plain values; [`hits`] is the one place that decides a face, and [`plan`]
//! decides the dice and modifiers once: the rolled path ([`resolve`]) and the exact odds
//! ([`distribution`], [`odds`]) both read them. The assault throws its fires through the same
//! plan.
//!
//! Decisions where the digest is silent:
//! - **Medium gun and superior firepower stack**: "+1 medium gun or superior firepower" names two
//!   reasons for +1, each its own modifier, as superior firepower adds to a heavy gun's +2 (a
//!   medium gun with superior ammunition shoots at +2, a heavy gun with it at +3).
//! - The re-rolled misses keep every firer modifier of the shot (gun class, superior firepower,
//!   the assault +1, flank or rear) and take the friendly unit's own cover and armour in place of
//!   the target's.
//! - With several friendly units adjacent to the target, the umpire names the one that takes the
//!   misses of this shot.
//! - A lone commander takes no part in an assault (an assault is between units).
//! - The house rule "one die fewer, then move one area" does not apply to an assault, and a lone
//!   commander (1 die) cannot use it.

use super::tables::{Armour, AssaultClass, FirerClass, RULESET};
use crate::declare::RuleError;
use crate::dice::{DiceError, DiceSource, Die, Roll};
use crate::odds::{
    self, Deferred, Distribution, OddsLine, OddsReport, Words, Written, percent,
};
use crate::resolution::{Modifier, Resolution, Step};
use crate::odds::Figures;

// ---- what a die does: one place -------------------------------------------------------------

/// A die hits on a modified 5 or more.
pub const HIT_ON: i32 = 5;

/// The one place that decides a shooting die: the face plus its modifier is 5 or more.
pub fn hits(face: u8, modifier: i32) -> bool {
    i32::from(face).saturating_add(modifier) >= HIT_ON
}

/// The chance that one d6 hits with `modifier`.
pub fn p_hit(modifier: i32) -> f64 {
    odds::chance(Die::D6, |f| hits(f, modifier))
}

// ---- shared words and dice ------------------------------------------------------------------

pub(crate) use crate::resolution::{plus, signed};

/// "1 hit", "2 hits", "no hits".
pub(crate) fn hits_words(n: u32) -> String {
    match n {
        0 => "no hits".into(),
        1 => "1 hit".into(),
        n => format!("{n} hits"),
    }
}

/// "1 area", "3 areas".
pub(crate) fn areas(n: u32) -> String {
    if n == 1 {
        "1 area".into()
    } else {
        format!("{n} areas")
    }
}

pub(crate) use crate::dice::Thrower;

// ---- the inputs -----------------------------------------------------------------------------

/// Who throws the dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shooter {
    /// A unit: 2 dice.
    Unit,
    /// A unit with a commander attached: 2 + 1 dice.
    WithCommander,
    /// A commander alone: 1 die.
    LoneCommander,
}

impl Shooter {
    /// 2, 3, 1.
    pub fn dice(self) -> u32 {
        match self {
            Shooter::Unit => 2,
            Shooter::WithCommander => 3,
            Shooter::LoneCommander => 1,
        }
    }

    /// Why that many: "a unit", "2 for the unit, 1 for its attached commander", "a lone
    /// commander".
    pub fn words(self) -> &'static str {
        match self {
            Shooter::Unit => "a unit",
            Shooter::WithCommander => "2 for the unit, 1 for its attached commander",
            Shooter::LoneCommander => "a lone commander",
        }
    }
}

/// The shooter's part in an assault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    Assaulting,
    Assaulted,
}

impl Role {
    /// "assaulting", "being assaulted".
    pub fn words(self) -> &'static str {
        match self {
            Role::Assaulting => "assaulting",
            Role::Assaulted => "being assaulted",
        }
    }
}

/// The firer, in plain values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Firer {
    /// "Infantry (b-1)" in a battle, "Infantry" standalone.
    pub label: String,
    /// A unit, a unit with its commander, or a lone commander: the dice.
    pub shooter: Shooter,
    /// The weapon's range in areas (a lone commander: the type he commands); 0 without a weapon.
    pub weapon_range: u32,
    /// The firer class: normal (0), medium gun (+1), heavy gun (+2).
    pub class: FirerClass,
    /// Superior firepower (the umpire's per-shot flag): +1.
    pub superior_firepower: bool,
    /// What it counts as for the assault +1.
    pub assault_class: AssaultClass,
}

/// A target (or the friendly unit that takes the misses), in plain values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// "Rifles (r-2)" in a battle, "Rifles" standalone.
    pub label: String,
    /// In cover: −1.
    pub cover: bool,
    /// Its armour class: 0 to −3.
    pub armour: Armour,
    /// A commander alone: any hit destroys him, never converted into a retreat.
    pub commander: bool,
}

/// One shooting roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shot {
    /// Who shoots.
    pub firer: Firer,
    /// What it shoots at.
    pub target: Target,
    /// Areas to the target (adjacent is 1).
    pub range: u32,
    /// Shooting from the target's flank or rear: +1.
    pub flank_or_rear: bool,
    /// Part of an assault: +1 for infantry, cavalry or a tank.
    pub assault: Option<Role>,
    /// The house rule: one die fewer, to move one area after shooting.
    pub one_die_fewer: bool,
    /// A friendly unit adjacent to the target: it takes the re-rolled misses.
    pub friend: Option<Target>,
}

/// What a shot did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ShotResult {
    /// Hits on the target: one round.
    pub hits: u32,
    /// Dice that missed the target.
    pub misses: u32,
    /// Hits on the friendly unit from the re-rolled misses (its own round); None without one.
    pub friend_hits: Option<u32>,
}

// ---- the plan: dice and modifiers, decided once ---------------------------------------------

/// The re-rolls against the friendly unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FriendPlan {
    /// The friendly unit's label.
    pub label: String,
    pub modifiers: Vec<Modifier>,
    /// A commander alone: any hit destroys him.
    pub commander: bool,
}

impl FriendPlan {
    /// The sum of its modifiers.
    pub fn modifier(&self) -> i32 {
        total(&self.modifiers)
    }
}

/// Everything decided before a die is thrown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// "Shooting: Infantry at Rifles".
    pub title: String,
    /// Range, dice, the friend and what no face or every face does, in words.
    pub context: Vec<String>,
    /// The firer's label.
    pub firer: String,
    /// The target's label.
    pub target: String,
    /// The target is a commander alone: any hit destroys him.
    pub target_commander: bool,
    /// Dice thrown at the target.
    pub dice: u32,
    /// "2 dice (a unit)".
    pub dice_words: String,
    /// Each modifier at the target, with its reason.
    pub modifiers: Vec<Modifier>,
    /// The re-rolls of the misses, with a friendly unit adjacent to the target.
    pub friend: Option<FriendPlan>,
}

impl Plan {
    /// The sum of the modifiers at the target.
    pub fn modifier(&self) -> i32 {
        total(&self.modifiers)
    }

    /// What its exact odds need.
    pub(crate) fn numbers(&self) -> Numbers {
        Numbers {
            dice: self.dice,
            modifier: self.modifier(),
            friend: self.friend.as_ref().map(|f| (f.modifier(), f.commander)),
            target_commander: self.target_commander,
        }
    }
}

/// What a shot's exact odds need, without its words: the dice thrown at the target, the
/// modifier there, the friendly unit's modifier (and whether it is a commander alone), and
/// whether the target is a commander alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Numbers {
    pub dice: u32,
    pub modifier: i32,
    pub friend: Option<(i32, bool)>,
    pub target_commander: bool,
}

/// A shot's [`Numbers`], or why it cannot be made: what [`plan`] decides, without the words.
pub(crate) fn numbers(s: &Shot) -> Result<Numbers, RuleError> {
    refuse(s)?;
    Ok(Numbers {
        dice: s.firer.shooter.dice() - u32::from(s.one_die_fewer),
        modifier: modifier_total_at(s, &s.target),
        friend: s
            .friend
            .as_ref()
            .map(|fr| (modifier_total_at(s, fr), fr.commander)),
        target_commander: s.target.commander,
    })
}

fn total(m: &[Modifier]) -> i32 {
    m.iter().fold(0i32, |a, m| a.saturating_add(m.value))
}

/// "−1 cover, −2 medium armour" (empty without any).
pub(crate) fn modifier_words(m: &[Modifier]) -> String {
    m.iter()
        .map(|m| format!("{} {}", plus(m.value), m.reason))
        .collect::<Vec<_>>()
        .join(", ")
}

/// "hits on 5+", "hits on 5+ after −1 cover".
fn need_words(m: &[Modifier]) -> String {
    if m.is_empty() {
        format!("hits on {HIT_ON}+")
    } else {
        format!("hits on {HIT_ON}+ after {}", modifier_words(m))
    }
}

/// Why a modifier applies: fixed words, or a class's part in an assault ("infantry assaulting").
#[derive(Clone, Copy)]
enum Reason {
    Fixed(&'static str),
    Assault(AssaultClass, Role),
}

impl Reason {
    fn text(self) -> String {
        match self {
            Reason::Fixed(r) => r.to_string(),
            Reason::Assault(class, role) => format!("{} {}", class.words(), role.words()),
        }
    }
}

/// Each modifier a target's own state gives, in order: cover, then armour.
fn each_target_modifier(t: &Target, add: &mut dyn FnMut(i32, Reason)) {
    if t.cover {
        add(-1, Reason::Fixed("cover"));
    }
    if t.armour != Armour::None {
        add(t.armour.modifier(), Reason::Fixed(t.armour.words()));
    }
}

/// Each of the firer's modifiers at the target's, in order: the gun and superior firepower
/// before them, the assault and the flank after.
fn each_modifier_at(s: &Shot, t: &Target, add: &mut dyn FnMut(i32, Reason)) {
    let f = &s.firer;
    if f.class != FirerClass::Normal {
        add(f.class.modifier(), Reason::Fixed(f.class.words()));
    }
    if f.superior_firepower {
        add(1, Reason::Fixed("superior firepower"));
    }
    each_target_modifier(t, add);
    if let (Some(role), true) = (s.assault, f.assault_class.takes_bonus()) {
        add(1, Reason::Assault(f.assault_class, role));
    }
    if s.flank_or_rear {
        add(1, Reason::Fixed("from the flank or rear"));
    }
}

/// The firer's modifiers at the target's, each with its reason.
fn modifiers_at(s: &Shot, t: &Target) -> Vec<Modifier> {
    let mut m = Vec::new();
    each_modifier_at(s, t, &mut |value, reason| {
        m.push(Modifier::new(value, reason.text()))
    });
    m
}

/// The sum of the firer's modifiers at the target's, without their words.
fn modifier_total_at(s: &Shot, t: &Target) -> i32 {
    let mut sum = 0i32;
    each_modifier_at(s, t, &mut |value, _| sum = sum.saturating_add(value));
    sum
}

/// What no face or every face does, if so.
fn reach_note(who: &str, m: i32) -> Option<String> {
    if !hits(6, m) {
        Some(format!(
            "{who}: the best modified roll is {}: no face can hit",
            signed(6 + m)
        ))
    } else if hits(1, m) {
        Some(format!("{who}: every face hits"))
    } else {
        None
    }
}

/// Refuses what the rules forbid, before anything is decided.
fn refuse(s: &Shot) -> Result<(), RuleError> {
    let f = &s.firer;
    if f.weapon_range == 0 {
        return Err(RuleError::refused(format!(
            "{} has no weapon: it cannot shoot",
            f.label
        )));
    }
    if s.range == 0 {
        return Err(RuleError::refused(format!(
            "{}: the range is counted in areas, 1 or more (adjacent is 1)",
            f.label
        )));
    }
    if s.range > f.weapon_range {
        return Err(RuleError::refused(format!(
            "{}: {} is {} away, beyond range {}: no shot",
            f.label,
            s.target.label,
            areas(s.range),
            f.weapon_range
        )));
    }
    if s.assault.is_some() && f.shooter == Shooter::LoneCommander {
        return Err(RuleError::refused(format!(
            "{} is a lone commander: commanders are not units and take no part in an assault",
            f.label
        )));
    }
    if s.one_die_fewer && s.assault.is_some() {
        return Err(RuleError::refused(
            "shooting with one die fewer (to move after) does not apply to an assault",
        ));
    }
    if s.one_die_fewer && f.shooter.dice() <= 1 {
        return Err(RuleError::refused(format!(
            "{} rolls a single die: it cannot shoot with one fewer",
            f.label
        )));
    }
    Ok(())
}

/// The dice, modifiers and context of a shot; or why it cannot be taken.
pub fn plan(s: &Shot) -> Result<Plan, RuleError> {
    refuse(s)?;
    let f = &s.firer;
    let dice = f.shooter.dice() - u32::from(s.one_die_fewer);
    let mut dice_words = format!(
        "{} {} ({})",
        dice,
        if dice == 1 { "die" } else { "dice" },
        f.shooter.words()
    );
    if s.one_die_fewer {
        dice_words.push_str(", one fewer to move one area after (house rule)");
    }
    let modifiers = modifiers_at(s, &s.target);
    let mut context = vec![format!(
        "{}: {} to {}, within range {}; {}",
        f.label,
        areas(s.range),
        s.target.label,
        f.weapon_range,
        dice_words
    )];
    if let (Some(role), false) = (s.assault, f.assault_class.takes_bonus()) {
        context.push(format!(
            "{} is {} but is not infantry, cavalry or a tank: no assault +1",
            f.label,
            role.words()
        ));
    }
    context.extend(reach_note(&s.target.label, total(&modifiers)));
    if s.target.commander {
        context.push(commander_note(&s.target.label));
    }
    let friend = s.friend.as_ref().map(|fr| FriendPlan {
        label: fr.label.clone(),
        modifiers: modifiers_at(s, fr),
        commander: fr.commander,
    });
    if let Some(fp) = &friend {
        context.push(format!(
            "{} is adjacent to {}: each miss is re-rolled once against it ({}); its hits are its own round",
            fp.label,
            s.target.label,
            need_words(&fp.modifiers)
        ));
        context.extend(reach_note(&fp.label, fp.modifier()));
        if fp.commander {
            context.push(commander_note(&fp.label));
        }
    }
    Ok(Plan {
        title: format!("Shooting: {} at {}", f.label, s.target.label),
        context,
        firer: f.label.clone(),
        target: s.target.label.clone(),
        target_commander: s.target.commander,
        dice,
        dice_words,
        modifiers,
        friend,
    })
}

// ---- the rolled path ------------------------------------------------------------------------

/// "6 5 → 5 4", or "6 5" without modifiers.
fn read_text(rolls: &[Roll], mods: &[Modifier]) -> String {
    let m = total(mods);
    let faces: Vec<String> = rolls.iter().map(|r| r.face.to_string()).collect();
    if mods.is_empty() {
        faces.join(" ")
    } else {
        let modified: Vec<String> = rolls
            .iter()
            .map(|r| signed(i32::from(r.face).saturating_add(m)))
            .collect();
        format!("{} → {}", faces.join(" "), modified.join(" "))
    }
}

/// "modified 5, 4: 1 hit (5+ hits)", "rolled 6, 5: 2 hits (5+ hits)" without modifiers.
fn outcome_words(rolls: &[Roll], mods: &[Modifier], scored: u32) -> String {
    let m = total(mods);
    let values: Vec<String> = rolls
        .iter()
        .map(|r| signed(i32::from(r.face).saturating_add(m)))
        .collect();
    format!(
        "{} {}: {} ({HIT_ON}+ hits)",
        if mods.is_empty() {
            "rolled"
        } else {
            "modified"
        },
        values.join(", "),
        hits_words(scored)
    )
}

/// Throws `n` dice, each for `purpose(k)`, and counts the hits with modifier `m`.
fn throw_dice(
    t: &mut Thrower,
    n: u32,
    m: i32,
    purpose: impl Fn(u32) -> String,
) -> Result<(Vec<Roll>, u32), DiceError> {
    let mut rolls = Vec::new();
    for k in 1..=n {
        rolls.push(t.roll(purpose(k))?);
    }
    let scored = rolls.iter().filter(|r| hits(r.face, m)).count() as u32;
    Ok((rolls, scored))
}

/// Throws a planned shot: its steps and what it did. The first die's purpose says what the last
/// stage did, when one came before.
pub(crate) fn throw(p: &Plan, t: &mut Thrower) -> Result<(Vec<Step>, ShotResult), DiceError> {
    let m = p.modifier();
    let need = need_words(&p.modifiers);
    let (rolls, scored) = throw_dice(t, p.dice, m, |k| {
        format!(
            "shooting die {k} of {}, {} at {} ({need})",
            p.dice, p.firer, p.target
        )
    })?;
    t.done(format!(
        "{} scored {} on {} ({})",
        p.firer,
        hits_words(scored),
        p.target,
        read_text(&rolls, &p.modifiers)
    ));
    let mut steps = vec![Step {
        label: format!("{} shoots at {}: {}", p.firer, p.target, p.dice_words),
        table: Some(format!("Shooting ({HIT_ON}+ hits)")),
        modifiers: p.modifiers.clone(),
        outcome: outcome_words(&rolls, &p.modifiers, scored),
        dice: rolls,
        ..Step::default()
    }];
    let mut out = ShotResult {
        hits: scored,
        misses: p.dice - scored,
        friend_hits: None,
    };
    if let Some(fp) = &p.friend {
        let (n, fm) = (out.misses, fp.modifier());
        let need = need_words(&fp.modifiers);
        let (rolls, scored) = throw_dice(t, n, fm, |k| {
            format!(
                "re-rolled miss {k} of {n}, {} at {}, adjacent to {} ({need})",
                p.firer, fp.label, p.target
            )
        })?;
        out.friend_hits = Some(scored);
        if n > 0 {
            t.done(format!(
                "the re-rolled misses scored {} on {} ({})",
                hits_words(scored),
                fp.label,
                read_text(&rolls, &fp.modifiers)
            ));
            steps.push(Step {
                label: format!(
                    "{}: {} re-rolled at {} (adjacent to {})",
                    p.firer,
                    if n == 1 {
                        "1 miss".to_string()
                    } else {
                        format!("{n} misses")
                    },
                    fp.label,
                    p.target
                ),
                table: Some(format!("Shooting ({HIT_ON}+ hits)")),
                modifiers: fp.modifiers.clone(),
                outcome: outcome_words(&rolls, &fp.modifiers, scored),
                dice: rolls,
                notes: vec![format!("the hits on {} are its own round", fp.label)],
                ..Step::default()
            });
        }
    }
    Ok((steps, out))
}

/// "1 hit on Rifles; re-rolled misses: 1 hit on Support".
pub(crate) fn summary(p: &Plan, r: &ShotResult) -> String {
    let mut s = format!("{} on {}", hits_words(r.hits), p.target);
    if let (Some(fp), Some(n), true) = (&p.friend, r.friend_hits, r.misses > 0) {
        s.push_str(&format!(
            "; re-rolled misses: {} on {}",
            hits_words(n),
            fp.label
        ));
    }
    s
}

/// "Lt. Moss is a commander alone: any hit destroys him, never converted into a retreat".
fn commander_note(label: &str) -> String {
    format!("{label} is a commander alone: any hit destroys him, never converted into a retreat")
}

/// What a round of `n` hits asks of its unit (or of a commander alone), in a few words.
pub(crate) fn round_effect(label: &str, n: u32, commander: bool) -> String {
    match n {
        0 => format!("no effect on {label}"),
        _ if commander => format!("{label} is destroyed: a single hit destroys a commander"),
        1 => format!("{label} takes 1 hit"),
        n => format!(
            "{label} takes {n} hits in one round: the first is taken; the owner may convert any of the other {} into retreats",
            n - 1
        ),
    }
}

/// A shot with dice: the explanation and what it did.
pub fn resolve(s: &Shot, dice: &mut dyn DiceSource) -> Result<(Resolution, ShotResult), RuleError> {
    let p = plan(s)?;
    let mut t = Thrower::new(dice);
    let (steps, out) = throw(&p, &mut t)?;
    let mut effects = vec![round_effect(&p.target, out.hits, p.target_commander)];
    if let (Some(fp), Some(n)) = (&p.friend, out.friend_hits)
        && n > 0
    {
        effects.push(format!(
            "{} (its own round)",
            round_effect(&fp.label, n, fp.commander)
        ));
    }
    Ok((
        Resolution {
            ruleset: RULESET.into(),
            action: "shoot".into(),
            title: p.title.clone(),
            context: p.context.clone(),
            steps,
            result: summary(&p, &out),
            effects,
            rolled_by_program: t.is_generated(),
        },
        out,
    ))
}

// ---- the exact odds -------------------------------------------------------------------------

/// The exact distribution of a planned shot's results: each die hits the target, or misses and
/// (with a friendly unit) its re-roll hits the friend or misses again.
pub(crate) fn distribution_of(p: &Plan) -> Distribution<ShotResult> {
    distribution_with(&p.numbers())
}

/// The exact distribution of a shot's results from its [`Numbers`].
pub(crate) fn distribution_with(p: &Numbers) -> Distribution<ShotResult> {
    let ph = p_hit(p.modifier);
    let pf = p.friend.map(|(m, _)| p_hit(m));
    let mut dist = Distribution::certain(ShotResult {
        friend_hits: pf.map(|_| 0),
        ..ShotResult::default()
    });
    // At most (hits + 1) × (friend's hits + 1) results after the last die.
    let room = (p.dice as usize + 1) * (p.dice as usize + 1);
    for _ in 0..p.dice {
        let mut next = Distribution::with_capacity(room);
        for (r, pr) in dist.iter() {
            next.add(
                ShotResult {
                    hits: r.hits + 1,
                    ..*r
                },
                pr * ph,
            );
            let miss = ShotResult {
                misses: r.misses + 1,
                ..*r
            };
            match (pf, r.friend_hits) {
                (Some(q), Some(n)) => {
                    next.add(
                        ShotResult {
                            friend_hits: Some(n + 1),
                            ..miss
                        },
                        pr * (1.0 - ph) * q,
                    );
                    next.add(miss, pr * (1.0 - ph) * (1.0 - q));
                }
                _ => next.add(miss, pr * (1.0 - ph)),
            }
        }
        dist = next;
    }
    dist.sort_by_key(|r| (r.hits, r.friend_hits));
    dist
}

/// The exact chance of each result of a shot.
pub fn distribution(s: &Shot) -> Result<Distribution<ShotResult>, RuleError> {
    Ok(distribution_of(&plan(s)?))
}

/// "1 hit on Rifles", "1 hit on Rifles; 2 hits on Support".
fn line_words(p: &Plan, r: &ShotResult) -> String {
    let mut s = format!("{} on {}", hits_words(r.hits), p.target);
    if let (Some(fp), Some(n)) = (&p.friend, r.friend_hits) {
        s.push_str(&format!("; {} on {}", hits_words(n), fp.label));
    }
    s
}

/// "Infantry at Rifles: each die hits on 5+ after −1 cover: 16.67% a die".
pub(crate) fn chance_note(who: &str, m: &[Modifier]) -> String {
    format!(
        "{who}: each die {}: {}% a die",
        need_words(m),
        percent(p_hit(total(m)))
    )
}

/// Exact odds of a shot: the chance of each number of hits (jointly with the friendly unit's);
/// the words written when shown.
pub fn odds(s: &Shot) -> Result<OddsReport, RuleError> {
    let n = numbers(s)?;
    let dist = distribution_with(&n);
    let mut extra = Figures::from([
        (
            "expected_hits".into(),
            dist.iter().map(|(r, q)| f64::from(r.hits) * q).sum(),
        ),
        ("p_hit_per_die".into(), p_hit(n.modifier)),
        ("p_any_hit".into(), dist.p_where(|r| r.hits > 0)),
    ]);
    let mut target_lost = None;
    if n.target_commander {
        let lost = dist.p_where(|r| r.hits > 0);
        target_lost = Some(lost);
        extra.insert("p_target_destroyed".into(), lost);
    }
    let mut friend_lost = None;
    if let Some((m, commander)) = n.friend {
        extra.insert(
            "expected_friend_hits".into(),
            dist.iter()
                .map(|(r, q)| f64::from(r.friend_hits.unwrap_or(0)) * q)
                .sum(),
        );
        extra.insert("p_friend_hit_per_die".into(), p_hit(m));
        if commander {
            let lost = dist.p_where(|r| r.friend_hits.is_some_and(|n| n > 0));
            friend_lost = Some(lost);
            extra.insert("p_friend_destroyed".into(), lost);
        }
    }
    let words = Deferred::new(ShotWords {
        shot: s.clone(),
        shown: dist.iter().map(|(r, _)| *r).collect(),
        target_lost,
        friend_lost,
    });
    Ok(OddsReport {
        title: words.title(),
        results: dist
            .iter()
            .enumerate()
            .map(|(i, (_, probability))| OddsLine {
                result: words.result(i),
                probability,
            })
            .collect(),
        notes: words.notes(),
        extra,
    })
}

/// The words of a shot's odds: the shot (its plan written from it), the results its lines show,
/// and the chance that a commander alone (the target, the friendly unit) is destroyed.
struct ShotWords {
    shot: Shot,
    shown: Vec<ShotResult>,
    target_lost: Option<f64>,
    friend_lost: Option<f64>,
}

impl Words for ShotWords {
    fn write(&self) -> Written {
        let p = match plan(&self.shot) {
            Ok(p) => p,
            Err(e) => {
                return Written {
                    notes: vec![e.to_string()],
                    ..Written::default()
                };
            }
        };
        let mut notes = p.context.clone();
        notes.push(chance_note(
            &format!("{} at {}", p.firer, p.target),
            &p.modifiers,
        ));
        if let Some(lost) = self.target_lost {
            notes.push(format!("{} destroyed: {}%", p.target, percent(lost)));
        }
        if let Some(fp) = &p.friend {
            notes.push(chance_note(
                &format!("re-rolled misses at {}", fp.label),
                &fp.modifiers,
            ));
            if let Some(lost) = self.friend_lost {
                notes.push(format!("{} destroyed: {}%", fp.label, percent(lost)));
            }
        }
        Written {
            results: self.shown.iter().map(|r| line_words(&p, r)).collect(),
            title: p.title,
            notes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::TypedDice;
    use crate::odds::enumerate;

    fn infantry() -> Firer {
        Firer {
            label: "Infantry".into(),
            shooter: Shooter::Unit,
            weapon_range: 3,
            class: FirerClass::Normal,
            superior_firepower: false,
            assault_class: AssaultClass::Infantry,
        }
    }

    fn heavy_gun() -> Firer {
        Firer {
            label: "Heavy gun".into(),
            weapon_range: 7,
            class: FirerClass::HeavyGun,
            assault_class: AssaultClass::None,
            ..infantry()
        }
    }

    fn rifles() -> Target {
        Target {
            label: "Rifles".into(),
            cover: false,
            armour: Armour::None,
            commander: false,
        }
    }

    fn shot(firer: Firer, target: Target, range: u32) -> Shot {
        Shot {
            firer,
            target,
            range,
            flank_or_rear: false,
            assault: None,
            one_die_fewer: false,
            friend: None,
        }
    }

    fn run(s: &Shot, faces: &[i64]) -> (Resolution, ShotResult) {
        let mut d = TypedDice::new(faces.iter().copied());
        let r = resolve(s, &mut d).unwrap();
        d.finish().unwrap();
        r
    }

    fn refused(s: &Shot) -> String {
        let e = plan(s).unwrap_err();
        assert!(matches!(e, RuleError::Refused(_)), "{e:?}");
        assert!(odds(s).is_err());
        assert!(distribution(s).is_err());
        assert!(resolve(s, &mut TypedDice::new([])).is_err());
        e.to_string()
    }

    /// The exact odds equal brute force over the rolled path, and the report adds up.
    fn compare(s: &Shot) {
        let exact = distribution(s).unwrap();
        let brute = enumerate(|d| resolve(s, d).map(|r| r.1)).unwrap();
        assert_eq!(exact.len(), brute.len(), "{s:?}");
        for (o, p) in brute.iter() {
            assert!((exact.p(o) - p).abs() < 1e-12, "{s:?}\n{o:?}");
        }
        assert!((exact.total() - 1.0).abs() < 1e-12);
        let report = odds(s).unwrap();
        let sum: f64 = report.results.iter().map(|l| l.probability).sum();
        assert!((sum - 1.0).abs() < 1e-12);
        let mean: f64 = brute.iter().map(|(r, p)| f64::from(r.hits) * p).sum();
        assert!((report.extra["expected_hits"] - mean).abs() < 1e-12);
    }

    #[test]
    fn a_die_hits_on_a_modified_five_or_six() {
        for m in -6..=5 {
            for f in 1..=6u8 {
                assert_eq!(hits(f, m), i32::from(f) + m >= 5, "face {f} modifier {m}");
            }
        }
        assert!((p_hit(0) - 1.0 / 3.0).abs() < 1e-12);
        assert!((p_hit(-1) - 1.0 / 6.0).abs() < 1e-12);
        assert_eq!(p_hit(-2), 0.0);
        assert!((p_hit(2) - 4.0 / 6.0).abs() < 1e-12);
        assert_eq!(p_hit(4), 1.0);
        assert!(!hits(6, i32::MIN));
        assert!(hits(1, i32::MAX));
    }

    #[test]
    fn required_infantry_at_rifles_in_cover() {
        let target = Target {
            cover: true,
            ..rifles()
        };
        let s = shot(infantry(), target, 2);
        let (r, out) = run(&s, &[6, 5]);
        assert_eq!(
            out,
            ShotResult {
                hits: 1,
                misses: 1,
                friend_hits: None
            }
        );
        assert_eq!(r.ruleset, "hats-of-tin");
        assert_eq!(r.action, "shoot");
        assert_eq!(r.title, "Shooting: Infantry at Rifles");
        assert_eq!(
            r.context[0],
            "Infantry: 2 areas to Rifles, within range 3; 2 dice (a unit)"
        );
        let step = &r.steps[0];
        assert_eq!(step.label, "Infantry shoots at Rifles: 2 dice (a unit)");
        assert_eq!(step.modifiers, vec![Modifier::new(-1, "cover")]);
        assert_eq!(step.outcome, "modified 5, 4: 1 hit (5+ hits)");
        assert_eq!(r.result, "1 hit on Rifles");
        assert_eq!(r.effects, vec!["Rifles takes 1 hit"]);
        let p: Vec<&str> = r.faces().iter().map(|r| r.purpose.as_str()).collect();
        assert_eq!(
            p,
            [
                "shooting die 1 of 2, Infantry at Rifles (hits on 5+ after −1 cover)",
                "shooting die 2 of 2, Infantry at Rifles (hits on 5+ after −1 cover)"
            ]
        );
        assert!(!r.rolled_by_program);
    }

    #[test]
    fn required_heavy_gun_at_medium_armour_from_the_flank() {
        let target = Target {
            label: "Tank".into(),
            armour: Armour::Medium,
            cover: false,
            commander: false,
        };
        let s = Shot {
            flank_or_rear: true,
            ..shot(heavy_gun(), target, 4)
        };
        let (r, out) = run(&s, &[4, 2]);
        assert_eq!(out.hits, 1);
        assert_eq!(
            r.steps[0].modifiers,
            vec![
                Modifier::new(2, "heavy gun"),
                Modifier::new(-2, "medium armour"),
                Modifier::new(1, "from the flank or rear"),
            ]
        );
        assert_eq!(r.steps[0].outcome, "modified 5, 3: 1 hit (5+ hits)");
        assert_eq!(
            r.faces()[0].purpose,
            "shooting die 1 of 2, Heavy gun at Tank (hits on 5+ after +2 heavy gun, −2 medium armour, +1 from the flank or rear)"
        );
    }

    #[test]
    fn required_infantry_with_a_commander_at_range_one() {
        let s = shot(
            Firer {
                shooter: Shooter::WithCommander,
                ..infantry()
            },
            rifles(),
            1,
        );
        let p = plan(&s).unwrap();
        assert_eq!(p.dice, 3);
        assert_eq!(
            p.dice_words,
            "3 dice (2 for the unit, 1 for its attached commander)"
        );
        let report = odds(&s).unwrap();
        let lines: Vec<(&str, f64)> = report
            .results
            .iter()
            .map(|l| (l.result.as_str(), l.probability))
            .collect();
        let want = [
            ("no hits on Rifles", 8.0 / 27.0),
            ("1 hit on Rifles", 12.0 / 27.0),
            ("2 hits on Rifles", 6.0 / 27.0),
            ("3 hits on Rifles", 1.0 / 27.0),
        ];
        assert_eq!(lines.len(), 4);
        for ((got, p), (name, q)) in lines.into_iter().zip(want) {
            assert_eq!(got, name);
            assert!((p - q).abs() < 1e-12, "{name}");
        }
        assert!((report.extra["expected_hits"] - 1.0).abs() < 1e-12);
        compare(&s);
        let (r, _) = run(&s, &[1, 2, 3]);
        assert_eq!(
            r.faces()[2].purpose,
            "shooting die 3 of 3, Infantry at Rifles (hits on 5+)"
        );
        assert_eq!(r.steps[0].outcome, "rolled 1, 2, 3: no hits (5+ hits)");
        assert_eq!(r.effects, vec!["no effect on Rifles"]);
    }

    #[test]
    fn required_infantry_beyond_range_three() {
        let e = refused(&shot(infantry(), rifles(), 4));
        assert_eq!(
            e,
            "Infantry: Rifles is 4 areas away, beyond range 3: no shot"
        );
        assert!(plan(&shot(infantry(), rifles(), 3)).is_ok());
    }

    #[test]
    fn every_refusal() {
        let truck = Firer {
            label: "Truck".into(),
            weapon_range: 0,
            ..infantry()
        };
        assert_eq!(
            refused(&shot(truck, rifles(), 1)),
            "Truck has no weapon: it cannot shoot"
        );
        assert!(refused(&shot(infantry(), rifles(), 0)).contains("1 or more (adjacent is 1)"));
        let lone = Firer {
            label: "Maj. Hart".into(),
            shooter: Shooter::LoneCommander,
            ..infantry()
        };
        let s = Shot {
            assault: Some(Role::Assaulted),
            ..shot(lone.clone(), rifles(), 1)
        };
        assert!(refused(&s).contains("take no part in an assault"));
        let s = Shot {
            one_die_fewer: true,
            ..shot(lone, rifles(), 1)
        };
        assert_eq!(
            refused(&s),
            "Maj. Hart rolls a single die: it cannot shoot with one fewer"
        );
        let s = Shot {
            one_die_fewer: true,
            assault: Some(Role::Assaulting),
            ..shot(infantry(), rifles(), 1)
        };
        assert!(refused(&s).contains("does not apply to an assault"));
    }

    #[test]
    fn dice_per_shooter() {
        assert_eq!(
            [
                Shooter::Unit,
                Shooter::WithCommander,
                Shooter::LoneCommander
            ]
            .map(Shooter::dice),
            [2, 3, 1]
        );
        let lone = Firer {
            label: "Maj. Hart".into(),
            shooter: Shooter::LoneCommander,
            ..infantry()
        };
        let s = shot(lone, rifles(), 3);
        assert_eq!(plan(&s).unwrap().dice_words, "1 die (a lone commander)");
        let (r, out) = run(&s, &[5]);
        assert_eq!(out.hits, 1);
        assert_eq!(
            r.faces()[0].purpose,
            "shooting die 1 of 1, Maj. Hart at Rifles (hits on 5+)"
        );
        compare(&s);
        let s = Shot {
            one_die_fewer: true,
            ..shot(infantry(), rifles(), 3)
        };
        let p = plan(&s).unwrap();
        assert_eq!(p.dice, 1);
        assert_eq!(
            p.dice_words,
            "1 die (a unit), one fewer to move one area after (house rule)"
        );
        compare(&s);
    }

    #[test]
    fn every_modifier() {
        let cases: [(Shot, Vec<Modifier>); 10] = [
            (
                shot(
                    Firer {
                        class: FirerClass::MediumGun,
                        ..infantry()
                    },
                    rifles(),
                    1,
                ),
                vec![Modifier::new(1, "medium gun")],
            ),
            (
                shot(
                    Firer {
                        superior_firepower: true,
                        ..infantry()
                    },
                    rifles(),
                    1,
                ),
                vec![Modifier::new(1, "superior firepower")],
            ),
            (
                shot(
                    Firer {
                        class: FirerClass::MediumGun,
                        superior_firepower: true,
                        ..infantry()
                    },
                    rifles(),
                    1,
                ),
                vec![
                    Modifier::new(1, "medium gun"),
                    Modifier::new(1, "superior firepower"),
                ],
            ),
            (
                shot(heavy_gun(), rifles(), 1),
                vec![Modifier::new(2, "heavy gun")],
            ),
            (
                shot(
                    infantry(),
                    Target {
                        cover: true,
                        ..rifles()
                    },
                    1,
                ),
                vec![Modifier::new(-1, "cover")],
            ),
            (
                Shot {
                    assault: Some(Role::Assaulting),
                    ..shot(infantry(), rifles(), 1)
                },
                vec![Modifier::new(1, "infantry assaulting")],
            ),
            (
                Shot {
                    assault: Some(Role::Assaulted),
                    ..shot(
                        Firer {
                            assault_class: AssaultClass::Cavalry,
                            ..infantry()
                        },
                        rifles(),
                        1,
                    )
                },
                vec![Modifier::new(1, "cavalry being assaulted")],
            ),
            (
                Shot {
                    assault: Some(Role::Assaulting),
                    ..shot(
                        Firer {
                            assault_class: AssaultClass::Tank,
                            ..infantry()
                        },
                        rifles(),
                        1,
                    )
                },
                vec![Modifier::new(1, "tank assaulting")],
            ),
            (
                Shot {
                    assault: Some(Role::Assaulted),
                    ..shot(heavy_gun(), rifles(), 1)
                },
                vec![Modifier::new(2, "heavy gun")],
            ),
            (
                Shot {
                    flank_or_rear: true,
                    ..shot(infantry(), rifles(), 1)
                },
                vec![Modifier::new(1, "from the flank or rear")],
            ),
        ];
        for (s, want) in cases {
            assert_eq!(plan(&s).unwrap().modifiers, want, "{s:?}");
            compare(&s);
        }
        // A gun in an assault is told why it has no +1.
        let s = Shot {
            assault: Some(Role::Assaulted),
            ..shot(heavy_gun(), rifles(), 1)
        };
        assert_eq!(
            plan(&s).unwrap().context[1],
            "Heavy gun is being assaulted but is not infantry, cavalry or a tank: no assault +1"
        );
        // Every armour class.
        for a in Armour::ALL {
            let s = shot(
                infantry(),
                Target {
                    armour: a,
                    ..rifles()
                },
                1,
            );
            let want = if a == Armour::None {
                vec![]
            } else {
                vec![Modifier::new(a.modifier(), a.words())]
            };
            assert_eq!(plan(&s).unwrap().modifiers, want);
            compare(&s);
        }
    }

    #[test]
    fn hopeless_and_certain_shots_say_so() {
        let s = shot(
            infantry(),
            Target {
                cover: true,
                armour: Armour::Heavy,
                ..rifles()
            },
            1,
        );
        let p = plan(&s).unwrap();
        assert_eq!(p.modifier(), -4);
        assert!(
            p.context
                .contains(&"Rifles: the best modified roll is 2: no face can hit".to_string())
        );
        assert_eq!(odds(&s).unwrap().results.len(), 1);
        compare(&s);
        let s = Shot {
            flank_or_rear: true,
            assault: Some(Role::Assaulting),
            ..shot(
                Firer {
                    superior_firepower: true,
                    class: FirerClass::HeavyGun,
                    assault_class: AssaultClass::Tank,
                    ..infantry()
                },
                rifles(),
                1,
            )
        };
        assert_eq!(plan(&s).unwrap().modifier(), 5);
        assert!(
            plan(&s)
                .unwrap()
                .context
                .contains(&"Rifles: every face hits".to_string())
        );
        compare(&s);
    }

    fn support() -> Target {
        Target {
            label: "Support".into(),
            cover: true,
            armour: Armour::None,
            commander: false,
        }
    }

    #[test]
    fn misses_are_re_rolled_at_the_friend_with_its_own_cover_and_armour() {
        let s = Shot {
            flank_or_rear: true,
            friend: Some(support()),
            ..shot(infantry(), rifles(), 2)
        };
        let p = plan(&s).unwrap();
        assert_eq!(
            p.friend.as_ref().unwrap().modifiers,
            vec![
                Modifier::new(-1, "cover"),
                Modifier::new(1, "from the flank or rear")
            ]
        );
        assert_eq!(
            p.context[1],
            "Support is adjacent to Rifles: each miss is re-rolled once against it (hits on 5+ after −1 cover, +1 from the flank or rear); its hits are its own round"
        );
        // 4 + 1 = 5 hits; 1 + 1 = 2 misses: re-rolled 6 − 1 + 1 = 6, a hit on Support.
        let (r, out) = run(&s, &[4, 1, 6]);
        assert_eq!(
            out,
            ShotResult {
                hits: 1,
                misses: 1,
                friend_hits: Some(1)
            }
        );
        assert_eq!(r.steps.len(), 2);
        assert_eq!(
            r.steps[1].label,
            "Infantry: 1 miss re-rolled at Support (adjacent to Rifles)"
        );
        assert_eq!(r.steps[1].outcome, "modified 6: 1 hit (5+ hits)");
        assert_eq!(
            r.faces()[2].purpose,
            "re-rolled miss 1 of 1, Infantry at Support, adjacent to Rifles (hits on 5+ after −1 cover, +1 from the flank or rear) — Infantry scored 1 hit on Rifles (4 1 → 5 2)"
        );
        assert_eq!(
            r.result,
            "1 hit on Rifles; re-rolled misses: 1 hit on Support"
        );
        assert_eq!(
            r.effects,
            vec!["Rifles takes 1 hit", "Support takes 1 hit (its own round)"]
        );
        // No miss: nothing re-rolled.
        let (r, out) = run(&s, &[5, 6]);
        assert_eq!(out.friend_hits, Some(0));
        assert_eq!(r.steps.len(), 1);
        assert_eq!(r.result, "2 hits on Rifles");
        assert_eq!(
            r.effects,
            vec![
                "Rifles takes 2 hits in one round: the first is taken; the owner may convert any of the other 1 into retreats"
            ]
        );
        // Two misses, re-rolled: one hits.
        let out = run(&s, &[1, 2, 5, 3]).1;
        assert_eq!(out.friend_hits, Some(1));
        compare(&s);
        let report = odds(&s).unwrap();
        assert_eq!(
            report.results[0].result,
            "no hits on Rifles; no hits on Support"
        );
        assert!(report.extra.contains_key("expected_friend_hits"));
    }

    #[test]
    fn odds_equal_brute_force_with_friends_and_commanders() {
        for shooter in [
            Shooter::Unit,
            Shooter::WithCommander,
            Shooter::LoneCommander,
        ] {
            for friend in [
                None,
                Some(support()),
                Some(Target {
                    armour: Armour::Light,
                    ..rifles()
                }),
            ] {
                for cover in [false, true] {
                    let s = Shot {
                        friend: friend.clone(),
                        ..shot(
                            Firer {
                                shooter,
                                superior_firepower: true,
                                ..infantry()
                            },
                            Target { cover, ..rifles() },
                            3,
                        )
                    };
                    compare(&s);
                }
            }
        }
    }

    #[test]
    fn odds_report_lines_and_notes() {
        let s = shot(
            infantry(),
            Target {
                cover: true,
                ..rifles()
            },
            2,
        );
        let report = odds(&s).unwrap();
        assert_eq!(report.title, "Shooting: Infantry at Rifles");
        let names: Vec<&str> = report.results.iter().map(|l| l.result.as_str()).collect();
        assert_eq!(
            names,
            ["no hits on Rifles", "1 hit on Rifles", "2 hits on Rifles"]
        );
        assert!((report.results[2].probability - 1.0 / 36.0).abs() < 1e-12);
        assert_eq!(
            report.notes.last().unwrap(),
            "Infantry at Rifles: each die hits on 5+ after −1 cover: 16.67% a die"
        );
        assert!((report.extra["p_any_hit"] - 11.0 / 36.0).abs() < 1e-12);
    }

    /// "A commander is destroyed by a single hit — any hit, from any round, never converted into
    /// a retreat."
    #[test]
    fn a_commander_alone_is_destroyed_by_any_hit() {
        let s = shot(
            infantry(),
            Target {
                label: "Lt. Moss".into(),
                commander: true,
                ..rifles()
            },
            2,
        );
        let p = plan(&s).unwrap();
        assert!(p.context.contains(
            &"Lt. Moss is a commander alone: any hit destroys him, never converted into a retreat"
                .to_string()
        ));
        let (r, _) = run(&s, &[6, 5]);
        assert_eq!(
            r.effects,
            vec!["Lt. Moss is destroyed: a single hit destroys a commander"]
        );
        let report = odds(&s).unwrap();
        assert!((report.extra["p_target_destroyed"] - 5.0 / 9.0).abs() < 1e-12);
        assert!(
            report
                .notes
                .contains(&"Lt. Moss destroyed: 55.56%".to_string())
        );
        compare(&s);
    }

    #[test]
    fn program_dice_are_said() {
        let mut d = crate::dice::SeededDice::new(3);
        let (r, _) = resolve(&shot(infantry(), rifles(), 1), &mut d).unwrap();
        assert!(r.rolled_by_program);
    }
}
