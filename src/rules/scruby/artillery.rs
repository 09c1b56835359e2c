//! Artillery: a gun's one d6 at troops, at another gun (counter-battery) or at walls, a fortress or
//! a ship (works, destroyed by the number of hits the scenario sets), and canister at troops within
//! musket range with the target's return fire at the crew.
//!
//! [`Bombardment`] and [`Canister`] hold plain values. What a face does is decided in one place
//! ([`Bombardment::outcome`], [`Canister::plan`]); the rolled path and the exact odds both read it.

use super::defs::{CanisterOuter, Kind, Position, Settings};
use super::fire::{check_musket_range, figures, musket_range, word_of};
use super::inputs;
use super::tables::{
    self, ARTILLERY_GUN, ARTILLERY_OPEN, ARTILLERY_OUTER, ARTILLERY_WORKS, ArtilleryColumn, Blast,
    CrewRow, GUN_HITS_TO_DESTROY, Need, crew_row, throw, throw_words,
};
use crate::declare::{Params, RuleError, Value};
use crate::dice::{DiceSource, Die, Roll};
use crate::odds::{Deferred, OddsLine, OddsReport, Words, Written};
use crate::odds::exact::{self, Exact, Prob};
use crate::resolution::{Resolution, Step};
use crate::odds::Figures;

/// Where the gun stands, for its range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GunOn {
    Flat,
    Hill,
    Fortress,
}

impl GunOn {
    pub fn parse(id: &str) -> Option<GunOn> {
        match id {
            "flat" => Some(GunOn::Flat),
            "hill" => Some(GunOn::Hill),
            "fortress" => Some(GunOn::Fortress),
            _ => None,
        }
    }
}

/// A gun's fire, in plain values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bombardment {
    pub gun: Kind,
    pub moved: bool,
    pub gun_on: GunOn,
    pub range: f64,
    pub target: Kind,
    pub target_in: Position,
    /// Counter-battery asked for (the target must then be a gun).
    pub counter_battery: bool,
    /// Counter-battery hits the target gun already has.
    pub gun_hits: u8,
    /// Hits the target works (walls, a fortress or a ship) already have.
    pub works_hits: u8,
    /// The hits that destroy the target works, as the scenario sets (given only for works).
    pub hits_to_destroy: Option<u8>,
}

/// What one artillery die did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArtilleryResult {
    /// One figure killed.
    Kill,
    /// The regiment or squadron retires in confusion 3 moves.
    Retire,
    /// No effect.
    NoEffect,
    /// A counter-battery hit: the gun now has this many.
    Hit(u8),
    /// The third hit: the gun is removed at once and does not fire back.
    Destroyed,
    /// A hit on walls, a fortress or a ship: they now have `hits` of the `of` that destroy them.
    WorksHit { hits: u8, of: u8 },
    /// The last of the `of` hits: the works are destroyed.
    WorksDestroyed { of: u8 },
}

impl ArtilleryResult {
    pub fn words(self) -> String {
        match self {
            ArtilleryResult::Kill => "One figure killed".into(),
            ArtilleryResult::Retire => "The target retires in confusion for 3 moves".into(),
            ArtilleryResult::NoEffect => "No effect".into(),
            ArtilleryResult::Hit(n) => format!("A hit on the gun ({n} of {GUN_HITS_TO_DESTROY})"),
            ArtilleryResult::Destroyed => "The gun is destroyed (its third hit)".into(),
            ArtilleryResult::WorksHit { hits, of } => {
                format!("A hit on the works ({hits} of {of})")
            }
            ArtilleryResult::WorksDestroyed { of } => {
                format!("The works are destroyed (hit {of} of {of})")
            }
        }
    }
}

/// Refuses a gun that moved, unless it is horse artillery: the note to show, if any.
fn moved_gun(gun: Kind, moved: bool) -> Result<Option<String>, RuleError> {
    match (moved, gun) {
        (false, _) => Ok(None),
        (true, Kind::HorseArtillery) => Ok(Some(
            "horse artillery may half-move and fire in one move (decision: it may fire after moving)"
                .into(),
        )),
        (true, _) => Err(RuleError::refused(
            "--moved: a cannon that moved this move cannot fire (artillery may move or fire, not both)",
        )),
    }
}

/// Refuses a target artillery cannot reach: the inner areas of villages and forests.
fn refuse_inner(target_in: Position) -> Result<(), RuleError> {
    match target_in {
        Position::VillageInner | Position::ForestInner => Err(RuleError::refused(format!(
            "--target-in {}: artillery cannot hit troops in the inner area of a village or forest; only the outer areas",
            target_in.id()
        ))),
        _ => Ok(()),
    }
}

impl Bombardment {
    /// The fire from its inputs, read in one pass over them.
    pub fn from_params(p: &Params) -> Result<Self, RuleError> {
        let d = inputs::ARTILLERY_PARAMS;
        let (mut gun, mut gun_on, mut target, mut target_in) = (None, None, None, None);
        let (mut moved, mut counter_battery) = (false, false);
        let (mut range, mut gun_hits, mut works_hits, mut hits_to_destroy) = (None, 0, 0, None);
        let count = |n: i64| u8::try_from(n).unwrap_or(u8::MAX);
        for (name, value) in p.iter() {
            let text = value.as_text();
            match (name, value) {
                ("gun", _) => gun = text,
                ("gun-on", _) => gun_on = text,
                ("target", _) => target = text,
                ("target-in", _) => target_in = text,
                ("moved", v) => moved = *v == Value::Bool(true),
                ("counter-battery", v) => counter_battery = *v == Value::Bool(true),
                ("range", Value::Num(x)) => range = Some(*x),
                ("range", Value::Int(n)) => range = Some(*n as f64),
                ("gun-hits", Value::Int(n)) => gun_hits = count(*n),
                ("works-hits", Value::Int(n)) => works_hits = count(*n),
                ("hits-to-destroy", Value::Int(n)) => hits_to_destroy = Some(count(*n)),
                _ => {}
            }
        }
        // Counter-battery names its target already: a gun (a cannon, unless --target says
        // horse-artillery).
        let target = match target {
            None if counter_battery => Kind::Cannon,
            t => word_of(t, p, d, "target", Kind::parse)?,
        };
        Ok(Bombardment {
            gun: word_of(gun, p, d, "gun", Kind::parse)?,
            moved,
            gun_on: word_of(gun_on, p, d, "gun-on", GunOn::parse)?,
            range: match range {
                Some(r) => r,
                None => p.require_num(inputs::param(d, "range"))?,
            },
            target,
            target_in: word_of(target_in, p, d, "target-in", Position::parse)?,
            counter_battery,
            gun_hits,
            works_hits,
            hits_to_destroy,
        })
    }

    /// True when the target is a gun.
    pub fn at_gun(&self) -> bool {
        self.target.is_gun()
    }

    /// True when the target is walls, a fortress or a ship.
    pub fn at_works(&self) -> bool {
        self.target.is_works()
    }

    /// The hits that destroy the target works (checked by [`Bombardment::column`]).
    fn works_limit(&self) -> u8 {
        self.hits_to_destroy.unwrap_or(1).max(1)
    }

    /// Refuses the works' inputs without works, and works without their count or outside the open.
    fn check_works(&self) -> Result<(), RuleError> {
        if !self.at_works() {
            if self.works_hits > 0 || self.hits_to_destroy.is_some() {
                return Err(RuleError::refused(format!(
                    "--{} counts hits on walls, a fortress or a ship, but --target is {}: give --target works",
                    if self.works_hits > 0 {
                        "works-hits"
                    } else {
                        "hits-to-destroy"
                    },
                    self.target.id()
                )));
            }
            return Ok(());
        }
        let Some(limit) = self.hits_to_destroy else {
            return Err(crate::declare::ParamError::Missing {
                param: "hits-to-destroy".into(),
                help: inputs::param(inputs::ARTILLERY_PARAMS, "hits-to-destroy")
                    .help
                    .to_string(),
            }
            .into());
        };
        if self.works_hits >= limit {
            return Err(RuleError::refused(format!(
                "--works-hits {}: works are destroyed when their hits reach --hits-to-destroy {limit}, so before this fire they have at most {}",
                self.works_hits,
                limit - 1
            )));
        }
        if self.target_in != Position::Open {
            return Err(RuleError::refused(format!(
                "--target-in {}: walls, fortresses and ships are their own terrain; leave --target-in at open",
                self.target_in.id()
            )));
        }
        Ok(())
    }

    /// The column of the artillery table the fire reads, and the context lines; or why the gun
    /// cannot fire.
    pub fn column(&self, s: &Settings) -> Result<(ArtilleryColumn, Vec<String>), RuleError> {
        let column = self.checked_column(s)?;
        Ok((column, self.context(s)))
    }

    /// The gun's place: its range limit and the words for it.
    fn range_from(&self, s: &Settings) -> (f64, &'static str) {
        match self.gun_on {
            GunOn::Flat => (s.artillery_range, "on the flat"),
            GunOn::Hill => (s.artillery_high_range, "from a hill"),
            GunOn::Fortress => (s.artillery_high_range, "from a fortress wall"),
        }
    }

    /// The column of the artillery table the fire reads, without the words; or why the gun
    /// cannot fire.
    fn checked_column(&self, s: &Settings) -> Result<ArtilleryColumn, RuleError> {
        moved_gun(self.gun, self.moved)?;
        let (limit, from) = self.range_from(s);
        if self.range > limit {
            return Err(RuleError::refused(format!(
                "--range {}: beyond a gun's range {from} ({limit}\"; {}\" on the flat, {}\" from a hill or fortress wall): no fire possible, nothing is rolled",
                self.range, s.artillery_range, s.artillery_high_range
            )));
        }
        if self.counter_battery && !self.at_gun() {
            return Err(RuleError::refused(format!(
                "--counter-battery fires at a gun, but --target is {}: give --target cannon or horse-artillery",
                self.target.id()
            )));
        }
        if self.gun_hits > 0 && !self.at_gun() {
            return Err(RuleError::refused(
                "--gun-hits counts hits on a target gun: give --target cannon or horse-artillery",
            ));
        }
        self.check_works()?;
        refuse_inner(self.target_in)?;
        self.target_in
            .admits(self.target)
            .map_err(|e| RuleError::refused(format!("--target-in {}: {e}", self.target_in.id())))?;
        if (self.target.is_infantry() || self.target.is_cavalry()) && self.range <= s.musket_range {
            return Err(RuleError::refused(format!(
                "--range {}: within musket range ({}\", option musket_range) a gun fires canister at infantry or cavalry, not ordinary fire: use `canister`",
                self.range, s.musket_range
            )));
        }
        if self.at_works() {
            return Ok(ARTILLERY_WORKS);
        }
        Ok(match (self.at_gun(), self.target_in.is_outer_area()) {
            (true, false) => ARTILLERY_GUN,
            (true, true) => ArtilleryColumn {
                name: "a gun in a village's outer area (counter-battery)",
                kill: ARTILLERY_OUTER.kill,
                retire: Need::Never,
            },
            (false, true) => ARTILLERY_OUTER,
            (false, false) => ARTILLERY_OPEN,
        })
    }

    /// The context lines of a fire [`Bombardment::checked_column`] allows.
    fn context(&self, s: &Settings) -> Vec<String> {
        let mut context: Vec<String> = moved_gun(self.gun, self.moved)
            .ok()
            .flatten()
            .into_iter()
            .collect();
        let (limit, from) = self.range_from(s);
        context.push(format!(
            "range {}\": within a gun's range {from} ({limit}\")",
            self.range
        ));
        if self.at_works() {
            context.push(format!(
                "walls, fortresses and ships: 1-3-6 is a hit, a 2 has no effect (decision); they have {} hit(s) of the {} the scenario sets to destroy them",
                self.works_hits,
                self.works_limit()
            ));
            return context;
        }
        if self.at_gun() && self.target_in.is_outer_area() {
            context.push(
                "a gun in a village's outer area is hit on 3-6, as troops there are killed (decision)"
                    .into(),
            );
        }
        if self.at_gun() {
            context.push(format!(
                "counter-battery: the target gun has {} hit(s); the third destroys it at once (no return fire)",
                self.gun_hits
            ));
        }
        context
    }

    /// The results a report lists, in its order.
    fn result_order(&self) -> [ArtilleryResult; 3] {
        if self.at_works() {
            let of = self.works_limit();
            [
                ArtilleryResult::WorksDestroyed { of },
                ArtilleryResult::WorksHit {
                    hits: self.works_hits + 1,
                    of,
                },
                ArtilleryResult::NoEffect,
            ]
        } else if self.at_gun() {
            [
                ArtilleryResult::Destroyed,
                ArtilleryResult::Hit(self.gun_hits + 1),
                ArtilleryResult::NoEffect,
            ]
        } else {
            [
                ArtilleryResult::Kill,
                ArtilleryResult::Retire,
                ArtilleryResult::NoEffect,
            ]
        }
    }

    /// What `face` does to the target.
    pub fn outcome(&self, column: &ArtilleryColumn, face: u8, s: &Settings) -> ArtilleryResult {
        if self.at_works() {
            let of = self.works_limit();
            return match column.blast(face, s.three_six) {
                Blast::Kill if self.works_hits + 1 >= of => ArtilleryResult::WorksDestroyed { of },
                Blast::Kill => ArtilleryResult::WorksHit {
                    hits: self.works_hits + 1,
                    of,
                },
                _ => ArtilleryResult::NoEffect,
            };
        }
        match (column.blast(face, s.three_six), self.at_gun()) {
            (Blast::Kill, true) if self.gun_hits + 1 >= GUN_HITS_TO_DESTROY => {
                ArtilleryResult::Destroyed
            }
            (Blast::Kill, true) => ArtilleryResult::Hit(self.gun_hits + 1),
            (Blast::Kill, false) => ArtilleryResult::Kill,
            (Blast::Retire, false) if self.target != Kind::Grenadier => ArtilleryResult::Retire,
            _ => ArtilleryResult::NoEffect,
        }
    }

    /// Each face's result in a few words: "1, 3 or 6 one figure killed; 2 retires …; 4, 5 no
    /// effect".
    fn faces_words(&self, column: &ArtilleryColumn, s: &Settings) -> String {
        let mut groups: Vec<(Vec<u8>, ArtilleryResult)> = Vec::new();
        for face in 1..=6u8 {
            let r = self.outcome(column, face, s);
            match groups.iter_mut().find(|(_, g)| *g == r) {
                Some((faces, _)) => faces.push(face),
                None => groups.push((vec![face], r)),
            }
        }
        groups
            .iter()
            .map(|(faces, r)| {
                let f: Vec<String> = faces.iter().map(ToString::to_string).collect();
                format!("{}: {}", f.join(", "), r.words().to_lowercase())
            })
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn title(&self) -> String {
        if self.at_works() {
            return format!(
                "Artillery fire: {} at a wall, fortress or ship (hits so far: {} of {})",
                self.gun.name(),
                self.works_hits,
                self.works_limit()
            );
        }
        format!(
            "Artillery fire: {} at {} {}",
            self.gun.name(),
            if self.at_gun() {
                format!(
                    "an enemy {} (counter-battery)",
                    self.target.name().to_lowercase()
                )
            } else {
                self.target.name().to_string()
            },
            self.target_in.words()
        )
    }

    /// The exact chance of each result.
    pub fn distribution(&self, s: &Settings) -> Result<Exact<ArtilleryResult>, RuleError> {
        let (column, _) = self.column(s)?;
        let mut d = Exact::new();
        for face in 1..=6u8 {
            d.add(self.outcome(&column, face, s), exact::sixths(1));
        }
        Ok(d)
    }
}

/// What an artillery result does, for the effects.
fn effect_words(b: &Bombardment, r: ArtilleryResult) -> Vec<String> {
    match r {
        ArtilleryResult::Kill => vec![format!(
            "the {} loses one figure: take it off the tray",
            b.target.unit_word()
        )],
        ArtilleryResult::Retire => vec![format!(
            "the {} retires in confusion: 3 moves away from the enemy, no fire, charge or melee",
            b.target.unit_word()
        )],
        ArtilleryResult::NoEffect => vec!["no effect".into()],
        ArtilleryResult::Hit(n) => vec![format!("the gun has {n} hit(s); the third destroys it")],
        ArtilleryResult::Destroyed => {
            vec!["the gun is removed from the table at once and cannot fire back".into()]
        }
        ArtilleryResult::WorksHit { hits, of } => vec![format!(
            "the works have {hits} hit(s) of the {of} that destroy them: keep the count"
        )],
        ArtilleryResult::WorksDestroyed { of } => vec![format!(
            "the works are destroyed (hit {of} of {of}): remove them from the table"
        )],
    }
}

/// A gun's fire with dice.
pub fn resolve(
    b: &Bombardment,
    s: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<(Resolution, ArtilleryResult), RuleError> {
    let (column, context) = b.column(s)?;
    let faces = b.faces_words(&column, s);
    let purpose = format!("artillery at {}: {faces}", column.name);
    let face = dice.roll(Die::D6, &purpose)?;
    let result = b.outcome(&column, face, s);
    let mut notes = Vec::new();
    if column.blast(face, s.three_six) == Blast::Retire && result == ArtilleryResult::NoEffect {
        notes.push("Grenadiers are not affected by this morale type of artillery fire".into());
    }
    if b.at_gun() && face == 2 {
        notes.push("a roll of 2 has no effect on a gun or its crew".into());
    }
    if b.at_works() && face == 2 {
        notes.push(
            "a roll of 2 has no effect on walls, fortresses and ships: its confusion is for regiments and squadrons (decision)"
                .into(),
        );
    }
    if b.target_in.is_outer_area() && !b.at_gun() {
        notes.push("in an outer area a figure is killed on 3-6 only; a 2 has no effect".into());
    }
    let step = Step {
        label: "Artillery fire".into(),
        table: Some("Artillery fire".into()),
        dice: vec![Roll {
            die: Die::D6,
            face,
            purpose,
        }],
        row: Some(format!("{}: {faces}", column.name)),
        outcome: format!("rolled {face}: {}", result.words().to_lowercase()),
        notes,
        ..Step::default()
    };
    Ok((
        Resolution {
            ruleset: super::ID.into(),
            action: "artillery".into(),
            title: b.title(),
            context,
            steps: vec![step],
            result: result.words(),
            effects: effect_words(b, result),
            rolled_by_program: dice.is_generated(),
        },
        result,
    ))
}

/// Exact odds of a gun's fire: the faces counted for each result; the words written when shown.
pub fn odds(b: &Bombardment, s: &Settings) -> Result<OddsReport, RuleError> {
    let column = b.checked_column(s)?;
    let order = b.result_order();
    // Each result's place in the order: what kills (or destroys), what hits or drives back, no
    // effect.
    let mut faces = [0u64; 3];
    for face in 1..=6u8 {
        faces[match b.outcome(&column, face, s) {
            ArtilleryResult::Kill
            | ArtilleryResult::Destroyed
            | ArtilleryResult::WorksDestroyed { .. } => 0,
            ArtilleryResult::Retire | ArtilleryResult::Hit(_) | ArtilleryResult::WorksHit { .. } => 1,
            ArtilleryResult::NoEffect => 2,
        }] += 1;
    }
    let words = Deferred::new(BombardmentWords {
        bombardment: *b,
        settings: *s,
    });
    // No effect is always listed (last); the others when a face gives them.
    let mut results = Vec::with_capacity(3);
    for (i, &n) in faces.iter().enumerate() {
        if n > 0 || i == 2 {
            results.push(OddsLine {
                result: words.result(results.len()),
                probability: n as f64 / 6.0,
            });
        }
    }
    let p = |pred: &dyn Fn(ArtilleryResult) -> bool| {
        (0..3)
            .filter(|&i| pred(order[i]))
            .map(|i| faces[i])
            .sum::<u64>() as f64
            / 6.0
    };
    let mut extra = Figures::new();
    if b.at_gun() || b.at_works() {
        extra.insert(
            "p_hit".into(),
            p(&|r| {
                matches!(
                    r,
                    ArtilleryResult::Hit(_)
                        | ArtilleryResult::Destroyed
                        | ArtilleryResult::WorksHit { .. }
                        | ArtilleryResult::WorksDestroyed { .. }
                )
            }),
        );
        if b.at_works() {
            extra.insert(
                "p_destroyed".into(),
                p(&|r| matches!(r, ArtilleryResult::WorksDestroyed { .. })),
            );
        }
    } else {
        extra.insert("p_kill".into(), p(&|r| r == ArtilleryResult::Kill));
    }
    Ok(OddsReport {
        title: words.title(),
        results,
        notes: words.notes(),
        extra,
    })
}

/// The words of a gun's fire's odds, written from the fire and the settings.
struct BombardmentWords {
    bombardment: Bombardment,
    settings: Settings,
}

impl Words for BombardmentWords {
    fn write(&self) -> Written {
        let (b, s) = (&self.bombardment, &self.settings);
        let (column, mut notes) = match b.column(s) {
            Ok(c) => c,
            Err(e) => {
                return Written {
                    notes: vec![e.to_string()],
                    ..Written::default()
                };
            }
        };
        notes.push(format!("{}: {}", column.name, b.faces_words(&column, s)));
        let mut d = Exact::new();
        for face in 1..=6u8 {
            d.add(b.outcome(&column, face, s), exact::sixths(1));
        }
        let results = b
            .result_order()
            .iter()
            .filter(|r| d.p(r) > Prob::from_integer(0) || **r == ArtilleryResult::NoEffect)
            .map(|r| exact::label(&r.words(), d.p(r)))
            .collect();
        Written {
            title: b.title(),
            results,
            notes,
        }
    }
}

// ---- canister -----------------------------------------------------------------------------------

/// Canister at troops within musket range, in plain values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Canister {
    pub gun: Kind,
    pub moved: bool,
    pub target: Kind,
    /// Figures on the target before the canister.
    pub target_figures: u8,
    pub target_in: Position,
    pub range: Option<f64>,
    /// The target fires back at the crew at the same moment.
    pub return_fire: bool,
}

/// How a canister shot ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CanisterEnd {
    /// The canister killed a figure.
    pub killed: bool,
    /// Figures the target has left.
    pub left: u8,
    /// The return fire killed the crew (None: no return fire).
    pub crew_killed: Option<bool>,
}

impl CanisterEnd {
    pub fn words(&self) -> String {
        let canister = if self.killed {
            "canister kills one figure"
        } else {
            "canister kills nobody"
        };
        match self.crew_killed {
            Some(true) => format!("{canister}; the return fire kills the crew"),
            Some(false) => format!("{canister}; the crew survives the return fire"),
            None => canister.to_string(),
        }
    }
}

impl Canister {
    /// The shot from its inputs, read in one pass over them.
    pub fn from_params(p: &Params) -> Result<Self, RuleError> {
        let d = inputs::CANISTER_PARAMS;
        let (mut gun, mut target, mut target_in) = (None, None, None);
        let (mut moved, mut return_fire, mut range, mut target_figures) = (false, false, None, None);
        for (name, value) in p.iter() {
            let text = value.as_text();
            match (name, value) {
                ("gun", _) => gun = text,
                ("target", _) => target = text,
                ("target-in", _) => target_in = text,
                ("moved", v) => moved = *v == Value::Bool(true),
                ("return-fire", v) => return_fire = *v == Value::Bool(true),
                ("range", Value::Num(x)) => range = Some(*x),
                ("range", Value::Int(n)) => range = Some(*n as f64),
                ("target-figures", Value::Int(n)) => {
                    target_figures = Some(u8::try_from(*n).unwrap_or(u8::MAX));
                }
                _ => {}
            }
        }
        Ok(Canister {
            gun: word_of(gun, p, d, "gun", Kind::parse)?,
            moved,
            target: word_of(target, p, d, "target", Kind::parse)?,
            target_figures: match target_figures {
                Some(n) => n,
                None => figures(p, d, "target-figures")?,
            },
            target_in: word_of(target_in, p, d, "target-in", Position::parse)?,
            range,
            return_fire,
        })
    }

    /// What the canister needs, and the context lines; or why it cannot be fired.
    pub fn plan(&self, s: &Settings) -> Result<(Need, Vec<String>), RuleError> {
        let need = self.need(s)?;
        let mut context: Vec<String> = moved_gun(self.gun, self.moved)?.into_iter().collect();
        context.push(musket_range(self.range, s, "canister")?);
        if need == Need::ThreeSix {
            context.push(
                "the target is in an outer area: canister kills on 3-6 like other artillery (decision)"
                    .into(),
            );
        }
        context.push(
            "canister fires before the target's rifles; the return fire is at the same moment, with the figures left after the canister, and killing the crew does not undo the canister kill"
                .into(),
        );
        Ok((need, context))
    }

    /// What the canister needs, without the words; or why it cannot be fired.
    fn need(&self, s: &Settings) -> Result<Need, RuleError> {
        moved_gun(self.gun, self.moved)?;
        check_musket_range(self.range, s, "canister")?;
        if !(self.target.is_infantry() || self.target.is_cavalry()) {
            return Err(RuleError::refused(format!(
                "--target {}: canister is used only against infantry or cavalry",
                self.target.id()
            )));
        }
        tables::check_figures(self.target, self.target_figures, "target-figures")?;
        refuse_inner(self.target_in)?;
        self.target_in
            .admits(self.target)
            .map_err(|e| RuleError::refused(format!("--target-in {}: {e}", self.target_in.id())))?;
        if self.return_fire && !self.target.is_infantry() {
            return Err(RuleError::refused(format!(
                "--return-fire: {} have no rifles to fire back at the crew",
                self.target.name()
            )));
        }
        Ok(
            if self.target_in.is_outer_area()
                && s.canister_in_outer_area == CanisterOuter::AsArtillery
            {
                Need::ThreeSix
            } else {
                Need::Always
            },
        )
    }

    /// The crew row the return fire reads with `left` figures, if it fires back at all.
    pub fn return_row(&self, left: u8) -> Option<&'static CrewRow> {
        (self.return_fire && left > 0).then(|| crew_row(self.target, left))
    }

    fn title(&self) -> String {
        format!(
            "Canister: {} at {} ({}) {}",
            self.gun.name(),
            self.target.name(),
            tables::figs(self.target_figures),
            self.target_in.words()
        )
    }

    /// The canister and the return fire with dice: the steps and how it ends. Dice: the
    /// canister's die if one is thrown, then the return-fire die.
    pub fn fire(
        &self,
        s: &Settings,
        dice: &mut dyn DiceSource,
    ) -> Result<(Vec<String>, Vec<Step>, CanisterEnd), RuleError> {
        let (need, context) = self.plan(s)?;
        let purpose = format!(
            "canister at {} {}: {} kills one figure",
            self.target.name(),
            self.target_in.words(),
            need.faces_words(s.three_six)
        );
        let (roll, killed) = throw(need, s.three_six, dice, &purpose)?;
        let left = self.target_figures - u8::from(killed);
        let mut steps = vec![Step {
            label: "Canister".into(),
            table: Some("Artillery fire: canister".into()),
            outcome: throw_words(
                need,
                s.three_six,
                roll.as_ref(),
                killed,
                "one figure killed",
                "no kill",
            ),
            dice: roll.into_iter().collect(),
            row: Some(format!(
                "canister at musket range: one figure killed {}",
                need.published()
            )),
            notes: vec![format!(
                "the {} has {} left",
                self.target.unit_word(),
                tables::figs(left)
            )],
            ..Step::default()
        }];
        let mut crew_killed = None;
        if let Some(row) = self.return_row(left) {
            let purpose = format!(
                "return fire at the crew, row {} ({}): {} kills the crew",
                row.letter,
                row.firer,
                row.need.faces_words(s.three_six)
            );
            let (roll, kill) = throw(row.need, s.three_six, dice, &purpose)?;
            crew_killed = Some(kill);
            steps.push(Step {
                label: "Return fire at the gun crew (at the same moment)".into(),
                table: Some("Rifle fire at a gun crew".into()),
                outcome: throw_words(
                    row.need,
                    s.three_six,
                    roll.as_ref(),
                    kill,
                    "the crew is killed",
                    "the crew survives",
                ),
                dice: roll.into_iter().collect(),
                row: Some(format!(
                    "{} — {} | kills the crew {}",
                    row.letter,
                    row.firer,
                    row.need.published()
                )),
                notes: vec![format!(
                    "{} with {} after the canister: row {}",
                    self.target.name(),
                    tables::figs(left),
                    row.letter
                )],
                ..Step::default()
            });
        } else if self.return_fire {
            steps[0]
                .notes
                .push("the regiment is wiped out: no return fire".into());
        }
        Ok((
            context,
            steps,
            CanisterEnd {
                killed,
                left,
                crew_killed,
            },
        ))
    }

    /// The exact chance of each ending, from the same needs the rolled path reads.
    pub fn distribution(&self, s: &Settings) -> Result<Exact<CanisterEnd>, RuleError> {
        let (need, _) = self.plan(s)?;
        let p = need.chance(s.three_six);
        let mut first = Exact::new();
        first.add(true, p);
        first.add(false, Prob::from_integer(1) - p);
        Ok(first.then(|&killed| {
            let left = self.target_figures - u8::from(killed);
            match self.return_row(left) {
                None => Exact::certain(CanisterEnd {
                    killed,
                    left,
                    crew_killed: None,
                }),
                Some(row) => {
                    let q = row.need.chance(s.three_six);
                    let mut d = Exact::new();
                    for (kill, pk) in [(true, q), (false, Prob::from_integer(1) - q)] {
                        d.add(
                            CanisterEnd {
                                killed,
                                left,
                                crew_killed: Some(kill),
                            },
                            pk,
                        );
                    }
                    d
                }
            }
        }))
    }
}

/// Canister with dice.
pub fn resolve_canister(
    c: &Canister,
    s: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<(Resolution, CanisterEnd), RuleError> {
    let (context, steps, end) = c.fire(s, dice)?;
    let mut effects = Vec::new();
    if end.killed {
        effects.push(format!(
            "the {} loses one figure ({} left): take it off the tray",
            c.target.unit_word(),
            end.left
        ));
    }
    match end.crew_killed {
        Some(true) => effects.push(
            "the crew is killed: the gun can neither fire nor move; whoever holds it for 3 moves re-mans it (the canister kill stands)"
                .into(),
        ),
        Some(false) => effects.push("the gun keeps its crew".into()),
        None => {}
    }
    if c.return_fire {
        effects.push("the return fire is the regiment's rifle fire for this move".into());
    }
    effects.push("canister is the gun's one shot this move".into());
    let mut result = end.words();
    if let Some(first) = result.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    Ok((
        Resolution {
            ruleset: super::ID.into(),
            action: "canister".into(),
            title: c.title(),
            context,
            steps,
            result,
            effects,
            rolled_by_program: dice.is_generated(),
        },
        end,
    ))
}

/// The ways canister ends, in the order a report lists them: the canister's kill, then the
/// return fire's.
fn canister_ends(c: &Canister) -> impl Iterator<Item = CanisterEnd> + '_ {
    [true, false].into_iter().flat_map(move |killed| {
        [Some(true), Some(false), None]
            .into_iter()
            .map(move |crew| CanisterEnd {
                killed,
                left: c.target_figures - u8::from(killed),
                crew_killed: crew,
            })
    })
}

/// Exact odds of canister and its return fire: the faces counted (out of 36, the canister's die
/// then the return fire's); the words written when shown.
pub fn canister_odds(c: &Canister, s: &Settings) -> Result<OddsReport, RuleError> {
    let need = c.need(s)?;
    let faces = |n: Need| n.faces(s.three_six).len() as u64;
    let kill = faces(need);
    // The chance of an ending, in 36ths.
    let count = |end: &CanisterEnd| -> u64 {
        let first = if end.killed { kill } else { 6 - kill };
        match (c.return_row(end.left), end.crew_killed) {
            (None, None) => first * 6,
            (Some(row), Some(k)) => {
                let q = faces(row.need);
                first * if k { q } else { 6 - q }
            }
            _ => 0,
        }
    };
    let words = Deferred::new(CanisterWords {
        canister: *c,
        settings: *s,
    });
    let mut results = Vec::new();
    let (mut killed, mut crew) = (0, 0);
    for end in canister_ends(c) {
        let n = count(&end);
        if n > 0 {
            results.push(OddsLine {
                result: words.result(results.len()),
                probability: n as f64 / 36.0,
            });
        }
        killed += if end.killed { n } else { 0 };
        crew += if end.crew_killed == Some(true) { n } else { 0 };
    }
    let mut extra = Figures::new();
    extra.insert("p_canister_kill".into(), killed as f64 / 36.0);
    if c.return_fire {
        extra.insert("p_crew_killed".into(), crew as f64 / 36.0);
    }
    Ok(OddsReport {
        title: words.title(),
        results,
        notes: words.notes(),
        extra,
    })
}

/// The words of canister's odds, written from the shot and the settings.
struct CanisterWords {
    canister: Canister,
    settings: Settings,
}

impl Words for CanisterWords {
    fn write(&self) -> Written {
        let (c, s) = (&self.canister, &self.settings);
        let (notes, d) = match c.plan(s).and_then(|(_, n)| Ok((n, c.distribution(s)?))) {
            Ok(x) => x,
            Err(e) => {
                return Written {
                    notes: vec![e.to_string()],
                    ..Written::default()
                };
            }
        };
        let results = canister_ends(c)
            .filter_map(|end| {
                let p = d.p(&end);
                (p > Prob::from_integer(0)).then(|| {
                    let mut words = end.words();
                    if let Some(first) = words.get_mut(0..1) {
                        first.make_ascii_uppercase();
                    }
                    exact::label(&words, p)
                })
            })
            .collect();
        Written {
            title: c.title(),
            results,
            notes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::TypedDice;
    use crate::odds::enumerate;
    use crate::rules::scruby::test_settings;

    fn gun_at(target: Kind, target_in: Position) -> Bombardment {
        Bombardment {
            gun: Kind::Cannon,
            moved: false,
            gun_on: GunOn::Flat,
            range: 12.0,
            target,
            target_in,
            counter_battery: false,
            gun_hits: 0,
            works_hits: 0,
            hits_to_destroy: None,
        }
    }

    /// A cannon at works that `of` hits destroy and that have `hits` already.
    fn at_works(hits: u8, of: u8) -> Bombardment {
        Bombardment {
            works_hits: hits,
            hits_to_destroy: Some(of),
            ..gun_at(Kind::Works, Position::Open)
        }
    }

    fn results(b: &Bombardment, s: &Settings) -> Vec<ArtilleryResult> {
        (1..=6)
            .map(|f| {
                let mut d = TypedDice::new([f]);
                let r = resolve(b, s, &mut d).unwrap().1;
                d.finish().unwrap();
                r
            })
            .collect()
    }

    use ArtilleryResult::*;

    #[test]
    fn in_the_open() {
        let s = Settings::default();
        for t in [
            Kind::Line,
            Kind::Light,
            Kind::HeavyCavalry,
            Kind::LightCavalry,
        ] {
            assert_eq!(
                results(&gun_at(t, Position::Open), &s),
                [Kill, Retire, Kill, NoEffect, NoEffect, Kill]
            );
            assert_eq!(
                results(&gun_at(t, Position::Hill), &s),
                [Kill, Retire, Kill, NoEffect, NoEffect, Kill]
            );
        }
    }

    #[test]
    fn grenadiers_ignore_the_two() {
        let s = Settings::default();
        assert_eq!(
            results(&gun_at(Kind::Grenadier, Position::Open), &s),
            [Kill, NoEffect, Kill, NoEffect, NoEffect, Kill]
        );
        let mut d = TypedDice::new([2]);
        let (r, _) = resolve(&gun_at(Kind::Grenadier, Position::Open), &s, &mut d).unwrap();
        assert!(r.steps[0].notes[0].contains("Grenadiers are not affected"));
    }

    /// Digest, artillery: "Into the outer area of a village or forest: a figure is killed on 3-6
    /// only; a 2 has no effect" — a 3 or a 6, one third, less often than in the open (one half).
    #[test]
    fn outer_areas_kill_on_three_six_and_ignore_the_two() {
        let s = Settings::default();
        for p in [
            Position::Town,
            Position::VillageOuter,
            Position::ForestOuter,
        ] {
            assert_eq!(
                results(&gun_at(Kind::Line, p), &s),
                [NoEffect, NoEffect, Kill, NoEffect, NoEffect, Kill]
            );
            let outer = gun_at(Kind::Line, p).distribution(&s).unwrap();
            let open = gun_at(Kind::Line, Position::Open).distribution(&s).unwrap();
            assert_eq!(outer.p(&Kill), Prob::new(1, 3));
            assert!(outer.p(&Kill) < open.p(&Kill), "better cover, harder throw");
        }
        let to6 = test_settings(&["three_six=3-to-6"]);
        assert_eq!(
            results(&gun_at(Kind::Line, Position::VillageOuter), &to6),
            [NoEffect, NoEffect, Kill, Kill, Kill, Kill]
        );
    }

    /// Digest, light cavalry section: "a gun within musket range of its target fires canister
    /// (not ordinary fire)"; artillery: "Canister: at musket range against infantry or cavalry".
    #[test]
    fn within_musket_range_troops_get_canister_not_ordinary_fire() {
        let s = Settings::default();
        for t in [
            Kind::Line,
            Kind::Grenadier,
            Kind::HeavyCavalry,
            Kind::LightCavalry,
        ] {
            let mut b = gun_at(t, Position::Open);
            b.range = 6.0;
            let e = b.column(&s).unwrap_err().to_string();
            assert!(
                e.contains("--range 6: within musket range") && e.contains("use `canister`"),
                "{e}"
            );
            b.range = 6.5;
            assert!(b.column(&s).is_ok(), "beyond musket range: ordinary fire");
        }
        // A gun or works at that range take ordinary fire (canister is for troops).
        for mut b in [gun_at(Kind::Cannon, Position::Open), at_works(0, 2)] {
            b.range = 4.0;
            assert!(b.column(&s).is_ok(), "{b:?}");
        }
        // At a 9" musket range, 8" is canister range too.
        let mut b = gun_at(Kind::Line, Position::Open);
        b.range = 8.0;
        assert!(b.column(&test_settings(&["musket_range=9"])).is_err());
    }

    #[test]
    fn inner_areas_cannot_be_hit() {
        let s = Settings::default();
        for p in [Position::VillageInner, Position::ForestInner] {
            let e = gun_at(Kind::Line, p).column(&s).unwrap_err().to_string();
            assert!(e.contains("inner area"), "{e}");
        }
    }

    #[test]
    fn counter_battery_to_three_hits() {
        let s = Settings::default();
        let mut b = gun_at(Kind::Cannon, Position::Open);
        assert_eq!(
            results(&b, &s),
            [Hit(1), NoEffect, Hit(1), NoEffect, NoEffect, Hit(1)],
            "a 2 has no effect on a gun"
        );
        b.gun_hits = 1;
        assert_eq!(results(&b, &s)[0], Hit(2));
        b.gun_hits = 2;
        assert_eq!(
            results(&b, &s),
            [
                Destroyed, NoEffect, Destroyed, NoEffect, NoEffect, Destroyed
            ]
        );
        // The flag with a gun target; the flag or hits with troops refused.
        let mut c = gun_at(Kind::HorseArtillery, Position::Open);
        c.counter_battery = true;
        assert!(c.column(&s).is_ok());
        let mut t = gun_at(Kind::Line, Position::Open);
        t.counter_battery = true;
        assert!(t.column(&s).is_err());
        t.counter_battery = false;
        t.gun_hits = 1;
        assert!(t.column(&s).is_err());
    }

    #[test]
    fn works_take_a_hit_on_one_three_six_and_the_count_destroys_them() {
        let s = Settings::default();
        let hit = |hits, of| WorksHit { hits, of };
        assert_eq!(
            results(&at_works(0, 5), &s),
            [
                hit(1, 5),
                NoEffect,
                hit(1, 5),
                NoEffect,
                NoEffect,
                hit(1, 5)
            ],
            "a 2 has no effect on works"
        );
        assert_eq!(results(&at_works(3, 5), &s)[2], hit(4, 5));
        let last = WorksDestroyed { of: 5 };
        assert_eq!(
            results(&at_works(4, 5), &s),
            [last, NoEffect, last, NoEffect, NoEffect, last]
        );
        // One hit destroys works of 1; the 3-6 reading does not touch the column.
        let s36 = test_settings(&["three_six=3-to-6"]);
        let one = WorksDestroyed { of: 1 };
        assert_eq!(
            results(&at_works(0, 1), &s36),
            [one, NoEffect, one, NoEffect, NoEffect, one]
        );
        let mut d = TypedDice::new([2]);
        let (r, _) = resolve(&at_works(0, 2), &s, &mut d).unwrap();
        assert!(
            r.steps[0].notes[0].contains("no effect on walls, fortresses and ships"),
            "{r:?}"
        );
        assert!(
            r.steps[0]
                .row
                .as_deref()
                .unwrap()
                .starts_with("walls, fortresses and ships: ")
        );
    }

    #[test]
    fn works_inputs_are_checked() {
        let s = Settings::default();
        let err = |b: Bombardment| b.column(&s).unwrap_err().to_string();
        // The count is required, and the hits so far are fewer.
        let mut b = at_works(0, 3);
        b.hits_to_destroy = None;
        assert!(err(b).starts_with("--hits-to-destroy is required"));
        let e = err(at_works(3, 3));
        assert!(
            e.starts_with("--works-hits 3: ") && e.contains("at most 2"),
            "{e}"
        );
        // Works are their own terrain.
        let mut b = at_works(0, 3);
        b.target_in = Position::VillageOuter;
        assert!(err(b).contains("their own terrain"));
        // Their inputs with another target, and counter-battery at works, are refused.
        let mut t = gun_at(Kind::Line, Position::Open);
        t.works_hits = 1;
        assert!(err(t).starts_with("--works-hits counts hits on walls"));
        t.works_hits = 0;
        t.hits_to_destroy = Some(3);
        assert!(err(t).starts_with("--hits-to-destroy counts hits on walls"));
        let mut c = gun_at(Kind::Cannon, Position::Open);
        c.hits_to_destroy = Some(3);
        assert!(c.column(&s).is_err());
        let mut w = at_works(0, 3);
        w.counter_battery = true;
        assert!(err(w).starts_with("--counter-battery"));
        let mut w = at_works(0, 3);
        w.gun_hits = 1;
        assert!(err(w).starts_with("--gun-hits"));
        // Range as any target; no canister note at musket range.
        let mut w = at_works(0, 3);
        w.range = 4.0;
        let (column, context) = w.column(&s).unwrap();
        assert_eq!(column, ARTILLERY_WORKS);
        assert!(
            !context.iter().any(|c| c.contains("canister")),
            "{context:?}"
        );
        w.range = 17.0;
        assert!(w.column(&s).is_err());
    }

    #[test]
    fn range_sixteen_on_the_flat_eighteen_from_a_hill() {
        let s = Settings::default();
        let mut b = gun_at(Kind::Line, Position::Open);
        b.range = 16.0;
        assert!(b.column(&s).is_ok());
        b.range = 17.0;
        let e = b.column(&s).unwrap_err().to_string();
        assert!(e.contains("--range 17") && e.contains("(16\""), "{e}");
        b.gun_on = GunOn::Hill;
        assert!(b.column(&s).is_ok());
        b.gun_on = GunOn::Fortress;
        b.range = 18.0;
        assert!(b.column(&s).is_ok());
        b.range = 18.5;
        assert!(b.column(&s).is_err());
    }

    #[test]
    fn a_moved_cannon_cannot_fire() {
        let s = Settings::default();
        let mut b = gun_at(Kind::Line, Position::Open);
        b.moved = true;
        let e = b.column(&s).unwrap_err().to_string();
        assert!(e.contains("--moved"), "{e}");
        b.gun = Kind::HorseArtillery;
        assert!(
            b.column(&s).is_ok(),
            "horse artillery may half-move and fire"
        );
    }

    #[test]
    fn artillery_odds_equal_brute_force() {
        for s in [Settings::default(), test_settings(&["three_six=3-to-6"])] {
            for (target, pos, hits) in [
                (Kind::Line, Position::Open, 0),
                (Kind::Grenadier, Position::Hill, 0),
                (Kind::LightCavalry, Position::ForestOuter, 0),
                (Kind::Cannon, Position::Open, 0),
                (Kind::Cannon, Position::VillageOuter, 2),
            ] {
                let mut b = gun_at(target, pos);
                b.gun_hits = hits;
                let exact = b.distribution(&s).unwrap();
                let brute = enumerate(|d| resolve(&b, &s, d).map(|r| r.1)).unwrap();
                assert_eq!(exact.len(), brute.len());
                for (r, p) in brute.iter() {
                    assert!((exact::to_f64(exact.p(r)) - p).abs() < 1e-12, "{b:?} {r:?}");
                }
            }
        }
    }

    #[test]
    fn works_odds_equal_brute_force() {
        for s in [Settings::default(), test_settings(&["three_six=3-to-6"])] {
            for (hits, of) in [(0, 1), (0, 2), (1, 2), (0, 5), (3, 5), (98, 99)] {
                let b = at_works(hits, of);
                let exact = b.distribution(&s).unwrap();
                let brute = enumerate(|d| resolve(&b, &s, d).map(|r| r.1)).unwrap();
                assert_eq!(exact.len(), brute.len(), "{b:?}");
                for (r, p) in brute.iter() {
                    assert!((exact::to_f64(exact.p(r)) - p).abs() < 1e-12, "{b:?} {r:?}");
                }
                // A half to hit (the last hit destroys), a half no effect.
                let hit = if hits + 1 == of {
                    WorksDestroyed { of }
                } else {
                    WorksHit { hits: hits + 1, of }
                };
                assert_eq!(exact.p(&hit), Prob::new(1, 2), "{b:?}");
                assert_eq!(exact.p(&NoEffect), Prob::new(1, 2), "{b:?}");
                let report = odds(&b, &s).unwrap();
                assert_eq!(report.extra["p_hit"], 0.5);
                let destroyed = if hits + 1 == of { 0.5 } else { 0.0 };
                assert_eq!(report.extra["p_destroyed"], destroyed);
            }
        }
    }

    fn canister(target: Kind, figures: u8, pos: Position, ret: bool) -> Canister {
        Canister {
            gun: Kind::Cannon,
            moved: false,
            target,
            target_figures: figures,
            target_in: pos,
            range: Some(5.0),
            return_fire: ret,
        }
    }

    fn shoot(c: &Canister, s: &Settings, faces: &[i64]) -> CanisterEnd {
        let mut d = TypedDice::new(faces.iter().copied());
        let end = resolve_canister(c, s, &mut d).unwrap().1;
        d.finish().unwrap();
        end
    }

    #[test]
    fn canister_without_return_fire_kills_automatically() {
        let s = Settings::default();
        let end = shoot(&canister(Kind::Line, 4, Position::Open, false), &s, &[]);
        assert_eq!(
            end,
            CanisterEnd {
                killed: true,
                left: 3,
                crew_killed: None
            }
        );
    }

    #[test]
    fn canister_with_return_fire_uses_the_strength_after_the_kill() {
        let s = Settings::default();
        // 2 figures, one killed: a 1-figure Line regiment fires back on row B (a 6).
        let c = canister(Kind::Line, 2, Position::Open, true);
        assert_eq!(
            shoot(&c, &s, &[5]),
            CanisterEnd {
                killed: true,
                left: 1,
                crew_killed: Some(false)
            },
            "a 5 is not the 6 row B needs"
        );
        assert_eq!(shoot(&c, &s, &[6]).crew_killed, Some(true));
        // 3 figures, 2 left: row A (3-6: a 3 or a 6; a 4 misses).
        let c = canister(Kind::Line, 3, Position::Open, true);
        assert_eq!(shoot(&c, &s, &[3]).crew_killed, Some(true));
        assert_eq!(shoot(&c, &s, &[4]).crew_killed, Some(false));
        // Grenadiers: row C (1-3-6).
        let c = canister(Kind::Grenadier, 1, Position::Open, true);
        let end = shoot(&c, &s, &[]);
        assert_eq!(
            (end.left, end.crew_killed),
            (0, None),
            "wiped out: no return fire"
        );
        // In an outer area: the canister's die first (3-6), then the return fire.
        let c = canister(Kind::Line, 2, Position::VillageOuter, true);
        assert_eq!(
            shoot(&c, &s, &[2, 6]),
            CanisterEnd {
                killed: false,
                left: 2,
                crew_killed: Some(true)
            }
        );
        assert!(!shoot(&c, &s, &[4, 4]).killed, "a 4 is not a 3 or a 6");
        assert_eq!(
            shoot(&c, &s, &[3, 5]),
            CanisterEnd {
                killed: true,
                left: 1,
                crew_killed: Some(false)
            }
        );
        let auto = test_settings(&["canister_in_outer_area=automatic"]);
        assert_eq!(shoot(&c, &auto, &[6]).crew_killed, Some(true));
    }

    #[test]
    fn canister_refusals() {
        let s = Settings::default();
        let mut c = canister(Kind::HeavyCavalry, 3, Position::Open, true);
        assert!(c.plan(&s).unwrap_err().to_string().contains("no rifles"));
        c.return_fire = false;
        assert!(c.plan(&s).is_ok());
        c.target_figures = 4;
        assert!(c.plan(&s).unwrap_err().to_string().contains("at most 3"));
        let mut c = canister(Kind::Line, 4, Position::Open, false);
        c.range = Some(7.0);
        assert!(c.plan(&s).unwrap_err().to_string().contains("musket range"));
        c.range = Some(4.0);
        c.moved = true;
        assert!(c.plan(&s).is_err());
        c.moved = false;
        c.target_in = Position::VillageInner;
        assert!(c.plan(&s).is_err());
    }

    #[test]
    fn canister_odds_equal_brute_force() {
        for s in [Settings::default(), test_settings(&["three_six=3-to-6"])] {
            for (t, n, pos, ret) in [
                (Kind::Line, 4, Position::Open, true),
                (Kind::Line, 2, Position::Open, true),
                (Kind::Light, 1, Position::ForestOuter, true),
                (Kind::Line, 2, Position::Town, true),
                (Kind::LightCavalry, 3, Position::Open, false),
                (Kind::Grenadier, 3, Position::VillageOuter, false),
            ] {
                let c = canister(t, n, pos, ret);
                let exact = c.distribution(&s).unwrap();
                let brute = enumerate(|d| resolve_canister(&c, &s, d).map(|r| r.1)).unwrap();
                assert_eq!(exact.len(), brute.len(), "{c:?}");
                for (e, p) in brute.iter() {
                    assert!((exact::to_f64(exact.p(e)) - p).abs() < 1e-12, "{c:?} {e:?}");
                }
            }
        }
    }
}
