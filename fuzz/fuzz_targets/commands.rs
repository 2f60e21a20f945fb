//! Fuzz target `commands`: random command streams against running encounters of every
//! ruleset.
//!
//! The input's first byte picks the ruleset (among those `FRAY_FUZZ_RULESETS` names, when
//! set); the rest drives the conformance suite's check 8
//! ([`fray_testkit::conformance::RequestFuzz`]): requests of any shape (any intent, any
//! arguments, actors and targets of this fight or another, dead, despawned or made up) from
//! any controller, at any moment (at the decision points of a fight of external players, after
//! it ends, or between the ticks of an AI fight). No request may panic; each illegal one must
//! be rejected with a reason and change nothing (an AI fight is compared with an untouched
//! twin); the core's debug invariants run at every tick.

#![no_main]

use std::sync::LazyLock;

use fray_fuzz::rulesets;
use fray_testkit::conformance::RequestFuzz;
use libfuzzer_sys::fuzz_target;

/// Every ruleset's content, loaded once: all of them, or those the `FRAY_FUZZ_RULESETS`
/// variable names (ruleset ids separated by commas), to fuzz on past a known defect of one.
static FUZZ: LazyLock<Vec<RequestFuzz>> = LazyLock::new(|| {
    let only = std::env::var("FRAY_FUZZ_RULESETS").ok();
    let wanted = |id: &str| {
        only.as_deref()
            .is_none_or(|list| list.split(',').any(|r| r.trim() == id))
    };
    rulesets()
        .iter()
        .filter(|conf| wanted(conf.bench.ruleset))
        .map(RequestFuzz::new)
        .collect()
});

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    if let Some(fuzz) = FUZZ.get(usize::from(which) % FUZZ.len().max(1)) {
        fuzz.run(rest);
    }
});
