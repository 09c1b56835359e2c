//! Property: whatever the umpire does with the generic commands, the battle resumed from its
//! journal is the battle that was live, and both equal the fold of their events.

use crate::support::journal::*;
use proptest::prelude::*;
use umpire::battle::session::Session;
use umpire::battle::{Battle, Command};
use umpire::dice::SeededDice;

fn command() -> impl Strategy<Value = Command> {
    let unit = proptest::sample::select(UNITS.to_vec());
    let marker = proptest::sample::select(MARKERS.to_vec());
    prop_oneof![
        // Some notes are blank or hold a control character: refused, like a typo at the table.
        2 => "[a-z \t]{0,12}".prop_map(|text| Command::Note { text, private: false }),
        4 => (unit.clone(), marker, any::<bool>()).prop_map(|(u, m, on)| mark(u, m, on)),
        2 => (unit, 0u32..=4).prop_map(|(u, h)| hits(u, h)),
        3 => Just(Command::Undo),
        2 => Just(Command::Redo),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn resumed_battle_equals_live_battle_and_fold(
        commands in proptest::collection::vec(command(), 0..40),
        crash_at in any::<proptest::sample::Index>(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("battle.jsonl");
        let mut session = Session::create(scenario(), &path, 1, t(0)).unwrap();
        let mut live = Battle::new(scenario());
        live.apply(live.start_event()).unwrap();
        let mut dice = SeededDice::new(1);
        // Close and resume the session once, part way through.
        let crash_at = crash_at.index(commands.len() + 1);
        for (i, c) in commands.iter().enumerate() {
            if i == crash_at {
                drop(session);
                session = Session::resume(&path).unwrap().0;
            }
            let in_session = session.execute(c, None, t(i as i64 + 1));
            let in_memory = live.execute(c, &mut dice);
            prop_assert_eq!(in_session.is_ok(), in_memory.is_ok(), "{:?}", c);
            prop_assert_eq!(session.battle().state(), live.state());
        }
        prop_assert_eq!(session.battle().state(), &session.battle().fold());
        let accepted = session.battle().history().entries().to_vec();
        drop(session);

        let (resumed, torn) = Session::resume(&path).unwrap();
        prop_assert_eq!(torn, None);
        prop_assert_eq!(resumed.battle().state(), live.state());
        prop_assert_eq!(resumed.battle().state(), &live.fold());
        prop_assert_eq!(resumed.battle().history().entries(), &accepted[..]);
        prop_assert_eq!(resumed.battle().history().entries(), live.history().entries());
        prop_assert_eq!(resumed.next_seq(), accepted.len() as u64 + 1);
    }
}
