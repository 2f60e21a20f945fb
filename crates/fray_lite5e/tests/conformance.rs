//! The conformance suite, run on lite5e's built-in content.

use fray_testkit::prelude::*;

/// Lite5e, as the suite sees it: its built-in content, its plugin and its own maneuvers.
const LITE5E: Conformance = Conformance::of(fray_lite5e::RULESET);

fray_testkit::conformance_suite!(LITE5E, checks: [
    content_loads,
    every_encounter_ends_with_each_ai,
    bad_requests_never_panic,
    random_policy_fights_never_reject_or_panic,
    save_load_at_every_step_continues_identically,
    save_load_at_every_step_keeps_every_component,
    same_results_on_one_or_two_threads,
    offers_are_exactly_the_legal_intents,
    two_rulesets_in_one_world_answer_like_alone,
    intents_aimed_at_another_fight_are_refused,
    a_surrender_takes_the_combatant_out_of_the_fight,
]);
