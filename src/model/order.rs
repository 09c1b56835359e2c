//! The order of battle as a rule set checks it at load ([`OrderOfBattle`]): the sides, formations
//! and units as the battle will see them (the [`Roster`]), each with its place in the scenario
//! file and the places of its keys, the concealment stands as written, and the rows of
//! `[tables]`. A rule set's checks read this and never the file's own structs, so that the
//! schema may change without them, and each problem they find is placed as the core places its
//! own: the span of what is wrong and the key path that names it
//! (`side "au" › unit "hc" › figures`).
//!
//! The core builds it once its own checks have typed the unit fields; problems it has found
//! already may remain (an unknown kind, a field of the wrong type, a reference to no unit), and a
//! rule set leaves those to the core's message.

use super::file::{
    ConcealedDef, FormationDef, KeyPath, Problem, ScenarioFile, SideDef, Spanned, UnitDef,
    typed_value,
};
use super::roster::Roster;
use crate::declare::Value;
use std::ops::Range;

/// A scenario's order of battle with the place of everything in it, for a rule set's checks.
///
/// Sides, formations and units are numbered as in the [`Roster`]: [`OrderOfBattle::unit`]`(u)`
/// is where `roster.units[u]` is written.
pub struct OrderOfBattle<'a> {
    /// The sides, formations and units as the battle will see them.
    pub roster: &'a Roster,
    sides: Vec<SidePlace>,
    formations: Vec<FormationPlace>,
    units: Vec<UnitPlace<'a>>,
    stands: Vec<Stand<'a>>,
    rows: Vec<DataRow<'a>>,
}

/// Where a side and its keys are written.
#[derive(Clone, Debug)]
pub struct SidePlace {
    /// How problems name it: `side "au"` (`side[1]` when its id is not usable).
    pub path: KeyPath,
    /// Its id's value.
    pub id: Range<usize>,
    pub name: Range<usize>,
    /// Its `nationality`'s value, if it sets one.
    pub nationality: Option<Range<usize>>,
    /// Its `quality`'s value, if it sets one.
    pub quality: Option<Range<usize>>,
}

/// Where a formation and its keys are written.
#[derive(Clone, Debug)]
pub struct FormationPlace {
    /// How problems name it: `side "au" › formation "d1"`.
    pub path: KeyPath,
    pub id: Range<usize>,
    pub name: Range<usize>,
    /// Its `level`'s value, if it sets one.
    pub level: Option<Range<usize>>,
    /// Its `quality`'s value, if it sets one.
    pub quality: Option<Range<usize>>,
}

/// Where a unit and its keys are written.
#[derive(Clone, Debug)]
pub struct UnitPlace<'a> {
    /// How problems name it: `side "au" › formation "d1" › unit "c"`.
    pub path: KeyPath,
    pub id: Range<usize>,
    pub name: Range<usize>,
    pub kind: Range<usize>,
    /// The values of `quality`, `leader` and `hq`, where the unit sets them.
    pub quality: Option<Range<usize>>,
    pub leader: Option<Range<usize>>,
    pub hq: Option<Range<usize>>,
    /// The rule set's own fields the unit sets, in the order of their keys.
    pub fields: Vec<Field<'a>>,
}

impl<'a> UnitPlace<'a> {
    /// The rule set's field `key`, if the unit sets it.
    pub fn field(&self, key: &str) -> Option<&Field<'a>> {
        self.fields.iter().find(|f| f.name == key)
    }
}

/// A field as written (a unit's rule-set field, or a row's field in `[tables]`), and its value as
/// the rules read it.
#[derive(Clone, Debug)]
pub struct Field<'a> {
    pub name: &'a str,
    /// How problems name it: `side "au" › unit "c" › figures`, `tables.vehicle.tiger.pen`.
    pub key: String,
    /// Where its key is written.
    pub key_span: Range<usize>,
    /// Where its value is written.
    pub span: Range<usize>,
    /// The value as a problem shows it (`"line"`, `3`, `["a1", "a2"]`).
    pub written: String,
    /// The value as the rules read it (a unit's is the one in its `fields`); None for a value no
    /// field has (a date, a table). Whether it is of the field's type is the core's to say: a
    /// field of the wrong type is still here, with its value.
    pub value: Option<Value>,
    /// For a list, the position as written of each item of [`Field::value`]'s list, which keeps
    /// the texts only.
    items: Vec<usize>,
}

impl Field<'_> {
    /// The value when it is a text.
    pub fn text(&self) -> Option<&str> {
        match &self.value {
            Some(Value::Text(t)) => Some(t),
            _ => None,
        }
    }

    /// The value when it is true or false.
    pub fn flag(&self) -> Option<bool> {
        match self.value {
            Some(Value::Bool(b)) => Some(b),
            _ => None,
        }
    }

    /// The value when it is a whole number.
    pub fn int(&self) -> Option<i64> {
        match self.value {
            Some(Value::Int(n)) => Some(n),
            _ => None,
        }
    }

    /// The texts of a list, each with its position as written (`commands[2]` is the third item,
    /// whatever stands before it); none for a value that is not a list.
    pub fn listed(&self) -> impl Iterator<Item = (usize, &str)> {
        let texts: &[String] = match &self.value {
            Some(Value::List(texts)) => texts,
            _ => &[],
        };
        self.items
            .iter()
            .copied()
            .zip(texts.iter().map(String::as_str))
    }

    /// A problem at the value, named by the field's key and showing the value as written.
    pub fn problem(&self, message: impl Into<String>) -> Problem {
        Problem::new(Some(self.span.clone()), self.key.clone(), message)
            .with_value(self.written.clone())
    }
}

/// A concealment stand as written: its number and the ids it lists.
#[derive(Clone, Debug)]
pub struct Stand<'a> {
    /// Its side's index.
    pub side: usize,
    /// How problems name it: `side "au" › concealed[0]`.
    pub path: KeyPath,
    /// Where the stand is written: its `[[side.concealed]]` header, or its inline table.
    pub span: Range<usize>,
    pub number: i64,
    pub number_span: Range<usize>,
    /// The units it lists, as written, in order: ids that name no unit of its side are kept (the
    /// core refuses them).
    pub units: Vec<Listed<'a>>,
    /// Where the list is written (`[]` for an empty one).
    pub units_span: Range<usize>,
}

/// An id in a list, and where it is written.
#[derive(Clone, Debug)]
pub struct Listed<'a> {
    pub id: &'a str,
    pub span: Range<usize>,
}

/// A row of the scenario's `[tables]` as written, sound or not (only sound rows reach the data in
/// force, [`crate::declare::Options::data`]).
#[derive(Clone, Debug)]
pub struct DataRow<'a> {
    /// The table's id (`vehicle`).
    pub table: &'a str,
    /// The row's id (`tiger`), as written: possibly not a usable id.
    pub id: &'a str,
    /// Where the row's id is written.
    pub span: Range<usize>,
    /// How problems name it: `tables.vehicle.tiger`.
    pub key: String,
    /// Its fields, in the order of their keys.
    pub fields: Vec<Field<'a>>,
}

impl<'a> DataRow<'a> {
    /// The field `key`, if the row sets it.
    pub fn field(&self, key: &str) -> Option<&Field<'a>> {
        self.fields.iter().find(|f| f.name == key)
    }
}

impl<'a> OrderOfBattle<'a> {
    /// The order of battle of `file`, whose roster (built from it by [`Roster::build`]) is
    /// `roster`.
    pub fn new(file: &'a ScenarioFile, roster: &'a Roster) -> Self {
        let mut order = OrderOfBattle {
            roster,
            sides: Vec::new(),
            formations: Vec::new(),
            units: Vec::new(),
            stands: Vec::new(),
            rows: Vec::new(),
        };
        // Walked as the roster is built: each side's own units, then its formations, each before
        // its units and its sub-formations.
        for (index, side) in file.sides.iter().enumerate() {
            let path = KeyPath::default().item("side", Some(side.id.get_ref()), index);
            order.add_units(&path, &side.units);
            order.add_formations(&path, &side.formations);
            order.add_stands(index, &path, &side.concealed);
            order.sides.push(side_place(path, side));
        }
        for (table, rows) in &file.tables {
            for (row, fields) in rows {
                let key = format!("tables.{}.{}", table.get_ref(), row.get_ref());
                let fields = (fields.iter())
                    .map(|(name, value)| field(format!("{key}.{}", name.get_ref()), name, value))
                    .collect();
                order.rows.push(DataRow {
                    table: table.get_ref(),
                    id: row.get_ref(),
                    span: row.span(),
                    key,
                    fields,
                });
            }
        }
        debug_assert_eq!(
            order.units.len(),
            roster.units.len(),
            "the roster is the file's"
        );
        debug_assert_eq!(order.formations.len(), roster.formations.len());
        order
    }

    fn add_units(&mut self, parent: &KeyPath, units: &'a [UnitDef]) {
        for (i, u) in units.iter().enumerate() {
            let path = parent.item("unit", Some(u.id.get_ref()), i);
            let fields = (u.fields.iter())
                .map(|(name, value)| field(path.key(name.get_ref()), name, value))
                .collect();
            self.units.push(UnitPlace {
                id: u.id.span(),
                name: u.name.span(),
                kind: u.kind.span(),
                quality: u.quality.as_ref().map(Spanned::span),
                leader: u.leader.as_ref().map(Spanned::span),
                hq: u.hq.as_ref().map(Spanned::span),
                fields,
                path,
            });
        }
    }

    fn add_formations(&mut self, parent: &KeyPath, formations: &'a [FormationDef]) {
        for (i, f) in formations.iter().enumerate() {
            let path = parent.item("formation", Some(f.id.get_ref()), i);
            self.formations.push(FormationPlace {
                path: path.clone(),
                id: f.id.span(),
                name: f.name.span(),
                level: f.level.as_ref().map(Spanned::span),
                quality: f.quality.as_ref().map(Spanned::span),
            });
            self.add_units(&path, &f.units);
            self.add_formations(&path, &f.formations);
        }
    }

    fn add_stands(&mut self, side: usize, path: &KeyPath, stands: &'a [ConcealedDef]) {
        for (i, c) in stands.iter().enumerate() {
            self.stands.push(Stand {
                side,
                path: path.item("concealed", None, i),
                span: c.span.clone(),
                number: *c.number.get_ref(),
                number_span: c.number.span(),
                units: (c.units.iter())
                    .map(|u| Listed {
                        id: u.get_ref(),
                        span: u.span(),
                    })
                    .collect(),
                units_span: c.units_span.clone(),
            });
        }
    }

    /// Where side `side` is written.
    pub fn side(&self, side: usize) -> &SidePlace {
        &self.sides[side]
    }

    /// Where formation `formation` is written.
    pub fn formation(&self, formation: usize) -> &FormationPlace {
        &self.formations[formation]
    }

    /// Where unit `unit` is written.
    pub fn unit(&self, unit: usize) -> &UnitPlace<'a> {
        &self.units[unit]
    }

    /// Every unit of `side`, in file order: those directly under it, then those of each
    /// formation, depth first.
    pub fn units_of(&self, side: usize) -> impl Iterator<Item = usize> + '_ {
        (self.roster.units.iter().enumerate())
            .filter(move |(_, u)| u.side == side)
            .map(|(i, _)| i)
    }

    /// The concealment stands of `side`, in file order.
    pub fn stands_of(&self, side: usize) -> impl Iterator<Item = &Stand<'a>> {
        self.stands.iter().filter(move |s| s.side == side)
    }

    /// The rows of `[tables]`, table by table and row by row in the order of their ids.
    pub fn rows(&self) -> &[DataRow<'a>] {
        &self.rows
    }
}

fn side_place(path: KeyPath, side: &SideDef) -> SidePlace {
    SidePlace {
        path,
        id: side.id.span(),
        name: side.name.span(),
        nationality: side.nationality.as_ref().map(Spanned::span),
        quality: side.quality.as_ref().map(Spanned::span),
    }
}

/// A field as written, named in problems by `key`.
fn field<'a>(key: String, name: &'a Spanned<String>, value: &Spanned<toml::Value>) -> Field<'a> {
    let items = match value.get_ref() {
        toml::Value::Array(items) => (items.iter().enumerate())
            .filter(|(_, item)| item.is_str())
            .map(|(i, _)| i)
            .collect(),
        _ => Vec::new(),
    };
    Field {
        name: name.get_ref(),
        key,
        key_span: name.span(),
        span: value.span(),
        written: value.get_ref().to_string(),
        value: typed_value(value.get_ref()),
        items,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "ruleset = \"scruby\"\ntitle = \"t\"\n\
        [tables.vehicle.tiger]\npen = 9\n\
        [[side]]\nid = \"au\"\nname = \"A\"\nnationality = \"austrian\"\n\
        [[side.unit]]\nid = \"hq\"\nname = \"HQ\"\nkind = \"headquarters\"\nleader = true\n\
        [[side.formation]]\nid = \"d1\"\nname = \"D\"\nlevel = \"division\"\n\
        [[side.formation.unit]]\nid = \"c\"\nname = \"C\"\nkind = \"cannon\"\n\
        commands = [\"a\", 3, \"b\"]\nfigures = 2\n\
        [[side.formation.formation]]\nid = \"bad id\"\nname = \"B\"\n\
        [[side.formation.formation.unit]]\nid = \"l\"\nname = \"L\"\nkind = \"line\"\n\
        [[side.concealed]]\nnumber = 4\nunits = [\"l\", \"nobody\"]\n\
        [[side]]\nid = \"fr\"\nname = \"F\"\n\
        [[side.unit]]\nid = \"f\"\nname = \"F1\"\nkind = \"line\"\n";

    fn parsed() -> ScenarioFile {
        toml::from_str(SOURCE).expect("the scenario reads")
    }

    #[test]
    fn each_unit_and_formation_is_placed_where_the_roster_numbers_it() {
        let file = parsed();
        let roster = Roster::build(&file, "regular", |_| 1);
        let order = OrderOfBattle::new(&file, &roster);
        let at = |span: &Range<usize>| &SOURCE[span.clone()];
        for (u, info) in roster.units.iter().enumerate() {
            assert_eq!(at(&order.unit(u).id), format!("\"{}\"", info.id));
        }
        for (f, info) in roster.formations.iter().enumerate() {
            assert_eq!(at(&order.formation(f).id), format!("\"{}\"", info.id));
        }
        let l = roster.unit_index("l").unwrap();
        assert_eq!(
            order.unit(l).path.to_string(),
            "side \"au\" › formation \"d1\" › formation[0] › unit \"l\""
        );
        assert_eq!(order.units_of(0).count(), 3);
        assert_eq!(order.units_of(1).collect::<Vec<_>>(), [3]);
        assert_eq!(
            at(order.side(0).nationality.as_ref().unwrap()),
            "\"austrian\""
        );
        let hq = order.unit(roster.unit_index("hq").unwrap());
        assert_eq!(at(hq.leader.as_ref().unwrap()), "true");
        assert_eq!(hq.hq, None);
    }

    #[test]
    fn a_field_keeps_its_place_its_text_and_its_value() {
        let file = parsed();
        let roster = Roster::build(&file, "regular", |_| 1);
        let order = OrderOfBattle::new(&file, &roster);
        let c = order.unit(roster.unit_index("c").unwrap());
        let figures = c.field("figures").unwrap();
        assert_eq!(
            figures.key,
            "side \"au\" › formation \"d1\" › unit \"c\" › figures"
        );
        assert_eq!((figures.int(), figures.text()), (Some(2), None));
        assert_eq!(&SOURCE[figures.key_span.clone()], "figures");
        let commands = c.field("commands").unwrap();
        assert_eq!(commands.written, "[\"a\", 3, \"b\"]");
        // The number is not a text: "b" keeps its place as written.
        assert_eq!(commands.listed().collect::<Vec<_>>(), [(0, "a"), (2, "b")]);
        assert_eq!(c.field("formation").map(|f| f.name), None);
        let problem = figures.problem("too many");
        assert_eq!(problem.value.as_deref(), Some("2"));
        assert_eq!(problem.span, Some(figures.span.clone()));
    }

    #[test]
    fn stands_and_rows_are_kept_as_written() {
        let file = parsed();
        let roster = Roster::build(&file, "regular", |_| 1);
        let order = OrderOfBattle::new(&file, &roster);
        let stands: Vec<&Stand<'_>> = order.stands_of(0).collect();
        assert_eq!(stands.len(), 1);
        assert_eq!(order.stands_of(1).count(), 0);
        let s = stands[0];
        assert_eq!(
            (s.number, s.path.to_string()),
            (4, "side \"au\" › concealed[0]".into())
        );
        let ids: Vec<&str> = s.units.iter().map(|l| l.id).collect();
        assert_eq!(ids, ["l", "nobody"]);
        assert_eq!(&SOURCE[s.units_span.clone()], "[\"l\", \"nobody\"]");
        let [row] = order.rows() else {
            panic!("one row: {:?}", order.rows());
        };
        assert_eq!(
            (row.table, row.id, row.key.as_str()),
            ("vehicle", "tiger", "tables.vehicle.tiger")
        );
        let pen = row.field("pen").unwrap();
        assert_eq!(
            (pen.key.as_str(), pen.int()),
            ("tables.vehicle.tiger.pen", Some(9))
        );
    }
}
