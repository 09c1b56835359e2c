//! The organisations Scruby's text describes, for `umpire scenario new scruby`: the Army Corps
//! each player fights with (6 divisions of 4 Line, 1 Light and 1 Grenadier regiment and a
//! cannon, 2 heavy and 2 light cavalry regiments, and 2 to 3 headquarters as the objectives),
//! with its divisions hidden in concealed columns that the umpire takes up or not; and the
//! division alone, "the best organization" by the text, for a smaller game.

use crate::declare::organisation::ordinal;
use crate::declare::{Column, Force, Group, Member, OrganisationDef};

pub const ORGANISATIONS: &[OrganisationDef] = &[
    OrganisationDef {
        id: "army-corps",
        name: "Army Corps of 6 divisions",
        help: "The Army Corps the text fights with: 6 divisions, each of 4 Line, 1 Light and 1 \
               Grenadier regiment and a cannon, 2 heavy and 2 light cavalry regiments of two \
               squadrons, and two headquarters, the enemy's objectives (the text gives a side 2 \
               to 3). 36 trays, 144 infantry figures, 24 horsemen and 6 cannons.",
        side: ("blue", "Army Corps"),
        nationality: None,
        quality: None,
        options: &[],
        against: None,
        turns: 20,
        build: army_corps,
    },
    OrganisationDef {
        id: "division",
        name: "Division",
        help: "One division, the organisation the text finds best: 4 Line, 1 Light and 1 \
               Grenadier regiment and a cannon, with one headquarters as the enemy's objective.",
        side: ("blue", "Division"),
        nationality: None,
        quality: None,
        options: &[],
        against: None,
        turns: 12,
        build: division_force,
    },
];

/// What the umpire is told above the concealed columns.
const CONCEALED_NOTE: &str = "Concealed columns: uncomment a stand, and set concealment = true \
    under [options], to hide its units behind a numbered stand the enemy sees only by its number. \
    A stand holds at least one regiment, cannon or cavalry unit and at most 12 regiments besides \
    its cannons and cavalry, never light cavalry nor a headquarters. Each list is in march order, \
    the order the units are laid out in when the column is exposed: Light infantry in front, \
    cannons in the centre, heavy cavalry in the rear.";

/// The `n`th division: 4 Line, 1 Light, 1 Grenadier regiment and its cannon.
fn division(n: usize) -> Group {
    let name = format!("{} Division", ordinal(n));
    let mut group = Group::new(format!("{n}"), name.clone(), "division");
    for l in 1..=4 {
        group = group.unit(Member::new(
            format!("{n}-l{l}"),
            format!("{} Line Regiment, {name}", ordinal(l)),
            "line",
        ));
    }
    group
        .unit(Member::new(
            format!("{n}-lt"),
            format!("Light Regiment, {name}"),
            "light",
        ))
        .unit(Member::new(
            format!("{n}-gr"),
            format!("Grenadier Regiment, {name}"),
            "grenadier",
        ))
        .unit(Member::new(
            format!("{n}-gun"),
            format!("Battery, {name}"),
            "cannon",
        ))
}

/// A cavalry regiment of two squadrons of `kind`.
fn cavalry(id: &str, name: &str, kind: &'static str) -> Group {
    let mut group = Group::new(id, name, "regiment");
    for (s, letter) in [(1, "a"), (2, "b")] {
        group = group.unit(Member::new(
            format!("{id}-{letter}"),
            format!("{name}, {} Squadron", ordinal(s)),
            kind,
        ));
    }
    group
}

/// A headquarters, the enemy's objective.
fn headquarters(id: &str, name: &str) -> Member {
    Member::new(id, name, "headquarters")
}

/// A concealed column of `divisions` and the heavy cavalry regiment `heavy`, in march order: the
/// Light regiments in front, the divisions' other regiments, the cannons in the centre of the
/// whole column, the heavy cavalry in the rear.
fn column(number: i64, divisions: &[usize], heavy: Option<&str>, note: &str) -> Column {
    let mut units: Vec<String> = divisions.iter().map(|d| format!("{d}-lt")).collect();
    let regiments: Vec<String> = (divisions.iter())
        .flat_map(|d| ["l1", "l2", "gr", "l3", "l4"].map(|r| format!("{d}-{r}")))
        .collect();
    let (front, rear) = regiments.split_at(regiments.len() / 2);
    units.extend_from_slice(front);
    units.extend(divisions.iter().map(|d| format!("{d}-gun")));
    units.extend_from_slice(rear);
    if let Some(h) = heavy {
        units.extend([format!("{h}-a"), format!("{h}-b")]);
    }
    Column {
        number,
        units,
        note: note.to_string(),
    }
}

fn army_corps() -> Force {
    let mut formations: Vec<Group> = (1..=6).map(division).collect();
    formations[0] = formations[0].clone().note(
        "Six divisions of 4 Line, 1 Light and 1 Grenadier regiment (a moving tray of 4 figures \
         each) and one cannon, the division's battery.",
    );
    formations.push(
        cavalry("hc1", "1st Heavy Cavalry Regiment", "heavy-cavalry")
            .note("Two heavy cavalry regiments of two squadrons (3 figures each)."),
    );
    formations.push(cavalry(
        "hc2",
        "2nd Heavy Cavalry Regiment",
        "heavy-cavalry",
    ));
    formations.push(
        cavalry("lc1", "1st Light Cavalry Regiment", "light-cavalry").note(
            "Two light cavalry regiments: the scouts, never concealed under the concealment \
             rules.",
        ),
    );
    formations.push(cavalry(
        "lc2",
        "2nd Light Cavalry Regiment",
        "light-cavalry",
    ));
    Force {
        units: vec![
            headquarters("hq1", "Corps Headquarters").note(
                "The headquarters: the game's objectives, held or lost (the text gives a side 2 \
                 to 3). Say in the description where each stands.",
            ),
            headquarters("hq2", "Wing Headquarters"),
        ],
        formations,
        concealed: vec![
            column(
                1,
                &[1, 2],
                Some("hc1"),
                "Stand 1: the 1st and 2nd Divisions and the 1st Heavy Cavalry Regiment, the \
                 largest list the rules allow (12 regiments).",
            ),
            column(
                2,
                &[3, 4],
                Some("hc2"),
                "Stand 2: the 3rd and 4th Divisions and the 2nd Heavy Cavalry Regiment.",
            ),
            column(3, &[5, 6], None, "Stand 3: the 5th and 6th Divisions."),
        ],
        concealed_note: CONCEALED_NOTE,
    }
}

fn division_force() -> Force {
    Force {
        units: vec![headquarters("hq", "Division Headquarters").note(
            "The headquarters: the enemy's objective, held or lost. Say in the description where \
             it stands.",
        )],
        formations: vec![division(1).note(
            "4 Line, 1 Light and 1 Grenadier regiment (a moving tray of 4 figures each) and one \
             cannon, the division's battery.",
        )],
        concealed: vec![column(1, &[1], None, "Stand 1: the whole division.")],
        concealed_note: CONCEALED_NOTE,
    }
}
