//! The organisations a rule set's text describes (Scruby's Army Corps, a Newport rifle company, a
//! Soviet tank battalion in FFT3), each one side's order of battle as the rules lay it out:
//! `umpire scenario new` writes a new scenario from them, one organisation a side, for the umpire
//! to edit rather than write.
//!
//! An organisation is plain data built by a function, with ids that are its own: the writer puts
//! the side's id in front of every unit's and formation's id (and of every unit a field or a
//! concealment stand names), so the same organisation may stand on both sides of one battle.

use super::Value;

/// One organisation the rules describe, written as one side of a new scenario.
#[derive(Clone, Copy, Debug)]
pub struct OrganisationDef {
    /// Its id on the command line (`umpire scenario new scruby --org army-corps`).
    pub id: &'static str,
    /// What it is, short ("Army Corps of 6 divisions").
    pub name: &'static str,
    /// What the rules say of it and what it holds, in a sentence or two: listed by `--help` and
    /// written at the head of its side.
    pub help: &'static str,
    /// The side's id and name when the command line gives none.
    pub side: (&'static str, &'static str),
    /// The side's nationality, where the rule set reads one (FFT3's tables).
    pub nationality: Option<&'static str>,
    /// The side's quality, the default of its formations and units.
    pub quality: Option<&'static str>,
    /// The options the organisation is written for (`scale = "company"`), as TOML values: a
    /// per-side option goes under the side's `[side.options]`, any other under `[options]`.
    pub options: &'static [(&'static str, &'static str)],
    /// The organisation the enemy side gets when the umpire asks for this one alone (or for
    /// none, of the rule set's first): its usual opponent in the rules; this one again if none.
    pub against: Option<&'static str>,
    /// The battle's length in turns that suits it; a battle of two organisations takes the
    /// longer.
    pub turns: i64,
    /// Its formations, units and concealment stands.
    pub build: fn() -> Force,
}

/// An organisation's order of battle, with its own ids.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Force {
    /// Units directly under the side (headquarters, off-table assets).
    pub units: Vec<Member>,
    pub formations: Vec<Group>,
    /// Concealment stands, for a rule set that hides columns behind them: written commented out,
    /// for the umpire to take up.
    pub concealed: Vec<Column>,
    /// What the umpire should know of the stands before taking them up (the option they need).
    pub concealed_note: &'static str,
}

/// A formation of an organisation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Group {
    pub id: String,
    pub name: String,
    pub level: Option<&'static str>,
    pub quality: Option<&'static str>,
    /// What it is in the rules' words, written above it; empty for none.
    pub note: String,
    pub units: Vec<Member>,
    pub formations: Vec<Group>,
}

/// A unit of an organisation.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    pub id: String,
    pub name: String,
    /// One of the rule set's unit kinds.
    pub kind: &'static str,
    /// The rule set's own fields (and `quality`, `leader`, `hq`), by key.
    pub fields: Vec<(&'static str, Value)>,
    /// What it is, written above it; empty for none.
    pub note: String,
}

/// A concealment stand: its number and the units behind it, by the organisation's ids.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    pub number: i64,
    pub units: Vec<String>,
    /// What the column is, written above it.
    pub note: String,
}

impl Group {
    /// A formation with no units yet.
    pub fn new(id: impl Into<String>, name: impl Into<String>, level: &'static str) -> Group {
        Group {
            id: id.into(),
            name: name.into(),
            level: Some(level),
            ..Group::default()
        }
    }

    /// The same, with `note` written above it.
    pub fn note(mut self, note: impl Into<String>) -> Group {
        self.note = note.into();
        self
    }

    /// The same, of `quality`.
    pub fn quality(mut self, quality: &'static str) -> Group {
        self.quality = Some(quality);
        self
    }

    /// The same, with `unit` added.
    pub fn unit(mut self, unit: Member) -> Group {
        self.units.push(unit);
        self
    }

    /// The same, with `group` added under it.
    pub fn group(mut self, group: Group) -> Group {
        self.formations.push(group);
        self
    }
}

impl Member {
    /// A unit of `kind` with no fields.
    pub fn new(id: impl Into<String>, name: impl Into<String>, kind: &'static str) -> Member {
        Member {
            id: id.into(),
            name: name.into(),
            kind,
            fields: Vec::new(),
            note: String::new(),
        }
    }

    /// The same, with the field `key` set to `value`.
    pub fn field(mut self, key: &'static str, value: Value) -> Member {
        self.fields.push((key, value));
        self
    }

    /// The same, with the field `key` set to the text `value`.
    pub fn text(self, key: &'static str, value: impl Into<String>) -> Member {
        self.field(key, Value::Text(value.into()))
    }

    /// The same, with the flag `key` set.
    pub fn flag(self, key: &'static str) -> Member {
        self.field(key, Value::Bool(true))
    }

    /// The same, with `note` written above it.
    pub fn note(mut self, note: impl Into<String>) -> Member {
        self.note = note.into();
        self
    }
}

/// "1st", "2nd", "3rd", "4th" … for the names of numbered formations.
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::ordinal;

    #[test]
    fn ordinals_read_as_english() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal).into();
        assert_eq!(
            got,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"
            ]
        );
    }
}
