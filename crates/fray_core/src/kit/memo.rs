//! Remembered results of pure functions of the fight, such as a preview's odds.

use std::hash::Hash;
use std::sync::Mutex;

use bevy_ecs::prelude::*;
use bevy_platform::collections::HashMap;

/// Results a ruleset worked out, by the inputs they were worked out from: what `compute` gave
/// for a key is given again for an equal key, without computing it.
///
/// **The key must hold every input the result depends on** (the attack, the numbers to reach,
/// the target's hit points...), so that a remembered result is the one computing it again
/// would give: then nothing a fight does - its log, its rolls, the AI's choices - can tell
/// whether a result was remembered, and fight checksums stay the same on any thread count or
/// batch size. Keep nothing in a key that may be freed and reused while the memo holds it
/// (an address): keep what it names alive in the value instead.
///
/// A resource of the World, shared by the encounters played in it (a batch's chunk sees the
/// same statblocks at the same hit points run after run). Bounded: when it holds `capacity`
/// results it forgets them all. Its lock is only ever taken by the one thread playing the
/// World's encounters, so it costs an uncontended lock per call.
#[derive(Resource)]
pub struct Memo<K, V> {
    results: Mutex<HashMap<K, V>>,
    capacity: usize,
}

impl<K, V> Memo<K, V> {
    /// A memo that holds at most `capacity` results.
    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            results: Mutex::new(HashMap::default()),
            capacity,
        }
    }
}

impl<K, V> Default for Memo<K, V> {
    /// A memo of up to 16 384 results.
    fn default() -> Self {
        Self::with_capacity(16_384)
    }
}

impl<K: Hash + Eq, V: Clone> Memo<K, V> {
    /// The result for `key`: remembered, or `compute`d now and remembered.
    pub fn get_or(&self, key: K, compute: impl FnOnce() -> V) -> V {
        if let Some(found) = self.lock().get(&key) {
            return found.clone();
        }
        // Computed without the lock held: `compute` may ask the memo itself.
        let value = compute();
        let mut results = self.lock();
        if results.len() >= self.capacity {
            results.clear();
        }
        results.insert(key, value.clone());
        value
    }

    /// How many results it holds.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// True when it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The results (a panic elsewhere while it was held leaves whole results: a value is
    /// inserted in one step).
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, V>> {
        self.results
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_is_computed_once_per_key_and_the_memo_forgets_all_when_full() {
        let memo: Memo<u32, u32> = Memo::with_capacity(3);
        let mut computed = 0;
        for key in [1, 2, 1, 2, 3] {
            let value = memo.get_or(key, || {
                computed += 1;
                key * 10
            });
            assert_eq!(value, key * 10);
        }
        assert_eq!(computed, 3);
        assert_eq!(memo.len(), 3);
        // A fourth key: the memo was full, forgets the three, keeps the new one.
        assert_eq!(memo.get_or(4, || 40), 40);
        assert_eq!(memo.len(), 1);
        assert_eq!(memo.get_or(1, || 11), 11, "forgotten: computed again");
    }
}
