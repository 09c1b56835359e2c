//! Checkpoints: where a battle stood after one record of its journal, kept beside the journal so
//! that a command replays only the records after it.
//!
//! A checkpoint is the file `JOURNAL.checkpoint` ([`path_for`]). It holds everything a session
//! carrying out commands ([`super::session::Session::open_checkpointed`]) has after replaying the
//! journal up to that record: the battle's state, what the effects of the events in force
//! overwrote (for undo), what each entry of the history is (the events the history needs are read
//! back from the journal by where their records begin, which it also holds), where the program's
//! dice stood, and how many records it covers. It is never the battle: it names the journal it
//! summarises by its header line's checksum, and the record it covers by where that record's line
//! begins and its chained checksum, which covers every line before it. Loading checks all of it
//! against the journal ([`super::journal::Reading::skip_to`]); a checkpoint that does not match
//! (damaged, cut short, of another battle, of a journal since cut back or replaced, written by
//! another version of the program) is left unused, the journal replayed from its start, and a
//! fresh one written. Deleting it is always safe. Journals of formats 1 and 2, whose lines are not
//! chained, get none.
//!
//! It is kept beside the journal, not in it: the journal stays the same JSON Lines that the
//! report, the players' view and any tool read, append-only, and a checkpoint can be replaced
//! whole (written to `JOURNAL.checkpoint.tmp`, synced, renamed over) without touching a line of
//! it.
//!
//! # Layout
//!
//! Its own compact layout, not a general-purpose format: the few dozen fields of one program
//! version's battle, each read with its bounds checked, numbers as LEB128 varints (a battle of
//! 100,000 records at 1,000 units is about 1 MB), no dependency whose format could change under
//! it:
//!
//! ```text
//! "umpire checkpoint\n"        MAGIC
//! u32 LE                       FORMAT
//! u32 LE                       CRC-32 of everything after it
//! string                       the program's version (a checkpoint of another is not read)
//! varint ×3                    the header line's checksum; the records covered; where the last
//!                              one's line begins
//! varint                       its chained checksum
//! dice, units and formations added (each its turn, the additions before it it was checked
//! beside, and its definition as the journal writes it), state, priors, runs of priors, entry
//! codes, record offsets (each offset as the difference from the one before)
//! ```

use super::History;
use super::addition::{Addition, Admitted};
use super::session::DicePos;
use crate::declare::MarkerDef;
use crate::model::{AreaMarker, Arrival, BattleState, Prior, UnitState};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The first bytes of every checkpoint.
pub const MAGIC: &[u8] = b"umpire checkpoint\n";

/// The checkpoint layout this program writes and reads.
pub const FORMAT: u32 = 3;

/// A session carrying out commands writes a checkpoint once it has replayed or added more than
/// this many records since the last one, so that no command replays more (about 2 ms of a
/// 1,000-unit battle).
pub const EVERY: u64 = 500;

/// The checkpoint of the journal at `journal`: the same name with `.checkpoint` added.
pub fn path_for(journal: &Path) -> PathBuf {
    let mut name = journal.as_os_str().to_os_string();
    name.push(".checkpoint");
    PathBuf::from(name)
}

/// A checkpoint as read: where a battle stood after record `seq` of its journal.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    /// The checksum of the journal's header line.
    pub header_crc: u32,
    /// The records it covers: the battle after record `seq`, on line `seq + 1`.
    pub seq: u64,
    /// Where that record's line begins.
    pub offset: u64,
    /// That line's chained checksum.
    pub crc: u32,
    /// Where the program's dice stood.
    pub dice: Option<DicePos>,
    /// The units and formations the umpire added, in the order the battle admitted them
    /// ([`super::Battle::additions`]).
    pub additions: Vec<Admitted>,
    pub state: BattleState,
    pub priors: Vec<Prior>,
    pub prior_starts: Vec<u32>,
    /// What each entry is ([`History::codes`]).
    pub codes: Vec<u8>,
    /// Where each record's line begins, by entry.
    pub offsets: Vec<u64>,
}

/// What a checkpoint is written from: a session's battle and journal after record `seq`.
pub struct Snapshot<'a> {
    pub header_crc: u32,
    pub seq: u64,
    pub crc: u32,
    pub dice: Option<DicePos>,
    pub additions: &'a [Admitted],
    pub state: &'a BattleState,
    pub priors: &'a [Prior],
    pub prior_starts: &'a [u32],
    pub history: &'a History,
    pub offsets: &'a [u64],
}

/// The bytes of a checkpoint, or why there can be none (a marker the rule set does not declare,
/// no records).
pub fn encode(s: &Snapshot<'_>, markers: &[MarkerDef]) -> Result<Vec<u8>, String> {
    let codes = s.history.codes();
    if codes.len() as u64 != s.seq || s.offsets.len() as u64 != s.seq {
        return Err(format!(
            "{} entries and {} offsets for {} records",
            codes.len(),
            s.offsets.len(),
            s.seq
        ));
    }
    let Some(&offset) = s.offsets.last() else {
        return Err("no record to cover".into());
    };
    let mut w = Writer::default();
    w.str(env!("CARGO_PKG_VERSION"));
    w.var(u64::from(s.header_crc));
    w.var(s.seq);
    w.var(offset);
    w.var(u64::from(s.crc));
    match s.dice {
        Some(d) => {
            w.byte(1);
            w.var128(d.word_pos);
        }
        None => w.byte(0),
    }
    w.var(s.additions.len() as u64);
    for a in s.additions {
        w.var(u64::from(a.turn));
        w.var(a.beside.len() as u64);
        for &b in &a.beside {
            w.var(u64::from(b));
        }
        w.str(
            &serde_json::to_string(&a.addition)
                .map_err(|e| format!("a {} added: {e}", a.addition.what()))?,
        );
    }
    w.state(s.state, markers)?;
    w.var(s.priors.len() as u64);
    for p in s.priors {
        w.prior(p, markers)?;
    }
    w.var(s.prior_starts.len() as u64);
    for &p in s.prior_starts {
        w.var(u64::from(p));
    }
    w.var(codes.len() as u64);
    w.0.extend_from_slice(&codes);
    let mut last = 0;
    for &o in s.offsets {
        w.var(o.wrapping_sub(last));
        last = o;
    }
    let body = w.0;
    let mut out = Vec::with_capacity(MAGIC.len() + 8 + body.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT.to_le_bytes());
    out.extend_from_slice(&crc32fast::hash(&body).to_le_bytes());
    out.extend_from_slice(&body);
    Ok(out)
}

/// A checkpoint read from its bytes, every field checked as read; `Err` says what does not fit
/// (another layout or program version, damage, a truncated file).
pub fn decode(bytes: &[u8], markers: &'static [MarkerDef]) -> Result<Checkpoint, String> {
    let rest = bytes
        .strip_prefix(MAGIC)
        .ok_or("it does not begin as a checkpoint")?;
    if rest.len() < 8 {
        return Err("it is cut short".into());
    }
    let format = u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]);
    if format != FORMAT {
        return Err(format!(
            "its layout is {format}; this program reads {FORMAT}"
        ));
    }
    let crc = u32::from_le_bytes([rest[4], rest[5], rest[6], rest[7]]);
    let body = &rest[8..];
    let actual = crc32fast::hash(body);
    if actual != crc {
        return Err(format!(
            "its checksum does not match its content (written {crc:08x}, now {actual:08x})"
        ));
    }
    let mut r = Reader { bytes: body, at: 0 };
    let version = r.str()?;
    if version != env!("CARGO_PKG_VERSION") {
        return Err(format!(
            "it was written by version {}, not {}",
            crate::text::escape_terminal(&version),
            env!("CARGO_PKG_VERSION")
        ));
    }
    let header_crc = r.u32()?;
    let seq = r.var()?;
    let offset = r.var()?;
    let line_crc = r.u32()?;
    let dice = match r.byte()? {
        0 => None,
        1 => Some(DicePos {
            word_pos: r.var128()?,
        }),
        b => return Err(format!("bad dice flag {b}")),
    };
    let n = r.count()?;
    let mut additions = Vec::with_capacity(n);
    for _ in 0..n {
        let turn = r.u32()?;
        let m = r.count()?;
        let mut beside = Vec::with_capacity(m);
        for _ in 0..m {
            beside.push(r.u32()?);
        }
        let addition: Addition = serde_json::from_str(&r.str()?)
            .map_err(|e| format!("a unit or formation added does not read: {e}"))?;
        additions.push(Admitted {
            addition,
            turn,
            beside,
        });
    }
    let state = r.state(markers)?;
    let n = r.count()?;
    let mut priors = Vec::with_capacity(n);
    for _ in 0..n {
        priors.push(r.prior(markers)?);
    }
    let n = r.count()?;
    let mut prior_starts = Vec::with_capacity(n);
    for _ in 0..n {
        prior_starts.push(r.u32()?);
    }
    let n = r.count()?;
    let codes = r.take(n)?.to_vec();
    if n as u64 != seq {
        return Err(format!("it covers {seq} records but holds {n} entries"));
    }
    let mut offsets = Vec::with_capacity(n);
    let mut last = 0u64;
    for i in 0..n {
        let delta = r.var()?;
        if i > 0 && delta == 0 {
            return Err("its record offsets do not increase".into());
        }
        last = last
            .checked_add(delta)
            .ok_or("a record offset is out of range")?;
        offsets.push(last);
    }
    if offsets.last() != Some(&offset) {
        return Err("its last record offset is not the record it covers".into());
    }
    if r.at != body.len() {
        return Err("it has bytes past its end".into());
    }
    Ok(Checkpoint {
        header_crc,
        seq,
        offset,
        crc: line_crc,
        dice,
        additions,
        state,
        priors,
        prior_starts,
        codes,
        offsets,
    })
}

/// Writes a checkpoint's bytes to `path`, readable and writable by its owner only: to
/// `PATH.tmp` first, synced, then renamed over `path`, so that a crash leaves the old checkpoint
/// or the new one, never a mix (and a torn one would fail its checksum).
pub fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_os_string();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    fn write_then_rename(tmp: &Path, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt as _;
            options.mode(0o600);
        }
        let mut file = options.open(tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(tmp, path)
    }
    let result = write_then_rename(&tmp, path, bytes);
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// The bytes of the checkpoint at `path`, `None` when there is none (or it is no regular file,
/// or larger than any checkpoint can be).
pub fn read(path: &Path) -> std::io::Result<Option<Vec<u8>>> {
    use std::io::Read as _;
    let file = match crate::files::open_regular(path, std::fs::OpenOptions::new().read(true)) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e)
            if e.get_ref()
                .is_some_and(|e| e.is::<crate::files::NotRegular>()) =>
        {
            return Ok(None);
        }
        Err(e) => return Err(e),
    };
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= MAX_BYTES).then_some(bytes))
}

/// The largest checkpoint read: far past any battle's.
const MAX_BYTES: u64 = 1 << 30;

#[derive(Default)]
struct Writer(Vec<u8>);

impl Writer {
    fn byte(&mut self, b: u8) {
        self.0.push(b);
    }

    fn var(&mut self, v: u64) {
        self.var128(u128::from(v));
    }

    fn var128(&mut self, mut v: u128) {
        loop {
            let b = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                self.0.push(b);
                return;
            }
            self.0.push(b | 0x80);
        }
    }

    fn int(&mut self, v: i32) {
        self.var(u64::from(((v << 1) ^ (v >> 31)) as u32));
    }

    fn str(&mut self, s: &str) {
        self.var(s.len() as u64);
        self.0.extend_from_slice(s.as_bytes());
    }

    fn opt_str(&mut self, s: Option<&str>) {
        match s {
            Some(s) => {
                self.byte(1);
                self.str(s);
            }
            None => self.byte(0),
        }
    }

    fn opt_int(&mut self, v: Option<i32>) {
        match v {
            Some(v) => {
                self.byte(1);
                self.int(v);
            }
            None => self.byte(0),
        }
    }

    fn opt_u32(&mut self, v: Option<u32>) {
        match v {
            Some(v) => {
                self.byte(1);
                self.var(u64::from(v));
            }
            None => self.byte(0),
        }
    }

    fn marker(&mut self, id: &str, markers: &[MarkerDef]) -> Result<(), String> {
        let i = markers
            .iter()
            .position(|m| m.id == id)
            .ok_or_else(|| format!("marker `{id}` is not the rule set's"))?;
        self.var(i as u64);
        Ok(())
    }

    fn unit(&mut self, u: &UnitState, markers: &[MarkerDef]) -> Result<(), String> {
        self.var(u64::from(u.hits));
        self.opt_str(u.removed.as_deref());
        self.var(u.markers.len() as u64);
        for (id, &v) in &u.markers {
            self.marker(id, markers)?;
            self.int(v);
        }
        self.byte(u8::from(u.concealed));
        self.arrival(u.awaited);
        Ok(())
    }

    fn arrival(&mut self, a: Option<Arrival>) {
        match a {
            None => self.byte(0),
            Some(Arrival::Turn(t)) => {
                self.byte(1);
                self.var(u64::from(t));
            }
            Some(Arrival::Umpire) => self.byte(2),
            Some(Arrival::Unlisted) => self.byte(3),
        }
    }

    fn area(&mut self, a: &AreaMarker) {
        self.str(&a.kind);
        self.str(&a.label);
        self.str(&a.side);
        self.var(u64::from(a.turn));
    }

    fn state(&mut self, s: &BattleState, markers: &[MarkerDef]) -> Result<(), String> {
        self.var(u64::from(s.turn));
        self.var(s.active as u64);
        self.var(s.first_side as u64);
        self.str(&s.phase);
        self.var(s.units.len() as u64);
        for u in &s.units {
            self.unit(u, markers)?;
        }
        self.var(s.counters.len() as u64);
        for ((scope, name), &v) in &s.counters {
            self.str(scope);
            self.str(name);
            self.int(v);
        }
        self.var(s.areas.len() as u64);
        for (id, a) in &s.areas {
            self.str(id);
            self.area(a);
        }
        self.opt_u32(s.turn_limit);
        self.opt_str(s.result.as_deref());
        self.var(s.formation_listed.len() as u64);
        for &listed in &s.formation_listed {
            self.byte(u8::from(listed));
        }
        Ok(())
    }

    fn prior(&mut self, p: &Prior, markers: &[MarkerDef]) -> Result<(), String> {
        match p {
            Prior::Hits { unit, hits } => {
                self.byte(0);
                self.var(u64::from(*unit));
                self.var(u64::from(*hits));
            }
            Prior::Removed { unit, removed } => {
                self.byte(1);
                self.var(u64::from(*unit));
                self.opt_str(removed.as_deref());
            }
            Prior::Marker {
                unit,
                marker,
                value,
            } => {
                self.byte(2);
                self.var(u64::from(*unit));
                self.marker(marker, markers)?;
                self.opt_int(*value);
            }
            Prior::Unit(b) => {
                self.byte(3);
                self.var(u64::from(b.0));
                self.unit(&b.1, markers)?;
            }
            Prior::Counter(b) => {
                self.byte(4);
                let ((scope, name), value) = &**b;
                self.str(scope);
                self.str(name);
                self.opt_int(*value);
            }
            Prior::Area(b) => {
                self.byte(5);
                let (id, marker) = &**b;
                self.str(id);
                match marker {
                    Some(a) => {
                        self.byte(1);
                        self.area(a);
                    }
                    None => self.byte(0),
                }
            }
            Prior::Phase(b) => {
                self.byte(6);
                let (turn, active, phase) = &**b;
                self.var(u64::from(*turn));
                self.var(*active as u64);
                self.str(phase);
            }
            Prior::TurnLimit(limit) => {
                self.byte(7);
                self.opt_u32(*limit);
            }
            Prior::Result(result) => {
                self.byte(8);
                self.opt_str(result.as_deref());
            }
            Prior::Concealed { unit, concealed } => {
                self.byte(9);
                self.var(u64::from(*unit));
                self.byte(u8::from(*concealed));
            }
            Prior::Arrival { unit, awaited } => {
                self.byte(10);
                self.var(u64::from(*unit));
                self.arrival(*awaited);
            }
            Prior::Joined { formation, listed } => {
                self.byte(11);
                self.var(u64::from(*formation));
                self.byte(u8::from(*listed));
            }
        }
        Ok(())
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, String> {
        let b = *self.bytes.get(self.at).ok_or("it is cut short")?;
        self.at += 1;
        Ok(b)
    }

    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or("it is cut short")?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn var128(&mut self) -> Result<u128, String> {
        let mut v: u128 = 0;
        for shift in (0..=126).step_by(7) {
            let b = self.byte()?;
            let bits = u128::from(b & 0x7f);
            // The 19th byte holds the top two bits.
            if shift == 126 && bits > 0b11 {
                return Err("a number is out of range".into());
            }
            v |= bits << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err("a number is out of range".into())
    }

    fn var(&mut self) -> Result<u64, String> {
        u64::try_from(self.var128()?).map_err(|_| "a number is out of range".to_string())
    }

    fn u32(&mut self) -> Result<u32, String> {
        u32::try_from(self.var()?).map_err(|_| "a number is out of range".to_string())
    }

    fn usize(&mut self) -> Result<usize, String> {
        usize::try_from(self.var()?).map_err(|_| "a number is out of range".to_string())
    }

    /// A count of things each at least one byte long: no more than the bytes left.
    fn count(&mut self) -> Result<usize, String> {
        let n = self.usize()?;
        if n > self.bytes.len() - self.at {
            return Err("it is cut short".into());
        }
        Ok(n)
    }

    fn int(&mut self) -> Result<i32, String> {
        let z = self.u32()?;
        Ok(((z >> 1) as i32) ^ -((z & 1) as i32))
    }

    fn flag(&mut self) -> Result<bool, String> {
        match self.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            b => Err(format!("bad flag {b}")),
        }
    }

    fn str(&mut self) -> Result<String, String> {
        let n = self.count()?;
        let s = std::str::from_utf8(self.take(n)?).map_err(|_| "a text is not UTF-8")?;
        if let Some((_, c)) = crate::text::forbidden_char(s) {
            return Err(format!("a text: {}", crate::text::not_allowed_here(c)));
        }
        Ok(s.to_string())
    }

    fn opt_str(&mut self) -> Result<Option<String>, String> {
        Ok(if self.flag()? {
            Some(self.str()?)
        } else {
            None
        })
    }

    fn opt_int(&mut self) -> Result<Option<i32>, String> {
        Ok(if self.flag()? {
            Some(self.int()?)
        } else {
            None
        })
    }

    fn opt_u32(&mut self) -> Result<Option<u32>, String> {
        Ok(if self.flag()? {
            Some(self.u32()?)
        } else {
            None
        })
    }

    fn marker(&mut self, markers: &'static [MarkerDef]) -> Result<&'static str, String> {
        let i = self.usize()?;
        markers
            .get(i)
            .map(|m| m.id)
            .ok_or_else(|| format!("marker {i} is not the rule set's"))
    }

    fn unit(&mut self, markers: &'static [MarkerDef]) -> Result<UnitState, String> {
        let hits = self.u32()?;
        let removed = self.opt_str()?;
        let n = self.count()?;
        let mut m = BTreeMap::new();
        for _ in 0..n {
            let id = self.marker(markers)?;
            m.insert(id, self.int()?);
        }
        Ok(UnitState {
            hits,
            removed,
            markers: m,
            concealed: self.flag()?,
            awaited: self.arrival()?,
        })
    }

    fn arrival(&mut self) -> Result<Option<Arrival>, String> {
        Ok(match self.byte()? {
            0 => None,
            1 => Some(Arrival::Turn(self.u32()?)),
            2 => Some(Arrival::Umpire),
            3 => Some(Arrival::Unlisted),
            t => return Err(format!("a unit's arrival has no kind {t}")),
        })
    }

    fn area(&mut self) -> Result<AreaMarker, String> {
        Ok(AreaMarker {
            kind: self.str()?,
            label: self.str()?,
            side: self.str()?,
            turn: self.u32()?,
        })
    }

    fn state(&mut self, markers: &'static [MarkerDef]) -> Result<BattleState, String> {
        let turn = self.u32()?;
        let active = self.usize()?;
        let first_side = self.usize()?;
        let phase = self.str()?;
        let n = self.count()?;
        let mut units = Vec::with_capacity(n);
        for _ in 0..n {
            units.push(self.unit(markers)?);
        }
        let n = self.count()?;
        let mut counters = BTreeMap::new();
        for _ in 0..n {
            let key = (self.str()?, self.str()?);
            counters.insert(key, self.int()?);
        }
        let n = self.count()?;
        let mut areas = BTreeMap::new();
        for _ in 0..n {
            let id = self.str()?;
            areas.insert(id, self.area()?);
        }
        Ok(BattleState {
            turn,
            active,
            first_side,
            phase,
            units,
            counters,
            areas,
            turn_limit: self.opt_u32()?,
            result: self.opt_str()?,
            formation_listed: {
                let n = self.count()?;
                let mut listed = Vec::with_capacity(n);
                for _ in 0..n {
                    listed.push(self.flag()?);
                }
                listed
            },
        })
    }

    fn prior(&mut self, markers: &'static [MarkerDef]) -> Result<Prior, String> {
        Ok(match self.byte()? {
            0 => Prior::Hits {
                unit: self.u32()?,
                hits: self.u32()?,
            },
            1 => Prior::Removed {
                unit: self.u32()?,
                removed: self.opt_str()?,
            },
            2 => Prior::Marker {
                unit: self.u32()?,
                marker: self.marker(markers)?,
                value: self.opt_int()?,
            },
            3 => {
                let unit = self.u32()?;
                Prior::Unit(Box::new((unit, self.unit(markers)?)))
            }
            4 => {
                let key = (self.str()?, self.str()?);
                Prior::Counter(Box::new((key, self.opt_int()?)))
            }
            5 => {
                let id = self.str()?;
                let marker = if self.flag()? {
                    Some(self.area()?)
                } else {
                    None
                };
                Prior::Area(Box::new((id, marker)))
            }
            6 => {
                let turn = self.u32()?;
                let active = self.usize()?;
                Prior::Phase(Box::new((turn, active, self.str()?)))
            }
            7 => Prior::TurnLimit(self.opt_u32()?),
            8 => Prior::Result(self.opt_str()?),
            9 => Prior::Concealed {
                unit: self.u32()?,
                concealed: self.flag()?,
            },
            10 => Prior::Arrival {
                unit: self.u32()?,
                awaited: self.arrival()?,
            },
            11 => Prior::Joined {
                formation: self.u32()?,
                listed: self.flag()?,
            },
            t => return Err(format!("what an event overwrote has no kind {t}")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A checkpoint whose body is `body`, checksum and all.
    fn sealed(body: &[u8]) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&FORMAT.to_le_bytes());
        out.extend_from_slice(&crc32fast::hash(body).to_le_bytes());
        out.extend_from_slice(body);
        out
    }

    #[test]
    fn another_versions_checkpoint_is_refused_whole() {
        let mut w = Writer::default();
        w.str("0.0.0-another");
        w.0.extend_from_slice(&[0; 64]);
        let e = decode(&sealed(&w.0), &[]).unwrap_err();
        assert_eq!(
            e,
            format!(
                "it was written by version 0.0.0-another, not {}",
                env!("CARGO_PKG_VERSION")
            )
        );
        let mut w = Writer::default();
        w.str(env!("CARGO_PKG_VERSION"));
        let e = decode(&sealed(&w.0), &[]).unwrap_err();
        assert_eq!(e, "it is cut short");
    }

    #[test]
    fn numbers_round_trip_through_varints() {
        let mut w = Writer::default();
        let values = [0u128, 1, 127, 128, 300, u128::from(u64::MAX), u128::MAX];
        for &v in &values {
            w.var128(v);
        }
        for v in [0, -1, 1, i32::MIN, i32::MAX] {
            w.int(v);
        }
        let mut r = Reader { bytes: &w.0, at: 0 };
        for &v in &values {
            assert_eq!(r.var128().unwrap(), v);
        }
        for v in [0, -1, 1, i32::MIN, i32::MAX] {
            assert_eq!(r.int().unwrap(), v);
        }
        assert_eq!(r.at, w.0.len());
        // Past 128 bits, or cut short: refused.
        let mut r = Reader {
            bytes: &[0xff; 20],
            at: 0,
        };
        assert!(r.var128().is_err());
        let mut r = Reader {
            bytes: &[0x80],
            at: 0,
        };
        assert_eq!(r.var().unwrap_err(), "it is cut short");
    }
}
