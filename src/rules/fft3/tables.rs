//! The published data as tables the rule set ships — vehicles, infantry stands and nationalities —
//! and the data in force for a scenario: the shipped rows, changed or extended by the scenario's
//! `[tables]` ([`Data::from_options`]).
//!
//! The core checks each field's name and type at load ([`crate::declare::DataTableDef`]); what needs
//! the rules (armour given or soft, a weapon's three numbers together) is checked by
//! [`super::validate`].

use crate::declare::{DataFieldDef, DataTableDef, FieldKind, Options, TableDoc, Value};
use crate::text::did_you_mean;
use std::borrow::Cow;
use std::sync::LazyLock;

/// What a vehicle is, for carrying infantry and for artillery.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Tank,
    Halftrack,
    Truck,
}

impl Class {
    pub const IDS: &'static [&'static str] = &["tank", "halftrack", "truck"];

    pub fn parse(id: &str) -> Option<Class> {
        match id {
            "tank" => Some(Class::Tank),
            "halftrack" => Some(Class::Halftrack),
            "truck" => Some(Class::Truck),
            _ => None,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Class::Tank => "tank",
            Class::Halftrack => "halftrack",
            Class::Truck => "truck",
        }
    }
}

/// A weapon's line: penetration (none: anti-infantry only), rate of fire and effective range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WeaponLine {
    pub pen: Option<i32>,
    pub rof: u32,
    pub range: f64,
}

/// A vehicle's armour: front and flank, or soft (`S`: 0 against anti-vehicle fire, and open to
/// anti-infantry fire).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Armour {
    Plates { front: i32, flank: i32 },
    Soft,
}

impl Armour {
    pub fn words(self) -> String {
        match self {
            Armour::Plates { front, flank } => format!("{front}-{flank}"),
            Armour::Soft => "S".into(),
        }
    }
}

/// A vehicle type.
#[derive(Clone, Debug, PartialEq)]
pub struct VehicleType {
    pub id: String,
    pub name: String,
    pub class: Class,
    /// The nationality the type belongs to, when it has one (the Panther is German).
    pub nationality: Option<String>,
    pub mov: u32,
    pub armour: Armour,
    /// The main gun (none: the vehicle cannot fire).
    pub gun: Option<WeaponLine>,
    /// The gun's anti-infantry rating.
    pub ai: i32,
    /// Special AT ammunition, if the type has it.
    pub at_ammo: Option<WeaponLine>,
    /// A missile, if the type carries one.
    pub missile: Option<WeaponLine>,
}

/// An infantry stand type.
#[derive(Clone, Debug, PartialEq)]
pub struct InfantryType {
    pub id: String,
    pub name: String,
    pub nationality: Option<String>,
    pub mov: u32,
    /// The anti-infantry rating, with the stand's rate of fire and effective range.
    pub ai: i32,
    pub rof: u32,
    pub range: f64,
    /// The light anti-tank weapon.
    pub law: Option<WeaponLine>,
    pub missile: Option<WeaponLine>,
}

/// A nationality's quality.
#[derive(Clone, Debug, PartialEq)]
pub struct Nationality {
    pub id: String,
    pub name: String,
    /// A quality check passes on this or more.
    pub quality: u8,
    pub to_hit: i32,
    pub rof_bonus: u32,
}

/// A stand's type: a vehicle or an infantry stand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StandType<'a> {
    Vehicle(&'a VehicleType),
    Infantry(&'a InfantryType),
}

impl<'a> StandType<'a> {
    pub fn id(self) -> &'a str {
        match self {
            StandType::Vehicle(v) => &v.id,
            StandType::Infantry(i) => &i.id,
        }
    }
    pub fn name(self) -> &'a str {
        match self {
            StandType::Vehicle(v) => &v.name,
            StandType::Infantry(i) => &i.name,
        }
    }
    pub fn nationality(self) -> Option<&'a str> {
        match self {
            StandType::Vehicle(v) => v.nationality.as_deref(),
            StandType::Infantry(i) => i.nationality.as_deref(),
        }
    }
    pub fn is_infantry(self) -> bool {
        matches!(self, StandType::Infantry(_))
    }
    /// The vehicle's class, for a vehicle.
    pub fn class(self) -> Option<Class> {
        match self {
            StandType::Vehicle(v) => Some(v.class),
            StandType::Infantry(_) => None,
        }
    }
    pub fn mov(self) -> u32 {
        match self {
            StandType::Vehicle(v) => v.mov,
            StandType::Infantry(i) => i.mov,
        }
    }
    /// The line of the weapon for anti-infantry fire (the gun, or the stand's small arms) and
    /// its AI rating; none when the stand cannot make anti-infantry attacks.
    pub fn ai_weapon(self) -> Option<(WeaponLine, i32)> {
        match self {
            StandType::Vehicle(v) => v.gun.filter(|g| g.rof > 0).map(|g| (g, v.ai)),
            StandType::Infantry(i) => (i.rof > 0).then_some((
                WeaponLine {
                    pen: None,
                    rof: i.rof,
                    range: i.range,
                },
                i.ai,
            )),
        }
    }
    /// The type's line of the table in a few words, for the umpire's panel: `Mov 8 · armour 8-5
    /// · gun Pen 8 ROF 3 10" AI −1 · special AT ammo Pen 9 ROF 3 8"`.
    pub fn summary(self) -> String {
        let line = |w: WeaponLine| {
            let pen = w.pen.map(|p| format!("Pen {p} ")).unwrap_or_default();
            format!("{pen}ROF {} {}\"", w.rof, w.range)
        };
        let mut parts = vec![format!("Mov {}", self.mov())];
        if let StandType::Vehicle(v) = self {
            parts.push(format!("armour {}", v.armour.words()));
        }
        if let Some((w, ai)) = self.ai_weapon() {
            let what = if self.is_infantry() {
                "small arms"
            } else {
                "gun"
            };
            let pen = w.pen.map(|p| format!("Pen {p} ")).unwrap_or_default();
            parts.push(format!(
                "{what} {pen}ROF {} {}\" AI {}",
                w.rof,
                w.range,
                signed(ai)
            ));
        }
        for (weapon, w) in self.av_weapons() {
            if weapon != AvWeapon::Gun {
                parts.push(format!("{} {}", weapon.name(), line(w)));
            }
        }
        parts.join(" · ")
    }

    /// The anti-vehicle weapons the stand has, in the order they are offered.
    pub fn av_weapons(self) -> Vec<(AvWeapon, WeaponLine)> {
        let mut out = Vec::new();
        match self {
            StandType::Vehicle(v) => {
                if let Some(g) = v.gun.filter(|g| g.pen.is_some() && g.rof > 0) {
                    out.push((AvWeapon::Gun, g));
                }
                if let Some(a) = v.at_ammo {
                    out.push((AvWeapon::AtAmmo, a));
                }
                if let Some(m) = v.missile {
                    out.push((AvWeapon::Missile, m));
                }
            }
            StandType::Infantry(i) => {
                if let Some(l) = i.law {
                    out.push((AvWeapon::Law, l));
                }
                if let Some(m) = i.missile {
                    out.push((AvWeapon::Missile, m));
                }
            }
        }
        out
    }
}

/// An anti-vehicle weapon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AvWeapon {
    Gun,
    Law,
    Missile,
    AtAmmo,
}

impl AvWeapon {
    pub const IDS: &'static [&'static str] = &["gun", "law", "missile", "at-ammo"];

    pub fn parse(id: &str) -> Option<AvWeapon> {
        match id {
            "gun" => Some(AvWeapon::Gun),
            "law" => Some(AvWeapon::Law),
            "missile" => Some(AvWeapon::Missile),
            "at-ammo" => Some(AvWeapon::AtAmmo),
            _ => None,
        }
    }
    pub fn id(self) -> &'static str {
        match self {
            AvWeapon::Gun => "gun",
            AvWeapon::Law => "law",
            AvWeapon::Missile => "missile",
            AvWeapon::AtAmmo => "at-ammo",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            AvWeapon::Gun => "gun",
            AvWeapon::Law => "LAW",
            AvWeapon::Missile => "missile",
            AvWeapon::AtAmmo => "special AT ammo",
        }
    }
}

// ---- what the rule set ships ----

pub const VEHICLE: &str = "vehicle";
pub const INFANTRY: &str = "infantry";
pub const NATIONALITY: &str = "nationality";

const fn weapon(pen: i32, rof: u32, range: f64) -> Option<WeaponLine> {
    Some(WeaponLine {
        pen: Some(pen),
        rof,
        range,
    })
}

fn shipped_vehicles() -> Vec<VehicleType> {
    let v =
        |id: &str, name: &str, class, nationality: Option<&str>, mov, armour, gun, ai, at_ammo| {
            VehicleType {
                id: id.into(),
                name: name.into(),
                class,
                nationality: nationality.map(str::to_string),
                mov,
                armour,
                gun,
                ai,
                at_ammo,
                missile: None,
            }
        };
    let plates = |front, flank| Armour::Plates { front, flank };
    vec![
        v(
            "panther",
            "Panther-D",
            Class::Tank,
            Some("german"),
            8,
            plates(7, 4),
            weapon(8, 3, 10.0),
            -1,
            weapon(9, 3, 8.0),
        ),
        v(
            "t-34",
            "T-34/76",
            Class::Tank,
            Some("soviet"),
            9,
            plates(6, 4),
            weapon(6, 2, 10.0),
            -1,
            weapon(7, 2, 6.0),
        ),
        v(
            "sherman",
            "Sherman",
            Class::Tank,
            Some("american"),
            8,
            plates(5, 3),
            weapon(6, 3, 10.0),
            -1,
            None,
        ),
        v(
            "halftrack",
            "Halftrack",
            Class::Halftrack,
            None,
            8,
            plates(0, 0),
            Some(WeaponLine {
                pen: None,
                rof: 1,
                range: 6.0,
            }),
            -1,
            None,
        ),
        v(
            "truck",
            "Truck",
            Class::Truck,
            None,
            7,
            Armour::Soft,
            None,
            0,
            None,
        ),
    ]
}

fn shipped_infantry() -> Vec<InfantryType> {
    let i = |id: &str, name: &str, nat: &str, rof, law| InfantryType {
        id: id.into(),
        name: name.into(),
        nationality: Some(nat.into()),
        mov: 4,
        ai: 1,
        rof,
        range: 4.0,
        law,
        missile: None,
    };
    vec![
        i(
            "american-infantry",
            "American Infantry",
            "american",
            3,
            weapon(6, 1, 4.0),
        ),
        i(
            "german-infantry",
            "German Infantry",
            "german",
            2,
            weapon(4, 1, 2.0),
        ),
        i(
            "soviet-infantry",
            "Soviet Infantry",
            "soviet",
            2,
            weapon(4, 1, 2.0),
        ),
    ]
}

fn shipped_nationalities() -> Vec<Nationality> {
    let n = |id: &str, name: &str, quality, to_hit, rof_bonus| Nationality {
        id: id.into(),
        name: name.into(),
        quality,
        to_hit,
        rof_bonus,
    };
    vec![
        n("german", "German", 3, 1, 1),
        n("american", "American", 4, 1, 0),
        n("soviet", "Soviet", 5, 0, 0),
    ]
}

const INCHES: FieldKind = FieldKind::Int { min: 0, max: 100 };
const RATING: FieldKind = FieldKind::Int { min: 0, max: 30 };
const ROF: FieldKind = FieldKind::Int { min: 0, max: 10 };
const MODIFIER: FieldKind = FieldKind::Int { min: -5, max: 5 };
const MOVE: FieldKind = FieldKind::Int { min: 0, max: 40 };

const VEHICLE_FIELDS: &[DataFieldDef] = &[
    DataFieldDef::required(
        "name",
        FieldKind::Text,
        "the type's name as the roster shows it",
    ),
    DataFieldDef::required(
        "class",
        FieldKind::Choice(Class::IDS),
        "tank, halftrack or truck (what carries infantry, how artillery treats it)",
    ),
    DataFieldDef::optional(
        "nationality",
        FieldKind::Text,
        "the nationality the type belongs to (a row of the nationality table)",
    ),
    DataFieldDef::required("move", MOVE, "movement points"),
    DataFieldDef::optional(
        "armour_front",
        RATING,
        "front armour (with armour_flank; or soft = true)",
    ),
    DataFieldDef::optional("armour_flank", RATING, "flank armour"),
    DataFieldDef::optional(
        "soft",
        FieldKind::Flag,
        "armour S: 0 against anti-vehicle fire, and open to anti-infantry fire",
    ),
    DataFieldDef::optional(
        "pen",
        RATING,
        "the gun's penetration (leave out: anti-infantry attacks only)",
    ),
    DataFieldDef::optional(
        "rof",
        ROF,
        "the gun's rate of fire (leave out: it cannot fire)",
    ),
    DataFieldDef::optional("range", INCHES, "the gun's effective range in inches"),
    DataFieldDef::optional("ai", MODIFIER, "the gun's anti-infantry rating"),
    DataFieldDef::optional("at_pen", RATING, "special AT ammo: penetration"),
    DataFieldDef::optional("at_rof", ROF, "special AT ammo: rate of fire"),
    DataFieldDef::optional("at_range", INCHES, "special AT ammo: effective range"),
    DataFieldDef::optional("missile_pen", RATING, "a missile: penetration"),
    DataFieldDef::optional("missile_rof", ROF, "a missile: rate of fire"),
    DataFieldDef::optional("missile_range", INCHES, "a missile: effective range"),
];

const INFANTRY_FIELDS: &[DataFieldDef] = &[
    DataFieldDef::required(
        "name",
        FieldKind::Text,
        "the type's name as the roster shows it",
    ),
    DataFieldDef::optional(
        "nationality",
        FieldKind::Text,
        "the nationality the type belongs to (a row of the nationality table)",
    ),
    DataFieldDef::required("move", MOVE, "movement points"),
    DataFieldDef::required("ai", MODIFIER, "the anti-infantry rating"),
    DataFieldDef::required("rof", ROF, "the anti-infantry rate of fire"),
    DataFieldDef::required(
        "range",
        INCHES,
        "the anti-infantry effective range in inches",
    ),
    DataFieldDef::optional("law_pen", RATING, "the LAW's penetration"),
    DataFieldDef::optional("law_rof", ROF, "the LAW's rate of fire"),
    DataFieldDef::optional("law_range", INCHES, "the LAW's effective range"),
    DataFieldDef::optional("missile_pen", RATING, "a missile: penetration"),
    DataFieldDef::optional("missile_rof", ROF, "a missile: rate of fire"),
    DataFieldDef::optional("missile_range", INCHES, "a missile: effective range"),
];

const NATIONALITY_FIELDS: &[DataFieldDef] = &[
    DataFieldDef::required("name", FieldKind::Text, "the nationality's name (German)"),
    DataFieldDef::required(
        "quality",
        FieldKind::Int { min: 1, max: 7 },
        "a quality check passes on this or more (German 3, American 4, Soviet 5)",
    ),
    DataFieldDef::optional("to_hit", MODIFIER, "the to-hit bonus [default 0]"),
    DataFieldDef::optional(
        "rof_bonus",
        FieldKind::Int { min: 0, max: 3 },
        "dice added to the ROF of guns, LAWs and anti-infantry fire [default 0]",
    ),
];

pub const DATA_TABLES: &[DataTableDef] = &[
    DataTableDef {
        id: VEHICLE,
        help: "vehicle types: movement, armour, gun, special AT ammo, missile",
        row: "vehicle type",
        fields: VEHICLE_FIELDS,
        shipped: &["panther", "t-34", "sherman", "halftrack", "truck"],
    },
    DataTableDef {
        id: INFANTRY,
        help: "infantry stand types: movement, anti-infantry fire, LAW, missile",
        row: "infantry type",
        fields: INFANTRY_FIELDS,
        shipped: &["american-infantry", "german-infantry", "soviet-infantry"],
    },
    DataTableDef {
        id: NATIONALITY,
        help: "nationalities: quality rating, to-hit bonus, ROF bonus",
        row: "nationality",
        fields: NATIONALITY_FIELDS,
        shipped: &["german", "american", "soviet"],
    },
];

/// The data in force: what the rule set ships, as the scenario changed and extended it.
#[derive(Clone, Debug, PartialEq)]
pub struct Data {
    pub vehicles: Vec<VehicleType>,
    pub infantry: Vec<InfantryType>,
    pub nationalities: Vec<Nationality>,
}

impl Default for Data {
    fn default() -> Self {
        Data {
            vehicles: shipped_vehicles(),
            infantry: shipped_infantry(),
            nationalities: shipped_nationalities(),
        }
    }
}

/// Reads a row's fields (already typed by the scenario's check).
struct Row<'a>(&'a std::collections::BTreeMap<String, Value>);

impl Row<'_> {
    fn int(&self, key: &str) -> Option<i64> {
        match self.0.get(key) {
            Some(Value::Int(n)) => Some(*n),
            _ => None,
        }
    }
    fn i32(&self, key: &str) -> Option<i32> {
        self.int(key).and_then(|n| i32::try_from(n).ok())
    }
    fn u32(&self, key: &str) -> Option<u32> {
        self.int(key).and_then(|n| u32::try_from(n).ok())
    }
    fn text(&self, key: &str) -> Option<String> {
        match self.0.get(key) {
            Some(Value::Text(t)) => Some(t.clone()),
            _ => None,
        }
    }
    fn flag(&self, key: &str) -> Option<bool> {
        match self.0.get(key) {
            Some(Value::Bool(b)) => Some(*b),
            _ => None,
        }
    }
    /// A weapon's three numbers under `prefix` (`at_`), over `base`.
    fn weapon(&self, prefix: &str, base: Option<WeaponLine>) -> Option<WeaponLine> {
        let pen = self.i32(&format!("{prefix}pen"));
        let rof = self.u32(&format!("{prefix}rof"));
        let range = self.int(&format!("{prefix}range")).map(|n| n as f64);
        if pen.is_none() && rof.is_none() && range.is_none() {
            return base;
        }
        let b = base.unwrap_or(WeaponLine {
            pen: None,
            rof: 0,
            range: 0.0,
        });
        Some(WeaponLine {
            pen: pen.or(b.pen),
            rof: rof.unwrap_or(b.rof),
            range: range.unwrap_or(b.range),
        })
    }
}

/// What the rule set ships, built once.
static SHIPPED: LazyLock<Data> = LazyLock::new(Data::default);

impl Data {
    /// The data in force under `options` (the scenario's `[tables]`, checked at load): what the
    /// rule set ships, shared, when the scenario changes none of it.
    pub fn from_options(options: &Options) -> Cow<'static, Data> {
        let changed = [VEHICLE, INFANTRY, NATIONALITY]
            .iter()
            .any(|t| options.data(t).is_some_and(|rows| !rows.is_empty()));
        if !changed {
            return Cow::Borrowed(&SHIPPED);
        }
        let mut data = SHIPPED.clone();
        for (id, fields) in options.data(VEHICLE).into_iter().flatten() {
            let r = Row(fields);
            let base = data.vehicles.iter().position(|v| v.id == *id);
            let old = base.map(|i| data.vehicles[i].clone());
            let armour = match (r.flag("soft"), r.i32("armour_front"), r.i32("armour_flank")) {
                (Some(true), _, _) => Some(Armour::Soft),
                (_, Some(front), Some(flank)) => Some(Armour::Plates { front, flank }),
                (_, front, flank) => old.as_ref().map(|o| match o.armour {
                    Armour::Plates {
                        front: f0,
                        flank: k0,
                    } => Armour::Plates {
                        front: front.unwrap_or(f0),
                        flank: flank.unwrap_or(k0),
                    },
                    Armour::Soft => match (front, flank) {
                        (None, None) => Armour::Soft,
                        (f, k) => Armour::Plates {
                            front: f.unwrap_or(0),
                            flank: k.unwrap_or(0),
                        },
                    },
                }),
            };
            let v = VehicleType {
                id: id.clone(),
                name: r
                    .text("name")
                    .or(old.as_ref().map(|o| o.name.clone()))
                    .unwrap_or_else(|| id.clone()),
                class: r
                    .text("class")
                    .and_then(|c| Class::parse(&c))
                    .or(old.as_ref().map(|o| o.class))
                    .unwrap_or(Class::Tank),
                nationality: r
                    .text("nationality")
                    .or(old.as_ref().and_then(|o| o.nationality.clone())),
                mov: r.u32("move").or(old.as_ref().map(|o| o.mov)).unwrap_or(0),
                armour: armour.unwrap_or(Armour::Plates { front: 0, flank: 0 }),
                gun: r.weapon("", old.as_ref().and_then(|o| o.gun)),
                ai: r.i32("ai").or(old.as_ref().map(|o| o.ai)).unwrap_or(0),
                at_ammo: r.weapon("at_", old.as_ref().and_then(|o| o.at_ammo)),
                missile: r.weapon("missile_", old.as_ref().and_then(|o| o.missile)),
            };
            match base {
                Some(i) => data.vehicles[i] = v,
                None => data.vehicles.push(v),
            }
        }
        for (id, fields) in options.data(INFANTRY).into_iter().flatten() {
            let r = Row(fields);
            let base = data.infantry.iter().position(|v| v.id == *id);
            let old = base.map(|i| data.infantry[i].clone());
            let v = InfantryType {
                id: id.clone(),
                name: r
                    .text("name")
                    .or(old.as_ref().map(|o| o.name.clone()))
                    .unwrap_or_else(|| id.clone()),
                nationality: r
                    .text("nationality")
                    .or(old.as_ref().and_then(|o| o.nationality.clone())),
                mov: r.u32("move").or(old.as_ref().map(|o| o.mov)).unwrap_or(0),
                ai: r.i32("ai").or(old.as_ref().map(|o| o.ai)).unwrap_or(0),
                rof: r.u32("rof").or(old.as_ref().map(|o| o.rof)).unwrap_or(0),
                range: r
                    .int("range")
                    .map(|n| n as f64)
                    .or(old.as_ref().map(|o| o.range))
                    .unwrap_or(0.0),
                law: r.weapon("law_", old.as_ref().and_then(|o| o.law)),
                missile: r.weapon("missile_", old.as_ref().and_then(|o| o.missile)),
            };
            match base {
                Some(i) => data.infantry[i] = v,
                None => data.infantry.push(v),
            }
        }
        for (id, fields) in options.data(NATIONALITY).into_iter().flatten() {
            let r = Row(fields);
            let base = data.nationalities.iter().position(|v| v.id == *id);
            let old = base.map(|i| data.nationalities[i].clone());
            let n = Nationality {
                id: id.clone(),
                name: r
                    .text("name")
                    .or(old.as_ref().map(|o| o.name.clone()))
                    .unwrap_or_else(|| id.clone()),
                quality: r
                    .int("quality")
                    .and_then(|n| u8::try_from(n).ok())
                    .or(old.as_ref().map(|o| o.quality))
                    .unwrap_or(4),
                to_hit: r
                    .i32("to_hit")
                    .or(old.as_ref().map(|o| o.to_hit))
                    .unwrap_or(0),
                rof_bonus: r
                    .u32("rof_bonus")
                    .or(old.as_ref().map(|o| o.rof_bonus))
                    .unwrap_or(0),
            };
            match base {
                Some(i) => data.nationalities[i] = n,
                None => data.nationalities.push(n),
            }
        }
        Cow::Owned(data)
    }

    /// A stand type by id: a vehicle or an infantry type.
    pub fn stand_type(&self, id: &str) -> Option<StandType<'_>> {
        self.vehicles
            .iter()
            .find(|v| v.id == id)
            .map(StandType::Vehicle)
            .or_else(|| {
                self.infantry
                    .iter()
                    .find(|i| i.id == id)
                    .map(StandType::Infantry)
            })
    }

    /// Every stand type's id, vehicles first.
    pub fn type_ids(&self) -> impl Iterator<Item = &str> {
        self.vehicles
            .iter()
            .map(|v| v.id.as_str())
            .chain(self.infantry.iter().map(|i| i.id.as_str()))
    }

    /// A stand type by id, or what is known.
    pub fn require_type(&self, input: &str, id: &str) -> Result<StandType<'_>, String> {
        self.stand_type(id).ok_or_else(|| {
            format!(
                "--{input} {id:?}: no such type{}; the types: {}",
                did_you_mean(id, self.type_ids()),
                self.type_ids().collect::<Vec<_>>().join(", ")
            )
        })
    }

    pub fn nationality(&self, id: &str) -> Option<&Nationality> {
        self.nationalities.iter().find(|n| n.id == id)
    }

    /// A nationality by id, or what is known.
    pub fn require_nationality(&self, input: &str, id: &str) -> Result<&Nationality, String> {
        self.nationality(id).ok_or_else(|| {
            let ids = self.nationalities.iter().map(|n| n.id.as_str());
            format!(
                "--{input} {id:?}: no such nationality{}; the nationalities: {}",
                did_you_mean(id, ids.clone()),
                ids.collect::<Vec<_>>().join(", ")
            )
        })
    }
}

/// A modifier as the tables print it: `+1`, `−1`, `0`.
fn signed(n: i32) -> String {
    if n == 0 {
        "0".into()
    } else {
        crate::resolution::plus(n)
    }
}

fn inches(x: f64) -> String {
    format!("{x}\"")
}

fn line_cells(w: Option<WeaponLine>) -> [String; 3] {
    match w {
        Some(w) => [
            w.pen.map_or("–".into(), |p| p.to_string()),
            if w.rof == 0 {
                "–".into()
            } else {
                w.rof.to_string()
            },
            inches(w.range),
        ],
        None => ["–".into(), "–".into(), "–".into()],
    }
}

/// The tables as `umpire rulesets fft3` prints them (the shipped data).
pub fn table_docs() -> Vec<TableDoc> {
    let data = Data::default();
    let vehicles = TableDoc {
        name: "Vehicles ([tables.vehicle.ID])".into(),
        columns: [
            "id", "Type", "Class", "Mov", "Arm", "Pen", "ROF", "Rng", "AI", "AT Pen", "AT ROF",
            "AT Rng",
        ]
        .map(String::from)
        .to_vec(),
        rows: data
            .vehicles
            .iter()
            .map(|v| {
                let [pen, rof, rng] = line_cells(v.gun);
                let [ap, ar, arng] = line_cells(v.at_ammo);
                vec![
                    v.id.clone(),
                    v.name.clone(),
                    v.class.id().into(),
                    v.mov.to_string(),
                    v.armour.words(),
                    pen,
                    rof,
                    rng,
                    if v.gun.is_some() { signed(v.ai) } else { "–".into() },
                    ap,
                    ar,
                    arng,
                ]
            })
            .collect(),
        notes: vec![
            "A – Pen: the weapon makes anti-infantry attacks only. Armour S: 0 against anti-vehicle fire, and the vehicle may also be attacked by anti-infantry fire; artillery treats it as infantry.".into(),
            "Guns (and special AT ammo): Pen +2 at close range, −2 at long range; LAWs and missiles never.".into(),
            "Special AT ammo (option special_at_ammo): once a game per tank, for one fire phase at full ROF.".into(),
        ],
    };
    let infantry = TableDoc {
        name: "Infantry stands ([tables.infantry.ID])".into(),
        columns: [
            "id", "Type", "Mov", "AI", "ROF", "Rng", "LAW Pen", "LAW ROF", "LAW Rng",
        ]
        .map(String::from)
        .to_vec(),
        rows: data
            .infantry
            .iter()
            .map(|i| {
                let [lp, lr, lrng] = line_cells(i.law);
                vec![
                    i.id.clone(),
                    i.name.clone(),
                    i.mov.to_string(),
                    signed(i.ai),
                    i.rof.to_string(),
                    inches(i.range),
                    lp,
                    lr,
                    lrng,
                ]
            })
            .collect(),
        notes: vec![
            "An infantry stand may make one anti-infantry attack and one LAW attack in its side's turn.".into(),
        ],
    };
    let nationalities = TableDoc {
        name: "Nationality quality ([tables.nationality.ID])".into(),
        columns: [
            "id",
            "Side",
            "Quality check passes on",
            "To-hit bonus",
            "ROF bonus",
        ]
        .map(String::from)
        .to_vec(),
        rows: data
            .nationalities
            .iter()
            .map(|n| {
                vec![
                    n.id.clone(),
                    n.name.clone(),
                    format!("{}+", n.quality),
                    signed(n.to_hit),
                    if n.rof_bonus == 0 {
                        "–".into()
                    } else {
                        format!("+{}", n.rof_bonus)
                    },
                ]
            })
            .collect(),
        notes: vec!["The ROF bonus applies to guns, LAWs and anti-infantry fire.".into()],
    };
    let ranges = TableDoc {
        name: "Range bands".into(),
        columns: ["Band", "Range", "To hit", "Gun Pen"]
            .map(String::from)
            .to_vec(),
        rows: vec![
            vec![
                "close".into(),
                "≤ ½ effective range".into(),
                "+1".into(),
                "+2".into(),
            ],
            vec![
                "effective".into(),
                "≤ effective range".into(),
                "0".into(),
                "0".into(),
            ],
            vec![
                "long".into(),
                "≤ 1½ × effective range".into(),
                "−1".into(),
                "−2".into(),
            ],
            vec![
                "beyond".into(),
                "> 1½ × effective range".into(),
                "misses: nothing is rolled, the attack is spent".into(),
                "–".into(),
            ],
        ],
        notes: vec![],
    };
    let to_hit = TableDoc {
        name: "To hit (each ROF die, 4+ hits)".into(),
        columns: ["Modifier", "When"].map(String::from).to_vec(),
        rows: vec![
            vec!["+1".into(), "target at close range".into()],
            vec!["−1".into(), "target at long range".into()],
            vec!["+quality".into(), "the nationality's to-hit bonus".into()],
            vec![
                "−1 / −2".into(),
                "firer Suppressed: a vehicle / an infantry stand".into(),
            ],
            vec!["+1".into(), "firing a missile (anti-vehicle)".into()],
            vec!["−1".into(), "an overwatch attack".into()],
            vec![
                "+AI".into(),
                "anti-infantry fire: the firer's AI rating".into(),
            ],
        ],
        notes: vec![
            "Terrain save: a target in difficult terrain rolls a d6 per hit; each 5+ cancels it."
                .into(),
        ],
    };
    let pen = TableDoc {
        name:
            "Penetration (per remaining hit: Pen − Armour dice; ≤ 0: one die plus the difference)"
                .into(),
        columns: ["Modified die", "Result"].map(String::from).to_vec(),
        rows: vec![
            vec!["any 6".into(), "target destroyed".into()],
            vec![
                "any 4–5".into(),
                "one quality check (at most one per target per phase of fire)".into(),
            ],
            vec!["3 or less".into(), "no effect".into()],
        ],
        notes: vec![],
    };
    let artillery = TableDoc {
        name: "Artillery template (a d6 per stand under it)".into(),
        columns: ["Die", "Infantry in the open", "Tanks, halftracks, infantry in difficult terrain"]
            .map(String::from)
            .to_vec(),
        rows: vec![
            vec!["6".into(), "destroyed".into(), "quality check; Suppressed on passing".into()],
            vec!["4–5".into(), "quality check; Suppressed on passing".into(), "Suppressed".into()],
            vec!["1–3".into(), "no effect".into(), "no effect".into()],
        ],
        notes: vec![
            "A truck is treated as infantry. A tank with riders: one roll, the tank as armour and the riders as infantry in the open.".into(),
            "One template per 3 units still in play, counted at the start of the artillery phase after every loss; it stays until its owner's next artillery phase, and a stand that touches it while moving is attacked at once.".into(),
        ],
    };
    vec![
        vehicles,
        infantry,
        nationalities,
        ranges,
        to_hit,
        pen,
        artillery,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_data_is_the_published_tables() {
        let d = Data::default();
        let panther = d.vehicles.iter().find(|v| v.id == "panther").unwrap();
        assert_eq!(panther.armour, Armour::Plates { front: 7, flank: 4 });
        assert_eq!(panther.gun, weapon(8, 3, 10.0));
        assert_eq!(panther.at_ammo, weapon(9, 3, 8.0));
        assert_eq!(panther.mov, 8);
        let t34 = d.vehicles.iter().find(|v| v.id == "t-34").unwrap();
        assert_eq!((t34.mov, t34.armour.words()), (9, "6-4".to_string()));
        assert_eq!(t34.at_ammo, weapon(7, 2, 6.0));
        let sherman = d.vehicles.iter().find(|v| v.id == "sherman").unwrap();
        assert_eq!(
            (sherman.armour.words(), sherman.at_ammo),
            ("5-3".to_string(), None)
        );
        let ht = d.vehicles.iter().find(|v| v.id == "halftrack").unwrap();
        assert_eq!(
            ht.gun.map(|g| (g.pen, g.rof, g.range)),
            Some((None, 1, 6.0))
        );
        let truck = d.vehicles.iter().find(|v| v.id == "truck").unwrap();
        assert_eq!((truck.armour, truck.gun), (Armour::Soft, None));
        let us = d.stand_type("american-infantry").unwrap();
        assert_eq!(
            us.ai_weapon().map(|(w, ai)| (w.rof, w.range, ai)),
            Some((3, 4.0, 1))
        );
        assert_eq!(
            us.av_weapons(),
            vec![(AvWeapon::Law, weapon(6, 1, 4.0).unwrap())]
        );
        let de = d.nationality("german").unwrap();
        assert_eq!((de.quality, de.to_hit, de.rof_bonus), (3, 1, 1));
        let us = d.nationality("american").unwrap();
        assert_eq!((us.quality, us.to_hit, us.rof_bonus), (4, 1, 0));
        let su = d.nationality("soviet").unwrap();
        assert_eq!((su.quality, su.to_hit, su.rof_bonus), (5, 0, 0));
    }

    #[test]
    fn a_scenario_changes_a_shipped_row_and_adds_new_ones() {
        let mut o = Options::default();
        o.set_data(VEHICLE, "panther", "pen", Value::Int(9));
        for (k, v) in [
            ("name", Value::Text("Tiger I".into())),
            ("class", Value::Text("tank".into())),
            ("move", Value::Int(6)),
            ("armour_front", Value::Int(9)),
            ("armour_flank", Value::Int(6)),
            ("pen", Value::Int(9)),
            ("rof", Value::Int(2)),
            ("range", Value::Int(12)),
        ] {
            o.set_data(VEHICLE, "tiger", k, v);
        }
        o.set_data(
            NATIONALITY,
            "british",
            "name",
            Value::Text("British".into()),
        );
        o.set_data(NATIONALITY, "british", "quality", Value::Int(4));
        let d = Data::from_options(&o);
        let panther = d.vehicles.iter().find(|v| v.id == "panther").unwrap();
        assert_eq!(panther.gun, weapon(9, 3, 10.0), "only pen changes");
        assert_eq!(panther.armour, Armour::Plates { front: 7, flank: 4 });
        let tiger = d.stand_type("tiger").unwrap();
        assert_eq!(tiger.name(), "Tiger I");
        assert_eq!(
            tiger.av_weapons(),
            vec![(AvWeapon::Gun, weapon(9, 2, 12.0).unwrap())]
        );
        let gb = d.nationality("british").unwrap();
        assert_eq!((gb.quality, gb.to_hit, gb.rof_bonus), (4, 0, 0));
        assert!(
            d.require_type("firer", "tigre")
                .unwrap_err()
                .contains("tiger")
        );
    }
}
