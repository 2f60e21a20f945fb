//! What makes a batch the batch it is: the encounter as played, a fingerprint of the content,
//! the options, the round limit, the controllers given, the seed and the runs. Shards compare
//! it to know they are parts of one batch, and every report records it, so a result says how it
//! was made.

use fray_content::db::ContentDb;
use fray_content::encounter::EncounterSpec;
use fray_core::combatant::Controller;
use serde::{Deserialize, Serialize};

/// What makes two shards parts of the same batch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BatchIdentity {
    /// Encounter id.
    pub encounter: String,
    /// A fingerprint of the content the batch played: the encounter as played (overrides
    /// applied) and every content file ([`fingerprint`]).
    pub content: String,
    /// The ruleset options the encounter played with (file and command line), `name=value`.
    pub options: Vec<String>,
    /// The round limit.
    pub max_rounds: u32,
    /// Controllers given instead of the file's, `side=controller`.
    pub controllers: Vec<String>,
    /// The master seed.
    pub seed: u64,
    /// The runs of the whole batch.
    pub runs: u64,
}

impl BatchIdentity {
    /// The identity of a batch of `runs` runs from master seed `seed` of encounter `spec` (as it
    /// plays, overrides applied) on `content`, with `controllers` given instead of the file's
    /// (a [`BatchConfig`](crate::batch::BatchConfig)'s).
    pub fn of(
        content: &ContentDb,
        spec: &EncounterSpec,
        controllers: &[(String, Controller)],
        seed: u64,
        runs: u64,
    ) -> Self {
        Self {
            encounter: spec.id.clone(),
            content: fingerprint(content, spec),
            options: spec
                .options
                .ruleset
                .iter()
                .map(|(name, value)| format!("{name}={value}"))
                .collect(),
            max_rounds: spec.options.max_rounds,
            controllers: controllers
                .iter()
                .map(|(side, c)| match c {
                    Controller::Ai(policy) => format!("{side}=ai:{policy}"),
                    Controller::External(player) => format!("{side}=external:{player:?}"),
                })
                .collect(),
            seed,
            runs,
        }
    }

    /// The first way `other` differs from this identity, said for a person.
    pub(crate) fn difference(&self, other: &Self) -> Option<String> {
        let differs = |what: &str, mine: String, theirs: String| {
            (mine != theirs).then(|| format!("its {what} is {theirs}, not {mine}"))
        };
        differs(
            "encounter",
            format!("`{}`", self.encounter),
            format!("`{}`", other.encounter),
        )
        .or_else(|| differs("seed", self.seed.to_string(), other.seed.to_string()))
        .or_else(|| differs("run count", self.runs.to_string(), other.runs.to_string()))
        .or_else(|| {
            differs(
                "round limit",
                self.max_rounds.to_string(),
                other.max_rounds.to_string(),
            )
        })
        .or_else(|| {
            differs(
                "ruleset options",
                format!("[{}]", self.options.join(", ")),
                format!("[{}]", other.options.join(", ")),
            )
        })
        .or_else(|| {
            differs(
                "controllers",
                format!("[{}]", self.controllers.join(", ")),
                format!("[{}]", other.controllers.join(", ")),
            )
        })
        .or_else(|| {
            differs(
                "content fingerprint (the content files differ)",
                self.content.clone(),
                other.content.clone(),
            )
        })
    }
}

/// A stable fingerprint (64-bit FNV-1a, in hex) of the encounter `spec` as it plays (with the
/// command line's overrides) and of every content file's text, whatever the files' order or
/// paths: the same on every machine that has the same content.
pub fn fingerprint(content: &ContentDb, spec: &EncounterSpec) -> String {
    let mut files: Vec<u64> = content
        .sources()
        .iter()
        .map(|s| fnv1a(FNV_OFFSET, s.text.as_bytes()))
        .collect();
    files.sort_unstable();
    let spec = serde_json::to_string(spec).unwrap_or_default();
    let mut hash = fnv1a(FNV_OFFSET, spec.as_bytes());
    for file in files {
        hash = fnv1a(hash, &file.to_le_bytes());
    }
    format!("{hash:016x}")
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for b in bytes {
        hash ^= u64::from(*b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fingerprint_follows_the_encounter_as_played() {
        let engine = crate::testing::archmage();
        let spec = engine.content.encounter("archmage-bridge").unwrap();
        let mut changed = spec.clone();
        changed.options.max_rounds += 1;
        assert_eq!(
            fingerprint(&engine.content, spec),
            fingerprint(&engine.content, spec)
        );
        assert_ne!(
            fingerprint(&engine.content, spec),
            fingerprint(&engine.content, &changed)
        );
    }
}
