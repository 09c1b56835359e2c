//! The odds report: each result with its exact probability, the notes that explain it and named
//! figures, with its words written only when they are shown.
//!
//! A rule set computes the distribution first; the words (a title, each result's words, the notes)
//! are kept as the plain values they are written from ([`Words`]) and written once, all together,
//! the first time any of them is read ([`Deferred`]). A form that recomputes the odds at every
//! keystroke pays for the arithmetic, and for the words only of the report it draws. Read, a
//! [`Text`] is a `str` and [`Notes`] a slice of `String`, as they were when they were written at
//! once.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::cell::OnceCell;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::{Deref, DerefMut};
use std::rc::Rc;

/// What an odds report says in words, written by [`Words::write`]: its title, the words of its
/// results whose words are deferred (in the order of their index), and its notes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Written {
    pub title: String,
    pub results: Vec<String>,
    pub notes: Vec<String>,
}

/// The words of one odds report, as the values they are written from. Written once, when first
/// read.
pub trait Words: 'static {
    fn write(&self) -> Written;
}

/// Words written by a function of the values it holds (a closure that owns them).
pub struct WrittenBy<F>(pub F);

impl<F: Fn() -> Written + 'static> Words for WrittenBy<F> {
    fn write(&self) -> Written {
        (self.0)()
    }
}

/// A report's words, written on first reading and kept.
trait Shown {
    fn written(&self) -> &Written;
}

struct Kept<W> {
    words: W,
    written: OnceCell<Written>,
}

impl<W: Words> Shown for Kept<W> {
    fn written(&self) -> &Written {
        self.written.get_or_init(|| self.words.write())
    }
}

/// The words of one report, shared by its title, results and notes, written when any of them is
/// first read. Shared within the thread that makes and shows the report (without the cost of
/// counting its sharers across threads: a report is recomputed at every keystroke).
#[derive(Clone)]
pub struct Deferred(Rc<dyn Shown>);

impl Deferred {
    pub fn new(words: impl Words) -> Self {
        Deferred(Rc::new(Kept {
            words,
            written: OnceCell::new(),
        }))
    }

    /// The title, as [`Written::title`].
    pub fn title(&self) -> Text {
        Text(Repr::Title(self.0.clone()))
    }

    /// The words of result `i`, as [`Written::results`]`[i]`.
    pub fn result(&self, i: usize) -> Text {
        Text(Repr::Result(self.0.clone(), i))
    }

    /// The notes, as [`Written::notes`].
    pub fn notes(&self) -> Notes {
        Notes(NotesRepr::Deferred(self.0.clone()))
    }
}

/// Words of a report: fixed, written already, or to be written from its [`Words`]. Read as a
/// `str` (it dereferences to one); compared, printed and serialised as its words.
#[derive(Clone)]
pub struct Text(Repr);

#[derive(Clone)]
enum Repr {
    Static(&'static str),
    Owned(String),
    Title(Rc<dyn Shown>),
    Result(Rc<dyn Shown>, usize),
}

impl Text {
    /// Words written by `write` when first read.
    pub fn later(write: impl Fn() -> String + 'static) -> Text {
        Deferred::new(WrittenBy(move || Written {
            title: write(),
            ..Written::default()
        }))
        .title()
    }

    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Static(s) => s,
            Repr::Owned(s) => s,
            Repr::Title(w) => &w.written().title,
            Repr::Result(w, i) => w.written().results[*i].as_str(),
        }
    }
}

impl Default for Text {
    fn default() -> Self {
        Text(Repr::Static(""))
    }
}

impl Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl From<&'static str> for Text {
    fn from(s: &'static str) -> Self {
        Text(Repr::Static(s))
    }
}

impl From<String> for Text {
    fn from(s: String) -> Self {
        Text(Repr::Owned(s))
    }
}

impl From<Text> for String {
    fn from(t: Text) -> String {
        match t.0 {
            Repr::Owned(s) => s,
            other => Text(other).as_str().to_string(),
        }
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Text {}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Text {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<Text> for &str {
    fn eq(&self, other: &Text) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<Text> for String {
    fn eq(&self, other: &Text) -> bool {
        self == other.as_str()
    }
}

impl Serialize for Text {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(Text::from)
    }
}

/// The notes of a report: written already, or to be written from its [`Words`]. Read as a slice
/// of `String`; changed (a note pushed or inserted by a battle's odds), they are written first.
#[derive(Clone)]
pub struct Notes(NotesRepr);

#[derive(Clone)]
enum NotesRepr {
    Owned(Vec<String>),
    Deferred(Rc<dyn Shown>),
}

impl Notes {
    pub fn new() -> Self {
        Notes(NotesRepr::Owned(Vec::new()))
    }

    /// Notes written by `write` when first read.
    pub fn later(write: impl Fn() -> Vec<String> + 'static) -> Notes {
        Deferred::new(WrittenBy(move || Written {
            notes: write(),
            ..Written::default()
        }))
        .notes()
    }

    /// The notes as a vector of their own, written if they were not.
    fn owned(&mut self) -> &mut Vec<String> {
        if let NotesRepr::Deferred(w) = &self.0 {
            self.0 = NotesRepr::Owned(w.written().notes.clone());
        }
        match &mut self.0 {
            NotesRepr::Owned(v) => v,
            NotesRepr::Deferred(_) => unreachable!("the notes were just written"),
        }
    }

    pub fn push(&mut self, note: impl Into<String>) {
        self.owned().push(note.into());
    }

    pub fn insert(&mut self, i: usize, note: impl Into<String>) {
        self.owned().insert(i, note.into());
    }

    pub fn into_vec(mut self) -> Vec<String> {
        std::mem::take(self.owned())
    }
}

impl Default for Notes {
    fn default() -> Self {
        Notes::new()
    }
}

impl Deref for Notes {
    type Target = [String];
    fn deref(&self) -> &[String] {
        match &self.0 {
            NotesRepr::Owned(v) => v,
            NotesRepr::Deferred(w) => &w.written().notes,
        }
    }
}

impl DerefMut for Notes {
    fn deref_mut(&mut self) -> &mut [String] {
        self.owned()
    }
}

impl From<Vec<String>> for Notes {
    fn from(v: Vec<String>) -> Self {
        Notes(NotesRepr::Owned(v))
    }
}

impl Extend<String> for Notes {
    fn extend<I: IntoIterator<Item = String>>(&mut self, iter: I) {
        self.owned().extend(iter);
    }
}

impl<'a> IntoIterator for &'a Notes {
    type Item = &'a String;
    type IntoIter = std::slice::Iter<'a, String>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for Notes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl PartialEq for Notes {
    fn eq(&self, other: &Notes) -> bool {
        **self == **other
    }
}

impl Serialize for Notes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Notes {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<String>::deserialize(d).map(Notes::from)
    }
}

/// A figure's name: `p_hit`, `expected_hits`, `p_stand_3_out`.
pub type FigureName = Cow<'static, str>;

/// A report's named figures, read in the order of their names; read and changed as a map of names
/// to numbers (a name given as a `&str` or a `String`), its fixed names kept without a copy, and
/// the first few figures kept in place (most reports name one or two). They are kept in the order
/// they were set, and put in the order of their names only when they are read in turn (shown,
/// written out): a report made at every keystroke does not sort names it does not show.
#[derive(Clone, Default)]
pub struct Figures(Store);

/// One figure: its name and its value.
#[derive(Clone, Debug, PartialEq)]
struct Figure {
    name: FigureName,
    value: f64,
}

/// How many figures are kept in place before they go to a vector of their own.
const IN_PLACE: usize = 2;

/// An empty place.
const NO_FIGURE: Figure = Figure {
    name: Cow::Borrowed(""),
    value: 0.0,
};

#[derive(Clone)]
enum Store {
    InPlace([Figure; IN_PLACE], usize),
    Spilled(Vec<Figure>),
}

impl Default for Store {
    fn default() -> Self {
        Store::InPlace([NO_FIGURE; IN_PLACE], 0)
    }
}

impl Figures {
    pub fn new() -> Self {
        Figures::default()
    }

    /// Figures whose names differ, as given (a report that names many figures, each once).
    pub fn of_distinct(figures: Vec<(FigureName, f64)>) -> Self {
        debug_assert!(
            figures
                .iter()
                .enumerate()
                .all(|(i, (a, _))| figures[..i].iter().all(|(b, _)| a != b)),
            "a figure named twice"
        );
        if figures.len() <= IN_PLACE {
            let mut f = Figures::new();
            for (name, value) in figures {
                f.insert(name, value);
            }
            return f;
        }
        Figures(Store::Spilled(
            figures
                .into_iter()
                .map(|(name, value)| Figure { name, value })
                .collect(),
        ))
    }

    fn slice(&self) -> &[Figure] {
        match &self.0 {
            Store::InPlace(list, len) => &list[..*len],
            Store::Spilled(v) => v,
        }
    }

    fn slice_mut(&mut self) -> &mut [Figure] {
        match &mut self.0 {
            Store::InPlace(list, len) => &mut list[..*len],
            Store::Spilled(v) => v,
        }
    }

    fn find(&self, name: &str) -> Option<usize> {
        self.slice()
            .iter()
            .position(|f| f.name.as_bytes() == name.as_bytes())
    }

    /// The figures in the order of their names.
    fn ordered(&self) -> Vec<&Figure> {
        let mut v: Vec<&Figure> = self.slice().iter().collect();
        v.sort_by(|a, b| a.name.cmp(&b.name));
        v
    }

    /// Sets the figure `name`, returning the one it replaces.
    pub fn insert(&mut self, name: FigureName, value: f64) -> Option<f64> {
        if let Some(i) = self.find(&name) {
            return Some(std::mem::replace(&mut self.slice_mut()[i].value, value));
        }
        let figure = Figure { name, value };
        match &mut self.0 {
            Store::InPlace(list, len) if *len < IN_PLACE => {
                list[*len] = figure;
                *len += 1;
            }
            Store::InPlace(list, _) => {
                let mut v = Vec::with_capacity(IN_PLACE * 8);
                v.extend(list.iter_mut().map(|f| std::mem::replace(f, NO_FIGURE)));
                v.push(figure);
                self.0 = Store::Spilled(v);
            }
            Store::Spilled(v) => v.push(figure),
        }
        None
    }

    pub fn get<K: AsRef<str> + ?Sized>(&self, name: &K) -> Option<&f64> {
        self.find(name.as_ref()).map(|i| &self.slice()[i].value)
    }

    pub fn contains_key<K: AsRef<str> + ?Sized>(&self, name: &K) -> bool {
        self.find(name.as_ref()).is_some()
    }

    pub fn len(&self) -> usize {
        self.slice().len()
    }

    pub fn is_empty(&self) -> bool {
        self.slice().is_empty()
    }

    /// Each name with its figure, in the order of the names.
    pub fn iter(&self) -> FiguresIter<'_> {
        FiguresIter(self.ordered().into_iter())
    }

    /// The names, in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.iter().map(|(k, _)| k)
    }

    /// The figures, in the order of their names.
    pub fn values(&self) -> impl Iterator<Item = &f64> {
        self.iter().map(|(_, v)| v)
    }

    /// Each figure, to change (in no particular order).
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut f64> {
        self.slice_mut().iter_mut().map(|f| &mut f.value)
    }
}

/// A report's figures, each name with its figure, in the order of the names.
pub struct FiguresIter<'a>(std::vec::IntoIter<&'a Figure>);

impl<'a> Iterator for FiguresIter<'a> {
    type Item = (&'a str, &'a f64);
    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|f| (f.name.as_ref(), &f.value))
    }
}

impl PartialEq for Figures {
    /// The same names with the same figures, whatever order they were set in.
    fn eq(&self, other: &Figures) -> bool {
        self.ordered() == other.ordered()
    }
}

impl fmt::Debug for Figures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<const K: usize> From<[(FigureName, f64); K]> for Figures {
    fn from(figures: [(FigureName, f64); K]) -> Self {
        figures.into_iter().collect()
    }
}

impl FromIterator<(FigureName, f64)> for Figures {
    /// Of a name given twice, the later figure.
    fn from_iter<I: IntoIterator<Item = (FigureName, f64)>>(iter: I) -> Self {
        let mut f = Figures::new();
        for (name, value) in iter {
            f.insert(name, value);
        }
        f
    }
}

impl std::ops::Index<&str> for Figures {
    type Output = f64;
    fn index(&self, name: &str) -> &f64 {
        match self.get(name) {
            Some(v) => v,
            None => panic!("no figure named {name:?}"),
        }
    }
}

impl<'a> IntoIterator for &'a Figures {
    type Item = (&'a str, &'a f64);
    type IntoIter = FiguresIter<'a>;
    /// Each name with its figure, in the order of the names.
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Serialize for Figures {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for Figures {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        BTreeMap::<String, f64>::deserialize(d).map(|m| {
            m.into_iter()
                .map(|(k, v)| (FigureName::Owned(k), v))
                .collect()
        })
    }
}

/// A distribution ready to show: labels with probabilities, as printed by `umpire odds`.
///
/// Serialized with every figure [`tidy`](super::tidy): JSON never holds `-0.0` or `-1e-17`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OddsReport {
    /// What is being rolled for.
    pub title: Text,
    /// Each result with its exact probability, in table order.
    pub results: Vec<OddsLine>,
    /// Inputs and modifiers that shaped the odds, in words.
    pub notes: Notes,
    /// Further named figures (expected hits, rounds …); those named `p_…` are probabilities.
    #[serde(
        default,
        skip_serializing_if = "Figures::is_empty",
        serialize_with = "tidy_map"
    )]
    pub extra: Figures,
}

/// One result and its probability.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OddsLine {
    pub result: Text,
    #[serde(serialize_with = "tidy_number")]
    pub probability: f64,
}

fn tidy_number<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(super::tidy(*x))
}

fn tidy_map<S: serde::Serializer>(m: &Figures, s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(m.iter().map(|(k, v)| (k, super::tidy(*v))))
}

impl OddsReport {
    /// The same report with every figure [`tidy`](super::tidy).
    pub fn tidied(mut self) -> Self {
        for l in &mut self.results {
            l.probability = super::tidy(l.probability);
        }
        for v in self.extra.values_mut() {
            *v = super::tidy(*v);
        }
        self
    }

    pub fn from_distribution<T: PartialEq>(
        title: impl Into<Text>,
        dist: &super::Distribution<T>,
        label: impl Fn(&T) -> String,
    ) -> Self {
        Self {
            title: title.into(),
            results: dist
                .iter()
                .map(|(o, p)| OddsLine {
                    result: label(o).into(),
                    probability: p,
                })
                .collect(),
            notes: Notes::new(),
            extra: Figures::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    static WRITTEN: AtomicUsize = AtomicUsize::new(0);

    struct Two(u32);

    impl Words for Two {
        fn write(&self) -> Written {
            WRITTEN.fetch_add(1, Ordering::SeqCst);
            Written {
                title: format!("{} dice", self.0),
                results: vec!["one".into(), format!("{} hits", self.0)],
                notes: vec!["a note".into()],
            }
        }
    }

    #[test]
    fn words_are_written_once_when_first_read_and_read_as_written() {
        let words = Deferred::new(Two(2));
        let report = OddsReport {
            title: words.title(),
            results: vec![
                OddsLine {
                    result: words.result(0),
                    probability: 0.25,
                },
                OddsLine {
                    result: "fixed".into(),
                    probability: 0.5,
                },
                OddsLine {
                    result: words.result(1),
                    probability: 0.25,
                },
            ],
            notes: words.notes(),
            extra: Figures::from([("p_hit".into(), 0.75)]),
        };
        let before = WRITTEN.load(Ordering::SeqCst);
        let copy = report.clone();
        assert_eq!(WRITTEN.load(Ordering::SeqCst), before, "not written yet");
        assert_eq!(report.title, "2 dice");
        assert_eq!(report.results[2].result, "2 hits");
        assert!(report.results[0].result.starts_with("on"));
        assert_eq!(report.notes[0], "a note");
        assert_eq!(copy.notes.len(), 1);
        assert_eq!(WRITTEN.load(Ordering::SeqCst), before + 1, "written once");
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "title": "2 dice",
                "results": [
                    {"result": "one", "probability": 0.25},
                    {"result": "fixed", "probability": 0.5},
                    {"result": "2 hits", "probability": 0.25},
                ],
                "notes": ["a note"],
                "extra": {"p_hit": 0.75},
            })
        );
        let back: OddsReport = serde_json::from_value(json).unwrap();
        assert_eq!(back, report);
        assert_eq!(format!("{:>6}|", report.results[1].result), " fixed|");
    }

    #[test]
    fn notes_changed_are_written_first() {
        let words = Deferred::new(Two(3));
        let mut notes = words.notes();
        notes.insert(0, "first");
        notes.push("last");
        assert_eq!(&*notes, ["first", "a note", "last"]);
        let later = Notes::later(|| vec![format!("{} dice", 2)]);
        assert_eq!(later.len(), 1);
        assert_eq!(Text::later(|| "late".into()), "late");
        let mut plain = Notes::from(vec!["x".to_string()]);
        let mut figures = Figures::from([("p_b".into(), 0.5), ("expected_a".into(), 2.0)]);
        figures.insert("p_a".to_string().into(), 0.25);
        assert_eq!(
            figures.keys().collect::<Vec<_>>(),
            ["expected_a", "p_a", "p_b"]
        );
        assert_eq!(figures.insert("p_b".into(), 0.75), Some(0.5));
        assert_eq!(figures["p_b"], 0.75);
        assert_eq!(figures.get(&"p_a".to_string()), Some(&0.25));
        assert!(!figures.contains_key("p_c"));
        let twice = Figures::from([("p".into(), 1.0), ("a".into(), 2.0), ("p".into(), 3.0)]);
        assert_eq!(twice.iter().collect::<Vec<_>>(), [("a", &2.0), ("p", &3.0)]);
        // Past the figures kept in place, in a vector, still read in order.
        let many: Figures = ["d", "b", "e", "a", "c"]
            .into_iter()
            .enumerate()
            .map(|(i, k)| (FigureName::from(k), i as f64))
            .collect();
        assert_eq!(many.keys().collect::<Vec<_>>(), ["a", "b", "c", "d", "e"]);
        assert_eq!(many["e"], 2.0);
        assert_eq!(many, many.clone());
        assert_eq!(format!("{twice:?}"), r#"{"a": 2.0, "p": 3.0}"#);
        let distinct = Figures::of_distinct(vec![
            ("p_b".into(), 1.0),
            ("p_a".into(), 2.0),
            ("e".into(), 3.0),
        ]);
        assert_eq!(distinct.keys().collect::<Vec<_>>(), ["e", "p_a", "p_b"]);
        assert_eq!(distinct["p_a"], 2.0);
        assert_eq!(
            distinct,
            Figures::from([("e".into(), 3.0), ("p_a".into(), 2.0), ("p_b".into(), 1.0)]),
            "whatever order they were set in"
        );
        plain.extend(["y".to_string()]);
        assert_eq!(plain.into_vec(), ["x", "y"]);
    }
}
