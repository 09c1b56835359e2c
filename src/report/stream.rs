//! The report written straight from a journal of any length, holding in memory only what does
//! not grow with the battle's length — the roster and the battle's state, each turn's totals, the
//! strength chart's points, one record at a time — and a few bytes a record.
//!
//! It reads the journal twice, through one open file ([`Reading::rewind`]):
//!
//! 1. [`Survey::read`], a lean first pass: each record read without its explanation
//!    ([`LeanRecord`]) and checked as loading checks it, folded into a battle that keeps none of
//!    its events ([`Battle::fold_in`]; an undo takes what it overwrote back out, a redo puts it
//!    back, [`Battle::fold_out`]). It learns which events are in force at the end (an undo later
//!    in the journal takes an event out), who may see each record ([`Visibility`]), when the
//!    records were written, and the battle as the journal leaves it — whose units the viewer may
//!    see now is what a copy counts its strength over.
//! 2. [`Survey::stream`]: each record read again whole, one at a time; every event in force is
//!    folded into a fresh battle (no history kept) and its account written at once by a
//!    [`Writer`], turn by turn; the charts, the final state and the outcome are written at the
//!    end from what the walk kept ([`Walk`]).
//!
//! What it writes is what [`Report::build`] and [`super::render`] write of the same journal: the
//! same [`Walk`] and the same writers make both.

use super::{Format, Moment, Report, StreamError, Times, Walk, Writer, seen_now};
use crate::battle::history::Stacks;
use crate::battle::journal::{Journal, Reading, TornTail};
use crate::battle::session::{Header, LeanRecord, Record, Replay, SessionError};
use crate::battle::{Battle, BattleError, Entry, Sight, Visibility};
use crate::model::{Prior, Viewer};
use std::io::Write;
use std::path::{Path, PathBuf};

/// A journal read once, lean: what the report needs to know before it is written.
pub struct Survey {
    pub path: PathBuf,
    pub header: Header,
    /// A bad last line, left out and left in place.
    pub torn: Option<TornTail>,
    /// The battle as the journal leaves it: its roster and state, none of its events.
    pub battle: Battle,
    /// Which records are events in force at the end.
    stacks: Stacks,
    /// Who may see each record.
    shown: Vec<Visibility>,
    /// How many records are events (in force or not).
    events: usize,
    times: Times,
    /// The journal, to read again.
    reading: Reading<Header>,
}

impl Survey {
    /// Reads the journal at `path` without locking or changing it, every record checked as
    /// loading the battle checks it (a record that cannot be replayed is refused with its line).
    pub fn read(path: impl AsRef<Path>) -> Result<Survey, SessionError> {
        let path = path.as_ref();
        let mut reading = Journal::reading::<Header>(path)?;
        let (mut battle, _) = Replay::new(path, reading.header(), reading.checks())?.finish();
        let mut stacks = Stacks::default();
        let mut shown: Vec<Visibility> = Vec::new();
        let mut times = Times::new(reading.header().started);
        let mut events = 0;
        // What the effects of each event in force overwrote, all in one vector, and where each
        // event's begin; what an undo took out, for the redo that puts it back.
        let mut priors: Vec<Prior> = Vec::new();
        let mut starts: Vec<usize> = Vec::new();
        let mut undone: Vec<Vec<Prior>> = Vec::new();
        while let Some(entry) = reading.next_entry::<LeanRecord>() {
            let (line, LeanRecord(record)) = entry?;
            let expected = stacks.len() as u64 + 1;
            if record.seq != expected {
                return Err(SessionError::Sequence {
                    path: path.to_path_buf(),
                    line,
                    expected,
                    found: record.seq,
                });
            }
            let refused = |source| SessionError::Replay {
                path: path.to_path_buf(),
                line,
                source,
            };
            match &record.entry {
                Entry::Event(ev) => {
                    let from = priors.len();
                    battle.fold_in(ev, Some(&mut priors)).map_err(refused)?;
                    starts.push(from);
                    undone.clear();
                    events += 1;
                }
                Entry::Undo => {
                    if !stacks.can_undo() {
                        return Err(refused(BattleError::NothingToUndo));
                    }
                    let from = starts.pop().unwrap_or(priors.len());
                    undone.push(battle.fold_out(priors.drain(from..)));
                }
                Entry::Redo => {
                    let Some(forward) = undone.pop().filter(|_| stacks.can_redo()) else {
                        return Err(refused(BattleError::NothingToRedo));
                    };
                    starts.push(priors.len());
                    priors.extend(battle.fold_out(forward.into_iter()));
                }
            }
            let v = Visibility::next(&mut stacks, &record.entry, &shown, &battle.roster);
            shown.push(v);
            times.add(record.at);
        }
        Ok(Survey {
            path: path.to_path_buf(),
            header: reading.header().clone(),
            torn: reading.torn().cloned(),
            battle,
            stacks,
            shown,
            events,
            times,
            reading,
        })
    }

    /// How many records the journal holds (the start event's is the first).
    pub fn records(&self) -> usize {
        self.stacks.len()
    }

    /// How many events are in force (the start event included).
    pub fn in_force(&self) -> usize {
        self.stacks.applied().len()
    }

    /// How many events were undone and are not in force (left out of a report).
    pub fn undone(&self) -> usize {
        self.events - self.in_force()
    }

    /// Writes the report for `viewer` with `writer`, reading the journal again one record at a
    /// time, and returns what the report holds but its items (its head, each turn's losses, the
    /// strength points, the final state and the outcome: what a chart is drawn from). The
    /// records read are those the survey read, from the same file; a journal cut back since
    /// is an error, what was appended since is left out.
    pub fn stream(self, viewer: Viewer, writer: &mut dyn Writer) -> Result<Report, StreamError> {
        let Survey {
            path,
            header,
            torn,
            battle: end,
            stacks,
            shown,
            events,
            times,
            reading,
        } = self;
        let undone = events - stacks.applied().len();
        let seen = seen_now(&end, viewer);
        let skeleton =
            Report::skeleton(&end, viewer, header.started, &times, undone, torn.as_ref());
        // The battle is walked again from its start; the one the survey left is let go.
        let mut battle = Battle::new(end.scenario.clone());
        drop(end);
        let mut walk = Walk::new(skeleton, &battle, seen);
        let mut reading = reading.rewind().map_err(SessionError::from)?;
        let mut number = 0;
        for (index, visibility) in shown.iter().enumerate() {
            let seq = index as u64 + 1;
            let Some(entry) = reading.next_entry::<Record>() else {
                return Err(SessionError::NoRecord {
                    path,
                    line: index + 2,
                    seq,
                }
                .into());
            };
            let (line, record) = entry.map_err(SessionError::from)?;
            if record.seq != seq {
                return Err(SessionError::Sequence {
                    path,
                    line,
                    expected: seq,
                    found: record.seq,
                }
                .into());
            }
            // Numbered as `crate::battle::numbers` numbers: the umpire's copy every record,
            // another only what it may see.
            let sight = visibility.sight(viewer);
            if viewer == Viewer::Umpire || sight != Sight::Nothing {
                number += 1;
            }
            let Entry::Event(ev) = &record.entry else {
                continue;
            };
            if !stacks.is_in_force(index) {
                continue;
            }
            let st = battle.state();
            let before = Moment {
                turn: st.turn,
                phase: st.phase.clone(),
                active: st.active,
            };
            battle
                .fold_in(ev, None)
                .map_err(|source| SessionError::Replay {
                    path: path.clone(),
                    line,
                    source,
                })?;
            let opened = walk.report.turns.len();
            let item = walk.event(record.at, ev, sight, number, &before, &battle);
            if walk.report.turns.len() != opened {
                match opened.checked_sub(1) {
                    None => writer.head(&walk.report)?,
                    Some(last) => writer.turn_end(&walk.report, &walk.report.turns[last])?,
                }
                if let Some(turn) = walk.report.turns.last() {
                    writer.turn_start(&walk.report, turn)?;
                }
            }
            if let Some(item) = item {
                writer.item(&walk.report, &item)?;
            }
        }
        let open = walk.report.turns.len();
        let report = walk.finish(&battle);
        match open.checked_sub(1) {
            None => writer.head(&report)?,
            Some(last) => writer.turn_end(&report, &report.turns[last])?,
        }
        writer.tail(&report)?;
        Ok(report)
    }

    /// Writes the report for `viewer` in `format` to `out` ([`Survey::stream`]); `chart` is the
    /// file name of the strength chart beside a Markdown report, if one is written.
    pub fn stream_to(
        self,
        viewer: Viewer,
        format: Format,
        chart: Option<&str>,
        out: impl Write,
    ) -> Result<Report, StreamError> {
        let out = std::io::BufWriter::with_capacity(1 << 16, out);
        let (report, out) = match format {
            Format::Markdown => {
                let mut w = super::markdown::Markdown::new(out, chart);
                (self.stream(viewer, &mut w)?, w.into_inner())
            }
            Format::Html => {
                let mut w = super::html::Html::new(out);
                (self.stream(viewer, &mut w)?, w.into_inner())
            }
        };
        out.into_inner().map_err(|e| e.into_error())?;
        Ok(report)
    }
}
