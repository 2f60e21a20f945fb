//! The components of an archmage combatant, queried together, and the numbers derived from
//! them for attacks: bonuses, penalties, defenses and odds (shared by previews and resolution,
//! so a preview is exactly what resolution will roll against).

use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryData;
use fray_core::combatant::Tally;
use fray_core::effect::BonusTo;
use fray_core::prelude::*;

use crate::rules::crit_threshold;
use crate::sheet::{Sheet, SheetAttack};
use crate::state::ArchState;

/// Everything resolution reads and writes on a combatant.
#[derive(QueryData)]
#[query_data(mutable)]
pub struct Fighter {
    /// The entity.
    pub entity: Entity,
    /// Roster index.
    pub combatant: &'static Combatant,
    /// Compiled numbers.
    pub sheet: &'static Sheet,
    /// Changing state.
    pub state: &'static mut ArchState,
    /// Hit points.
    pub hp: &'static mut Hp,
    /// In the fight or not.
    pub status: &'static mut Status,
    /// Conditions.
    pub conditions: &'static mut Conditions,
    /// Side.
    pub side: &'static Side,
    /// Region.
    pub region: &'static mut InRegion,
    /// Actions left this turn.
    pub slots: &'static mut ActionSlots,
    /// Effects on it.
    pub effects: Option<&'static ActiveEffects>,
    /// Damage dealt and taken, for statistics.
    pub tally: &'static mut Tally,
}

/// The fighters of one encounter, each looked up once, in roster order, with their
/// engagements. Offering options asks many questions about the same few combatants (sides,
/// regions, engagements, odds against each target); answering them from here instead of
/// querying the World each time keeps offering cheap.
pub(crate) struct Lineup<'a, 's> {
    entities: Vec<Entity>,
    members: Vec<(FighterReadOnlyItem<'a, 's>, Option<&'a Engagement>)>,
}

impl<'a, 's> Lineup<'a, 's> {
    /// The fighters of `roster` (combatants that are not fighters are left out).
    pub fn new(
        roster: &Roster,
        fighters: &'a Query<'_, 's, Fighter>,
        engagements: &'a Query<'_, 's, &'static mut Engagement>,
    ) -> Self {
        let mut lineup = Self {
            entities: Vec::with_capacity(roster.entries.len()),
            members: Vec::with_capacity(roster.entries.len()),
        };
        for e in roster.entities() {
            if let Ok(f) = fighters.get(e) {
                lineup.entities.push(e);
                lineup.members.push((f, engagements.get(e).ok()));
            }
        }
        lineup
    }

    fn index(&self, e: Entity) -> Option<usize> {
        self.entities.iter().position(|x| *x == e)
    }

    /// A fighter of the encounter.
    pub fn get(&self, e: Entity) -> Option<&FighterReadOnlyItem<'a, 's>> {
        self.index(e).map(|i| &self.members[i].0)
    }

    /// A fighter's engagement.
    pub fn engagement(&self, e: Entity) -> Option<&'a Engagement> {
        self.index(e).and_then(|i| self.members[i].1)
    }

    /// Every fighter, in roster order.
    pub fn iter(&self) -> impl Iterator<Item = &FighterReadOnlyItem<'a, 's>> {
        self.members.iter().map(|(f, _)| f)
    }
}

/// The sum of bonus effects of one kind on a combatant (fight in spirit and the like).
pub fn effect_bonus(
    active: Option<&ActiveEffects>,
    effects: &Query<(&Effect, &EffectOf)>,
    to: BonusTo,
) -> i32 {
    active.map_or(0, |a| {
        a.iter()
            .filter_map(|e| effects.get(e).ok())
            .filter(|(e, _)| e.kind == EffectKind::Bonus(to))
            .map(|(e, _)| e.magnitude)
            .sum()
    })
}

/// Condition penalty to attacks: the worst of dazed, fear (which dazes) and weakened, -4;
/// penalties of different conditions do not stack (AR-27, AR-40).
pub fn condition_attack_penalty(c: &Conditions) -> i32 {
    if c.has(Condition::Dazed) || c.has(Condition::Fear) || c.has(Condition::Weakened) {
        4
    } else {
        0
    }
}

/// Condition penalty to defenses: the worst of helpless, stunned and weakened, -4 (AR-27).
pub fn condition_defense_penalty(c: &Conditions) -> i32 {
    if c.has(Condition::Helpless) || c.has(Condition::Stunned) || c.has(Condition::Weakened) {
        4
    } else {
        0
    }
}

/// The basic melee attack a creature would make as an opportunity attack, if it may make one
/// now: it must be active, have a basic melee attack, and be neither grabbed (AR-29), confused
/// nor stunned (AR-27).
pub fn opportunity_attack(
    sheet: &crate::sheet::SheetData,
    state: &ArchState,
    conditions: &Conditions,
    status: Status,
) -> Option<usize> {
    if !status.is_active()
        || state.grabbed_by.is_some()
        || conditions.has(Condition::Confused)
        || conditions.has(Condition::Stunned)
    {
        return None;
    }
    sheet.basic_melee
}

/// The universal circumstance modifier, as Fray rules it (AR-36): -2 when attacking from
/// difficult terrain (bad footing), +2 when the target is engaged with two or more of the
/// attacker's allies (ganged up on).
pub fn circumstance(
    attacker_region: RegionId,
    map: &EncounterMap,
    target_engagement: Option<&Engagement>,
    allies_of_attacker: impl Fn(Entity) -> bool,
) -> i32 {
    let mut m = 0;
    if map.terrain(attacker_region).difficult {
        m -= 2;
    }
    if let Some(e) = target_engagement
        && e.foes().filter(|f| allies_of_attacker(*f)).count() >= 2
    {
        m += 2;
    }
    m
}

/// Everything an attack roll is compared with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttackOdds {
    /// Added to the natural d20.
    pub bonus: i64,
    /// The defense to reach.
    pub defense: i64,
    /// Natural roll from which it crits.
    pub crit_from: i64,
    /// The attacker rerolls natural 2s (two weapons, AR-21).
    pub reroll_twos: bool,
    /// The target is invisible: half of all attacks miss outright (AR-34).
    pub invisible: bool,
}

/// The parts of an attack bonus, for the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BonusParts {
    /// The sheet's bonus (ability, level, magic).
    pub base: i32,
    /// The escalation die (heroes without fear).
    pub escalation: i32,
    /// Condition penalties (negative).
    pub penalty: i32,
    /// -1 per recovery used without having one (negative, AR-24).
    pub debt: i32,
    /// Effects such as fighting in spirit.
    pub effects: i32,
    /// The circumstance modifier.
    pub circumstance: i32,
    /// +4 against a creature you grab.
    pub grab: i32,
}

impl BonusParts {
    /// The total bonus.
    pub fn total(&self) -> i32 {
        self.base
            + self.escalation
            + self.penalty
            + self.debt
            + self.effects
            + self.circumstance
            + self.grab
    }
}

/// An attacker's side of an attack.
pub struct AttackerView<'a> {
    /// The attacker.
    pub entity: Entity,
    /// Its sheet.
    pub sheet: &'a crate::sheet::SheetData,
    /// Its state.
    pub state: &'a ArchState,
    /// Its conditions.
    pub conditions: &'a Conditions,
    /// Its region.
    pub region: RegionId,
    /// Its side.
    pub side: SideId,
    /// Its effects.
    pub effects: Option<&'a ActiveEffects>,
}

/// A target's side of an attack.
pub struct TargetView<'a> {
    /// Its sheet.
    pub sheet: &'a crate::sheet::SheetData,
    /// Its state.
    pub state: &'a ArchState,
    /// Its conditions.
    pub conditions: &'a Conditions,
    /// Its effects.
    pub effects: Option<&'a ActiveEffects>,
    /// Its engagement.
    pub engagement: Option<&'a Engagement>,
}

/// Works out bonus, defense and crit range of `attack` by `a` against `t`.
#[allow(clippy::too_many_arguments)]
pub fn attack_odds(
    a: &AttackerView<'_>,
    t: &TargetView<'_>,
    attack: &SheetAttack,
    escalation: u8,
    map: &EncounterMap,
    effects: &Query<(&Effect, &EffectOf)>,
    is_ally_of_attacker: impl Fn(Entity) -> bool,
) -> (AttackOdds, BonusParts) {
    let parts = BonusParts {
        base: attack.bonus,
        escalation: if a.sheet.hero && !a.conditions.has(Condition::Fear) {
            i32::from(escalation)
        } else {
            0
        },
        penalty: -condition_attack_penalty(a.conditions),
        debt: -a.state.debt_penalty(),
        effects: effect_bonus(a.effects, effects, BonusTo::Attacks),
        circumstance: circumstance(a.region, map, t.engagement, is_ally_of_attacker),
        grab: if t.state.grabbed_by == Some(a.entity) {
            4
        } else {
            0
        },
    };
    let defense = t.sheet.defense(attack.def.vs)
        - condition_defense_penalty(t.conditions)
        - t.state.debt_penalty()
        + effect_bonus(t.effects, effects, BonusTo::Defenses);
    (
        AttackOdds {
            bonus: i64::from(parts.total()),
            defense: i64::from(defense),
            crit_from: crit_threshold(
                attack.def.crit_range,
                t.conditions.has(Condition::Vulnerable),
            ),
            reroll_twos: a.sheet.two_weapons
                && attack.def.kind == crate::statblock::AttackKind::Melee,
            invisible: t.conditions.has(Condition::Invisible),
        },
        parts,
    )
}

/// Chances of a plain hit, a crit and a miss (not a fumble) for these odds, exactly over the
/// d20 (with the two-weapon reroll of natural 2s and the invisibility coin).
pub fn chances(odds: &AttackOdds) -> (f32, f32, f32) {
    let mut hit = 0.0;
    let mut crit = 0.0;
    let mut miss = 0.0;
    for natural in 1..=20i64 {
        let mut p = 1.0 / 20.0;
        if odds.reroll_twos {
            p = if natural == 2 {
                1.0 / 400.0
            } else {
                p + 1.0 / 400.0
            };
        }
        match crate::rules::judge(natural, natural + odds.bonus, odds.defense, odds.crit_from) {
            crate::rules::AttackResult::Crit => crit += p,
            crate::rules::AttackResult::Hit => hit += p,
            crate::rules::AttackResult::Miss => miss += p,
            crate::rules::AttackResult::Fumble => {}
        }
    }
    let seen = if odds.invisible { 0.5 } else { 1.0 };
    (hit * seen, crit * seen, miss * seen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ar06_hit_chance_counts_naturals_2_to_19_and_crits_on_20() {
        let odds = AttackOdds {
            bonus: 5,
            defense: 16,
            crit_from: 20,
            reroll_twos: false,
            invisible: false,
        };
        let (hit, crit, miss) = chances(&odds);
        // Naturals 11..19 hit (9), 20 crits, 2..10 miss (9), 1 fumbles.
        assert!(
            (hit - 0.45).abs() < 1e-6 && (crit - 0.05).abs() < 1e-6 && (miss - 0.45).abs() < 1e-6
        );
    }

    #[test]
    fn ar21_two_weapons_reroll_natural_twos() {
        let odds = AttackOdds {
            bonus: 0,
            defense: 30,
            crit_from: 20,
            reroll_twos: true,
            invisible: false,
        };
        let (_, crit, _) = chances(&odds);
        assert!((crit - (1.0 / 20.0 + 1.0 / 400.0)).abs() < 1e-6);
    }

    #[test]
    fn ar34_invisible_targets_halve_every_hit() {
        let odds = AttackOdds {
            bonus: 30,
            defense: 10,
            crit_from: 20,
            reroll_twos: false,
            invisible: true,
        };
        let (hit, crit, _) = chances(&odds);
        assert!((hit + crit - 0.475).abs() < 1e-6);
    }

    #[test]
    fn ar27_ar40_condition_penalties_take_the_worst_not_the_sum() {
        let mut c = Conditions::default();
        c.recompute([(Condition::Dazed, 1), (Condition::Weakened, 1)]);
        assert_eq!(condition_attack_penalty(&c), 4);
        assert_eq!(condition_defense_penalty(&c), 4);
        let mut s = Conditions::default();
        s.recompute([(Condition::Stunned, 1), (Condition::Helpless, 1)]);
        assert_eq!(condition_defense_penalty(&s), 4);
        assert_eq!(condition_attack_penalty(&s), 0);
    }
}
