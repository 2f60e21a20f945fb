//! The conformance suite every ruleset runs.
//!
//! A ruleset's test crate describes itself once as a [`Conformance`] (its [`Bench`], the AI
//! policies to play, the maneuvers it names, and a [`Budget`] saying how much of each check to
//! run) and invokes the suite in one line:
//!
//! ```ignore
//! // crates/fray_myrules/tests/conformance.rs
//! use fray_testkit::conformance::Conformance;
//!
//! const MYRULES: Conformance = Conformance::of(fray_myrules::RULESET);
//!
//! fray_testkit::conformance_suite!(MYRULES);
//! ```
//!
//! The macro expands to one `#[test]` per check, so a failure names its check; each calls the
//! plain function of the same name in this module, which other tests may call too. (A check
//! that fails on a known defect can be set aside with `#[ignore]` while it is fixed: see the
//! macro's `checks:` form.)
//!
//! 1. [`content_loads`]: all of `content/<ruleset>` loads without problems, and every encounter
//!    spawns.
//! 2. [`every_encounter_ends_with_each_ai`]: every built-in encounter, with every assignment of
//!    the AI policies to its sides, ends for several seeds, by a real ending (never a stall)
//!    within its round limit.
//! 3. [`random_policy_fights_never_reject_or_panic`]: [`Budget::random_fights`] fights with the
//!    random policy (most played by the kit's AI controller, some by a random external player
//!    whose every choice the engine validates again): no `ActionRejected`, no panic, no stall.
//! 4. [`save_load_at_every_step_continues_identically`]: an AI fight saved at every tick, and a
//!    fight of external players saved at every decision, each save loaded into a fresh app and
//!    played on to the end: the same decisions and the same log, bit for bit.
//!
//!    4b. [`save_load_at_every_step_keeps_every_component`]: the same saves, each copy stepped
//!    once beside the original: every saved component the same, bit for bit.
//! 5. [`same_results_on_one_or_two_threads`]: `fray_sim` batches give the same JSON on one and
//!    two threads and with different chunk sizes.
//! 6. [`offers_are_exactly_the_legal_intents`]: at decision points of fights played by the AI
//!    policies (as external players), every candidate intent is tried: each offered one is
//!    accepted (tried in a loaded copy of the fight), each other one rejected with a reason
//!    and without any change.
//! 7. [`two_rulesets_in_one_world_answer_like_alone`]: encounters of two rulesets in one
//!    World play exactly as each alone, and illegal requests get the same reasons.
//! 8. [`bad_requests_never_panic`]: random requests (random intents, foreign, dead and made-up
//!    actors, wrong controllers) at random moments: never a panic, always one rejection with a
//!    reason, and nothing changes.
//! 9. [`intents_aimed_at_another_fight_are_refused`]: with a second fight in the World, every
//!    intent aimed at one of its combatants is refused, and neither fight changes.
//! 10. [`a_surrender_takes_the_combatant_out_of_the_fight`]: in a fight of each encounter, the
//!     first decider offered a surrender on its turn gives itself up: it is surrendered and
//!     engaged with nobody, its turn ends and it never decides again; another combatant's
//!     surrender out of its turn is refused.
//!
//! Everything is deterministic: seeds are fixed, and every random choice of the suite draws
//! from a seeded ChaCha8 stream ([`EncounterRng`](fray_core::rng::EncounterRng)).

mod basic;
mod candidates;
mod fuzz;
mod isolation;
mod offers;
mod player;
mod saves;
mod surrender;
mod together;
mod tracked;
mod world;

use fray_core::intent::Maneuver;
use fray_core::kit::RulesetDescriptor;

use crate::harness::Bench;

pub use basic::{
    content_loads, every_encounter_ends_with_each_ai, random_policy_fights_never_reject_or_panic,
    same_results_on_one_or_two_threads,
};
pub use candidates::{Universe, candidates};
pub use fuzz::{RequestFuzz, bad_requests_never_panic};
pub use isolation::intents_aimed_at_another_fight_are_refused;
pub use offers::offers_are_exactly_the_legal_intents;
pub use player::Player;
pub use saves::{
    save_load_at_every_step_continues_identically, save_load_at_every_step_keeps_every_component,
};
pub use surrender::a_surrender_takes_the_combatant_out_of_the_fight;
pub use together::two_rulesets_in_one_world_answer_like_alone;
pub use world::{install_for_sim, merged_loader, state};

/// What the conformance suite needs to know of a ruleset.
#[derive(Clone, Copy)]
pub struct Conformance {
    /// The ruleset's id, content loader and plugin (its `blocks` are not used: the suite plays
    /// the built-in content, `content/<ruleset>`).
    pub bench: Bench,
    /// The AI policies to play (all of `fray_ai::POLICY_NAMES` by default).
    pub policies: &'static [&'static str],
    /// The ruleset's own maneuvers, besides [`Maneuver::STANDARD`] (which is always tried), for
    /// the candidate intents of [`offers_are_exactly_the_legal_intents`].
    pub maneuvers: &'static [Maneuver],
    /// How much of each check to run.
    pub budget: Budget,
}

/// The built-in AI policies (a `static`, so a `const` [`Conformance`] can borrow it).
static POLICIES: [&str; 3] = fray_ai::POLICY_NAMES;

impl Conformance {
    /// The suite for `bench`'s ruleset: every built-in policy, no maneuvers of its own, the
    /// [`Budget::STANDARD`] budget.
    pub const fn new(bench: Bench) -> Self {
        Self {
            bench,
            policies: &POLICIES,
            maneuvers: &[],
            budget: Budget::STANDARD,
        }
    }

    /// The suite for `ruleset` on its built-in content: every built-in policy, its own
    /// maneuvers, the [`Budget::STANDARD`] budget.
    pub const fn of(ruleset: RulesetDescriptor) -> Self {
        Self::new(Bench::of(ruleset, "[]")).with_maneuvers(ruleset.maneuvers)
    }

    /// The same, with the ruleset's own maneuvers.
    pub const fn with_maneuvers(mut self, maneuvers: &'static [Maneuver]) -> Self {
        self.maneuvers = maneuvers;
        self
    }

    /// The same, with another budget.
    pub const fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The same, playing only these policies.
    pub const fn with_policies(mut self, policies: &'static [&'static str]) -> Self {
        self.policies = policies;
        self
    }
}

/// How much of each check to run: the knobs that trade thoroughness for time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Check 2: seeds per encounter and assignment of policies to sides.
    pub seeds: u64,
    /// Check 2: the most ticks a fight may take to end.
    pub max_ticks: u32,
    /// Check 3: random-policy fights in all, spread over the encounters.
    pub random_fights: u64,
    /// Check 3: one fight in this many is played by a random external player, whose every
    /// choice is sent as a request and judged by the ruleset's legality check (0: none).
    pub external_every: u64,
    /// Check 4: encounters whose fight is saved at every tick (an AI fight) and at every
    /// decision (a fight of external players); the first ones in id order.
    pub save_fights: usize,
    /// Check 5: runs per batch.
    pub batch_runs: u64,
    /// Check 6: fights per encounter whose decision points are examined.
    pub offer_fights: u64,
    /// Check 6: decision points examined per fight at most.
    pub offer_points: usize,
    /// Check 6: one decision point in this many is examined (the first, then every so many).
    pub offer_every: usize,
    /// Check 6: attack and ability ids tried, `0..ids` (and `u16::MAX`, which no statblock
    /// has).
    pub ids: u16,
    /// Check 8: bad requests sent in all.
    pub fuzz_requests: u64,
    /// Check 9: decision points examined per encounter at most (one in
    /// [`Budget::offer_every`]).
    pub foreign_points: usize,
}

impl Budget {
    /// The budget CI runs: 10 000 random fights, every decision point of several fights.
    pub const STANDARD: Budget = Budget {
        seeds: 3,
        max_ticks: 100_000,
        random_fights: 10_000,
        external_every: 10,
        save_fights: usize::MAX,
        batch_runs: 120,
        offer_fights: 2,
        offer_points: 60,
        offer_every: 3,
        ids: 8,
        fuzz_requests: 20_000,
        foreign_points: 30,
    };

    /// A small budget, for a quick run while writing a ruleset.
    pub const QUICK: Budget = Budget {
        seeds: 1,
        max_ticks: 100_000,
        random_fights: 500,
        external_every: 10,
        save_fights: 1,
        batch_runs: 30,
        offer_fights: 1,
        offer_points: 10,
        offer_every: 5,
        ids: 6,
        fuzz_requests: 2_000,
        foreign_points: 5,
    };
}

/// What the macro needs from outside the test crate's own dependencies.
#[doc(hidden)]
pub mod __private {
    pub use bevy_app::App;
}

/// Expands to the conformance suite: one `#[test]` per check, each calling the function of the
/// same name in [`conformance`](crate::conformance) with the given [`Conformance`] (any
/// expression: a `const`, a function call).
///
/// - `conformance_suite!(CONF)`: every check; checks 7 and 9 put the ruleset beside itself
///   (two of its encounters in one World).
/// - `conformance_suite!(CONF, with: OTHER)`: checks 7 and 9 put it beside another ruleset's
///   `OTHER` (for a test crate that may depend on both, such as the workspace's `tests/`).
/// - `conformance_suite!(CONF, checks: [content_loads, #[ignore = "why"] bad_requests_never_panic, ...])`
///   (also after `with: OTHER`): only the listed checks, each with its attributes - to
///   set aside a check that fails on a known defect while it is fixed. List them all.
#[macro_export]
macro_rules! conformance_suite {
    ($conf:expr) => {
        $crate::conformance_suite!($conf, with: $conf);
    };
    ($conf:expr, checks: [$($checks:tt)*]) => {
        $crate::conformance_suite!($conf, with: $conf, checks: [$($checks)*]);
    };
    ($conf:expr, with: $other:expr) => {
        $crate::conformance_suite!($conf, with: $other, checks: [
            content_loads,
            every_encounter_ends_with_each_ai,
            random_policy_fights_never_reject_or_panic,
            save_load_at_every_step_continues_identically,
            save_load_at_every_step_keeps_every_component,
            same_results_on_one_or_two_threads,
            offers_are_exactly_the_legal_intents,
            two_rulesets_in_one_world_answer_like_alone,
            bad_requests_never_panic,
            intents_aimed_at_another_fight_are_refused,
            a_surrender_takes_the_combatant_out_of_the_fight,
        ]);
    };
    ($conf:expr, with: $other:expr, checks: [$($(#[$meta:meta])* $check:ident),* $(,)?]) => {
        /// Installs the core, the AI and the ruleset, for `fray_sim`'s batch workers.
        #[allow(dead_code)]
        fn __fray_conformance_install(app: &mut $crate::conformance::__private::App) {
            $crate::conformance::install_for_sim(&$conf, app);
        }

        $(
            $crate::__conformance_check!($(#[$meta])* $check, $conf, $other);
        )*
    };
}

/// One test of [`conformance_suite!`](crate::conformance_suite), by the check's name.
#[doc(hidden)]
#[macro_export]
macro_rules! __conformance_check {
    ($(#[$meta:meta])* same_results_on_one_or_two_threads, $conf:expr, $other:expr) => {
        #[test]
        $(#[$meta])*
        fn same_results_on_one_or_two_threads() {
            $crate::conformance::same_results_on_one_or_two_threads(
                &$conf,
                __fray_conformance_install,
            );
        }
    };
    ($(#[$meta:meta])* two_rulesets_in_one_world_answer_like_alone, $conf:expr, $other:expr) => {
        #[test]
        $(#[$meta])*
        fn two_rulesets_in_one_world_answer_like_alone() {
            $crate::conformance::two_rulesets_in_one_world_answer_like_alone(&$conf, &$other);
        }
    };
    ($(#[$meta:meta])* intents_aimed_at_another_fight_are_refused, $conf:expr, $other:expr) => {
        #[test]
        $(#[$meta])*
        fn intents_aimed_at_another_fight_are_refused() {
            $crate::conformance::intents_aimed_at_another_fight_are_refused(&$conf, &$other);
        }
    };
    ($(#[$meta:meta])* content_loads, $conf:expr, $other:expr) => {
        $crate::__conformance_check!(@one $(#[$meta])* content_loads, $conf);
    };
    ($(#[$meta:meta])* every_encounter_ends_with_each_ai, $conf:expr, $other:expr) => {
        $crate::__conformance_check!(@one $(#[$meta])* every_encounter_ends_with_each_ai, $conf);
    };
    ($(#[$meta:meta])* random_policy_fights_never_reject_or_panic, $conf:expr, $other:expr) => {
        $crate::__conformance_check!(@one $(#[$meta])* random_policy_fights_never_reject_or_panic, $conf);
    };
    ($(#[$meta:meta])* save_load_at_every_step_continues_identically, $conf:expr, $other:expr) => {
        $crate::__conformance_check!(@one $(#[$meta])* save_load_at_every_step_continues_identically, $conf);
    };
    ($(#[$meta:meta])* save_load_at_every_step_keeps_every_component, $conf:expr, $other:expr) => {
        $crate::__conformance_check!(@one $(#[$meta])* save_load_at_every_step_keeps_every_component, $conf);
    };
    ($(#[$meta:meta])* offers_are_exactly_the_legal_intents, $conf:expr, $other:expr) => {
        $crate::__conformance_check!(@one $(#[$meta])* offers_are_exactly_the_legal_intents, $conf);
    };
    ($(#[$meta:meta])* bad_requests_never_panic, $conf:expr, $other:expr) => {
        $crate::__conformance_check!(@one $(#[$meta])* bad_requests_never_panic, $conf);
    };
    ($(#[$meta:meta])* a_surrender_takes_the_combatant_out_of_the_fight, $conf:expr, $other:expr) => {
        $crate::__conformance_check!(@one $(#[$meta])* a_surrender_takes_the_combatant_out_of_the_fight, $conf);
    };
    (@one $(#[$meta:meta])* $check:ident, $conf:expr) => {
        #[test]
        $(#[$meta])*
        fn $check() {
            $crate::conformance::$check(&$conf);
        }
    };
}
