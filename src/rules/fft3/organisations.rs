//! The organisations FFT3's text describes, for `umpire scenario new fft3`: a unit is a company
//! of Western stands or a battalion of Soviet ones. American and German companies are 0-3 tanks
//! and 0-3 halftracks, each halftrack carrying an infantry stand, at most 4 tanks and
//! halftracks; a Soviet tank battalion is 4-6 tanks with 4-6 infantry stands riding on them; a
//! Soviet motorized rifle battalion 6-9 trucks, each with an infantry stand, and 1-3 tanks. The
//! types are the rows of the vehicle and infantry tables.

use super::defs::{HALFTRACK, INFANTRY, RIDES, TANK, TRUCK, TYPE};
use crate::declare::organisation::ordinal;
use crate::declare::{Force, Group, Member, OrganisationDef};

pub const ORGANISATIONS: &[OrganisationDef] = &[
    OrganisationDef {
        id: "american-company",
        name: "American company",
        help: "An American company: 2 Shermans and 2 halftracks, each carrying an American \
               infantry stand (the text allows 0-3 tanks and 0-3 halftracks, at most 4 together).",
        side: ("us", "American company"),
        nationality: Some("american"),
        quality: None,
        options: &[],
        against: Some("soviet-tank-battalion"),
        turns: 8,
        build: american_company,
    },
    OrganisationDef {
        id: "soviet-tank-battalion",
        name: "Soviet tank battalion",
        help: "A Soviet tank battalion: 5 T-34s with 5 Soviet infantry stands riding on them (the \
               text allows 4-6 of each).",
        side: ("su", "Soviet tank battalion"),
        nationality: Some("soviet"),
        quality: None,
        options: &[],
        against: Some("american-company"),
        turns: 8,
        build: soviet_tank_battalion,
    },
    OrganisationDef {
        id: "german-company",
        name: "German company",
        help: "A German company: 2 Panthers and 2 halftracks, each carrying a German infantry \
               stand (the text allows 0-3 tanks and 0-3 halftracks, at most 4 together).",
        side: ("de", "German company"),
        nationality: Some("german"),
        quality: None,
        options: &[],
        against: Some("soviet-rifle-battalion"),
        turns: 8,
        build: german_company,
    },
    OrganisationDef {
        id: "soviet-rifle-battalion",
        name: "Soviet motorized rifle battalion",
        help: "A Soviet motorized rifle battalion: 6 trucks, each carrying a Soviet infantry \
               stand, and 2 T-34s (the text allows 6-9 trucks and 1-3 tanks).",
        side: ("su", "Soviet rifle battalion"),
        nationality: Some("soviet"),
        quality: None,
        options: &[],
        against: Some("german-company"),
        turns: 8,
        build: soviet_rifle_battalion,
    },
];

/// A stand of `kind` and `ty`, its type in the tables.
fn stand(id: String, name: String, kind: &'static str, ty: &str) -> Member {
    Member::new(id, name, kind).text(TYPE, ty)
}

/// An infantry stand of `ty` riding the carrier `carrier`.
fn rider(id: String, name: String, ty: &str, carrier: &str) -> Member {
    stand(id, name, INFANTRY, ty).text(RIDES, carrier)
}

/// A Western company: two tanks of `tank` (its type and name), and two halftracks each carrying
/// an infantry stand of `infantry`.
fn western_company(tank: (&str, &str), infantry: &str) -> Force {
    let mut company = Group::new("coy", "1st Company", "company").note(
        "The unit: its stands keep within 2\" of one another, and it takes a casualty quality \
         check once it has lost 2/3 of them.",
    );
    for t in 1..=2 {
        company = company.unit(stand(format!("t{t}"), format!("{} {t}", tank.1), TANK, tank.0));
    }
    for h in 1..=2 {
        company = company
            .unit(stand(
                format!("h{h}"),
                format!("Halftrack {h}"),
                HALFTRACK,
                "halftrack",
            ))
            .unit(rider(
                format!("i{h}"),
                format!("{} Platoon", ordinal(h)),
                infantry,
                &format!("h{h}"),
            ));
    }
    Force {
        formations: vec![company],
        ..Force::default()
    }
}

fn american_company() -> Force {
    western_company(("sherman", "Sherman"), "american-infantry")
}

fn german_company() -> Force {
    western_company(("panther", "Panther"), "german-infantry")
}

fn soviet_tank_battalion() -> Force {
    let mut battalion = Group::new("bn", "Tank Battalion", "battalion").note(
        "The unit: each T-34 carries a rifle stand at the start, which rides until it \
         dismounts.",
    );
    for t in 1..=5 {
        battalion = battalion
            .unit(stand(format!("t{t}"), format!("T-34 {t}"), TANK, "t-34"))
            .unit(rider(
                format!("i{t}"),
                format!("Tank Riders {t}"),
                "soviet-infantry",
                &format!("t{t}"),
            ));
    }
    Force {
        formations: vec![battalion],
        ..Force::default()
    }
}

fn soviet_rifle_battalion() -> Force {
    let mut battalion = Group::new("bn", "Motorized Rifle Battalion", "battalion").note(
        "The unit: each truck carries a rifle stand at the start; a truck is soft (armour S).",
    );
    for t in 1..=2 {
        battalion = battalion.unit(stand(format!("t{t}"), format!("T-34 {t}"), TANK, "t-34"));
    }
    for r in 1..=6 {
        battalion = battalion
            .unit(stand(format!("tr{r}"), format!("Truck {r}"), TRUCK, "truck"))
            .unit(rider(
                format!("i{r}"),
                format!("{} Rifle Company", ordinal(r)),
                "soviet-infantry",
                &format!("tr{r}"),
            ));
    }
    Force {
        formations: vec![battalion],
        ..Force::default()
    }
}
