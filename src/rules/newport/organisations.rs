//! The organisations Newport's text describes, for `umpire scenario new newport`: the rifle
//! company of the small-unit scale (command method 2: squads with platoon leaders, a company
//! leader and the company's HQ) and the battalion of the large-unit scale (method 3: platoon
//! stands, one battalion HQ stand that keeps the saved command points, lower leaders left out).

use crate::declare::organisation::ordinal;
use crate::declare::{Force, Group, Member, OrganisationDef};

pub const ORGANISATIONS: &[OrganisationDef] = &[
    OrganisationDef {
        id: "rifle-company",
        name: "Rifle company (squad level)",
        help: "The small-unit scale's company under command method 2: a stand is a squad; the \
               company HQ is its company leader stand, each of the three rifle platoons has a \
               platoon leader and three squads, and the weapons platoon a leader and two heavy \
               machine guns. Leaders always act; a stand within 2\" of one acts freely.",
        side: ("blue", "Rifle company"),
        nationality: None,
        quality: Some("regular"),
        options: &[("scale", "\"company\""), ("command_method", "2")],
        against: None,
        turns: 12,
        build: rifle_company,
    },
    OrganisationDef {
        id: "rifle-battalion",
        name: "Rifle battalion (platoon level)",
        help: "The large-unit scale's battalion under command method 3: a stand is a platoon; the \
               battalion HQ stand keeps the saved command points, lower commanders are left out, \
               three rifle companies of three platoons, a weapons company of two machine-gun \
               platoons, and the battalion's mortars off the table.",
        side: ("blue", "Rifle battalion"),
        nationality: None,
        quality: Some("regular"),
        options: &[("scale", "\"battalion\""), ("command_method", "3")],
        against: None,
        turns: 12,
        build: rifle_battalion,
    },
];

fn rifle_company() -> Force {
    let mut company = Group::new("coy", "Rifle Company", "company").unit(
        Member::new("hq", "Company HQ", "leader")
            .note("The company leader stand, the company's HQ: 1 hit, back two turns after it is lost."),
    );
    for p in 1..=3 {
        let platoon = format!("{} Platoon", ordinal(p));
        let mut group = Group::new(format!("p{p}"), platoon.clone(), "platoon").unit(Member::new(
            format!("p{p}-ldr"),
            format!("{platoon} Leader"),
            "leader",
        ));
        for s in 1..=3 {
            group = group.unit(Member::new(
                format!("p{p}-{s}"),
                format!("{} Squad, {platoon}", ordinal(s)),
                "infantry",
            ));
        }
        if p == 1 {
            group = group.note("Three rifle platoons: a platoon leader stand and three squads.");
        }
        company = company.group(group);
    }
    let weapons = Group::new("wpn", "Weapons Platoon", "platoon")
        .note("The weapons platoon: its leader and two heavy machine-gun teams.")
        .unit(Member::new("wpn-ldr", "Weapons Platoon Leader", "leader"))
        .unit(Member::new("wpn-1", "1st Machine-Gun Team", "weapons").flag("hmg"))
        .unit(Member::new("wpn-2", "2nd Machine-Gun Team", "weapons").flag("hmg"));
    Force {
        formations: vec![company.group(weapons)],
        ..Force::default()
    }
}

fn rifle_battalion() -> Force {
    let mut battalion = Group::new("bn", "Rifle Battalion", "battalion").unit(
        Member::new("hq", "Battalion HQ", "hq")
            .note("The battalion HQ stand: it keeps the saved command points, and is not replaced."),
    );
    for c in 1..=3 {
        let company = format!("{} Company", ordinal(c));
        let mut group = Group::new(format!("c{c}"), company.clone(), "company");
        for p in 1..=3 {
            group = group.unit(Member::new(
                format!("c{c}-{p}"),
                format!("{} Platoon, {company}", ordinal(p)),
                "infantry",
            ));
        }
        if c == 1 {
            group = group.note("Three rifle companies of three platoon stands.");
        }
        battalion = battalion.group(group);
    }
    let weapons = Group::new("wpn", "Weapons Company", "company")
        .note("The weapons company: two heavy machine-gun platoons.")
        .unit(Member::new("wpn-1", "1st Machine-Gun Platoon", "weapons").flag("hmg"))
        .unit(Member::new("wpn-2", "2nd Machine-Gun Platoon", "weapons").flag("hmg"));
    Force {
        units: vec![
            Member::new("mortars", "Battalion Mortars", "heavy-mortar")
                .note("Off the table: the battalion's mortars, a template attack."),
        ],
        formations: vec![battalion.group(weapons)],
        ..Force::default()
    }
}
