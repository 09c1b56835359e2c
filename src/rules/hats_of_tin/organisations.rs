//! The organisation Hats of Tin's text describes, for `umpire scenario new hats-of-tin`: a force
//! of platoon or company units under its Force Commander, who rolls the side's orders, with
//! subordinate commanders each ordering one more unit of their own command a turn.

use super::defs::{COMMANDER, F_ATTACHED, F_COMMANDS, F_FORCE, F_RADIO};
use crate::declare::organisation::ordinal;
use crate::declare::{Force, Group, Member, OrganisationDef, Value};

pub const ORGANISATIONS: &[OrganisationDef] = &[OrganisationDef {
    id: "force",
    name: "Force with its commanders",
    help: "A force under its Force Commander, who rolls 1d6 for the units that may be ordered \
           each turn, with two subordinate commanders who each order one more of their own: a \
           rifle company of three platoons and a support platoon of a machine gun and a mortar. \
           Commanders need no orders, and a single hit destroys one.",
    side: ("blue", "Force"),
    nationality: None,
    quality: Some("regular"),
    options: &[],
    against: None,
    turns: 10,
    build: force,
}];

/// A commander of the units `commands`.
fn commander(id: &str, name: &str, commands: &[&str]) -> Member {
    let ids = commands.iter().map(|c| c.to_string()).collect();
    Member::new(id, name, COMMANDER).field(F_COMMANDS, Value::List(ids))
}

fn force() -> Force {
    let mut company = Group::new("coy", "Rifle Company", "company")
        .note("The rifle company: its commander orders one more of its platoons each turn.")
        .unit(
            commander("coy-cdr", "Company Commander", &["p1", "p2", "p3"])
                .text(F_ATTACHED, "p1")
                .note("A subordinate commander, attached to the 1st Platoon at the start."),
        );
    for p in 1..=3 {
        let platoon = Member::new(format!("p{p}"), format!("{} Platoon", ordinal(p)), "infantry");
        company = company.unit(match p {
            1 => platoon
                .flag(F_RADIO)
                .note("The 1st Platoon has a radio: it may spot for the mortar."),
            _ => platoon,
        });
    }
    let support = Group::new("sup", "Support Platoon", "platoon")
        .note("The support platoon: a machine gun, and a mortar that fires at what a unit with a radio sees.")
        .unit(commander("sup-cdr", "Support Platoon Commander", &["mg", "mor"]))
        .unit(Member::new("mg", "Machine Gun", "mg"))
        .unit(Member::new("mor", "Mortar", "mortar").flag(F_RADIO));
    let force = Group::new("force", "Force", "force")
        .unit(
            commander("fc", "Force Commander", &["p1", "p2", "p3", "mg", "mor"])
                .flag(F_FORCE)
                .note("The Force Commander: he rolls 1d6 each turn for the number of units that may be ordered."),
        )
        .group(company)
        .group(support);
    Force {
        formations: vec![force],
        ..Force::default()
    }
}
