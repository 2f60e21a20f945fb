//! No built-in encounter runs to its round limit under the built-in policies (issue 37):
//! fights end in a victory, a flight, a surrender or a parley, not in a loop.
//!
//! What it covers: every built-in encounter, under every pairing of the policies `random`,
//! `aggressive` and `tactical` - the first side under one, every other side under the other,
//! so nine pairings - for 60 runs each. The loops it guards against: a combatant that can harm
//! no foe trading harmless blows (an invulnerable barrow shade against a party without magic
//! left: the side that cannot harm leaves when it can), one that withdraws when hurt and comes
//! back to withdraw again as the last of its side (it leaves instead), and random play that
//! wanders, readies and withdraws without end (three of its decisions in four press the fight
//! as the aggressive policy would: the ruling in `fray_ai`'s `random_pick`).
//!
//! At scale: `fray batch <encounter> --runs 10000 --seed 1 --ai Side=policy` over the same
//! pairings, 2.7 M fights, ends **none** at the limit and none stalled (the longest fight, 65
//! rounds, is OHO's). It ended 116 at the limit before this last fixes, fights of
//! each kind replayed below: 109 OHO fights of attrition (blows that Fortitude shrugs off, not loops:
//! with a 100-round limit they all end, so the OHO encounters' limit is now 100, not 40); 7
//! l5-barrow fights where the last wolf bit Dame Aveline and ran (lite5e has no flight, and
//! the tactical policy retreated, lite5e's way out, only engaged: now one that wants to leave
//! retreats); and, before those, 8 B/X fights where a blade that could not touch the barrow
//! shade struck it in a melee step offering no flight, until the declaration learnt that its
//! blows harm nothing (`Previews::can_harm`).

use fray::prelude::*;

/// The built-in policies that take no parameter (lookahead plays tactical forward).
const POLICIES: [&str; 3] = ["random", "aggressive", "tactical"];

/// Runs per encounter and pairing.
const RUNS: u64 = 60;

#[test]
fn no_built_in_encounter_reaches_the_round_limit_under_the_built_in_policies() {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap();
    let engine = fray::headless_engine(content.clone());
    let mut played = 0;
    let mut limits = Vec::new();
    for spec in content.encounters() {
        for first in POLICIES {
            for others in POLICIES {
                let mut config = BatchConfig::new(spec.id.clone(), RUNS, 37);
                for (i, side) in spec.sides.iter().enumerate() {
                    let policy = if i == 0 { first } else { others };
                    config
                        .controllers
                        .push((side.name.clone(), Controller::Ai(policy.into())));
                }
                let report = run_batch(&engine, &config).unwrap();
                played += report.runs;
                if report.endings.round_limit > 0 || report.endings.stalled > 0 {
                    limits.push(format!(
                        "{} ({first} vs {others}): {} round limits, {} stalled",
                        spec.id, report.endings.round_limit, report.endings.stalled
                    ));
                }
            }
        }
    }
    assert!(played >= 9 * RUNS * 20, "{played} fights played");
    assert!(limits.is_empty(), "{}", limits.join("\n"));
}

/// The random policy's fourth decision still draws from every legal option: random play takes
/// what the aggressive policy never does (it never readies an action: `passes_over`), so it
/// still fuzzes the rest of a fight, and its fights still end.
#[test]
fn random_play_still_readies_actions_the_aggressive_policy_never_takes_and_its_fights_end() {
    let mut readied = 0;
    for seed in 1..=10 {
        let seed = seed.to_string();
        let out = crate::cli::fray_ok(&[
            "run",
            "oho-crossroads",
            "--seed",
            &seed,
            "--ai",
            "Heroes=random",
            "--ai",
            "Raiders=random",
        ]);
        let log = crate::cli::text(&out.stdout);
        readied += log.matches("withholds an action").count();
        assert!(!log.contains("round limit"), "seed {seed}:\n{log}");
    }
    assert!(
        readied > 0,
        "no random combatant readied an action in 10 fights"
    );
}

/// Four bx-crypt-ghouls fights (aggressive party, random undead) that ran to the round limit
/// before the AI could tell, at a B/X declaration, that a blade without silver or magic cannot
/// touch the barrow shade: the Cutpurse and the Greatsword struck it in vain for 40 rounds.
/// Now they back out of melee (a retreat, a fighting withdrawal) or, out of melee, leave, and
/// each fight ends (runs 2313, 4321, 5043 and 7504 of
/// `fray batch bx-crypt-ghouls --runs 10000 --seed 1 --ai Party=aggressive --ai Undead=random`).
#[test]
fn bx_crypt_fights_whose_blades_could_not_touch_the_shade_end_before_the_round_limit() {
    for seed in [
        "6708955106757043837",
        "10461827425902710146",
        "1620955535808111569",
        "10622813873491365662",
    ] {
        let out = crate::cli::fray_ok(&[
            "run",
            "bx-crypt-ghouls",
            "--seed",
            seed,
            "--ai",
            "Party=aggressive",
            "--ai",
            "Undead=random",
        ]);
        let log = crate::cli::text(&out.stdout);
        assert!(!log.contains("round limit"), "seed {seed}:\n{log}");
        assert!(
            [
                "declares a retreat",
                "declares a fighting withdrawal",
                "leaves the battle"
            ]
            .iter()
            .any(|way| log.contains(way)),
            "seed {seed}: nobody backed out of melee nor left:\n{log}"
        );
    }
}

/// An OHO fight of attrition that ran out of rounds at the old 40-round limit (run 1335 of
/// `fray batch oho-ford-ambush --runs 10000 --seed 1 --ai Heroes=random --ai Rat-kin=random`):
/// the Heroes' last fighters and a bramble wolf trading blows that Fortitude mostly shrugs
/// off. Under the OHO encounters' 100-round limit it ends, in round 45, in a victory.
#[test]
fn an_oho_fight_of_attrition_that_outlasted_forty_rounds_ends_under_the_limit_of_a_hundred() {
    let out = crate::cli::fray_ok(&[
        "run",
        "oho-ford-ambush",
        "--seed",
        "15398171948534815142",
        "--ai",
        "Heroes=random",
        "--ai",
        "Rat-kin=random",
    ]);
    let log = crate::cli::text(&out.stdout);
    assert!(
        log.contains("-- Round 41 --"),
        "it outlasts the old limit:\n{log}"
    );
    assert!(log.contains("The Heroes side wins in round 45."), "{log}");
}

/// The seven l5-barrow fights (aggressive party, tactical barrow) that ran to the 50-round
/// limit while the last wolf, at 1 or 2 hit points, bit Dame Aveline and ran from her each
/// round (runs 1166, 1233, 3285, 5883, 6192, 7311 and 9871 of `fray batch l5-barrow --runs
/// 10000 --seed 1 --ai Party=aggressive --ai Barrow=tactical`). Lite5e has no flight; its way
/// out is the retreat (L5-17), which the tactical policy took only engaged. Now a wolf that
/// wants to leave retreats, and each fight ends by round 22.
#[test]
fn l5_barrow_fights_where_the_last_wolf_bit_and_ran_end_with_its_retreat() {
    for seed in [
        "9559571904621539390",
        "6023729876425624263",
        "3270316094218368778",
        "14369630549987990907",
        "10599921344838758106",
        "13498384727925140693",
        "10423799347751391847",
    ] {
        let out = crate::cli::fray_ok(&[
            "run",
            "l5-barrow",
            "--seed",
            seed,
            "--ai",
            "Party=aggressive",
            "--ai",
            "Barrow=tactical",
        ]);
        let log = crate::cli::text(&out.stdout);
        assert!(log.contains("rolls retreat"), "seed {seed}:\n{log}");
        assert!(
            log.contains("The Party side wins in round") && !log.contains("-- Round 23 --"),
            "seed {seed}:\n{log}"
        );
    }
}
