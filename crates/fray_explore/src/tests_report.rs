//! A batch's tally from hand-built summaries: XP, deaths and endings by turn, merged.

use crate::prelude::*;

/// A member of a run: its name, XP and the turn it died at (10-minute turns).
fn member(name: &str, xp: u64, died: Option<u64>) -> MemberSummary {
    MemberSummary {
        name: name.into(),
        hp: (if died.is_some() { 0 } else { 5 }, 8),
        life: if died.is_some() {
            Life::Dead
        } else {
            Life::Alive
        },
        xp,
        died_at: died.and_then(GameTime::turns),
    }
}

/// A run that ended after `turns` ten-minute turns, with these members.
fn run(turns: u64, ending: ExpeditionEnding, members: Vec<MemberSummary>) -> DelveSummary {
    DelveSummary {
        ending: Some(ending),
        elapsed: GameTime::turns(turns).unwrap_or_default(),
        turns,
        turn: GameTime::TURN,
        xp: members.iter().map(|m| m.xp).sum(),
        members,
        met: (0, 0),
        fights: 0,
        torches_used: 0,
        rations_used: 0,
        treasure: 0,
    }
}

/// Four runs: Aldo dies at turn 3 and turn 5, Bea at turn 5 once; runs end at turns 3, 5, 8
/// and 8.
fn runs() -> Vec<DelveSummary> {
    vec![
        run(
            3,
            ExpeditionEnding::PartyDead,
            vec![member("Aldo", 0, Some(3)), member("Bea", 0, Some(3))],
        ),
        run(
            5,
            ExpeditionEnding::Returned,
            vec![member("Aldo", 0, Some(5)), member("Bea", 40, None)],
        ),
        run(
            8,
            ExpeditionEnding::Returned,
            vec![member("Aldo", 30, None), member("Bea", 30, None)],
        ),
        run(
            8,
            ExpeditionEnding::OutOfTime,
            vec![member("Aldo", 0, None), member("Bea", 0, Some(8))],
        ),
    ]
}

#[test]
fn a_tally_counts_deaths_and_endings_by_turn_and_sums_xp() {
    let mut tally = DelveTally::default();
    for r in runs() {
        tally.add(&r);
    }
    assert_eq!(tally.runs, 4);
    assert_eq!(tally.turn, GameTime::TURN);
    assert_eq!(
        tally
            .deaths
            .get("Aldo")
            .map(|d| d.iter().collect::<Vec<_>>()),
        Some(vec![(&3, &1), (&5, &1)])
    );
    assert_eq!(
        tally
            .deaths
            .get("Bea")
            .map(|d| d.iter().collect::<Vec<_>>()),
        Some(vec![(&3, &1), (&8, &1)])
    );
    assert_eq!(
        tally.ended.iter().collect::<Vec<_>>(),
        vec![(&3, &1), (&5, &1), (&8, &2)]
    );
    assert_eq!((tally.survived["Aldo"], tally.survived["Bea"]), (2, 2));
    assert_eq!(tally.xp, 100);
    assert_eq!((tally.member_xp["Aldo"], tally.member_xp["Bea"]), (30, 70));
    assert_eq!(tally.survival("Aldo"), vec![(0, 1.0), (3, 0.75), (5, 0.5)]);
    assert_eq!(tally.survival("Bea"), vec![(0, 1.0), (3, 0.75), (8, 0.5)]);
    assert_eq!(tally.survival("Cob"), vec![(0, 1.0)], "never died");
    assert_eq!(
        tally.underway(),
        vec![(0, 1.0), (3, 0.75), (5, 0.5), (8, 0.0)]
    );
    assert_eq!(tally.last_turn(), 8);
}

#[test]
fn tallies_merged_in_any_order_sum_xp_deaths_and_endings_like_one() {
    let mut whole = DelveTally::default();
    for r in runs() {
        whole.add(&r);
    }
    let (mut a, mut b) = (DelveTally::default(), DelveTally::default());
    for (i, r) in runs().iter().enumerate() {
        if i % 2 == 0 { &mut a } else { &mut b }.add(r);
    }
    let mut ab = a.clone();
    ab.merge(&b);
    let mut ba = b.clone();
    ba.merge(&a);
    assert_eq!(ab, whole);
    assert_eq!(ba, whole);
    assert_eq!((ab.xp, ab.member_xp["Bea"]), (100, 70));
}

#[test]
fn a_death_in_the_first_turn_and_an_empty_tally_step_from_turn_0() {
    let mut tally = DelveTally::default();
    assert_eq!(tally.survival("Aldo"), vec![(0, 0.0)]);
    assert_eq!(tally.last_turn(), 0);
    tally.add(&run(
        0,
        ExpeditionEnding::PartyDead,
        vec![member("Aldo", 0, Some(0))],
    ));
    tally.add(&run(
        2,
        ExpeditionEnding::Returned,
        vec![member("Aldo", 0, None)],
    ));
    assert_eq!(tally.survival("Aldo"), vec![(0, 0.5)]);
    assert_eq!(tally.underway(), vec![(0, 0.5), (2, 0.0)]);
}
