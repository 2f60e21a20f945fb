//! The floor: an archmage encounter played by a plain Rust loop, with no ECS, no log, no AI
//! beyond "hit the most damaged enemy" and only the basic rules.
//!
//! The numbers come from Fray itself: the encounter and its statblocks are read from the
//! loaded content and each statblock is compiled by the archmage crate's
//! [`sheet::compile`](fray::archmage::sheet::compile), so the floor fights the same creatures
//! with the same attack bonuses, defenses, damage dice and hit points as Fray does.
//!
//! The rules it plays:
//!
//! - initiative d20 + bonus, rolled once in roster order; monsters of the same statblock share
//!   one roll; the order holds every round (AR-01);
//! - each combatant's turn: its basic attack (the basic melee one, else the basic ranged one)
//!   against the active enemy with the lowest share of its hit points left, first in roster
//!   order on a tie; d20 + bonus (+ the escalation die for heroes) against the defense, a
//!   natural 1 does nothing, a natural 20 (the attack's crit range) crits for double damage
//!   (its crit multiplier), a miss deals the attack's miss damage (AR-06, AR-17..AR-19);
//! - the escalation die: 0 in round 1, then +1 a round up to 6, added to heroes' attacks
//!   (AR-11);
//! - monsters die at 0 hit points; heroes fall unconscious at 0 and die at minus half their
//!   maximum; an unconscious hero rolls a death save at the start of its turn: 16+ spends a
//!   recovery (half healing without one left) and wakes, acting only on a natural 20; the
//!   fourth failure kills (AR-23, AR-24);
//! - the fight ends when at most one side has anyone active, or after the encounter's round
//!   limit (a draw).
//!
//! Left out on purpose: regions, engagement and movement (everyone reaches everyone), powers
//! and non-basic attacks, attack effects (ongoing damage, conditions, grabs), resistances,
//! the two-weapon reroll, fighting in spirit and the penalty for missing recoveries.

use fray::archmage::rules::{
    AttackResult, DEATH_SAVES_TO_DIE, DeathSave, crit_multiplier, crit_threshold, dead_at,
    death_save, escalation, judge,
};
use fray::archmage::sheet::{SheetData, compile};
use fray::archmage::statblock::{ArchBlock, Defense};
use fray::content::db::ContentDb;
use fray::dice::Dice;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// A dice expression flattened to a sum of plain dice plus a constant (`2d6+d3+4`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlatDice {
    /// `(count, sides)` of each dice term.
    pub dice: Vec<(u32, u32)>,
    /// The constant.
    pub bonus: i32,
}

impl FlatDice {
    /// Flattens one of Fray's dice expressions, or says why it is not a plain sum of dice
    /// (keep/drop, rerolls, explosions and the like are not).
    pub fn from_dice(dice: &Dice) -> Result<Self, String> {
        let text = dice.notation();
        let refuse = || format!("`{text}` is not a plain sum of dice");
        let mut flat = Self {
            dice: Vec::new(),
            bonus: 0,
        };
        let mut terms: Vec<(bool, String)> = Vec::new();
        let mut term = String::new();
        let mut negative = false;
        for c in text.chars() {
            if c == '+' || c == '-' {
                if !term.is_empty() {
                    terms.push((negative, std::mem::take(&mut term)));
                }
                negative = c == '-';
            } else {
                term.push(c);
            }
        }
        terms.push((negative, term));
        for (negative, term) in terms {
            match term.split_once(['d', 'D']) {
                Some(_) if negative => return Err(refuse()),
                Some((count, sides)) => {
                    let count = if count.is_empty() {
                        1
                    } else {
                        count.parse().map_err(|_| refuse())?
                    };
                    flat.dice
                        .push((count, sides.parse().map_err(|_| refuse())?));
                }
                None => {
                    let value: i32 = term.parse().map_err(|_| refuse())?;
                    flat.bonus += if negative { -value } else { value };
                }
            }
        }
        // The same bounds as Fray's own reading of the expression, or it was misread.
        if (flat.min(), flat.max()) != (dice.min(), dice.max()) {
            return Err(refuse());
        }
        Ok(flat)
    }

    /// The smallest total.
    pub fn min(&self) -> i64 {
        self.dice.iter().map(|&(n, _)| i64::from(n)).sum::<i64>() + i64::from(self.bonus)
    }

    /// The largest total.
    pub fn max(&self) -> i64 {
        self.dice
            .iter()
            .map(|&(n, sides)| i64::from(n) * i64::from(sides))
            .sum::<i64>()
            + i64::from(self.bonus)
    }

    /// Rolls the total.
    pub fn roll(&self, rng: &mut ChaCha8Rng) -> i32 {
        let mut total = self.bonus;
        for &(count, sides) in &self.dice {
            for _ in 0..count {
                total += rng.random_range(1..=sides) as i32;
            }
        }
        total
    }
}

/// One d20.
fn d20(rng: &mut ChaCha8Rng) -> i64 {
    rng.random_range(1..=20)
}

/// A combatant's basic attack, ready to roll.
#[derive(Debug, Clone, PartialEq)]
pub struct BasicAttack {
    /// d20 + this (before the escalation die).
    pub bonus: i64,
    /// The defense it targets.
    pub vs: Defense,
    /// Damage on a hit.
    pub damage: FlatDice,
    /// Damage on a miss (not on a natural 1).
    pub miss: i32,
    /// The natural roll from which it crits.
    pub crit_from: i64,
    /// A crit's damage multiplier.
    pub crit_multiplier: i32,
}

/// One combatant's fixed numbers, from its compiled sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct Combatant {
    /// The statblock id.
    pub statblock: String,
    /// Its side, by position in the encounter.
    pub side: usize,
    /// A hero (escalation die, death saves) rather than a monster.
    pub hero: bool,
    /// Maximum hit points.
    pub max_hp: i32,
    /// d20 + this for initiative, and the tie-breaker.
    pub initiative: i32,
    /// The roster index of the combatant whose initiative roll it shares (its own for heroes
    /// and for the first monster of each statblock, AR-01).
    pub shares_initiative_of: usize,
    /// AC, PD and MD.
    pub defenses: [i64; 3],
    /// The attack it makes every turn.
    pub attack: BasicAttack,
    /// Recoveries at the start of the fight.
    pub recoveries: u8,
    /// Hit points of one recovery (level x recovery die + Con modifier).
    pub recovery: FlatDice,
}

impl Combatant {
    /// Reads a compiled sheet: `index` is the combatant's place in the roster, `roster` the
    /// combatants before it.
    fn new(
        sheet: &SheetData,
        max_hp: i32,
        side: usize,
        index: usize,
        roster: &[Combatant],
    ) -> Result<Self, String> {
        let basic = sheet.basic_melee.or_else(|| {
            sheet
                .attacks
                .iter()
                .position(|a| a.def.basic && a.def.kind.is_ranged())
        });
        let attack = basic
            .and_then(|i| sheet.attacks.get(i))
            .ok_or_else(|| format!("{} has no basic attack", sheet.statblock))?;
        let shares_initiative_of = if sheet.hero {
            index
        } else {
            roster
                .iter()
                .position(|c| !c.hero && c.statblock == sheet.statblock)
                .unwrap_or(index)
        };
        let flat = |dice: &Dice| {
            FlatDice::from_dice(dice).map_err(|e| format!("{}: {e}", sheet.statblock))
        };
        Ok(Self {
            statblock: sheet.statblock.clone(),
            side,
            hero: sheet.hero,
            max_hp,
            initiative: sheet.initiative,
            shares_initiative_of,
            defenses: [sheet.ac, sheet.pd, sheet.md].map(i64::from),
            attack: BasicAttack {
                bonus: i64::from(attack.bonus),
                vs: attack.def.vs,
                damage: flat(&attack.dice)?,
                miss: attack.miss,
                crit_from: crit_threshold(attack.def.crit_range, false),
                crit_multiplier: crit_multiplier(attack.def.crit_steps),
            },
            recoveries: sheet.recoveries,
            recovery: if sheet.hero {
                flat(&sheet.recovery_dice())?
            } else {
                FlatDice {
                    dice: Vec::new(),
                    bonus: 0,
                }
            },
        })
    }

    /// A defense.
    fn defense(&self, vs: Defense) -> i64 {
        match vs {
            Defense::AC => self.defenses[0],
            Defense::PD => self.defenses[1],
            Defense::MD => self.defenses[2],
        }
    }
}

/// Where a combatant stands in the fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    /// Fighting.
    Up,
    /// An unconscious hero: rolls death saves.
    Down,
    /// Out for good.
    Dead,
}

/// A combatant's changing state in one fight.
#[derive(Debug, Clone, Copy)]
struct Body {
    /// Hit points (below 0 for an unconscious hero).
    hp: i32,
    /// Up, down or dead.
    status: Status,
    /// Failed death saves this fight.
    failed_saves: u8,
    /// Recoveries left.
    recoveries: u8,
}

/// The buffers a fight plays in, reused from fight to fight.
#[derive(Debug, Clone, Default)]
pub struct Scratch {
    /// Each combatant's state, in roster order.
    bodies: Vec<Body>,
    /// Each combatant's initiative count, in roster order.
    counts: Vec<i32>,
    /// Roster indexes in acting order.
    order: Vec<usize>,
}

/// How one fight went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fight {
    /// The side left standing (`None`: a draw or nobody left).
    pub winner: Option<usize>,
    /// Rounds played (the round it ended in).
    pub rounds: u32,
    /// Combatant turns, one per turn of a combatant still in the fight (up or unconscious).
    pub turns: u32,
    /// Attacks made.
    pub actions: u32,
}

/// Sums over many fights.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Totals {
    /// Fights played.
    pub fights: u64,
    /// Rounds, summed.
    pub rounds: u64,
    /// Combatant turns, summed.
    pub turns: u64,
    /// Attacks, summed.
    pub actions: u64,
    /// Fights won, by side.
    pub wins: Vec<u64>,
}

impl Totals {
    /// Mean rounds per fight.
    pub fn mean_rounds(&self) -> f64 {
        self.rounds as f64 / self.fights.max(1) as f64
    }

    /// Mean combatant turns per fight.
    pub fn mean_turns(&self) -> f64 {
        self.turns as f64 / self.fights.max(1) as f64
    }

    /// Mean attacks per fight.
    pub fn mean_actions(&self) -> f64 {
        self.actions as f64 / self.fights.max(1) as f64
    }

    /// The share of fights a side won.
    pub fn win_rate(&self, side: usize) -> f64 {
        self.wins.get(side).copied().unwrap_or(0) as f64 / self.fights.max(1) as f64
    }
}

/// An archmage encounter, ready to be fought again and again.
#[derive(Debug, Clone, PartialEq)]
pub struct Floor {
    /// The encounter id.
    pub encounter: String,
    /// The sides' names.
    pub sides: Vec<String>,
    /// Everyone, in roster order (sides in order, each side's combatants in order).
    pub combatants: Vec<Combatant>,
    /// The fight is a draw after this many rounds.
    pub max_rounds: u32,
}

impl Floor {
    /// Reads an archmage encounter from Fray's content and compiles its statblocks with the
    /// archmage crate.
    pub fn from_content(content: &ContentDb, encounter: &str) -> Result<Self, String> {
        let spec = content
            .encounter(encounter)
            .ok_or_else(|| format!("no encounter `{encounter}`"))?;
        if spec.ruleset != fray::archmage::ruleset::ID {
            return Err(format!("`{encounter}` is not an archmage encounter"));
        }
        if spec.options.ambush.is_some() {
            return Err(format!(
                "`{encounter}` starts with an ambush, which the floor skips"
            ));
        }
        if spec.sides.len() > 64 {
            return Err(format!("`{encounter}` has more than 64 sides"));
        }
        let blocks = content
            .statblocks::<ArchBlock>(fray::archmage::ruleset::ID)
            .ok_or("no archmage statblocks")?;
        let mut combatants = Vec::new();
        for (side, side_spec) in spec.sides.iter().enumerate() {
            for entry in &side_spec.combatants {
                let block = blocks
                    .get(&entry.statblock)
                    .ok_or_else(|| format!("no statblock `{}`", entry.statblock))?;
                let sheet = compile(block).map_err(|e| format!("{}: {e}", entry.statblock))?;
                let max_hp = match block {
                    ArchBlock::Monster(m) => m.hp,
                    ArchBlock::Hero(h) => h.hp,
                };
                for _ in 0..entry.count {
                    let combatant =
                        Combatant::new(&sheet, max_hp, side, combatants.len(), &combatants)?;
                    combatants.push(combatant);
                }
            }
        }
        Ok(Self {
            encounter: spec.id.clone(),
            sides: spec.sides.iter().map(|s| s.name.clone()).collect(),
            combatants,
            max_rounds: spec.options.max_rounds,
        })
    }

    /// Plays `fights` fights on this thread, fight `i` with the dice seeded by `seed + i`.
    pub fn run(&self, fights: u64, seed: u64) -> Totals {
        let mut scratch = Scratch::default();
        let mut totals = Totals {
            wins: vec![0; self.sides.len()],
            ..Totals::default()
        };
        for i in 0..fights {
            let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(i));
            let fight = self.fight(&mut rng, &mut scratch);
            totals.fights += 1;
            totals.rounds += u64::from(fight.rounds);
            totals.turns += u64::from(fight.turns);
            totals.actions += u64::from(fight.actions);
            if let Some(side) = fight.winner {
                totals.wins[side] += 1;
            }
        }
        totals
    }

    /// Plays one fight to its end.
    pub fn fight(&self, rng: &mut ChaCha8Rng, scratch: &mut Scratch) -> Fight {
        self.set_up(rng, scratch);
        let Scratch { bodies, order, .. } = scratch;
        let mut fight = Fight {
            winner: None,
            rounds: 0,
            turns: 0,
            actions: 0,
        };
        for round in 1..=self.max_rounds {
            fight.rounds = round;
            let escalation = i64::from(escalation(round));
            for &me in order.iter() {
                match bodies[me].status {
                    Status::Dead => continue,
                    Status::Down => {
                        fight.turns += 1;
                        if !self.death_save(me, rng, bodies) {
                            continue;
                        }
                    }
                    Status::Up => fight.turns += 1,
                }
                let Some(target) = self.most_damaged_enemy(me, bodies) else {
                    continue;
                };
                self.attack(me, target, escalation, rng, bodies);
                fight.actions += 1;
                if let Some(winner) = self.outcome(bodies) {
                    fight.winner = winner;
                    return fight;
                }
            }
        }
        fight
    }

    /// Fresh bodies, and the initiative order (AR-01).
    fn set_up(&self, rng: &mut ChaCha8Rng, scratch: &mut Scratch) {
        scratch.bodies.clear();
        scratch.bodies.extend(self.combatants.iter().map(|c| Body {
            hp: c.max_hp,
            status: Status::Up,
            failed_saves: 0,
            recoveries: c.recoveries,
        }));
        scratch.counts.clear();
        for (i, c) in self.combatants.iter().enumerate() {
            let count = if c.shares_initiative_of == i {
                d20(rng) as i32 + c.initiative
            } else {
                scratch.counts[c.shares_initiative_of]
            };
            scratch.counts.push(count);
        }
        scratch.order.clear();
        scratch.order.extend(0..self.combatants.len());
        let (counts, combatants) = (&scratch.counts, &self.combatants);
        // Highest count first, then the highest bonus, then roster order (a stable sort).
        scratch
            .order
            .sort_by_key(|&i| std::cmp::Reverse((counts[i], combatants[i].initiative)));
    }

    /// An unconscious hero's death save (AR-23): whether it acts this turn.
    fn death_save(&self, me: usize, rng: &mut ChaCha8Rng, bodies: &mut [Body]) -> bool {
        let result = death_save(d20(rng));
        let body = &mut bodies[me];
        match result {
            DeathSave::Fail => {
                body.failed_saves += 1;
                if body.failed_saves >= DEATH_SAVES_TO_DIE {
                    body.status = Status::Dead;
                }
                false
            }
            DeathSave::Wake | DeathSave::WakeAndAct => {
                // Spend a recovery (AR-24): half the healing when none is left.
                let mut healing = self.combatants[me].recovery.roll(rng);
                if body.recoveries > 0 {
                    body.recoveries -= 1;
                } else {
                    healing /= 2;
                }
                let max = self.combatants[me].max_hp;
                body.hp = (body.hp.max(0) + healing.max(0)).min(max);
                if body.hp > 0 {
                    body.status = Status::Up;
                }
                result == DeathSave::WakeAndAct && body.status == Status::Up
            }
        }
    }

    /// The active enemy with the lowest share of its hit points left, first in roster order
    /// on a tie.
    fn most_damaged_enemy(&self, me: usize, bodies: &[Body]) -> Option<usize> {
        let side = self.combatants[me].side;
        let mut best: Option<(usize, i32, i32)> = None;
        for (i, (c, body)) in self.combatants.iter().zip(bodies).enumerate() {
            if c.side == side || body.status != Status::Up {
                continue;
            }
            // hp / max below the best's hp / max, without division.
            let better = best.is_none_or(|(_, hp, max)| {
                i64::from(body.hp) * i64::from(max) < i64::from(hp) * i64::from(c.max_hp)
            });
            if better {
                best = Some((i, body.hp, c.max_hp));
            }
        }
        best.map(|(i, _, _)| i)
    }

    /// One basic attack (AR-06, AR-11, AR-17..AR-19), and its damage.
    fn attack(
        &self,
        me: usize,
        target: usize,
        escalation: i64,
        rng: &mut ChaCha8Rng,
        bodies: &mut [Body],
    ) {
        let attacker = &self.combatants[me];
        let attack = &attacker.attack;
        let natural = d20(rng);
        let total = natural + attack.bonus + if attacker.hero { escalation } else { 0 };
        let defense = self.combatants[target].defense(attack.vs);
        let damage = match judge(natural, total, defense, attack.crit_from) {
            AttackResult::Fumble => 0,
            AttackResult::Miss => attack.miss,
            AttackResult::Hit => attack.damage.roll(rng),
            AttackResult::Crit => attack.damage.roll(rng) * attack.crit_multiplier,
        };
        if damage > 0 {
            self.hurt(target, damage, bodies);
        }
    }

    /// Damage and what it does: monsters die at 0; heroes fall at 0 and die at minus half
    /// their maximum (AR-23).
    fn hurt(&self, who: usize, damage: i32, bodies: &mut [Body]) {
        let c = &self.combatants[who];
        let body = &mut bodies[who];
        body.hp -= damage;
        if !c.hero {
            if body.hp <= 0 {
                body.status = Status::Dead;
            }
        } else if body.hp <= dead_at(c.max_hp) {
            body.status = Status::Dead;
        } else if body.hp <= 0 {
            body.status = Status::Down;
        }
    }

    /// `Some(winner)` once at most one side has anyone active (`Some(None)`: nobody does).
    fn outcome(&self, bodies: &[Body]) -> Option<Option<usize>> {
        let mut standing = 0u64;
        for (c, body) in self.combatants.iter().zip(bodies) {
            if body.status == Status::Up {
                standing |= 1 << c.side;
            }
        }
        match standing.count_ones() {
            0 => Some(None),
            1 => Some(Some(standing.trailing_zeros() as usize)),
            _ => None,
        }
    }
}
