//! A batch's running totals: integer counters and a histogram, updated as each run finishes
//! and mergeable in any order.
//!
//! Each worker thread folds its runs into its own [`Aggregate`], and the batch merges them at
//! the end; shards played on other machines merge the same way (the type is serializable).
//! Sums are integers, so adding runs and merging totals in any order gives the same value, and
//! the report's floats, derived from them at the end, are exact.

use serde::{Deserialize, Serialize};

use crate::endings::EndingCounts;
use crate::finished::{CombatantEnd, RunEnd};
use crate::histogram::Histogram;
use crate::watch::Watch;

/// The running totals of a batch, from which its [`BatchReport`](crate::report::BatchReport)
/// is computed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Aggregate {
    /// Runs counted.
    pub runs: u64,
    /// Runs won, by side index.
    pub wins: Vec<u64>,
    /// Runs nobody won.
    pub draws: u64,
    /// How runs ended.
    pub endings: EndingCounts,
    /// Rounds played per run.
    pub rounds: Histogram,
    /// Combatant turns, all runs together.
    pub turns: u64,
    /// Actions, all runs together.
    pub actions: u64,
    /// Requests refused, all runs together.
    pub rejections: u64,
    /// Per roster position.
    pub combatants: Vec<CombatantTotals>,
    /// Who is who: the roster of the counted run with the lowest index.
    pub roster: Option<FirstRoster>,
    /// The runs worth watching (absent from parts written before it was kept).
    #[serde(default)]
    pub watch: Watch,
}

/// One roster position over all runs.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CombatantTotals {
    /// Runs it ended standing (active).
    pub survived: u64,
    /// Runs it died.
    pub died: u64,
    /// Runs it ended down: out of the fight but alive (unconscious, dying, petrified).
    #[serde(default)]
    pub down: u64,
    /// Runs it ended fled or surrendered.
    #[serde(default)]
    pub gave_up: u64,
    /// Runs its morale broke, or it fled or surrendered.
    pub morale_broken: u64,
    /// Damage dealt.
    pub damage_dealt: i64,
    /// Damage taken.
    pub damage_taken: i64,
    /// Times it went down or died.
    pub times_dropped: u64,
}

/// The roster of one run: the names the report gives each position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstRoster {
    /// The run's index in the batch.
    pub index: u64,
    /// Every combatant, in roster order.
    pub combatants: Vec<RosterName>,
}

/// Who stands at one roster position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RosterName {
    /// Display name.
    pub name: String,
    /// Statblock id.
    pub statblock: String,
    /// Side index.
    pub side: u8,
}

impl Aggregate {
    /// Counts run `index`. Allocates only to grow the counters, and to take the roster's names
    /// when this run comes before every run counted so far (runs added in index order take
    /// them once).
    pub fn add<'w>(
        &mut self,
        index: u64,
        run: &RunEnd,
        combatants: impl Iterator<Item = CombatantEnd<'w>> + Clone,
    ) {
        self.runs += 1;
        match run.winner {
            Some(side) => {
                let side = usize::from(side);
                if self.wins.len() <= side {
                    self.wins.resize(side + 1, 0);
                }
                self.wins[side] += 1;
            }
            None => self.draws += 1,
        }
        self.endings.count(run.ending);
        self.rounds.add(run.rounds);
        self.watch.add(index, run, combatants.clone());
        self.turns += u64::from(run.turns);
        self.actions += u64::from(run.actions);
        self.rejections += u64::from(run.rejections);
        for (i, c) in combatants.clone().enumerate() {
            if self.combatants.len() <= i {
                self.combatants.resize(i + 1, CombatantTotals::default());
            }
            self.combatants[i].add(&c);
        }
        if self.roster.as_ref().is_none_or(|r| index < r.index) {
            self.roster = Some(FirstRoster {
                index,
                combatants: combatants
                    .map(|c| RosterName {
                        name: c.name.to_owned(),
                        statblock: c.statblock.to_owned(),
                        side: c.side,
                    })
                    .collect(),
            });
        }
    }

    /// Adds another aggregate's runs to this one's. Merging in any order, or adding the same
    /// runs one by one in any order, gives the same aggregate.
    pub fn merge(&mut self, other: &Self) {
        self.runs += other.runs;
        if self.wins.len() < other.wins.len() {
            self.wins.resize(other.wins.len(), 0);
        }
        for (mine, theirs) in self.wins.iter_mut().zip(&other.wins) {
            *mine += theirs;
        }
        self.draws += other.draws;
        self.endings.merge(&other.endings);
        self.rounds.merge(&other.rounds);
        self.watch.merge(&other.watch);
        self.turns += other.turns;
        self.actions += other.actions;
        self.rejections += other.rejections;
        if self.combatants.len() < other.combatants.len() {
            self.combatants
                .resize(other.combatants.len(), CombatantTotals::default());
        }
        for (mine, theirs) in self.combatants.iter_mut().zip(&other.combatants) {
            mine.merge(theirs);
        }
        if let Some(theirs) = &other.roster
            && self.roster.as_ref().is_none_or(|r| theirs.index < r.index)
        {
            self.roster = Some(theirs.clone());
        }
    }
}

impl CombatantTotals {
    /// Counts one run of this position.
    pub fn add(&mut self, c: &CombatantEnd<'_>) {
        use fray_core::prelude::Status;
        self.survived += u64::from(c.status == Status::Active);
        self.died += u64::from(c.status == Status::Dead);
        self.down += u64::from(c.status == Status::Down);
        self.gave_up += u64::from(matches!(c.status, Status::Fled | Status::Surrendered));
        self.morale_broken +=
            u64::from(c.morale_broken || matches!(c.status, Status::Fled | Status::Surrendered));
        self.damage_dealt += c.damage_dealt;
        self.damage_taken += c.damage_taken;
        self.times_dropped += u64::from(c.times_dropped);
    }

    /// Adds another position's totals to this one's.
    pub fn merge(&mut self, other: &Self) {
        self.survived += other.survived;
        self.died += other.died;
        self.down += other.down;
        self.gave_up += other.gave_up;
        self.morale_broken += other.morale_broken;
        self.damage_dealt += other.damage_dealt;
        self.damage_taken += other.damage_taken;
        self.times_dropped += other.times_dropped;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_core::prelude::{Ending, Status};

    const NAMES: [&str; 3] = ["Ada", "Bo", "Cy"];

    /// A made-up run: the same roster every time, numbers from `seed`.
    fn run(seed: u64) -> (RunEnd, Vec<CombatantEnd<'static>>) {
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        };
        let endings = [
            Ending::Victory,
            Ending::Fled,
            Ending::Surrendered,
            Ending::MutualDestruction,
            Ending::RoundLimit,
            Ending::Stalled,
            Ending::Aborted,
            Ending::Parley,
            Ending::Evaded,
        ];
        let statuses = [
            Status::Active,
            Status::Down,
            Status::Dead,
            Status::Fled,
            Status::Surrendered,
        ];
        let end = RunEnd {
            winner: [None, Some(0), Some(1)][next(3) as usize],
            ending: endings[next(endings.len() as u64) as usize],
            rounds: next(30) as u32,
            turns: next(200) as u32,
            actions: next(500) as u32,
            rejections: next(2) as u32,
        };
        let combatants = NAMES
            .iter()
            .enumerate()
            .map(|(i, name)| CombatantEnd {
                name,
                statblock: "toy",
                side: (i % 2) as u8,
                status: statuses[next(statuses.len() as u64) as usize],
                hp: next(40) as i32 - 10,
                max_hp: 30,
                damage_dealt: next(90) as i64,
                damage_taken: next(90) as i64,
                times_dropped: next(3) as u32,
                morale_broken: next(2) == 1,
            })
            .collect();
        (end, combatants)
    }

    fn fold(indices: impl Iterator<Item = u64>) -> Aggregate {
        let mut a = Aggregate::default();
        for i in indices {
            let (end, combatants) = run(i);
            a.add(i, &end, combatants.into_iter());
        }
        a
    }

    #[test]
    fn adding_and_merging_in_any_order_gives_the_same_totals() {
        let in_order = fold(0..300);
        assert_eq!(in_order, fold((0..300).rev()));
        // Shards of different sizes, merged in different orders.
        let shards = [fold(0..7), fold(7..150), fold(150..151), fold(151..300)];
        let mut forward = Aggregate::default();
        for s in &shards {
            forward.merge(s);
        }
        let mut backward = Aggregate::default();
        for s in shards.iter().rev() {
            backward.merge(s);
        }
        let mut paired = shards[3].clone();
        paired.merge(&shards[1]);
        let mut rest = shards[2].clone();
        rest.merge(&shards[0]);
        paired.merge(&rest);
        assert_eq!(forward, in_order);
        assert_eq!(backward, in_order);
        assert_eq!(paired, in_order);
        // Interleaved shards (as worker threads take chunks) too.
        let even = fold((0..300).filter(|i| i % 2 == 0));
        let mut odd = fold((0..300).filter(|i| i % 2 == 1));
        odd.merge(&even);
        assert_eq!(odd, in_order);
        // Merging nothing changes nothing.
        let mut same = in_order.clone();
        same.merge(&Aggregate::default());
        assert_eq!(same, in_order);
    }

    #[test]
    fn totals_count_every_run_exactly() {
        let a = fold(0..50);
        let runs: Vec<_> = (0..50).map(run).collect();
        assert_eq!(a.runs, 50);
        assert_eq!(
            a.draws,
            runs.iter().filter(|(e, _)| e.winner.is_none()).count() as u64
        );
        assert_eq!(a.draws + a.wins.iter().sum::<u64>(), 50);
        assert_eq!(
            a.turns,
            runs.iter().map(|(e, _)| u64::from(e.turns)).sum::<u64>()
        );
        assert_eq!(a.rounds.total(), 50);
        assert_eq!(
            a.endings.stalled,
            runs.iter()
                .filter(|(e, _)| matches!(e.ending, Ending::Stalled | Ending::Aborted))
                .count() as u64
        );
        assert_eq!(a.combatants.len(), 3);
        assert_eq!(
            a.combatants[1].damage_dealt,
            runs.iter().map(|(_, c)| c[1].damage_dealt).sum::<i64>()
        );
        let roster = a.roster.as_ref().unwrap();
        assert_eq!(roster.index, 0);
        assert_eq!(roster.combatants[2].name, "Cy");
        assert_eq!(roster.combatants[1].side, 1);
    }

    #[test]
    fn totals_survive_a_round_trip_through_json() {
        let a = fold(0..40);
        let back: Aggregate = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
        assert_eq!(back, a);
    }
}
