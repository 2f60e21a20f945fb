//! The random policy as a fuzzer: 10 000 encounters of every ruleset, no panic, no rejection.

use fray::prelude::*;

#[test]
fn random_policy_plays_10_000_encounters_per_ruleset_without_a_rejection() {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap();
    let engine = fray::headless_engine(content.clone());
    let rulesets: std::collections::BTreeSet<String> =
        content.encounters().map(|e| e.ruleset.clone()).collect();
    for ruleset in rulesets {
        let encounters: Vec<_> = content
            .encounters()
            .filter(|e| e.ruleset == ruleset)
            .collect();
        let per = 10_000 / encounters.len() as u64 + 1;
        let mut played = 0;
        for spec in encounters {
            let mut config = BatchConfig::new(spec.id.clone(), per, 77);
            for side in &spec.sides {
                config
                    .controllers
                    .push((side.name.clone(), Controller::Ai("random".into())));
            }
            let report = run_batch(&engine, &config).unwrap();
            assert_eq!(
                report.rejections, 0,
                "{}: the random policy was refused",
                spec.id
            );
            assert_eq!(report.endings.stalled, 0, "{}: a fight stalled", spec.id);
            played += report.runs;
        }
        assert!(played >= 10_000, "{ruleset}: {played}");
    }
}
