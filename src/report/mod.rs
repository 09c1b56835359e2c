//! The battle report: a journal read into a readable account ([`Report`]), written as Markdown
//! ([`markdown`]) or as one self-contained HTML page ([`html`]) with charts drawn as SVG
//! ([`chart`]).
//!
//! The report is built from the journal's events alone: the battle as it was played, every event
//! in force with its dice and explanation, undone events left out. It asks the rule set only for
//! what is its own: how it counts strength and losses ([`crate::declare::Losses`]), its phases'
//! names, its units' badges and its objectives ([`crate::ruleset::Ruleset::objectives`]).
//!
//! `umpire report` and the report written from the terminal UI ([`write()`]) stream it from the
//! journal ([`stream`]): a lean first pass checks every record ([`Survey`]), and the second walks
//! the battle as played ([`Walk`]) and writes each event's account as it reads it, so that a
//! report of any length holds in memory only what does not grow with it. The report view and the
//! players' view read the journal whole and follow it as it grows ([`Chronicle`]) and build the
//! report in memory ([`Report::build`]); the same walk and the same writers ([`Writer`]) make
//! both, byte for byte.
//!
//! A report is written for a [`Viewer`]: the umpire's copy holds everything; a side's holds the
//! events that side saw, its own units in full and the enemy as far as it had seen it — a
//! concealed column is its stand's number until the event that exposed it.

pub mod chart;
pub mod chronicle;
pub mod html;
pub mod markdown;
pub mod stream;

use crate::battle::{Battle, Event, EventKind, Sight};
use crate::model::{Effect, Viewer};
use crate::resolution::Resolution;
pub use chronicle::{Chronicle, Moment};
use chrono::{DateTime, Utc};
use serde::Serialize;
pub use stream::Survey;

/// A battle's account, ready to be written.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub title: String,
    /// The battle's result in the umpire's own words, if he recorded one: written first, under
    /// the title, and first in the outcome.
    pub result: Option<String>,
    pub description: Option<String>,
    /// The rule set's id and title.
    pub ruleset: String,
    pub ruleset_title: String,
    /// Every option in force, defaults included.
    pub options: Vec<OptionLine>,
    pub started: DateTime<Utc>,
    /// When the last record was written.
    pub last_entry: DateTime<Utc>,
    /// The time the battle was played: each record's time after the one before it, added up (a
    /// clock set back while the battle was played takes nothing away from the rest).
    pub played: chrono::Duration,
    /// Who the report is for, and that in words for its heading.
    pub viewer: Viewer,
    pub viewer_words: String,
    /// The sides' ids and names, in the roster's order (every per-side list follows it).
    pub sides: Vec<(String, String)>,
    pub order_of_battle: Vec<SideBlock>,
    pub turns: Vec<TurnAccount>,
    /// What strength counts ("figures left", "units in play") and what a loss is ("figures lost",
    /// "hits taken").
    pub strength_measure: String,
    pub losses_measure: String,
    /// One loss and several, in words (`figure lost`, `figures lost`).
    pub loss_words: (String, String),
    /// What the rule set calls one unit and several (`unit`, `units`; FFT3's `stand`, `stands`).
    pub unit_words: (String, String),
    /// Each side's strength at the start and at the end of each turn played.
    pub strength: Vec<StrengthPoint>,
    pub final_state: Vec<SideBlock>,
    /// How the battle ended, a line each.
    pub outcome: Vec<String>,
    /// Events undone during play, left out of the account: counted in the umpire's copy only.
    pub undone: usize,
    /// A line saying that a torn last line of the journal was set aside.
    pub torn: Option<String>,
}

/// An option and its value; `changed` when the scenario set it away from the default.
#[derive(Clone, Debug, Serialize)]
pub struct OptionLine {
    pub key: String,
    pub value: String,
    pub changed: bool,
    pub help: String,
}

/// One side's roster at a moment, in the order the umpire's screen shows it.
#[derive(Clone, Debug, Serialize)]
pub struct SideBlock {
    pub id: String,
    pub name: String,
    pub lines: Vec<RosterLine>,
}

/// One line of a side's roster.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "line", rename_all = "snake_case")]
pub enum RosterLine {
    Formation {
        depth: usize,
        id: String,
        name: String,
        level: Option<String>,
        /// The turn the umpire added it, for a formation the scenario lacked.
        joined: Option<u32>,
    },
    Unit {
        depth: usize,
        id: String,
        name: String,
        kind: String,
        /// `figures 3/4`, `hits 1/3`.
        strength: String,
        /// `●●●○`.
        pips: String,
        /// The rule set's badges and the concealment badge (`HID 2`).
        marks: Vec<String>,
        /// Why it left the table, if it has.
        out: Option<String>,
    },
    /// An enemy concealed column, as the viewer sees it: its stand's number.
    Stand { depth: usize, number: i64 },
}

/// One turn's account.
#[derive(Clone, Debug, Serialize)]
pub struct TurnAccount {
    /// 0 for what happened before the first turn (the start).
    pub turn: u32,
    pub items: Vec<Item>,
    /// Losses each side took in the turn, in the rule set's unit, and units lost.
    pub losses: Vec<u32>,
    pub units_lost: Vec<u32>,
    /// Units that left the table whole in the turn (no loss: a scout gone home).
    pub units_left: Vec<u32>,
}

/// What kind of line an item is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    Start,
    Act,
    Phase,
    Edit,
    Note,
}

/// One event of the account.
#[derive(Clone, Debug, Serialize)]
pub struct Item {
    pub seq: u64,
    pub at: DateTime<Utc>,
    pub kind: ItemKind,
    /// The phase it happened in (the phase it ended, for a phase change).
    pub phase: String,
    /// The side whose turn it was, when only one side acted.
    pub side: Option<String>,
    /// The event's log line.
    pub summary: String,
    /// Each resolution in one readable line: what was resolved, range and terrain, the dice and
    /// the result.
    pub resolutions: Vec<String>,
    /// Automatic steps and follow-ups.
    pub notes: Vec<String>,
    /// In the umpire's copy, who else may see it (`ger only`, `umpire only`).
    pub audience: Option<String>,
}

impl Item {
    /// The word before the item's summary ("Phase: ", "Edit: "), none where the summary already
    /// says what it is ("Note: …", "Private note: …").
    pub fn lead(&self) -> &'static str {
        match self.kind {
            ItemKind::Note
                if self.summary.starts_with("Note") || self.summary.starts_with("Private note") =>
            {
                ""
            }
            ItemKind::Note => "Note: ",
            ItemKind::Edit => "Edit: ",
            ItemKind::Phase => "Phase: ",
            ItemKind::Start | ItemKind::Act => "",
        }
    }
}

/// Each side's strength at a moment.
#[derive(Clone, Debug, Serialize)]
pub struct StrengthPoint {
    /// "start", "turn 1" …
    pub label: String,
    pub values: Vec<u32>,
}

/// One readable line for a resolution: `Fire: … — range 12": long range — dice 3 (d10) — +2
/// target in hard cover, +1 long range — No effect`: its title, context, dice, modifiers with
/// their reasons and the result.
pub fn resolution_line(r: &Resolution) -> String {
    let mut parts = vec![r.title.clone()];
    parts.extend(r.context.iter().cloned());
    let faces: Vec<String> = r.faces().iter().map(|f| f.to_string()).collect();
    if faces.is_empty() {
        parts.push("no die thrown".into());
    } else {
        let who = if r.rolled_by_program {
            "rolled by the program"
        } else {
            "typed by the umpire"
        };
        parts.push(format!("dice {} ({who})", faces.join(", ")));
    }
    // Each modifier with its reason, once each, in the order applied.
    let mut modifiers: Vec<String> = Vec::new();
    for m in r.steps.iter().flat_map(|s| &s.modifiers) {
        let m = format!("{:+} {}", m.value, m.reason);
        if !modifiers.contains(&m) {
            modifiers.push(m);
        }
    }
    if !modifiers.is_empty() {
        parts.push(modifiers.join(", "));
    }
    parts.push(r.result.clone());
    parts.join(" — ")
}

/// Who the report is for, in words for its heading.
pub fn viewer_words(battle: &Battle, viewer: Viewer) -> String {
    match viewer {
        Viewer::Umpire => {
            "The umpire's copy: everything, concealed columns and their contents included.".into()
        }
        Viewer::Side(s) => {
            let side = &battle.roster.sides[s];
            format!(
                "What {} ({}) saw: its own units in full, the enemy only as far as it was seen.",
                side.name, side.id
            )
        }
        Viewer::Public => {
            "What everyone saw: concealed columns only from the event that exposed them.".into()
        }
    }
}

/// A unit's strength in the report's measure: figures left (a rule set that counts what is left)
/// or units in play.
///
/// A unit that left the table without being destroyed ([`left_table`]) keeps its strength: what
/// it took away is no loss.
fn unit_strength(battle: &Battle, unit: usize, counts_left: bool) -> u32 {
    let st = &battle.state().units[unit];
    if !st.on_table() && !left_table(battle, unit) {
        return 0;
    }
    if counts_left {
        battle.roster.units[unit].hit_limit.saturating_sub(st.hits)
    } else {
        1
    }
}

/// The units `viewer` may see when the report is written: a copy counts each side's strength
/// over these same units from start to end, so that a column exposed late counts from the
/// start and no share of what was kept comes out above the whole.
fn seen_now(battle: &Battle, viewer: Viewer) -> Vec<bool> {
    let view = battle.view();
    (0..battle.roster.units.len())
        .map(|u| view.visible_to(u, viewer))
        .collect()
}

/// Each side's strength counted over the units `seen`.
fn strength_now(battle: &Battle, seen: &[bool], counts_left: bool) -> Vec<u32> {
    let mut values = vec![0; battle.roster.sides.len()];
    for (u, info) in battle.roster.units.iter().enumerate() {
        if seen[u] && battle.counts_as_unit(u) {
            values[info.side] += unit_strength(battle, u, counts_left);
        }
    }
    values
}

/// A side's roster as `viewer` sees it in `battle`.
fn side_block(battle: &Battle, side: usize, viewer: Viewer) -> SideBlock {
    let r = &battle.roster;
    let view = battle.view();
    let losses = battle.ruleset.losses();
    let mut lines = Vec::new();
    // A unit the viewer may not see is not placed: its stand is listed at the side's level,
    // after the formations, as the players' view lists it, so that no formation is named for
    // what it hides.
    let mut unit_line = |u: usize, depth: usize, lines: &mut Vec<RosterLine>| {
        if !view.visible_to(u, viewer) {
            return;
        }
        let info = &r.units[u];
        let st = &battle.state().units[u];
        let strength = if info.hit_limit == 0 && st.hits == 0 {
            String::new()
        } else if losses.counts_left {
            format!(
                "{} {}/{}",
                losses.many,
                info.hit_limit.saturating_sub(st.hits),
                info.hit_limit
            )
        } else {
            format!("{} {}/{}", losses.many, st.hits, info.hit_limit)
        };
        let mut marks: Vec<String> = battle
            .ruleset
            .badges(&view, u)
            .into_iter()
            .map(|b| b.text)
            .collect();
        if let Some(b) = view.concealment_badge(u) {
            marks.insert(0, b.text);
        }
        if let Some(b) = view.arrival_badge(u) {
            marks.insert(0, b.text);
        }
        // A unit the scenario lacked: when the umpire added it.
        if let Some(turn) = info.added {
            marks.push(format!("joined turn {turn}"));
        }
        lines.push(RosterLine::Unit {
            depth,
            id: info.id.clone(),
            name: info.name.clone(),
            kind: info.kind.clone(),
            strength,
            pips: losses.pips(st.hits, info.hit_limit),
            marks,
            out: st.removed.clone(),
        });
    };
    fn formation(
        battle: &Battle,
        f: usize,
        depth: usize,
        lines: &mut Vec<RosterLine>,
        unit_line: &mut dyn FnMut(usize, usize, &mut Vec<RosterLine>),
    ) {
        let r = &battle.roster;
        // A formation added and since taken back is in no one's battle.
        if !battle.view().formation_listed(f) {
            return;
        }
        let fi = &r.formations[f];
        lines.push(RosterLine::Formation {
            depth,
            id: fi.id.clone(),
            name: fi.name.clone(),
            level: fi.level.clone(),
            joined: fi.added,
        });
        for (u, info) in r.units.iter().enumerate() {
            if info.formation == Some(f) {
                unit_line(u, depth + 1, lines);
            }
        }
        for (sub, si) in r.formations.iter().enumerate() {
            if si.parent == Some(f) {
                formation(battle, sub, depth + 1, lines, unit_line);
            }
        }
    }
    for (u, info) in r.units.iter().enumerate() {
        if info.side == side && info.formation.is_none() {
            unit_line(u, 0, &mut lines);
        }
    }
    for (f, fi) in r.formations.iter().enumerate() {
        if fi.side == side && fi.parent.is_none() {
            formation(battle, f, 0, &mut lines, &mut unit_line);
        }
    }
    // A formation with nothing the viewer may see (a division marching behind its stands) is
    // left out.
    prune_empty_formations(&mut lines);
    for (c, column) in r.columns.iter().enumerate() {
        let hides =
            (0..r.units.len()).any(|u| r.column_of(u) == Some(c) && !view.visible_to(u, viewer));
        if column.side == side && hides {
            lines.push(RosterLine::Stand {
                depth: 0,
                number: column.number,
            });
        }
    }
    let s = &r.sides[side];
    SideBlock {
        id: s.id.clone(),
        name: s.name.clone(),
        lines,
    }
}

/// Drops formation lines with nothing under them.
fn prune_empty_formations(lines: &mut Vec<RosterLine>) {
    let depth = |l: &RosterLine| match l {
        RosterLine::Formation { depth, .. }
        | RosterLine::Unit { depth, .. }
        | RosterLine::Stand { depth, .. } => *depth,
    };
    let mut keep = vec![true; lines.len()];
    for i in (0..lines.len()).rev() {
        if let RosterLine::Formation { depth: d, .. } = lines[i] {
            let has_child = lines[i + 1..]
                .iter()
                .zip(&keep[i + 1..])
                .take_while(|(l, _)| depth(l) > d)
                .any(|(_, k)| *k);
            keep[i] = has_child;
        }
    }
    let mut k = keep.into_iter();
    lines.retain(|_| k.next().unwrap_or(true));
}

/// Every side's roster as `viewer` sees it.
fn roster_blocks(battle: &Battle, viewer: Viewer) -> Vec<SideBlock> {
    (0..battle.roster.sides.len())
        .map(|s| side_block(battle, s, viewer))
        .collect()
}

impl Report {
    /// The report of `chronicle`'s battle for `viewer`.
    pub fn build(chronicle: &Chronicle, viewer: Viewer) -> Report {
        let end = &chronicle.battle;
        let sights = crate::battle::sights(
            chronicle.records.iter().map(|r| &r.entry),
            viewer,
            &end.roster,
        );
        let numbers = crate::battle::numbers(&sights, viewer);
        let mut times = Times::new(chronicle.header.started);
        for r in &chronicle.records {
            times.add(r.at);
        }
        let skeleton = Report::skeleton(
            end,
            viewer,
            chronicle.header.started,
            &times,
            chronicle.undone(),
            chronicle.torn.as_ref(),
        );
        let mut walk = Walk::new(skeleton, end, seen_now(end, viewer));
        let mut n = 0;
        chronicle.walk(|record, ev, before, after| {
            let index = chronicle.in_force[n];
            n += 1;
            let sight = sights.get(index).copied().unwrap_or(Sight::Nothing);
            let number = numbers.get(index).copied().flatten().unwrap_or(record.seq);
            if let Some(item) = walk.event(record.at, ev, sight, number, before, after)
                && let Some(turn) = walk.report.turns.last_mut()
            {
                turn.items.push(item);
            }
        });
        walk.finish(end)
    }

    /// What a report of a battle of `battle`'s scenario holds before its account is walked: its
    /// title, rule set, house rules, times, sides and measures, and for the umpire's copy how
    /// many events were undone; no turn, point of strength, order of battle, final state or
    /// outcome yet. `times` are those of every record; `torn`, a bad last line left out.
    pub fn skeleton(
        battle: &Battle,
        viewer: Viewer,
        started: DateTime<Utc>,
        times: &Times,
        undone: usize,
        torn: Option<&crate::battle::journal::TornTail>,
    ) -> Report {
        let ruleset = battle.ruleset;
        let losses = ruleset.losses();
        let counts_left = losses.counts_left;
        let options = ruleset
            .options()
            .iter()
            .map(|d| {
                let value = battle.options().get(d.key, None).cloned();
                let default = d.default_value();
                OptionLine {
                    key: d.key.to_string(),
                    value: value.as_ref().unwrap_or(&default).to_string(),
                    changed: value.as_ref().is_some_and(|v| *v != default),
                    help: d.help.to_string(),
                }
            })
            .chain(battle.options().sides().flat_map(|side| {
                ruleset.options().iter().filter_map(move |d| {
                    let v = battle.options().get(d.key, Some(side))?;
                    let global = battle.options().get(d.key, None)?;
                    (v != global).then(|| OptionLine {
                        key: format!("{} (side {side})", d.key),
                        value: v.to_string(),
                        changed: true,
                        help: d.help.to_string(),
                    })
                })
            }))
            .collect();
        Report {
            title: battle.scenario.title().to_string(),
            // Always everyone's: a result naming a unit still concealed is refused.
            result: battle.state().result.clone(),
            description: battle
                .scenario
                .file
                .description
                .as_ref()
                .map(|d| d.get_ref().clone()),
            ruleset: ruleset.id().to_string(),
            ruleset_title: ruleset.title().to_string(),
            options,
            started,
            played: times.played,
            last_entry: times.last,
            viewer,
            viewer_words: viewer_words(battle, viewer),
            sides: battle
                .roster
                .sides
                .iter()
                .map(|s| (s.id.clone(), s.name.clone()))
                .collect(),
            order_of_battle: Vec::new(),
            turns: Vec::new(),
            strength_measure: if counts_left {
                format!("{} left", losses.many)
            } else {
                format!("{} in play", ruleset.unit_nouns().1)
            },
            losses_measure: if counts_left {
                format!("{} lost", losses.many)
            } else {
                format!("{} taken", losses.many)
            },
            loss_words: if counts_left {
                (
                    format!("{} lost", losses.one),
                    format!("{} lost", losses.many),
                )
            } else {
                (
                    format!("{} taken", losses.one),
                    format!("{} taken", losses.many),
                )
            },
            unit_words: (
                ruleset.unit_nouns().0.to_string(),
                ruleset.unit_nouns().1.to_string(),
            ),
            strength: Vec::new(),
            final_state: Vec::new(),
            outcome: Vec::new(),
            // Only the umpire's copy counts what it left out: a count in another would tell how
            // often the enemy's concealed units acted, or the umpire wrote a private note.
            undone: if viewer == Viewer::Umpire { undone } else { 0 },
            torn: torn.map(torn_words),
        }
    }

    /// A number of losses in words: `1 figure lost`, `2 hits taken`.
    pub fn losses_count(&self, n: u32) -> String {
        let (one, many) = &self.loss_words;
        format!("{n} {}", if n == 1 { one } else { many })
    }

    /// The time the battle was played, in words (`2 h 05 min`).
    pub fn duration(&self) -> String {
        let minutes = self.played.num_minutes().max(0);
        if minutes < 60 {
            format!("{minutes} min")
        } else {
            format!("{} h {:02} min", minutes / 60, minutes % 60)
        }
    }
}

/// When a battle's records were written: the last one's time, and the time the battle was
/// played — each record's time after the one before it, added up (a clock set back while the
/// battle was played takes nothing away from the rest).
#[derive(Clone, Copy, Debug)]
pub struct Times {
    pub last: DateTime<Utc>,
    pub played: chrono::Duration,
}

impl Times {
    /// Before any record of a battle started at `started`.
    pub fn new(started: DateTime<Utc>) -> Times {
        Times {
            last: started,
            played: chrono::Duration::zero(),
        }
    }

    /// The next record, written at `at`.
    pub fn add(&mut self, at: DateTime<Utc>) {
        self.played += (at - self.last).max(chrono::Duration::zero());
        self.last = at;
    }
}

/// The line saying that a bad last line of the journal was left out.
pub fn torn_words(t: &crate::battle::journal::TornTail) -> String {
    // Said once, plainly: the report reads the journal and changes nothing in it.
    format!(
        "The journal ends in {} last line (line {}, {} bytes), which was never recorded whole: \
         this report holds every event before it, and the file is left as it is.",
        t.kind.with_article(),
        t.line,
        t.bytes
    )
}

/// A battle's account for one viewer, walked as the battle was played, one event in force at a
/// time: it keeps what does not grow with the number of events — the turns reached with their
/// losses, the strength chart's points, the order of battle — and gives each event's [`Item`]
/// as it comes, for the caller to keep ([`Report::build`]) or to write at once ([`stream`]).
pub struct Walk {
    /// The report as far as it is known: its turns hold no items of their own.
    pub report: Report,
    /// The units the viewer may see when the report is written ([`seen_now`]).
    seen: Vec<bool>,
    counts_left: bool,
    /// Each unit's hits after the events walked so far.
    prev_hits: Vec<u32>,
    last_turn: u32,
    /// Each side's strength just after the start event, and each unit's hits as it set them.
    start: Option<(Vec<u32>, Vec<u32>)>,
    /// What the latest event walked offered (opportunity fire …): an event taking one up is
    /// its actor's side's, whoever's turn it is.
    offers: Vec<crate::ruleset::Offer>,
}

impl Walk {
    /// The walk of a battle of `battle`'s scenario whose report is `skeleton`
    /// ([`Report::skeleton`]), counting the units `seen`.
    pub fn new(skeleton: Report, battle: &Battle, seen: Vec<bool>) -> Walk {
        Walk {
            counts_left: battle.ruleset.losses().counts_left,
            prev_hits: vec![0; seen.len()],
            seen,
            report: skeleton,
            last_turn: 0,
            start: None,
            offers: Vec::new(),
        }
    }

    /// The next event in force, `ev`, written at `at`: `before` is where the battle stood just
    /// before it and `after` the battle just after it; `sight` is what the viewer may see of it
    /// and `number` its number in the viewer's copy. Counts its losses and the strength at each
    /// turn's end, opens the turn it happened in when it is a new one (the last of
    /// `report.turns`), and returns its item if the viewer may see it.
    pub fn event(
        &mut self,
        at: DateTime<Utc>,
        ev: &Event,
        sight: Sight,
        number: u64,
        before: &Moment,
        after: &Battle,
    ) -> Option<Item> {
        let viewer = self.report.viewer;
        let sides_n = after.roster.sides.len();
        let is_start = ev.kind == EventKind::Start;
        let turn = if is_start { 0 } else { before.turn };
        if self.report.turns.last().is_none_or(|t| t.turn != turn) {
            self.report.turns.push(TurnAccount {
                turn,
                items: Vec::new(),
                losses: vec![0; sides_n],
                units_lost: vec![0; sides_n],
                units_left: vec![0; sides_n],
            });
        }
        let t = self.report.turns.len() - 1;
        // Losses: what each unit's hits rose by, counted for the units the viewer sees.
        for effect in &ev.effects {
            match effect {
                Effect::Hits { unit, hits } => {
                    if let Some(u) = after.roster.unit_index(unit) {
                        let rose = hits.saturating_sub(self.prev_hits[u]);
                        self.prev_hits[u] = *hits;
                        if !ev.kind.opens() && self.seen[u] {
                            self.report.turns[t].losses[after.roster.units[u].side] += rose;
                        }
                    }
                }
                Effect::Removed { unit, .. } => {
                    // A unit that left the table whole is no unit lost: it is counted as left.
                    if let Some(u) = after.roster.unit_index(unit)
                        && self.seen[u]
                    {
                        let side = after.roster.units[u].side;
                        if left_table(after, u) {
                            self.report.turns[t].units_left[side] += 1;
                        } else {
                            self.report.turns[t].units_lost[side] += 1;
                        }
                    }
                }
                _ => {}
            }
        }
        if is_start {
            self.report.order_of_battle = roster_blocks(after, viewer);
            let values = strength_now(after, &self.seen, self.counts_left);
            let mut opening = Vec::new();
            after.opening_hits_of(ev, &mut opening);
            self.start = Some((values.clone(), opening));
            self.report.strength.push(StrengthPoint {
                label: "start".into(),
                values,
            });
        } else if let (EventKind::Add(_), Some((_, opening))) = (&ev.kind, &mut self.start) {
            // What an added unit starts with is no loss, at the end as now.
            after.opening_hits_of(ev, opening);
        } else if after.state().turn > before.turn {
            // The units that arrive as the next turn begins are not yet counted at the end of
            // the turn before.
            let mut counted = self.seen.clone();
            for effect in &ev.effects {
                if let Effect::Arrival {
                    unit,
                    arrives: None,
                } = effect
                    && let Some(u) = after.roster.unit_index(unit)
                {
                    counted[u] = false;
                }
            }
            for ended in before.turn..after.state().turn {
                self.report.strength.push(StrengthPoint {
                    label: format!("turn {ended}"),
                    values: strength_now(after, &counted, self.counts_left),
                });
            }
        }
        self.last_turn = after.state().turn;
        // The side an item is told under: the one whose turn it is, but an offer taken up (the
        // enemy's opportunity fire) is its actor's side's.
        let taker = match &ev.kind {
            EventKind::Act { action, params } => self
                .offers
                .iter()
                .filter(|o| o.action == *action)
                .find_map(|o| match params.get(&o.actor_param) {
                    Some(crate::declare::Value::Text(id)) => after.roster.unit_index(id),
                    _ => None,
                })
                .map(|u| after.roster.units[u].side),
            _ => None,
        };
        let acting = taker.unwrap_or(before.active);
        // The offers standing are the latest procedure's or phase change's: a note or a hand
        // edit leaves them as they were.
        if matches!(
            ev.kind,
            EventKind::Act { .. } | EventKind::Advance | EventKind::Start
        ) {
            self.offers = ev.offers.clone();
        }
        let (summary, resolutions, notes) = match sight {
            Sight::Whole => (
                ev.summary.clone(),
                ev.resolutions.iter().map(resolution_line).collect(),
                ev.notes.clone(),
            ),
            Sight::Part => match &ev.partial {
                Some(p) => (p.summary.clone(), Vec::new(), p.notes.clone()),
                None => return None,
            },
            Sight::Nothing => return None,
        };
        let simultaneous = after
            .ruleset
            .phases()
            .iter()
            .find(|p| p.id == before.phase)
            .is_some_and(|p| p.simultaneous);
        let kind = match &ev.kind {
            EventKind::Start => ItemKind::Start,
            EventKind::Act { .. } => ItemKind::Act,
            EventKind::Advance => ItemKind::Phase,
            EventKind::Edit | EventKind::Add(_) => ItemKind::Edit,
            EventKind::Note { .. } => ItemKind::Note,
        };
        // The umpire's copy numbers events by their records; another copy by what it may see,
        // so that no gap tells when the enemy's concealed units acted.
        Some(Item {
            seq: number,
            at,
            kind,
            phase: after.phase_name(&before.phase).to_string(),
            side: (!simultaneous && !is_start).then(|| after.roster.sides[acting].name.clone()),
            summary,
            resolutions,
            notes,
            audience: match viewer {
                Viewer::Umpire => ev.audience.tag(),
                _ => None,
            },
        })
    }

    /// The report once every event in force is walked, `end` the battle they leave: the point
    /// of a turn still being played, the final state and the outcome.
    pub fn finish(mut self, end: &Battle) -> Report {
        let viewer = self.report.viewer;
        let last_turn = self.last_turn;
        // A turn still being played counts as far as it has gone.
        if let Some(last) = self.report.strength.last()
            && last.label != format!("turn {last_turn}")
            && self
                .report
                .turns
                .iter()
                .any(|t| t.turn == last_turn && last_turn > 0)
            && !end.state().is_over()
        {
            self.report.strength.push(StrengthPoint {
                label: format!("turn {last_turn} (so far)"),
                values: strength_now(end, &self.seen, self.counts_left),
            });
        }
        let (before, opening) = self.start.take().unwrap_or_else(|| {
            let fresh = Battle::new(end.scenario.clone());
            (
                strength_now(&fresh, &self.seen, self.counts_left),
                vec![0; end.roster.units.len()],
            )
        });
        self.report.final_state = roster_blocks(end, viewer);
        self.report.outcome = outcome(end, viewer, &self.seen, &before, &opening, self.counts_left);
        self.report
    }
}

/// How the battle ended: the result in the umpire's words if he recorded one, where it stands
/// in its turns, each side's account, the rule set's objectives, and who won: the side that lost
/// fewer of its objectives, and when the objectives leave the sides even (or the battle has
/// none), the side that kept the larger share of its strength.
///
/// `seen` are the units `viewer` may see now ([`seen_now`]); `before`, each side's strength over
/// them at the start; `opening`, each unit's hits as the start set them. A unit that left the
/// table without being destroyed (a scout gone home) is no loss: it is counted apart, as left.
fn outcome(
    battle: &Battle,
    viewer: Viewer,
    seen: &[bool],
    before: &[u32],
    opening: &[u32],
    counts_left: bool,
) -> Vec<String> {
    let summary = battle.summary();
    let losses = battle.ruleset.losses();
    let (one_unit, many_units) = battle.ruleset.unit_nouns();
    let mut lines = Vec::new();
    if let Some(result) = &battle.state().result {
        lines.push(format!("The umpire's result: {result}"));
    }
    lines.push(match (summary.over, summary.last_turn) {
        (true, Some(last)) => format!("The battle is over: all {last} turns were played."),
        (false, Some(last)) => format!(
            "The battle stands at turn {} of {last} ({}).",
            battle.state().turn,
            battle.current_phase_name()
        ),
        (_, None) => format!(
            "The battle stands at turn {} ({}).",
            battle.state().turn,
            battle.current_phase_name()
        ),
    });
    let now = strength_now(battle, seen, counts_left);
    let came_on = arrived_strength(battle, seen, counts_left);
    let before: Vec<u32> = before.iter().zip(&came_on).map(|(b, c)| b + c).collect();
    let mut kept = Vec::new();
    for (s, side) in battle.roster.sides.iter().enumerate() {
        let (mut units, mut in_play, mut gone, mut lost) = (0, 0, 0, 0);
        for (u, info) in battle.roster.units.iter().enumerate() {
            if info.side != s || !seen[u] || !battle.counts_as_unit(u) {
                continue;
            }
            let st = &battle.state().units[u];
            // A unit still to arrive is not yet the side's.
            if !st.arrived() {
                continue;
            }
            units += 1;
            if st.on_table() {
                in_play += 1;
            } else if left_table(battle, u) {
                gone += 1;
            }
            // A unit added during the battle started with none.
            lost += st.hits.saturating_sub(opening.get(u).copied().unwrap_or(0));
        }
        let share = if before[s] == 0 {
            0.0
        } else {
            f64::from(now[s]) / f64::from(before[s])
        };
        kept.push(share);
        let word = if lost == 1 { losses.one } else { losses.many };
        let left_words = match gone {
            0 => String::new(),
            1 => ", 1 left the table".to_string(),
            n => format!(", {n} left the table"),
        };
        lines.push(format!(
            "{} ({}): {in_play} of {units} {} in play{left_words}, {lost} {word} {}; {:.0}% of its {} kept.",
            side.name,
            side.id,
            if units == 1 { one_unit } else { many_units },
            if counts_left { "lost" } else { "taken" },
            share * 100.0,
            if counts_left {
                format!("{} ({} of {})", losses.many, now[s], before[s])
            } else {
                format!("{many_units} ({} of {})", now[s], before[s])
            },
        ));
    }
    // Each side's goal, as the scenario states it: its own orders, for the umpire and that side.
    for (s, side) in battle.roster.sides.iter().enumerate() {
        if let Some(goal) = &side.goal
            && matches!(viewer, Viewer::Umpire) | (viewer == Viewer::Side(s))
        {
            lines.push(format!("{} ({})'s goal: {goal}", side.name, side.id));
        }
    }
    let objectives = battle.ruleset.objectives(&battle.view(), viewer);
    lines.extend(objectives.iter().map(|o| o.text.clone()));
    let sides = battle.roster.sides.len();
    let (mut owned, mut fallen) = (vec![0u32; sides], vec![0u32; sides]);
    for o in &objectives {
        if o.side < sides {
            owned[o.side] += 1;
            fallen[o.side] += u32::from(o.lost);
        }
    }
    let least = fallen.iter().copied().min().unwrap_or(0);
    let winners: Vec<usize> = (0..sides).filter(|&s| fallen[s] == least).collect();
    if sides > 1 && !objectives.is_empty() && winners.len() == 1 {
        let won = winners[0];
        let losers: Vec<String> = (0..sides)
            .filter(|&s| s != won)
            .map(|s| {
                format!(
                    "{} lost {} of its {} objective{}",
                    battle.roster.sides[s].name,
                    fallen[s],
                    owned[s],
                    if owned[s] == 1 { "" } else { "s" }
                )
            })
            .collect();
        lines.push(format!(
            "{} {} on the objectives: {}; {} lost {}.",
            battle.roster.sides[won].name,
            if summary.over { "won" } else { "leads" },
            losers.join("; "),
            battle.roster.sides[won].name,
            match fallen[won] {
                0 => "none".to_string(),
                n => format!("only {n}"),
            },
        ));
        return lines;
    }
    if sides > 1 && !objectives.is_empty() {
        lines.push(if least == 0 {
            "The objectives leave the sides even: none was lost.".to_string()
        } else {
            format!("The objectives leave the sides even: each lost {least}.")
        });
    }
    if let Some(best) = (0..kept.len()).max_by(|&a, &b| kept[a].total_cmp(&kept[b]))
        && kept
            .iter()
            .enumerate()
            .all(|(s, k)| s == best || *k < kept[best])
    {
        let side = &battle.roster.sides[best];
        lines.push(format!(
            "{} {} the field, with the larger share of its strength.",
            side.name,
            if summary.over { "held" } else { "holds" }
        ));
    } else if kept.len() > 1 {
        lines.push("Neither side kept a larger share of its strength.".into());
    }
    lines
}

/// A turn's units out of the fight, after its losses, in the rule set's nouns (`unit_words`):
/// `, 1 unit off the table, 2 units left the table (no loss)`; nothing when there are none.
pub fn units_out(lost: u32, left: u32, unit_words: &(String, String)) -> String {
    let noun = |n: u32| if n == 1 { &unit_words.0 } else { &unit_words.1 };
    let mut out = String::new();
    if lost > 0 {
        out.push_str(&format!(", {lost} {} off the table", noun(lost)));
    }
    if left > 0 {
        out.push_str(&format!(", {left} {} left the table (no loss)", noun(left)));
    }
    out
}

/// True when `unit` left the table without being destroyed: removed with losses short of its
/// limit (Scruby's scouts, gone once they have exposed the column they were sent against). Such
/// a unit is no loss; its strength is kept, counted apart as left.
fn left_table(battle: &Battle, unit: usize) -> bool {
    let st = &battle.state().units[unit];
    st.is_removed() && st.hits < battle.roster.units[unit].hit_limit
}

/// Each side's strength, over the units `seen`, of those that came on during the battle and
/// have arrived (reinforcements, units the umpire added), as they came on: with the strength at
/// the start, the whole a side had, so that a side's share kept never counts a reinforcement
/// as strength kept that it never had.
fn arrived_strength(battle: &Battle, seen: &[bool], counts_left: bool) -> Vec<u32> {
    let mut values = vec![0; battle.roster.sides.len()];
    for (u, info) in battle.roster.units.iter().enumerate() {
        let came_on = info
            .arrives
            .is_some_and(|a| a != crate::model::Arrival::Turn(1))
            || info.added.is_some();
        if seen[u] && came_on && battle.state().units[u].arrived() && battle.counts_as_unit(u) {
            values[info.side] += if counts_left { info.hit_limit } else { 1 };
        }
    }
    values
}

/// A report's writer, given its parts in the order they are written: the head (everything
/// before the account), each turn's opening, its events one at a time and its end (its losses),
/// then the tail (the charts, the final state and the outcome). [`Report::build`]'s whole report
/// and the report streamed from a journal ([`stream`]) are written by the same writers, so they
/// are written alike; a streamed report's `turns` hold no items (each is written as it comes),
/// and its tail parts are filled in only once the account is written.
pub trait Writer {
    /// Everything before the account, up to its heading.
    fn head(&mut self, report: &Report) -> std::io::Result<()>;
    /// A turn's heading.
    fn turn_start(&mut self, report: &Report, turn: &TurnAccount) -> std::io::Result<()>;
    /// One event of the turn being written.
    fn item(&mut self, report: &Report, item: &Item) -> std::io::Result<()>;
    /// The end of a turn: its losses (`turn` holds them all by then).
    fn turn_end(&mut self, report: &Report, turn: &TurnAccount) -> std::io::Result<()>;
    /// Everything after the account.
    fn tail(&mut self, report: &Report) -> std::io::Result<()>;
}

/// Writes a whole `report` with `writer`.
pub fn write_parts(report: &Report, writer: &mut dyn Writer) -> std::io::Result<()> {
    writer.head(report)?;
    for turn in &report.turns {
        writer.turn_start(report, turn)?;
        for item in &turn.items {
            writer.item(report, item)?;
        }
        writer.turn_end(report, turn)?;
    }
    writer.tail(report)
}

/// The file format of a written report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Markdown,
    Html,
}

impl Format {
    pub fn parse(word: &str) -> Option<Format> {
        match word {
            "md" | "markdown" => Some(Format::Markdown),
            "html" => Some(Format::Html),
            _ => None,
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Markdown => "md",
            Format::Html => "html",
        }
    }
}

/// The files a report was written to: the report, and for Markdown its chart beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub report: std::path::PathBuf,
    pub chart: Option<std::path::PathBuf>,
}

/// What writing every copy ([`write_copies`]) says: the umpire's copy by its whole name, the others
/// by what they add to its stem, and the charts of a Markdown report
/// (`reports written: battle.report.html, .au.html, .fr.html, .public.html`).
pub fn copies_written(written: &[Written], format: Format) -> String {
    let names: Vec<String> = written
        .iter()
        .filter_map(|w| w.report.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .collect();
    let first = names.first().cloned().unwrap_or_default();
    let stem = first
        .strip_suffix(&format!(".{}", format.extension()))
        .unwrap_or(&first)
        .to_string();
    let shown: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, n)| match n.strip_prefix(&stem) {
            Some(rest) if i > 0 => rest.to_string(),
            _ => n.clone(),
        })
        .collect();
    let charts = if written.iter().any(|w| w.chart.is_some()) {
        ", each with its chart (.strength.svg)"
    } else {
        ""
    };
    format!("reports written: {}{charts}", shown.join(", "))
}

/// Where a report of `journal` goes when no path is given: beside the journal, named after it
/// and after whose copy it is (`battle.report.md`, `battle.report.fr.html`,
/// `battle.report.public.md`).
pub fn default_path(
    journal: &std::path::Path,
    battle: &Battle,
    viewer: Viewer,
    format: Format,
) -> std::path::PathBuf {
    let stem = journal
        .file_stem()
        .map_or_else(|| "battle".into(), |s| s.to_string_lossy().into_owned());
    let whose = match viewer {
        Viewer::Umpire => String::new(),
        Viewer::Side(s) => format!(".{}", battle.roster.sides[s].id),
        Viewer::Public => ".public".into(),
    };
    journal.with_file_name(format!("{stem}.report{whose}.{}", format.extension()))
}

/// The report's text in `format`, with `chart` the name of the strength chart's file beside a
/// Markdown report.
pub fn render(report: &Report, format: Format, chart: Option<&str>) -> String {
    match format {
        Format::Markdown => markdown::render(report, chart),
        Format::Html => html::render(report),
    }
}

/// Why a report streamed from its journal was not written: the journal (read a second time, it
/// no longer holds what the first reading found), or the output.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    #[error(transparent)]
    Journal(#[from] crate::battle::session::SessionError),
    #[error(transparent)]
    Write(#[from] std::io::Error),
}

/// Writes the report of `survey`'s battle for `viewer` to `path` in `format`, streamed from its
/// journal ([`Survey::stream`]: in memory only what does not grow with the battle's length), and
/// for Markdown its strength chart beside it (`NAME.strength.svg`). The report is written to a
/// temporary sibling as it is read, synced, and moved into place once whole (its chart first):
/// a reader never sees half a report.
///
/// A report is never written over a battle or over what it did not write itself: `path` is
/// refused when it is the journal (the same file, by any name) or any battle journal, and when it
/// names an existing file that is not a report of this program's. A path that is not a regular
/// file (`/dev/null`, a FIFO, a terminal) is written to in place, never replaced, and has no
/// chart beside it.
pub fn write(
    survey: Survey,
    viewer: Viewer,
    format: Format,
    path: &std::path::Path,
) -> Result<Written, StreamError> {
    let journal = survey.path.clone();
    if destination(path, &journal, Kind::Report)? == Destination::InPlace {
        let f = std::fs::OpenOptions::new().write(true).open(path)?;
        survey.stream_to(viewer, format, None, f)?;
        return Ok(Written {
            report: path.to_path_buf(),
            chart: None,
        });
    }
    let chart = match format {
        Format::Markdown => {
            let stem = path
                .file_stem()
                .map_or_else(|| "report".into(), |s| s.to_string_lossy().into_owned());
            let chart = path.with_file_name(format!("{stem}.strength.svg"));
            match destination(&chart, &journal, Kind::Chart)? {
                Destination::Replace => Some(chart),
                Destination::InPlace => None,
            }
        }
        Format::Html => None,
    };
    let link = chart
        .as_ref()
        .and_then(|c| c.file_name())
        .map(|n| n.to_string_lossy().into_owned());
    let tmp = temporary(path);
    let result = (|| -> Result<(), StreamError> {
        let f = std::fs::File::create(&tmp)?;
        let report = survey.stream_to(viewer, format, link.as_deref(), &f)?;
        f.sync_all()?;
        if let Some(chart) = &chart {
            write_whole(chart, chart::strength_svg(&report).as_bytes())?;
        }
        std::fs::rename(&tmp, path)?;
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.map(|()| Written {
        report: path.to_path_buf(),
        chart,
    })
}

/// Writes every copy of the report of the battle in `journal` beside it in `format`, named as
/// `umpire report` names them ([`default_path`]): the umpire's, each side's in the roster's order,
/// then the public one — each streamed from the journal read afresh ([`write()`]). Stops at the
/// first copy that cannot be written, saying which and why; those before it stay written.
pub fn write_copies(journal: &std::path::Path, format: Format) -> Result<Vec<Written>, CopyError> {
    let first = Survey::read(journal).map_err(|e| CopyError::Read(Box::new(e)))?;
    let sides = first.battle.roster.sides.len();
    let viewers = std::iter::once(Viewer::Umpire)
        .chain((0..sides).map(Viewer::Side))
        .chain(std::iter::once(Viewer::Public));
    let mut survey = Some(first);
    let mut written = Vec::new();
    for viewer in viewers {
        let survey = match survey.take() {
            Some(s) => s,
            None => Survey::read(journal).map_err(|e| CopyError::Read(Box::new(e)))?,
        };
        let path = default_path(&survey.path, &survey.battle, viewer, format);
        match write(survey, viewer, format, &path) {
            Ok(w) => written.push(w),
            Err(error) => {
                return Err(CopyError::Write {
                    path,
                    error: Box::new(error),
                });
            }
        }
    }
    Ok(written)
}

/// Why [`write_copies`] stopped.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    #[error("cannot read the journal for the report: {0}")]
    Read(Box<crate::battle::session::SessionError>),
    #[error("cannot write the report to {}: {error}", .path.display())]
    Write {
        path: std::path::PathBuf,
        error: Box<StreamError>,
    },
}

/// Writes `report`, built whole (of the battle in `journal`), to `path` in `format`, and for
/// Markdown its strength chart beside it (`NAME.strength.svg`), as [`write()`] writes a report
/// streamed from the journal. Each file is written whole to a temporary
/// sibling, synced, then moved into place: a reader never sees half a report.
///
/// A report is never written over a battle or over what it did not write itself: `path` is
/// refused when it is the journal (the same file, by any name) or any battle journal, and when it
/// names an existing file that is not a report of this program's. A path that is not a regular
/// file (`/dev/null`, a FIFO, a terminal) is written to in place, never replaced, and has no
/// chart beside it.
pub fn write_built(
    report: &Report,
    format: Format,
    path: &std::path::Path,
    journal: &std::path::Path,
) -> std::io::Result<Written> {
    if destination(path, journal, Kind::Report)? == Destination::InPlace {
        write_in_place(path, render(report, format, None).as_bytes())?;
        return Ok(Written {
            report: path.to_path_buf(),
            chart: None,
        });
    }
    let chart = match format {
        Format::Markdown => {
            let stem = path
                .file_stem()
                .map_or_else(|| "report".into(), |s| s.to_string_lossy().into_owned());
            let chart = path.with_file_name(format!("{stem}.strength.svg"));
            match destination(&chart, journal, Kind::Chart)? {
                Destination::Replace => {
                    write_whole(&chart, chart::strength_svg(report).as_bytes())?;
                    Some(chart)
                }
                Destination::InPlace => None,
            }
        }
        Format::Html => None,
    };
    let link = chart
        .as_ref()
        .and_then(|c| c.file_name())
        .map(|n| n.to_string_lossy().into_owned());
    write_whole(path, render(report, format, link.as_deref()).as_bytes())?;
    Ok(Written {
        report: path.to_path_buf(),
        chart,
    })
}

/// What a report writes: the report itself, or the chart beside a Markdown report.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Report,
    Chart,
}

/// How a file is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Destination {
    /// Whole to a temporary sibling, then renamed over the path (a new file, or a report of ours).
    Replace,
    /// Straight into what the path names (a device, a FIFO, a terminal), never renamed over.
    InPlace,
}

/// Where `path` may be written, or why it may not: never the journal or another battle journal,
/// never over a regular file this program did not write as a report (or chart), never a folder.
fn destination(
    path: &std::path::Path,
    journal: &std::path::Path,
    kind: Kind,
) -> std::io::Result<Destination> {
    use std::io::{Error, ErrorKind};
    let refuse = |why: String| Err(Error::new(ErrorKind::AlreadyExists, why));
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Destination::Replace),
        Err(e) => return Err(e),
    };
    if meta.is_dir() {
        return refuse("it is a folder: name a file".into());
    }
    if !meta.is_file() {
        return Ok(Destination::InPlace);
    }
    if same_file(&meta, journal) {
        return refuse(
            "it is the battle's journal: a report is never written over the battle it reports"
                .into(),
        );
    }
    let head = file_head(path)?;
    if crate::battle::session::is_journal_head(&head) {
        return refuse(
            "it is a battle journal: a report is never written over a battle; choose another name"
                .into(),
        );
    }
    let ours = match kind {
        Kind::Report => is_report_head(&head),
        Kind::Chart => is_chart_head(&head),
    };
    if !ours {
        let what = match kind {
            Kind::Report => "a report",
            Kind::Chart => "a report's chart",
        };
        return refuse(format!(
            "it exists and is not {what} written by umpire: it is left as it is; remove it or \
             choose another name"
        ));
    }
    Ok(Destination::Replace)
}

/// True when `meta` is the file that `other` names (the same device and inode).
fn same_file(meta: &std::fs::Metadata, other: &std::path::Path) -> bool {
    use std::os::unix::fs::MetadataExt as _;
    std::fs::metadata(other).is_ok_and(|o| o.dev() == meta.dev() && o.ino() == meta.ino())
}

/// The first kilobytes of a file, to tell what it is.
fn file_head(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read as _;
    let mut head = Vec::new();
    std::fs::File::open(path)?
        .take(4096)
        .read_to_end(&mut head)?;
    Ok(head)
}

/// True when `head` begins a report this program wrote: its HTML names umpire as its generator;
/// its Markdown opens with the title, the line saying whose copy it is, and the rule set.
fn is_report_head(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(head);
    if text.starts_with("<!DOCTYPE html>") {
        return text.contains("<meta name=\"generator\" content=\"umpire\">");
    }
    let mut lines = text.lines();
    let opening = matches!(
        (lines.next(), lines.next(), lines.next()),
        (Some(title), Some(""), Some(whose))
            if title.starts_with("# ") && whose.starts_with("*The ") && whose.contains(" copy")
    );
    opening && text.lines().any(|l| l.starts_with("- **Rule set:** "))
}

/// True when `head` begins a strength chart this program wrote.
fn is_chart_head(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(head);
    text.starts_with("<svg") && text.contains("<title>Strength over the battle")
}

/// Writes `bytes` straight into what `path` names, which is not a regular file (it is neither
/// created nor renamed over).
fn write_in_place(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let mut f = std::fs::OpenOptions::new().write(true).open(path)?;
    f.write_all(bytes)?;
    f.flush()
}

/// The temporary sibling a file at `path` is written to before it is moved into place.
fn temporary(path: &std::path::Path) -> std::path::PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "report".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.tmp"))
}

/// Writes `bytes` to `path` through a synced temporary sibling renamed into place.
fn write_whole(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let tmp = temporary(path);
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
