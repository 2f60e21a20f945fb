//! The conformance checks that take two rulesets: archmage and OHO in one World answer exactly
//! as each does alone (logs and the reasons of rejected requests, such as OHO's
//! `Move { to: RegionId(999) }`), and neither can reach into the other's fights. Each ruleset
//! runs the rest of the suite in its own crate.

use fray_testkit::conformance::{
    intents_aimed_at_another_fight_are_refused, two_rulesets_in_one_world_answer_like_alone,
};
use fray_testkit::prelude::*;

const ARCHMAGE: Conformance = Conformance::of(fray::archmage::RULESET);

const OHO: Conformance = Conformance::of(fray::oho::RULESET);

#[test]
fn archmage_and_oho_in_one_world_answer_like_alone() {
    two_rulesets_in_one_world_answer_like_alone(&ARCHMAGE, &OHO);
    two_rulesets_in_one_world_answer_like_alone(&OHO, &ARCHMAGE);
}

#[test]
fn archmage_and_oho_never_reach_into_each_others_fights() {
    intents_aimed_at_another_fight_are_refused(&ARCHMAGE, &OHO);
    intents_aimed_at_another_fight_are_refused(&OHO, &ARCHMAGE);
}
