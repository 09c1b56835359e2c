//! An assault: one exchange of fire between the attacker and the defender at one area's range.
//! The defender shoots first when the attacker is in its front arc, otherwise after the attacker.
//! Both use the shooting table with the assault +1 (for infantry, cavalry and tanks); troops in
//! cover that launch an assault lose their cover. The first fire's hits and retreats apply before
//! the second: a unit destroyed or retreated by it does not shoot. If the defender retreats or is
//! destroyed, the attacker occupies its area.
//!
//! Retreats are the owner's choice, made after seeing the hits: [`resolve`] takes how each fire's
//! target takes its hits ([`Taking`]: converted, blocked, to the commander), throws the first
//! fire, applies its taking, and throws the second only if its shooter remains. To let the owner
//! choose after seeing the first fire, a caller resolves with default takings, then again with
//! the same faces (typed, or the generator from the same position) and the owner's choice: the
//! first fire's faces come first, so they give the same hits. The odds
//! ([`distribution`], [`odds`]) assume every hit is taken as a hit, and say what the second fire
//! does **given the first**: the chance its shooter is destroyed before shooting, the chance it may
//! retreat instead, and its hits given that it shoots.
//!
//! Decisions where the digest is silent:
//! - An attacker not in the defender's front arc attacks from its flank or rear: +1 to the
//!   attacker's fire. The attacker faces the defender after moving, so the defender never shoots
//!   from its flank.
//! - A unit without a weapon (a truck) cannot assault; assaulted, it does not shoot.
//! - When the first fire destroys the attached commander of the second shooter, the second
//!   shooter throws without his die.
//! - A unit of the shooter's side adjacent to a party takes the re-rolled misses of the fire at
//!   that party, as in any shooting; its hits are its own round and do not change who shoots.

use super::hits::{self, Round, Taken, Taking};
use super::shoot::{
    self, Firer, Numbers, Plan as ShotPlan, Role, Shooter, Shot, ShotResult, Target, Thrower, hits_words,
    round_effect,
};
use super::tables::{Armour, AssaultClass, FirerClass, Quality, RULESET};
use crate::declare::RuleError;
use crate::dice::{DiceSource, Die};
use crate::odds::{
    Deferred, Distribution, FigureName, Figures, OddsLine, OddsReport, Words, Written,
    binomial_faces, percent,
};
use crate::resolution::{Resolution, Step};

/// One side of an assault, in plain values: how it shoots and how it is shot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Party {
    /// "Infantry (b-1)" in a battle, "Infantry" standalone.
    pub label: String,
    /// The weapon's range in areas (0 without a weapon).
    pub weapon_range: u32,
    /// The firer class: normal, medium gun, heavy gun.
    pub class: FirerClass,
    /// Superior firepower (flamethrowers when assaulting, anti-tank weapons against tanks …).
    pub superior_firepower: bool,
    /// What it counts as for the assault +1.
    pub assault_class: AssaultClass,
    /// The attached commander, if any: one more die, and he may take a hit.
    pub commander: Option<String>,
    /// In cover (the attacker loses it).
    pub cover: bool,
    /// Its armour class.
    pub armour: Armour,
    /// Its quality: the hits that destroy it.
    pub quality: Quality,
    /// Hits it already has.
    pub hits: u32,
    /// A unit of the other party's side adjacent to it, that takes the re-rolled misses of the
    /// fire at it.
    pub friend: Option<Target>,
}

/// Attacker or defender.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Attacker,
    Defender,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Attacker => Side::Defender,
            Side::Defender => Side::Attacker,
        }
    }

    fn role(self) -> Role {
        match self {
            Side::Attacker => Role::Assaulting,
            Side::Defender => Role::Assaulted,
        }
    }
}

/// One assault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assault {
    /// The unit that assaults.
    pub attacker: Party,
    /// The unit assaulted.
    pub defender: Party,
    /// The attacker is in the defender's front arc: the defender shoots first.
    pub attacker_in_front_arc: bool,
}

impl Assault {
    /// The party on `side`.
    pub fn party(&self, side: Side) -> &Party {
        match side {
            Side::Attacker => &self.attacker,
            Side::Defender => &self.defender,
        }
    }

    /// Who shoots first, and second.
    pub fn order(&self) -> [Side; 2] {
        if self.attacker_in_front_arc {
            [Side::Defender, Side::Attacker]
        } else {
            [Side::Attacker, Side::Defender]
        }
    }

    /// The shot of `side` at the other (None without a weapon); `commander` says whether its
    /// attached commander, if any, still adds his die.
    pub fn shot(&self, side: Side, commander: bool) -> Option<Shot> {
        self.shot_labelled(side, commander, true)
    }

    /// What the exact odds need of the fire of `side` at the other (None without a weapon), its
    /// attached commander's die counted; or why it cannot be made.
    fn fire_numbers(&self, side: Side) -> Option<Result<Numbers, RuleError>> {
        self.shot_labelled(side, true, false)
            .map(|s| shoot::numbers(&s))
    }

    /// [`Assault::shot`], its units named (`labelled`) or not (for its numbers alone).
    fn shot_labelled(&self, side: Side, commander: bool, labelled: bool) -> Option<Shot> {
        let (s, t) = (self.party(side), self.party(side.other()));
        let label = |p: &Party| {
            if labelled {
                p.label.clone()
            } else {
                String::new()
            }
        };
        (s.weapon_range > 0).then(|| Shot {
            firer: Firer {
                label: label(s),
                shooter: if s.commander.is_some() && commander {
                    Shooter::WithCommander
                } else {
                    Shooter::Unit
                },
                weapon_range: s.weapon_range,
                class: s.class,
                superior_firepower: s.superior_firepower,
                assault_class: s.assault_class,
            },
            target: Target {
                label: label(t),
                // Troops in cover that launch an assault lose their cover.
                cover: t.cover && side == Side::Attacker,
                armour: t.armour,
                // Commanders take no part in an assault: it is between units.
                commander: false,
            },
            range: 1,
            flank_or_rear: side == Side::Attacker && !self.attacker_in_front_arc,
            assault: Some(side.role()),
            one_die_fewer: false,
            friend: t.friend.clone(),
        })
    }
}

/// Why a party did not shoot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoShot {
    NoWeapon,
    /// Destroyed by the first fire.
    Destroyed,
    /// Retreated from the first fire.
    Retreated,
}

impl NoShot {
    fn words(self, who: &str) -> String {
        match self {
            NoShot::NoWeapon => format!("{who} has no weapon"),
            NoShot::Destroyed => format!("{who} was destroyed by the first fire"),
            NoShot::Retreated => format!("{who} retreated from the first fire"),
        }
    }
}

/// One of the two fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fire {
    /// Who shot (or was to shoot).
    pub shooter: Side,
    /// What the shot did; None when it was not thrown.
    pub shot: Option<ShotResult>,
    /// Why it did not shoot, if it did not.
    pub skipped: Option<NoShot>,
    /// How its target took its hits (nothing taken when it was not thrown).
    pub taken: Taken,
}

/// How the assault ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AssaultResult {
    /// The fire of the side that shoots first.
    pub first: Fire,
    /// The fire of the other side.
    pub second: Fire,
    /// The defender retreated or was destroyed: the attacker occupies its area.
    pub attacker_takes_area: bool,
}

impl AssaultResult {
    /// The fire at `side`.
    pub fn fire_at(&self, side: Side) -> &Fire {
        if self.first.shooter == side.other() {
            &self.first
        } else {
            &self.second
        }
    }

    /// The end as the odds count it.
    pub fn outcome(&self) -> Outcome {
        Outcome {
            first_hits: self.first.shot.map_or(0, |s| s.hits),
            second_hits: self.second.shot.map(|s| s.hits),
            attacker_takes_area: self.attacker_takes_area,
        }
    }
}

/// An assault's end, as the odds count it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Hits of the first fire on its target.
    pub first_hits: u32,
    /// Hits of the second fire; None when it was not thrown.
    pub second_hits: Option<u32>,
    /// The defender retreated or was destroyed: the attacker occupies its area.
    pub attacker_takes_area: bool,
}

// ---- the plan --------------------------------------------------------------------------------

/// Everything decided before a die is thrown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// "Assault: Infantry on Rifles".
    pub title: String,
    /// The order, the cover lost, each fire's range and dice, in words.
    pub context: Vec<String>,
    /// Who shoots first, and second.
    pub order: [Side; 2],
    /// Each fire in that order (None: the shooter has no weapon).
    pub fires: [Option<ShotPlan>; 2],
}

fn refuse(a: &Assault) -> Result<(), RuleError> {
    if a.attacker.weapon_range == 0 {
        return Err(RuleError::refused(format!(
            "{} has no weapon: it cannot assault",
            a.attacker.label
        )));
    }
    for p in [&a.attacker, &a.defender] {
        if p.hits >= p.quality.limit() {
            return Err(RuleError::refused(format!(
                "{} already has {} hits, the limit of a {} unit: it is destroyed and takes no part in an assault",
                p.label,
                p.hits,
                p.quality.id()
            )));
        }
    }
    Ok(())
}

/// The order, the fires and the context of an assault; or why it cannot be made.
pub fn plan(a: &Assault) -> Result<Plan, RuleError> {
    refuse(a)?;
    let order = a.order();
    let (att, def) = (&a.attacker.label, &a.defender.label);
    let mut context = vec![if a.attacker_in_front_arc {
        format!("{att} is in the front arc of {def}: {def} shoots first")
    } else {
        format!(
            "{att} is not in the front arc of {def}: {att} shoots first, from the flank or rear"
        )
    }];
    if a.attacker.cover {
        context.push(format!(
            "{att} launched the assault from cover: it loses the benefit of its cover"
        ));
    }
    context.push(
        "the first fire's hits and retreats apply before the second: a unit destroyed or retreated by it does not shoot".into(),
    );
    let mut fires = [None, None];
    for (i, side) in order.into_iter().enumerate() {
        match a.shot(side, true) {
            Some(s) => {
                let p = shoot::plan(&s)?;
                context.extend(p.context.iter().cloned());
                fires[i] = Some(p);
            }
            None => context.push(format!(
                "{} has no weapon: it does not shoot",
                a.party(side).label
            )),
        }
    }
    Ok(Plan {
        title: format!("Assault: {att} on {def}"),
        context,
        order,
        fires,
    })
}

// ---- the rolled path -------------------------------------------------------------------------

/// The exchange as it is thrown: the dice, and what the resolution gathers as the fires go.
struct Exchange<'a, 'd> {
    a: &'a Assault,
    t: Thrower<'d>,
    steps: Vec<Step>,
    effects: Vec<String>,
    sentences: Vec<String>,
}

impl Exchange<'_, '_> {
    /// Throws the fire of `side` (unless `skipped`, or without a plan: no weapon) and applies
    /// `taking` to its target.
    fn fire(
        &mut self,
        side: Side,
        nth: &str,
        plan: Option<&ShotPlan>,
        skipped: Option<NoShot>,
        taking: &Taking,
    ) -> Result<Fire, RuleError> {
        let (shooter, target) = (self.a.party(side), self.a.party(side.other()));
        let skipped = skipped.or(plan.is_none().then_some(NoShot::NoWeapon));
        let thrown = match (skipped, plan) {
            (None, Some(p)) => {
                let (steps, r) = shoot::throw(p, &mut self.t)?;
                self.steps.extend(steps);
                Some((p, r))
            }
            (why, _) => {
                let why = why.unwrap_or(NoShot::NoWeapon).words(&shooter.label);
                self.steps.push(Step {
                    label: format!("{} does not shoot", shooter.label),
                    outcome: why.clone(),
                    ..Step::default()
                });
                self.sentences
                    .push(format!("{} did not shoot ({why})", shooter.label));
                None
            }
        };
        let round = Round {
            unit: target.label.clone(),
            quality: target.quality,
            hits_before: target.hits,
            hits: thrown.map_or(0, |(_, r)| r.hits),
            commander: target.commander.clone(),
            taking: *taking,
        };
        let taken = hits::take(&round)?;
        if let Some((p, r)) = thrown {
            self.record(p, &r, nth, &round, &taken);
        }
        Ok(Fire {
            shooter: side,
            shot: thrown.map(|(_, r)| r),
            skipped,
            taken,
        })
    }

    /// The steps, effects and sentence of a fire thrown, and what the next die is told.
    fn record(&mut self, p: &ShotPlan, r: &ShotResult, nth: &str, round: &Round, taken: &Taken) {
        let mut sentence = format!("{} shot {nth}: {}", p.firer, shoot::summary(p, r));
        if r.hits > 0 {
            self.steps.extend(hits::steps(round, taken));
            self.effects.extend(hits::effects(round, taken));
            sentence.push_str(&format!("; {}", hits::summary(round, taken)));
        }
        if let (Some(fp), Some(n)) = (&p.friend, r.friend_hits)
            && n > 0
        {
            self.effects.push(format!(
                "{} (its own round)",
                round_effect(&fp.label, n, fp.commander)
            ));
        }
        self.t.done(sentence.clone());
        self.sentences.push(sentence);
    }
}

/// An assault with dice: `first` says how the first fire's target takes its hits, `second` the
/// second's (each checked against the hits thrown; a fire not thrown has no hits to take). The
/// second fire is thrown only if its shooter remains.
pub fn resolve(
    a: &Assault,
    first: &Taking,
    second: &Taking,
    dice: &mut dyn DiceSource,
) -> Result<(Resolution, AssaultResult), RuleError> {
    let p = plan(a)?;
    let [s1, s2] = p.order;
    let mut x = Exchange {
        a,
        t: Thrower::new(dice),
        steps: Vec::new(),
        effects: Vec::new(),
        sentences: Vec::new(),
    };
    let f1 = x.fire(s1, "first", p.fires[0].as_ref(), None, first)?;
    let stopped = if f1.taken.destroyed {
        Some(NoShot::Destroyed)
    } else if f1.taken.retreats > 0 {
        Some(NoShot::Retreated)
    } else {
        None
    };
    // A commander destroyed by the first fire no longer adds his die.
    let second_plan = match (f1.taken.commander_hit, a.shot(s2, false)) {
        (true, Some(s)) => Some(shoot::plan(&s)?),
        _ => p.fires[1].clone(),
    };
    let start = x.steps.len();
    let f2 = x.fire(s2, "second", second_plan.as_ref(), stopped, second)?;
    if let (true, Some(_), Some(c)) = (f1.taken.commander_hit, f2.shot, &a.party(s2).commander) {
        x.steps[start].notes.push(format!(
            "{c} was destroyed by the first fire: no die for him"
        ));
    }
    let mut out = AssaultResult {
        first: f1,
        second: f2,
        attacker_takes_area: false,
    };
    out.attacker_takes_area = out.fire_at(Side::Defender).taken.left_area();
    let (att, def) = (&a.attacker.label, &a.defender.label);
    if out.attacker_takes_area {
        x.sentences.push(format!("{att} takes the area"));
        x.effects
            .push(format!("{att} occupies the area {def} held"));
    } else {
        x.sentences.push(format!("{def} holds its area"));
    }
    Ok((
        Resolution {
            ruleset: RULESET.into(),
            action: "assault".into(),
            title: p.title,
            context: p.context,
            steps: x.steps,
            result: x.sentences.join(". "),
            effects: x.effects,
            rolled_by_program: x.t.is_generated(),
        },
        out,
    ))
}

// ---- the exact odds --------------------------------------------------------------------------

/// The hits of a fire: P(hits = k). Without a friendly unit to take the misses, counted over the
/// faces of its dice (each chance the nearest double to the exact fraction).
fn hit_counts(n: &Numbers) -> Distribution<u32> {
    if n.friend.is_some() {
        return shoot::distribution_with(n).map(|r| r.hits);
    }
    let faces = Die::D6.faces().filter(|f| shoot::hits(*f, n.modifier)).count() as u32;
    let mut d = Distribution::with_capacity(n.dice as usize + 1);
    for (k, p) in binomial_faces(n.dice, faces, Die::D6).into_iter().enumerate() {
        d.add(k as u32, p);
    }
    d
}

/// The exact chance of each end, every hit taken as a hit (none converted into a retreat, none
/// given to a commander): the assault [`resolve`]d with default [`Taking`]s.
pub fn distribution(a: &Assault) -> Result<Distribution<Outcome>, RuleError> {
    let p = plan(a)?;
    Ok(distribution_of(a, p.order, &FireHits::of(&fire_numbers(&p))))
}

/// The chance of each number of hits of each fire: the first's (none without a weapon), the
/// second's if it shoots.
struct FireHits {
    first: Distribution<u32>,
    second: Option<Distribution<u32>>,
}

impl FireHits {
    fn of(fires: &[Option<Numbers>; 2]) -> FireHits {
        FireHits {
            first: fires[0]
                .as_ref()
                .map_or(Distribution::certain(0), hit_counts),
            second: fires[1].as_ref().map(hit_counts),
        }
    }
}

/// The numbers of a plan's fires.
fn fire_numbers(p: &Plan) -> [Option<Numbers>; 2] {
    [
        p.fires[0].as_ref().map(ShotPlan::numbers),
        p.fires[1].as_ref().map(ShotPlan::numbers),
    ]
}

fn distribution_of(a: &Assault, order: [Side; 2], hits: &FireHits) -> Distribution<Outcome> {
    let [s1, s2] = order;
    let (first_target, second_target) = (a.party(s2), a.party(s1));
    let (first, second) = (&hits.first, &hits.second);
    let mut dist = Distribution::with_capacity(
        first.len() * second.as_ref().map_or(1, |d| d.len()),
    );
    for (&h1, q1) in first.iter() {
        let destroyed = first_target.hits + h1 >= first_target.quality.limit();
        match (&second, destroyed) {
            (Some(d2), false) => {
                for (&h2, q2) in d2.iter() {
                    let takes = s1 == Side::Defender
                        && second_target.hits + h2 >= second_target.quality.limit();
                    dist.add(
                        Outcome {
                            first_hits: h1,
                            second_hits: Some(h2),
                            attacker_takes_area: takes,
                        },
                        q1 * q2,
                    );
                }
            }
            _ => dist.add(
                Outcome {
                    first_hits: h1,
                    second_hits: None,
                    attacker_takes_area: s1 == Side::Attacker && destroyed,
                },
                q1,
            ),
        }
    }
    dist.sort_by_key(|o| (o.second_hits, o.attacker_takes_area, o.first_hits));
    dist
}

/// The line an end is counted in: what the second shooter did, and who holds the area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Line {
    Destroyed(bool),
    NoWeapon(bool),
    Shoots(u32, bool),
}

fn line_of(a: &Assault, order: [Side; 2], o: &Outcome) -> Line {
    let target = a.party(order[1]);
    match o.second_hits {
        Some(k) => Line::Shoots(k, o.attacker_takes_area),
        None if target.hits + o.first_hits >= target.quality.limit() => {
            Line::Destroyed(o.attacker_takes_area)
        }
        None => Line::NoWeapon(o.attacker_takes_area),
    }
}

fn line_words(a: &Assault, p: &Plan, line: Line) -> String {
    let (first, second) = (&a.party(p.order[0]).label, &a.party(p.order[1]).label);
    let area = |takes: bool| {
        if takes {
            format!("{} takes the area", a.attacker.label)
        } else {
            format!("{} holds its area", a.defender.label)
        }
    };
    match line {
        Line::Destroyed(t) => format!(
            "{second} destroyed by the first fire: it does not shoot — {}",
            area(t)
        ),
        Line::NoWeapon(t) => format!("{second} has no weapon: it does not shoot — {}", area(t)),
        Line::Shoots(k, t) => format!(
            "{second} shoots second: {} on {first} — {}",
            hits_words(k),
            area(t)
        ),
    }
}

/// The chance of each number of hits of a fire, its figure named `p_{fire}_fire_{h}_hits` (fixed
/// names for the hits a fire can score).
fn hits_figure(first: bool, h: u32) -> FigureName {
    const FIRST: [&str; 7] = [
        "p_first_fire_0_hits",
        "p_first_fire_1_hits",
        "p_first_fire_2_hits",
        "p_first_fire_3_hits",
        "p_first_fire_4_hits",
        "p_first_fire_5_hits",
        "p_first_fire_6_hits",
    ];
    const SECOND: [&str; 7] = [
        "p_second_fire_0_hits_given_shoots",
        "p_second_fire_1_hits_given_shoots",
        "p_second_fire_2_hits_given_shoots",
        "p_second_fire_3_hits_given_shoots",
        "p_second_fire_4_hits_given_shoots",
        "p_second_fire_5_hits_given_shoots",
        "p_second_fire_6_hits_given_shoots",
    ];
    let names = if first { &FIRST } else { &SECOND };
    match names.get(h as usize) {
        Some(name) => FigureName::Borrowed(name),
        None if first => FigureName::Owned(format!("p_first_fire_{h}_hits")),
        None => FigureName::Owned(format!("p_second_fire_{h}_hits_given_shoots")),
    }
}

/// The second fire conditioned on the first, in numbers: the chance that the second shooter is
/// destroyed before it shoots (every hit taken as a hit; whatever its owner converts), that it
/// may retreat, and, given it shoots, the chance of each number of its hits.
struct Conditional {
    destroyed: f64,
    whatever: f64,
    may_retreat: f64,
    second: Option<Vec<(u32, f64)>>,
}

/// The assault's figures: the second fire's given the first (destroyed before shooting, every hit
/// taken and whatever is converted; may retreat; shoots; its hits given that it shoots) and the
/// chance that the attacker takes the area; with what the notes say of them.
fn conditional(
    a: &Assault,
    order: [Side; 2],
    hits: &FireHits,
    dist: &Distribution<Outcome>,
) -> (Figures, Conditional) {
    let [_, s2] = order;
    let target = a.party(s2);
    let limit = target.quality.limit();
    let first = &hits.first;
    let destroyed = first.p_where(|h| target.hits + h >= limit);
    // Converting every hit but the first leaves one hit on the unit (none with a commander to
    // take it).
    let whatever = if target.commander.is_none() && target.hits + 1 >= limit {
        first.p_where(|h| *h >= 1)
    } else {
        0.0
    };
    let may_retreat = first.p_where(|h| *h >= 2);
    let shoots = dist.p_where(|o| o.second_hits.is_some());
    let mut extra: Vec<(FigureName, f64)> = Vec::with_capacity(20);
    extra.extend([
        ("p_second_destroyed_before_shooting".into(), destroyed),
        ("p_second_destroyed_whatever_converted".into(), whatever),
        ("p_second_may_retreat".into(), may_retreat),
        ("p_second_shoots".into(), shoots),
        (
            "expected_first_hits".into(),
            first.iter().map(|(h, q)| f64::from(*h) * q).sum(),
        ),
    ]);
    for (h, q) in first.iter() {
        extra.push((hits_figure(true, *h), q));
    }
    let second = hits.second.as_ref().map(|second| {
        for (h, q) in second.iter() {
            extra.push((hits_figure(false, *h), q));
        }
        extra.push((
            "expected_second_hits_given_shoots".into(),
            second.iter().map(|(h, q)| f64::from(*h) * q).sum(),
        ));
        second.iter().map(|(h, q)| (*h, q)).collect()
    });
    extra.push((
        "p_attacker_takes_area".into(),
        dist.p_where(|o| o.attacker_takes_area),
    ));
    (
        Figures::of_distinct(extra),
        Conditional {
            destroyed,
            whatever,
            may_retreat,
            second,
        },
    )
}

/// The notes of the second fire conditioned on the first.
fn conditional_notes(a: &Assault, p: &Plan, c: &Conditional) -> Vec<String> {
    let [s1, s2] = p.order;
    let (shooter1, shooter2) = (&a.party(s1).label, &a.party(s2).label);
    let mut notes = vec![
        "the lines count every hit taken as a hit: none converted into a retreat, none given to a commander".to_string(),
        format!(
            "{shooter2} is destroyed by the first fire before it shoots: {}% (every hit taken as a hit); {}% whatever its owner converts",
            percent(c.destroyed),
            percent(c.whatever)
        ),
        format!(
            "{shooter2} takes 2 or more hits from the first fire: {}%: its owner may then convert hits into retreats, and a unit that retreats does not shoot",
            percent(c.may_retreat)
        ),
    ];
    if let Some(second) = &c.second {
        let given: Vec<String> = second
            .iter()
            .map(|(h, q)| format!("{} {}%", hits_words(*h), percent(*q)))
            .collect();
        notes.push(format!(
            "given {shooter2} shoots: {} on {shooter1}",
            given.join(", ")
        ));
    }
    notes
}

/// Exact odds of an assault: each line is what the second shooter did (destroyed first, or the
/// hits it scored) and who holds the area, every hit taken as a hit; the notes and the figures
/// give the second fire conditioned on the first. The words are written when shown.
pub fn odds(a: &Assault) -> Result<OddsReport, RuleError> {
    refuse(a)?;
    let order = a.order();
    let mut fires = [None, None];
    for (i, side) in order.into_iter().enumerate() {
        fires[i] = match a.fire_numbers(side) {
            None => None,
            Some(Ok(n)) => Some(n),
            // Why a fire cannot be made is said with the units named, as the plan says it.
            Some(Err(e)) => return Err(plan(a).err().unwrap_or(e)),
        };
    }
    let hits = FireHits::of(&fires);
    let dist = distribution_of(a, order, &hits);
    let mut lines: Distribution<Line> = dist.map(|o| line_of(a, order, o));
    lines.sort_by_key(|l| *l);
    let (extra, conditional) = conditional(a, order, &hits, &dist);
    let words = Deferred::new(AssaultWords {
        assault: a.clone(),
        shown: lines.iter().map(|(l, _)| *l).collect(),
        conditional,
    });
    Ok(OddsReport {
        title: words.title(),
        results: lines
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

/// The words of an assault's odds: the assault (its plan written from it), the lines shown and
/// the second fire conditioned on the first.
struct AssaultWords {
    assault: Assault,
    shown: Vec<Line>,
    conditional: Conditional,
}

impl Words for AssaultWords {
    fn write(&self) -> Written {
        let a = &self.assault;
        let p = match plan(a) {
            Ok(p) => p,
            Err(e) => {
                return Written {
                    notes: vec![e.to_string()],
                    ..Written::default()
                };
            }
        };
        let mut notes = p.context.clone();
        for fp in p.fires.iter().flatten() {
            notes.push(shoot::chance_note(
                &format!("{} at {}", fp.firer, fp.target),
                &fp.modifiers,
            ));
        }
        notes.extend(conditional_notes(a, &p, &self.conditional));
        Written {
            results: self.shown.iter().map(|l| line_words(a, &p, *l)).collect(),
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
    use crate::resolution::Modifier;

    fn infantry() -> Party {
        Party {
            label: "Infantry".into(),
            weapon_range: 3,
            class: FirerClass::Normal,
            superior_firepower: false,
            assault_class: AssaultClass::Infantry,
            commander: None,
            cover: false,
            armour: Armour::None,
            quality: Quality::Regular,
            hits: 0,
            friend: None,
        }
    }

    fn rifles() -> Party {
        Party {
            label: "Rifles".into(),
            cover: true,
            ..infantry()
        }
    }

    fn assault(front: bool) -> Assault {
        Assault {
            attacker: infantry(),
            defender: rifles(),
            attacker_in_front_arc: front,
        }
    }

    fn take(converted: u32, blocked: u32, to_commander: u32) -> Taking {
        Taking {
            converted,
            blocked,
            to_commander,
        }
    }

    fn run(
        a: &Assault,
        first: Taking,
        second: Taking,
        faces: &[i64],
    ) -> (Resolution, AssaultResult) {
        let mut d = TypedDice::new(faces.iter().copied());
        let r = resolve(a, &first, &second, &mut d).unwrap();
        d.finish().unwrap();
        r
    }

    fn refused(a: &Assault) -> String {
        let e = plan(a).unwrap_err();
        assert!(matches!(e, RuleError::Refused(_)), "{e:?}");
        assert!(odds(a).is_err());
        e.to_string()
    }

    /// The exact odds equal brute force over the rolled path with every hit taken, and the
    /// conditioned figures equal those counted from the brute-force paths.
    fn compare(a: &Assault) {
        let exact = distribution(a).unwrap();
        let none = Taking::default();
        let brute = enumerate(|d| resolve(a, &none, &none, d).map(|(_, r)| r.outcome())).unwrap();
        assert_eq!(exact.len(), brute.len(), "{a:?}");
        for (o, q) in brute.iter() {
            assert!((exact.p(o) - q).abs() < 1e-12, "{a:?}\n{o:?}");
        }
        let report = odds(a).unwrap();
        let sum: f64 = report.results.iter().map(|l| l.probability).sum();
        assert!((sum - 1.0).abs() < 1e-12);
        let x = &report.extra;
        let shoots = brute.p_where(|o| o.second_hits.is_some());
        assert!((x["p_second_shoots"] - shoots).abs() < 1e-12);
        assert!(
            (x["p_attacker_takes_area"] - brute.p_where(|o| o.attacker_takes_area)).abs() < 1e-12
        );
        let second = a.party(a.order()[1]);
        let destroyed = brute.p_where(|o| {
            o.second_hits.is_none() && second.hits + o.first_hits >= second.quality.limit()
        });
        assert!((x["p_second_destroyed_before_shooting"] - destroyed).abs() < 1e-12);
        assert!((x["p_second_may_retreat"] - brute.p_where(|o| o.first_hits >= 2)).abs() < 1e-12);
        if shoots > 0.0 {
            for k in 0..=3u32 {
                let given = brute.p_where(|o| o.second_hits == Some(k)) / shoots;
                let key = format!("p_second_fire_{k}_hits_given_shoots");
                assert!(
                    (x.get(&key).copied().unwrap_or(0.0) - given).abs() < 1e-12,
                    "{key}"
                );
            }
        }
    }

    #[test]
    fn the_defender_shoots_first_when_the_attacker_is_in_its_front_arc() {
        let mut a = assault(true);
        a.attacker.cover = true;
        // Rifles: 5 + 1 (infantry being assaulted) = 6 hit, 2 + 1 = 3 miss; the attacker has lost
        // its cover. Infantry: 6 + 1 − 1 = 6, 5 + 1 − 1 = 5: two hits on Rifles.
        let (r, out) = run(&a, Taking::default(), Taking::default(), &[5, 2, 6, 5]);
        assert_eq!(r.action, "assault");
        assert_eq!(r.title, "Assault: Infantry on Rifles");
        assert_eq!(
            r.context[0],
            "Infantry is in the front arc of Rifles: Rifles shoots first"
        );
        assert_eq!(
            r.context[1],
            "Infantry launched the assault from cover: it loses the benefit of its cover"
        );
        assert_eq!(out.first.shooter, Side::Defender);
        assert_eq!(out.first.shot.unwrap().hits, 1);
        assert_eq!(out.first.taken.hits_after, 1);
        assert_eq!(out.second.shot.unwrap().hits, 2);
        assert_eq!(out.second.taken.hits_after, 2);
        assert!(!out.attacker_takes_area);
        assert_eq!(
            r.steps[0].modifiers,
            vec![Modifier::new(1, "infantry being assaulted")]
        );
        let second_shot = r
            .steps
            .iter()
            .find(|s| s.label.starts_with("Infantry shoots at Rifles"))
            .unwrap();
        assert_eq!(
            second_shot.modifiers,
            vec![
                Modifier::new(-1, "cover"),
                Modifier::new(1, "infantry assaulting")
            ]
        );
        assert_eq!(
            r.faces()[2].purpose,
            "shooting die 1 of 2, Infantry at Rifles (hits on 5+ after −1 cover, +1 infantry assaulting) — Rifles shot first: 1 hit on Infantry; Infantry takes 1 hit (1 of 3)"
        );
        assert_eq!(
            r.result,
            "Rifles shot first: 1 hit on Infantry; Infantry takes 1 hit (1 of 3). Infantry shot second: 2 hits on Rifles; Rifles takes 2 hits (2 of 3). Rifles holds its area"
        );
        assert_eq!(
            r.effects,
            vec![
                "Infantry takes 1 hit: 1 of 3",
                "Rifles takes 2 hits: 2 of 3"
            ]
        );
        compare(&a);
    }

    #[test]
    fn the_attacker_shoots_first_from_the_flank_and_takes_the_area() {
        let mut a = assault(false);
        a.defender.hits = 1;
        // 4 − 1 + 1 + 1 = 5 and 6 + 1 = 7: two hits, 1 + 2 = 3: Rifles destroyed, no reply.
        let (r, out) = run(&a, Taking::default(), Taking::default(), &[4, 6]);
        assert_eq!(
            r.context[0],
            "Infantry is not in the front arc of Rifles: Infantry shoots first, from the flank or rear"
        );
        assert_eq!(
            r.steps[0].modifiers,
            vec![
                Modifier::new(-1, "cover"),
                Modifier::new(1, "infantry assaulting"),
                Modifier::new(1, "from the flank or rear"),
            ]
        );
        assert!(out.first.taken.destroyed);
        assert_eq!(out.second.skipped, Some(NoShot::Destroyed));
        assert_eq!(out.second.shot, None);
        assert!(out.attacker_takes_area);
        let last = r.steps.last().unwrap();
        assert_eq!(last.label, "Rifles does not shoot");
        assert_eq!(last.outcome, "Rifles was destroyed by the first fire");
        assert!(r.result.ends_with(
            "Rifles did not shoot (Rifles was destroyed by the first fire). Infantry takes the area"
        ));
        assert_eq!(
            r.effects.last().unwrap(),
            "Infantry occupies the area Rifles held"
        );
        compare(&a);
    }

    #[test]
    fn a_defender_that_retreats_from_the_first_fire_does_not_shoot() {
        let a = assault(false);
        let (_, out) = run(&a, take(1, 0, 0), Taking::default(), &[6, 6]);
        assert_eq!(out.first.taken.retreats, 1);
        assert_eq!(out.second.skipped, Some(NoShot::Retreated));
        assert!(out.attacker_takes_area);
        // Its retreat blocked: it takes the hit and shoots back.
        let (_, out) = run(&a, take(1, 1, 0), Taking::default(), &[6, 6, 1, 1]);
        assert_eq!(out.first.taken.hits_after, 2);
        assert_eq!(out.second.shot.unwrap().hits, 0);
        assert!(!out.attacker_takes_area);
    }

    #[test]
    fn the_defender_may_retreat_from_the_second_fire() {
        let a = assault(true);
        let (r, out) = run(&a, Taking::default(), take(1, 0, 0), &[1, 1, 6, 6]);
        assert_eq!(out.second.taken.retreats, 1);
        assert!(out.attacker_takes_area);
        assert!(r.result.ends_with("Infantry takes the area"));
        // An attacker retreated by the first fire does not shoot, and the defender holds.
        let (_, out) = run(&a, take(1, 0, 0), Taking::default(), &[6, 6]);
        assert_eq!(out.second.skipped, Some(NoShot::Retreated));
        assert!(!out.attacker_takes_area);
    }

    #[test]
    fn takings_are_checked_against_the_hits_thrown() {
        let a = assault(true);
        let mut d = TypedDice::new([6, 1, 1, 1]);
        let e = resolve(&a, &take(1, 0, 0), &Taking::default(), &mut d).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Infantry took 1 hit: none may be converted into retreats (the first hit is always taken)"
        );
        // No second fire: nothing to convert.
        let mut a = assault(false);
        a.defender.hits = 2;
        let mut d = TypedDice::new([6, 1]);
        let e = resolve(&a, &Taking::default(), &take(1, 0, 0), &mut d).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Infantry took no hits: none may be converted into retreats"
        );
    }

    #[test]
    fn a_commander_destroyed_by_the_first_fire_adds_no_die() {
        let mut a = assault(true);
        a.attacker.commander = Some("Capt. Hart".into());
        let p = plan(&a).unwrap();
        assert_eq!(p.fires[1].as_ref().unwrap().dice, 3);
        let (r, out) = run(&a, take(0, 0, 1), Taking::default(), &[6, 1, 1, 1]);
        assert!(out.first.taken.commander_hit);
        assert_eq!(out.first.taken.hits_after, 0);
        assert_eq!(out.second.shot.unwrap().misses, 2);
        assert!(
            r.effects
                .contains(&"Capt. Hart is destroyed (a single hit): remove him".to_string())
        );
        let shot = r
            .steps
            .iter()
            .find(|s| s.label.starts_with("Infantry shoots at Rifles"))
            .unwrap();
        assert_eq!(shot.label, "Infantry shoots at Rifles: 2 dice (a unit)");
        assert_eq!(
            shot.notes,
            vec!["Capt. Hart was destroyed by the first fire: no die for him"]
        );
        // Kept out of harm, he adds his die.
        let (_, out) = run(&a, Taking::default(), Taking::default(), &[6, 1, 1, 1, 1]);
        assert_eq!(out.second.shot.unwrap().misses, 3);
        compare(&a);
    }

    #[test]
    fn guns_get_no_assault_bonus_and_trucks_do_not_shoot() {
        let mut a = assault(true);
        a.defender = Party {
            label: "Heavy gun".into(),
            weapon_range: 7,
            class: FirerClass::HeavyGun,
            assault_class: AssaultClass::None,
            cover: false,
            ..rifles()
        };
        let p = plan(&a).unwrap();
        assert_eq!(
            p.fires[0].as_ref().unwrap().modifiers,
            vec![Modifier::new(2, "heavy gun")]
        );
        assert!(p.context.contains(
            &"Heavy gun is being assaulted but is not infantry, cavalry or a tank: no assault +1"
                .to_string()
        ));
        compare(&a);
        a.defender = Party {
            label: "Truck".into(),
            weapon_range: 0,
            ..a.defender
        };
        let (r, out) = run(&a, Taking::default(), Taking::default(), &[5, 5]);
        assert_eq!(out.first.skipped, Some(NoShot::NoWeapon));
        assert_eq!(r.steps[0].outcome, "Truck has no weapon");
        assert_eq!(out.second.shot.unwrap().hits, 2);
        assert!(!out.attacker_takes_area);
        compare(&a);
        let report = odds(&a).unwrap();
        assert!(
            report
                .results
                .iter()
                .all(|l| l.result.starts_with("Infantry shoots second"))
        );
        let mut b = assault(false);
        b.defender.weapon_range = 0;
        b.defender.label = "Truck".into();
        compare(&b);
        assert!(
            odds(&b).unwrap().results.iter().any(
                |l| l.result == "Truck has no weapon: it does not shoot — Truck holds its area"
            )
        );
    }

    #[test]
    fn refusals() {
        let mut a = assault(true);
        a.attacker.weapon_range = 0;
        a.attacker.label = "Truck".into();
        assert_eq!(refused(&a), "Truck has no weapon: it cannot assault");
        let mut a = assault(true);
        a.defender.hits = 3;
        assert_eq!(
            refused(&a),
            "Rifles already has 3 hits, the limit of a regular unit: it is destroyed and takes no part in an assault"
        );
        let mut a = assault(true);
        a.attacker.quality = Quality::Militia;
        a.attacker.hits = 2;
        assert!(refused(&a).starts_with("Infantry already has 2 hits"));
    }

    #[test]
    fn friends_take_the_misses_of_the_fire_at_their_neighbour() {
        let mut a = assault(true);
        a.attacker.friend = Some(Target {
            label: "Support".into(),
            cover: true,
            armour: Armour::None,
            commander: false,
        });
        // Rifles at Infantry: 1 + 1 = 2 miss, 4 + 1 = 5 hit; the miss re-rolled at Support:
        // 6 − 1 + 1 = 6 hit.
        let (r, out) = run(&a, Taking::default(), Taking::default(), &[1, 4, 6, 1, 1]);
        assert_eq!(out.first.shot.unwrap().friend_hits, Some(1));
        assert!(
            r.effects
                .contains(&"Support takes 1 hit (its own round)".to_string())
        );
        compare(&a);
    }

    #[test]
    fn odds_show_the_second_fire_conditioned_on_the_first() {
        // Rifles (defender, militia, 1 hit already) shoots first at Infantry; Infantry regular.
        let mut a = assault(true);
        a.attacker.hits = 2;
        let report = odds(&a).unwrap();
        let x = &report.extra;
        // Rifles: 2 dice at +1: 1/2 a die. Infantry (2 hits) dies on any hit: 3/4.
        assert!((x["p_second_destroyed_before_shooting"] - 0.75).abs() < 1e-12);
        assert!((x["p_second_destroyed_whatever_converted"] - 0.75).abs() < 1e-12);
        assert!((x["p_second_may_retreat"] - 0.25).abs() < 1e-12);
        assert!((x["p_second_shoots"] - 0.25).abs() < 1e-12);
        // Infantry at Rifles in cover with +1: 1/3 a die.
        assert!((x["p_second_fire_0_hits_given_shoots"] - 4.0 / 9.0).abs() < 1e-12);
        assert!((x["p_second_fire_2_hits_given_shoots"] - 1.0 / 9.0).abs() < 1e-12);
        let names: Vec<&str> = report.results.iter().map(|l| l.result.as_str()).collect();
        assert_eq!(
            names,
            [
                "Infantry destroyed by the first fire: it does not shoot — Rifles holds its area",
                "Infantry shoots second: no hits on Rifles — Rifles holds its area",
                "Infantry shoots second: 1 hit on Rifles — Rifles holds its area",
                "Infantry shoots second: 2 hits on Rifles — Rifles holds its area",
            ]
        );
        assert!(
            report.notes.iter().any(|n| n
                == "given Infantry shoots: no hits 44.44%, 1 hit 44.44%, 2 hits 11.11% on Rifles")
        );
        compare(&a);
        // A militia defender with a hit falls to any hit of the second fire.
        a.defender.quality = Quality::Militia;
        a.defender.hits = 1;
        let report = odds(&a).unwrap();
        assert!((report.extra["p_attacker_takes_area"] - 0.25 * 5.0 / 9.0).abs() < 1e-12);
        compare(&a);
        // With a commander, the unit can always be spared.
        a.attacker.commander = Some("Capt. Hart".into());
        assert_eq!(
            odds(&a).unwrap().extra["p_second_destroyed_whatever_converted"],
            0.0
        );
        compare(&a);
    }

    #[test]
    fn odds_equal_brute_force_across_orders_and_modifiers() {
        for front in [true, false] {
            for (att_q, def_q) in [
                (Quality::Regular, Quality::Militia),
                (Quality::Elite, Quality::Regular),
            ] {
                let mut a = assault(front);
                a.attacker.quality = att_q;
                a.defender.quality = def_q;
                compare(&a);
                a.attacker.superior_firepower = true;
                a.defender.armour = Armour::Light;
                a.defender.hits = 1;
                compare(&a);
                a.attacker.assault_class = AssaultClass::Tank;
                a.attacker.armour = Armour::Medium;
                a.defender.commander = Some("Lt. Moss".into());
                compare(&a);
            }
        }
    }

    #[test]
    fn program_dice_are_said() {
        let mut d = crate::dice::SeededDice::new(11);
        let (r, _) = resolve(
            &assault(true),
            &Taking::default(),
            &Taking::default(),
            &mut d,
        )
        .unwrap();
        assert!(r.rolled_by_program);
    }
}
