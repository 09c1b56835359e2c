//! The published data of Hats of Tin as tables: the unit types (move allowance, weapon range,
//! firer class, whether they count for the assault +1, their usual armour), the armour classes,
//! the firer classes and the qualities.
//!
//! Everything is in **areas**, counted through sides, not corners.
//!
//! Decisions where the published text is silent (each row below follows them):
//! - `infantry-support` (the text's "infantry support" movement line) is a unit of infantry
//!   support weapons moved by hand: it moves as infantry and shoots as an MG (5 areas).
//! - MGs and mortars are infantry support: they move as infantry (2 areas, difficult terrain
//!   counts as 2), and, being foot troops, count as infantry for the assault +1.
//! - Guns (light, light-medium, heavy, field artillery) move as the text's "artillery" (2 areas,
//!   not into difficult terrain, road areas ½, limbering or unlimbering ½); the text's word
//!   "artillery" names that movement line and the indirect fire of field artillery, so there is no
//!   separate `artillery` type: a battery of field guns is `field-artillery`.
//! - The light-medium gun is the text's "medium gun" (+1); field artillery is a medium gun too;
//!   the light gun and the mortar are normal firers.
//! - Tanks shoot as a light gun (5 areas, normal), fast tanks likewise; heavy tanks as a
//!   light-medium gun (6 areas, medium gun); armoured cars as an MG (5 areas, normal). Trucks have
//!   no weapon.
//! - Usual armour: tank medium, heavy tank heavy, fast tank and armoured car light, every other
//!   type none. A scenario or the umpire sets the armour of each unit; these are defaults.
//! - Only infantry (and infantry support), cavalry and tanks (tank, heavy tank, fast tank) take
//!   the assault +1: an armoured car is not a tank.

use crate::declare::TableDoc;

/// The rule set's id, as every hats-of-tin resolution names it.
pub const RULESET: &str = "hats-of-tin";

/// The armour class of a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Armour {
    None,
    Light,
    Medium,
    Heavy,
    Pillbox,
}

impl Armour {
    /// Every class, in the published order.
    pub const ALL: [Armour; 5] = [
        Armour::None,
        Armour::Light,
        Armour::Medium,
        Armour::Heavy,
        Armour::Pillbox,
    ];

    /// The ids, in the published order.
    pub const IDS: &'static [&'static str] = &["none", "light", "medium", "heavy", "pillbox"];

    /// The class named `id`.
    pub fn parse(id: &str) -> Option<Armour> {
        Armour::ALL.into_iter().find(|a| a.id() == id)
    }

    /// The id: "none", "light", "medium", "heavy", "pillbox".
    pub fn id(self) -> &'static str {
        match self {
            Armour::None => "none",
            Armour::Light => "light",
            Armour::Medium => "medium",
            Armour::Heavy => "heavy",
            Armour::Pillbox => "pillbox",
        }
    }

    /// The class as a modifier's reason: "light armour", "pillbox" ("no armour" for none).
    pub fn words(self) -> &'static str {
        match self {
            Armour::None => "no armour",
            Armour::Light => "light armour",
            Armour::Medium => "medium armour",
            Armour::Heavy => "heavy armour",
            Armour::Pillbox => "pillbox",
        }
    }

    /// The target modifier: 0, −1, −2, −3, −3.
    pub fn modifier(self) -> i32 {
        match self {
            Armour::None => 0,
            Armour::Light => -1,
            Armour::Medium => -2,
            Armour::Heavy | Armour::Pillbox => -3,
        }
    }
}

/// The firer class: a normal firer, a medium gun (+1) or a heavy gun (+2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FirerClass {
    Normal,
    MediumGun,
    HeavyGun,
}

impl FirerClass {
    /// Every class.
    pub const ALL: [FirerClass; 3] = [
        FirerClass::Normal,
        FirerClass::MediumGun,
        FirerClass::HeavyGun,
    ];

    /// The ids.
    pub const IDS: &'static [&'static str] = &["normal", "medium-gun", "heavy-gun"];

    /// The class named `id`.
    pub fn parse(id: &str) -> Option<FirerClass> {
        FirerClass::ALL.into_iter().find(|c| c.id() == id)
    }

    /// The id: "normal", "medium-gun", "heavy-gun".
    pub fn id(self) -> &'static str {
        match self {
            FirerClass::Normal => "normal",
            FirerClass::MediumGun => "medium-gun",
            FirerClass::HeavyGun => "heavy-gun",
        }
    }

    /// The class in words: "normal firer", "medium gun", "heavy gun".
    pub fn words(self) -> &'static str {
        match self {
            FirerClass::Normal => "normal firer",
            FirerClass::MediumGun => "medium gun",
            FirerClass::HeavyGun => "heavy gun",
        }
    }

    /// The firer modifier: 0, +1, +2.
    pub fn modifier(self) -> i32 {
        match self {
            FirerClass::Normal => 0,
            FirerClass::MediumGun => 1,
            FirerClass::HeavyGun => 2,
        }
    }
}

/// What a unit counts as for the +1 of infantry, cavalry or tanks assaulting or being assaulted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AssaultClass {
    /// No assault +1 (guns, armoured cars, trucks).
    None,
    Infantry,
    Cavalry,
    Tank,
}

impl AssaultClass {
    /// True for infantry, cavalry and tanks.
    pub fn takes_bonus(self) -> bool {
        self != AssaultClass::None
    }

    /// "infantry", "cavalry", "tank" ("no assault bonus" for none).
    pub fn words(self) -> &'static str {
        match self {
            AssaultClass::None => "no assault bonus",
            AssaultClass::Infantry => "infantry",
            AssaultClass::Cavalry => "cavalry",
            AssaultClass::Tank => "tank",
        }
    }
}

/// A unit's quality: the hits that destroy it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quality {
    Militia,
    Regular,
    Elite,
}

impl Quality {
    /// Every quality.
    pub const ALL: [Quality; 3] = [Quality::Militia, Quality::Regular, Quality::Elite];

    /// The ids.
    pub const IDS: &'static [&'static str] = &["militia", "regular", "elite"];

    /// The quality named `id`.
    pub fn parse(id: &str) -> Option<Quality> {
        Quality::ALL.into_iter().find(|q| q.id() == id)
    }

    /// The id: "militia", "regular", "elite".
    pub fn id(self) -> &'static str {
        match self {
            Quality::Militia => "militia",
            Quality::Regular => "regular",
            Quality::Elite => "elite",
        }
    }

    /// The unit is destroyed on reaching this many hits: 2, 3, 4.
    pub fn limit(self) -> u32 {
        match self {
            Quality::Militia => 2,
            Quality::Regular => 3,
            Quality::Elite => 4,
        }
    }
}

/// What difficult terrain costs a type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difficult {
    /// Entering or crossing it counts as this many areas (the unit must have them left).
    Counts(u32),
    /// It may not enter.
    Impassable,
}

/// A type's movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Movement {
    /// Areas a move.
    pub areas: u32,
    /// What difficult terrain costs it.
    pub difficult: Difficult,
    /// Each road area counts as ½ while following the road (trucks and artillery).
    pub road_half: bool,
    /// Limbering or unlimbering, loading or unloading, costs ½ area.
    pub limber_half: bool,
    /// Areas it may move without limbering, entering difficult terrain if it does (light guns:
    /// 1).
    pub unlimbered: Option<u32>,
}

impl Movement {
    /// "2 areas; difficult terrain counts as 2", "2 areas; not into difficult terrain; road areas
    /// ½; limber/unlimber or load/unload ½; or 1 area unlimbered (difficult terrain allowed)".
    pub fn words(&self) -> String {
        let mut w = vec![format!("{} areas", self.areas)];
        w.push(match self.difficult {
            Difficult::Counts(n) => format!("difficult terrain counts as {n}"),
            Difficult::Impassable => "not into difficult terrain".into(),
        });
        if self.road_half {
            w.push("road areas ½".into());
        }
        if self.limber_half {
            w.push("limber/unlimber or load/unload ½".into());
        }
        if let Some(n) = self.unlimbered {
            w.push(format!(
                "or {n} area{} unlimbered (difficult terrain allowed)",
                if n == 1 { "" } else { "s" }
            ));
        }
        w.join("; ")
    }
}

/// Infantry, infantry support and heavy tanks.
const FOOT: Movement = Movement {
    areas: 2,
    difficult: Difficult::Counts(2),
    road_half: false,
    limber_half: false,
    unlimbered: None,
};

/// Cavalry and tanks.
const CAVALRY_TANK: Movement = Movement {
    areas: 3,
    difficult: Difficult::Counts(3),
    ..FOOT
};

/// Fast tanks.
const FAST_TANK: Movement = Movement {
    areas: 4,
    difficult: Difficult::Counts(3),
    ..FOOT
};

/// Armoured cars.
const ARMOURED_CAR: Movement = Movement {
    areas: 4,
    difficult: Difficult::Impassable,
    ..FOOT
};

/// Trucks and artillery.
const TOWED: Movement = Movement {
    areas: 2,
    difficult: Difficult::Impassable,
    road_half: true,
    limber_half: true,
    unlimbered: None,
};

/// Light guns: towed, or 1 area unlimbered.
const LIGHT_GUN_TOWED: Movement = Movement {
    unlimbered: Some(1),
    ..TOWED
};

/// A line of the published range table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weapon {
    /// "Infantry", "MG", "Light gun" …
    pub name: &'static str,
    /// Range in areas.
    pub range: u32,
}

/// A line of the range table.
const fn weapon(name: &'static str, range: u32) -> Weapon {
    Weapon { name, range }
}

/// Infantry: 3 areas.
pub const INFANTRY_WEAPONS: Weapon = weapon("Infantry", 3);
/// MG: 5 areas.
pub const MG: Weapon = weapon("MG", 5);
/// Light gun: 5 areas.
pub const LIGHT_GUN: Weapon = weapon("Light gun", 5);
/// Mortar: 6 areas.
pub const MORTAR: Weapon = weapon("Mortar", 6);
/// Light-medium gun: 6 areas.
pub const LIGHT_MEDIUM_GUN: Weapon = weapon("Light-medium gun", 6);
/// Heavy gun: 7 areas.
pub const HEAVY_GUN: Weapon = weapon("Heavy gun", 7);
/// Field artillery: 20 areas.
pub const FIELD_ARTILLERY: Weapon = weapon("Field artillery", 20);

/// The published range table, in its order.
pub const WEAPONS: &[Weapon] = &[
    INFANTRY_WEAPONS,
    MG,
    LIGHT_GUN,
    MORTAR,
    LIGHT_MEDIUM_GUN,
    HEAVY_GUN,
    FIELD_ARTILLERY,
];

/// A unit type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitType {
    /// "infantry", "heavy-gun" …
    pub id: &'static str,
    /// "Infantry", "Heavy gun" …
    pub name: &'static str,
    /// How it moves.
    pub movement: Movement,
    /// None: it cannot shoot (a truck).
    pub weapon: Option<Weapon>,
    /// Normal, medium gun or heavy gun.
    pub class: FirerClass,
    /// What it counts as for the assault +1.
    pub assault: AssaultClass,
    /// The usual armour class of the type as a target.
    pub armour: Armour,
}

impl UnitType {
    /// The weapon's range in areas (0 without a weapon).
    pub fn range(&self) -> u32 {
        self.weapon.map_or(0, |w| w.range)
    }
}

impl UnitType {
    /// A type without a weapon, a normal firer, without the assault +1 or armour.
    const fn unarmed(id: &'static str, name: &'static str, movement: Movement) -> UnitType {
        UnitType {
            id,
            name,
            movement,
            weapon: None,
            class: FirerClass::Normal,
            assault: AssaultClass::None,
            armour: Armour::None,
        }
    }

    /// A type armed with `weapon`: a normal firer, without the assault +1 or armour until said.
    const fn armed(
        id: &'static str,
        name: &'static str,
        movement: Movement,
        weapon: Weapon,
    ) -> UnitType {
        UnitType {
            weapon: Some(weapon),
            ..UnitType::unarmed(id, name, movement)
        }
    }

    /// The type as a firer of `class`.
    const fn class(self, class: FirerClass) -> UnitType {
        UnitType { class, ..self }
    }

    /// The type counting as `assault` for the assault +1.
    const fn assault(self, assault: AssaultClass) -> UnitType {
        UnitType { assault, ..self }
    }

    /// The type with its usual `armour`.
    const fn armour(self, armour: Armour) -> UnitType {
        UnitType { armour, ..self }
    }
}

/// Every unit type, infantry first.
pub const UNIT_TYPES: &[UnitType] = &[
    UnitType::armed("infantry", "Infantry", FOOT, INFANTRY_WEAPONS).assault(AssaultClass::Infantry),
    UnitType::armed("infantry-support", "Infantry support", FOOT, MG)
        .assault(AssaultClass::Infantry),
    UnitType::armed("cavalry", "Cavalry", CAVALRY_TANK, INFANTRY_WEAPONS)
        .assault(AssaultClass::Cavalry),
    UnitType::armed("mg", "MG", FOOT, MG).assault(AssaultClass::Infantry),
    UnitType::armed("mortar", "Mortar", FOOT, MORTAR).assault(AssaultClass::Infantry),
    UnitType::armed("light-gun", "Light gun", LIGHT_GUN_TOWED, LIGHT_GUN),
    UnitType::armed(
        "light-medium-gun",
        "Light-medium gun",
        TOWED,
        LIGHT_MEDIUM_GUN,
    )
    .class(FirerClass::MediumGun),
    UnitType::armed("heavy-gun", "Heavy gun", TOWED, HEAVY_GUN).class(FirerClass::HeavyGun),
    UnitType::armed("field-artillery", "Field artillery", TOWED, FIELD_ARTILLERY)
        .class(FirerClass::MediumGun),
    UnitType::armed("tank", "Tank", CAVALRY_TANK, LIGHT_GUN)
        .assault(AssaultClass::Tank)
        .armour(Armour::Medium),
    UnitType::armed("heavy-tank", "Heavy tank", FOOT, LIGHT_MEDIUM_GUN)
        .class(FirerClass::MediumGun)
        .assault(AssaultClass::Tank)
        .armour(Armour::Heavy),
    UnitType::armed("fast-tank", "Fast tank", FAST_TANK, LIGHT_GUN)
        .assault(AssaultClass::Tank)
        .armour(Armour::Light),
    UnitType::armed("armoured-car", "Armoured car", ARMOURED_CAR, MG).armour(Armour::Light),
    UnitType::unarmed("truck", "Truck", TOWED),
];

/// The ids of the unit types, in table order: every type, or (`armed`) those that can shoot.
/// `N` is their number.
const fn type_ids<const N: usize>(armed: bool) -> [&'static str; N] {
    let mut ids = [""; N];
    let (mut i, mut n) = (0, 0);
    while i < UNIT_TYPES.len() {
        if !armed || UNIT_TYPES[i].weapon.is_some() {
            ids[n] = UNIT_TYPES[i].id;
            n += 1;
        }
        i += 1;
    }
    ids
}

/// How many unit types can shoot.
const fn armed_types() -> usize {
    let (mut i, mut n) = (0, 0);
    while i < UNIT_TYPES.len() {
        if UNIT_TYPES[i].weapon.is_some() {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The ids of every unit type, in table order.
pub const UNIT_TYPE_IDS: &[&str] = &type_ids::<{ UNIT_TYPES.len() }>(false);

/// The ids of the types that can shoot (every type but the truck), in table order.
pub const FIRER_IDS: &[&str] = &type_ids::<{ armed_types() }>(true);

/// The unit type named `id`.
pub fn unit_type(id: &str) -> Option<&'static UnitType> {
    UNIT_TYPES.iter().find(|t| t.id == id)
}

fn strings<const N: usize>(cells: [&str; N]) -> Vec<String> {
    cells.map(String::from).to_vec()
}

/// The tables as `umpire rulesets` shows them.
pub fn table_docs() -> Vec<TableDoc> {
    let units = TableDoc {
        name: "Unit types".into(),
        columns: strings([
            "id",
            "Type",
            "Move",
            "Range",
            "Firer",
            "Assault +1",
            "Usual armour",
        ]),
        rows: UNIT_TYPES
            .iter()
            .map(|t| {
                vec![
                    t.id.to_string(),
                    t.name.to_string(),
                    t.movement.words(),
                    t.weapon.map_or("no weapon".into(), |w| {
                        format!("{} ({})", w.range, w.name)
                    }),
                    t.class.words().to_string(),
                    if t.assault.takes_bonus() {
                        format!("yes ({})", t.assault.words())
                    } else {
                        "no".into()
                    },
                    t.armour.id().to_string(),
                ]
            })
            .collect(),
        notes: vec![
            "every distance in areas, through sides, not corners".into(),
            "commanders move as the type they command; a lone commander shoots with the range and firer class of that type".into(),
            "armour and firer class are the type's usual; a scenario sets a unit's own (armour, firer_class), both relative to the period".into(),
        ],
    };
    let shooting = TableDoc {
        name: "Shooting: each die scoring 5 or 6 after modifiers is one hit".into(),
        columns: strings(["Modifier", "Value"]),
        rows: [
            ("target in cover", -1),
            ("light armour", Armour::Light.modifier()),
            ("medium armour", Armour::Medium.modifier()),
            ("heavy armour", Armour::Heavy.modifier()),
            ("pillbox", Armour::Pillbox.modifier()),
            ("medium gun", FirerClass::MediumGun.modifier()),
            ("superior firepower", 1),
            ("heavy gun", FirerClass::HeavyGun.modifier()),
            ("infantry, cavalry or tank assaulting or being assaulted", 1),
            ("shooting from the enemy's flank or rear", 1),
        ]
        .into_iter()
        .map(|(what, v)| vec![what.to_string(), crate::resolution::plus(v)])
        .collect(),
        notes: vec![
            "2 dice a unit; a lone commander 1; an attached commander adds 1".into(),
            "misses at a target adjacent to a unit of the firer's side are re-rolled once against that unit, with its own cover and armour".into(),
        ],
    };
    let quality = TableDoc {
        name: "Quality: destroyed at".into(),
        columns: strings(["Quality", "Hits"]),
        rows: Quality::ALL
            .iter()
            .map(|q| vec![q.id().to_string(), q.limit().to_string()])
            .collect(),
        notes: vec!["a commander is destroyed by a single hit".into()],
    };
    vec![units, shooting, quality]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn armour_classes_and_their_modifiers() {
        let rows: Vec<(&str, i32)> = Armour::ALL.iter().map(|a| (a.id(), a.modifier())).collect();
        assert_eq!(
            rows,
            [
                ("none", 0),
                ("light", -1),
                ("medium", -2),
                ("heavy", -3),
                ("pillbox", -3)
            ]
        );
        assert_eq!(Armour::IDS, Armour::ALL.map(Armour::id));
        for a in Armour::ALL {
            assert_eq!(Armour::parse(a.id()), Some(a));
        }
        assert_eq!(Armour::parse("paper"), None);
        assert_eq!(Armour::Medium.words(), "medium armour");
        assert_eq!(Armour::Pillbox.words(), "pillbox");
    }

    #[test]
    fn firer_classes_and_their_modifiers() {
        let rows: Vec<(&str, i32)> = FirerClass::ALL
            .iter()
            .map(|c| (c.id(), c.modifier()))
            .collect();
        assert_eq!(rows, [("normal", 0), ("medium-gun", 1), ("heavy-gun", 2)]);
        assert_eq!(FirerClass::IDS, FirerClass::ALL.map(FirerClass::id));
        for c in FirerClass::ALL {
            assert_eq!(FirerClass::parse(c.id()), Some(c));
        }
        assert_eq!(FirerClass::parse("light-gun"), None);
    }

    #[test]
    fn qualities_and_their_limits() {
        let rows: Vec<(&str, u32)> = Quality::ALL.iter().map(|q| (q.id(), q.limit())).collect();
        assert_eq!(rows, [("militia", 2), ("regular", 3), ("elite", 4)]);
        assert_eq!(Quality::IDS, Quality::ALL.map(Quality::id));
        for q in Quality::ALL {
            assert_eq!(Quality::parse(q.id()), Some(q));
        }
        assert_eq!(Quality::parse("veteran"), None);
    }

    #[test]
    fn the_published_range_table() {
        let rows: Vec<(&str, u32)> = WEAPONS.iter().map(|w| (w.name, w.range)).collect();
        assert_eq!(
            rows,
            [
                ("Infantry", 3),
                ("MG", 5),
                ("Light gun", 5),
                ("Mortar", 6),
                ("Light-medium gun", 6),
                ("Heavy gun", 7),
                ("Field artillery", 20)
            ]
        );
    }

    /// Every row: id, move areas, difficult terrain, range, class, assault class, usual armour.
    #[test]
    fn every_unit_type_row() {
        use AssaultClass as A;
        use Difficult::{Counts, Impassable};
        use FirerClass::{HeavyGun, MediumGun, Normal};
        let expected: [(&str, u32, Difficult, u32, FirerClass, AssaultClass, Armour); 14] = [
            (
                "infantry",
                2,
                Counts(2),
                3,
                Normal,
                A::Infantry,
                Armour::None,
            ),
            (
                "infantry-support",
                2,
                Counts(2),
                5,
                Normal,
                A::Infantry,
                Armour::None,
            ),
            ("cavalry", 3, Counts(3), 3, Normal, A::Cavalry, Armour::None),
            ("mg", 2, Counts(2), 5, Normal, A::Infantry, Armour::None),
            ("mortar", 2, Counts(2), 6, Normal, A::Infantry, Armour::None),
            ("light-gun", 2, Impassable, 5, Normal, A::None, Armour::None),
            (
                "light-medium-gun",
                2,
                Impassable,
                6,
                MediumGun,
                A::None,
                Armour::None,
            ),
            (
                "heavy-gun",
                2,
                Impassable,
                7,
                HeavyGun,
                A::None,
                Armour::None,
            ),
            (
                "field-artillery",
                2,
                Impassable,
                20,
                MediumGun,
                A::None,
                Armour::None,
            ),
            ("tank", 3, Counts(3), 5, Normal, A::Tank, Armour::Medium),
            (
                "heavy-tank",
                2,
                Counts(2),
                6,
                MediumGun,
                A::Tank,
                Armour::Heavy,
            ),
            ("fast-tank", 4, Counts(3), 5, Normal, A::Tank, Armour::Light),
            (
                "armoured-car",
                4,
                Impassable,
                5,
                Normal,
                A::None,
                Armour::Light,
            ),
            ("truck", 2, Impassable, 0, Normal, A::None, Armour::None),
        ];
        assert_eq!(UNIT_TYPES.len(), expected.len());
        for (t, e) in UNIT_TYPES.iter().zip(expected) {
            let got = (
                t.id,
                t.movement.areas,
                t.movement.difficult,
                t.range(),
                t.class,
                t.assault,
                t.armour,
            );
            assert_eq!(got, e);
        }
        let ids: Vec<&str> = UNIT_TYPES.iter().map(|t| t.id).collect();
        assert_eq!(ids, UNIT_TYPE_IDS);
        let firers: Vec<&str> = UNIT_TYPES
            .iter()
            .filter(|t| t.weapon.is_some())
            .map(|t| t.id)
            .collect();
        assert_eq!(firers, FIRER_IDS);
        for id in [
            "infantry",
            "mg",
            "light-gun",
            "mortar",
            "light-medium-gun",
            "heavy-gun",
            "field-artillery",
            "tank",
            "heavy-tank",
            "fast-tank",
            "armoured-car",
        ] {
            assert!(FIRER_IDS.contains(&id), "{id}");
        }
        assert_eq!(unit_type("heavy-gun").unwrap().name, "Heavy gun");
        assert!(unit_type("artillery").is_none());
    }

    #[test]
    fn road_limber_and_unlimbered_moves() {
        let towed: Vec<&str> = UNIT_TYPES
            .iter()
            .filter(|t| t.movement.road_half && t.movement.limber_half)
            .map(|t| t.id)
            .collect();
        assert_eq!(
            towed,
            [
                "light-gun",
                "light-medium-gun",
                "heavy-gun",
                "field-artillery",
                "truck"
            ]
        );
        let unlimbered: Vec<(&str, u32)> = UNIT_TYPES
            .iter()
            .filter_map(|t| t.movement.unlimbered.map(|n| (t.id, n)))
            .collect();
        assert_eq!(unlimbered, [("light-gun", 1)]);
        assert_eq!(
            unit_type("light-gun").unwrap().movement.words(),
            "2 areas; not into difficult terrain; road areas ½; limber/unlimber or load/unload ½; or 1 area unlimbered (difficult terrain allowed)"
        );
        assert_eq!(
            unit_type("infantry").unwrap().movement.words(),
            "2 areas; difficult terrain counts as 2"
        );
    }

    #[test]
    fn assault_classes() {
        let bonus: Vec<&str> = UNIT_TYPES
            .iter()
            .filter(|t| t.assault.takes_bonus())
            .map(|t| t.id)
            .collect();
        assert_eq!(
            bonus,
            [
                "infantry",
                "infantry-support",
                "cavalry",
                "mg",
                "mortar",
                "tank",
                "heavy-tank",
                "fast-tank"
            ]
        );
        assert_eq!(AssaultClass::Cavalry.words(), "cavalry");
    }

    #[test]
    fn table_docs_list_every_row() {
        let docs = table_docs();
        assert_eq!(docs.len(), 3);
        assert_eq!(docs[0].rows.len(), UNIT_TYPES.len());
        assert_eq!(docs[0].rows[13][3], "no weapon");
        assert_eq!(docs[0].rows[7][3], "7 (Heavy gun)");
        assert_eq!(docs[1].rows[4], ["pillbox", "−3"]);
        assert_eq!(docs[1].rows[7], ["heavy gun", "+2"]);
        assert_eq!(docs[2].rows[2], ["elite", "4"]);
    }
}
