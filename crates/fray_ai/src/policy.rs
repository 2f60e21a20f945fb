//! The built-in policies and how each scores an option.

use std::fmt;
use std::str::FromStr;

use fray_core::cost::{Cost, Timing};
use fray_core::prelude::*;

use crate::situation::Harm;
use crate::situation::Situation;
use crate::tactics;

/// An AI policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Policy {
    /// On a d4's 1 to 3 the aggressive policy's choice (without tactics), on a 4 a random
    /// legal option: each as likely, but fleeing a twentieth as likely.
    Random,
    /// Close in and attack the most damaged reachable enemy; flee only when its tactics say
    /// so or it can harm no foe.
    Aggressive,
    /// Score options by preview and situation.
    Tactical,
    /// Play the tactical policy's best candidates forward in copies of the encounter, this
    /// many rollouts per decision in all, and take the best on average
    /// ([`lookahead`](crate::lookahead)). Named `lookahead:N`.
    Lookahead(u16),
}

/// The prefix of the lookahead policy's name (`lookahead:200`).
const LOOKAHEAD: &str = "lookahead:";

impl Policy {
    /// The fewest rollouts a `lookahead:N` policy may have per decision.
    pub const MIN_ROLLOUTS: u16 = 1;
    /// The most rollouts a `lookahead:N` policy may have per decision.
    pub const MAX_ROLLOUTS: u16 = 10_000;

    /// The policy a controller names; unknown names fall back to [`Policy::Tactical`] (content
    /// validation refuses them before a fight starts).
    pub fn of(controller: &Controller) -> Option<Self> {
        match controller {
            Controller::Ai(name) => Some(Self::of_name(name)),
            Controller::External(_) => None,
        }
    }

    /// The policy of an AI controller's name (unknown names: [`Policy::Tactical`]).
    pub fn of_name(name: &str) -> Self {
        name.parse().unwrap_or(Policy::Tactical)
    }
}

impl FromStr for Policy {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "random" => Ok(Policy::Random),
            "aggressive" => Ok(Policy::Aggressive),
            "tactical" => Ok(Policy::Tactical),
            other => match other.strip_prefix(LOOKAHEAD) {
                Some(n) => match n.parse::<u16>() {
                    Ok(n) if (Self::MIN_ROLLOUTS..=Self::MAX_ROLLOUTS).contains(&n) => {
                        Ok(Policy::Lookahead(n))
                    }
                    _ => Err(format!(
                        "AI policy `{other}`: write lookahead:N with N, the rollouts per \
                         decision, from {} to {} (e.g. lookahead:200)",
                        Self::MIN_ROLLOUTS,
                        Self::MAX_ROLLOUTS
                    )),
                },
                None => Err(format!(
                    "unknown AI policy `{other}` (known: random, aggressive, tactical, \
                     lookahead:N)"
                )),
            },
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Policy::Random => f.write_str("random"),
            Policy::Aggressive => f.write_str("aggressive"),
            Policy::Tactical => f.write_str("tactical"),
            Policy::Lookahead(n) => write!(f, "{LOOKAHEAD}{n}"),
        }
    }
}

/// Whether `policy`, deciding its own turn, scores every intent of `kind` below ending the turn
/// (which scores 0 in both scoring policies), whatever the fight and the preview: the kit need
/// not even check such intents for it. The aggressive policy never delays (-100), readies,
/// defends, rallies or stabilizes (-10) - but it leaves the fight when its tactics say so or
/// it can harm no foe, so fleeing and retreating are weighed. It passes over disengaging too:
/// where it would disengage (told out of melee, or harmless), stepping away serves, and a B/X
/// declaration, whose offer holds no end of the turn, is always offered whole. The tactical
/// one never delays or readies (-2, and a pool spent only lowers a score). The random policy
/// may take anything.
pub(crate) fn passes_over(policy: Policy, kind: IntentKind) -> bool {
    match policy {
        Policy::Random => false,
        Policy::Aggressive => matches!(
            kind,
            IntentKind::Disengage
                | IntentKind::Delay
                | IntentKind::Ready
                | IntentKind::Defend
                | IntentKind::Rally
                | IntentKind::Stabilize
                | IntentKind::Pass
        ),
        Policy::Tactical | Policy::Lookahead(_) => {
            matches!(kind, IntentKind::Delay | IntentKind::Ready)
        }
    }
}

/// How much the aggressive policy wants an option (higher is better).
pub(crate) fn aggressive_score(intent: &Intent, p: &Preview, situation: &Situation) -> f32 {
    match intent {
        Intent::Attack { target, .. } => {
            let row = situation.get(*target);
            if row.is_some_and(|r| r.status == Status::Down) {
                // A fallen enemy is finished off only when nothing else can be attacked.
                100.0 + p.expected_damage
            } else {
                // Focus the most damaged enemy (or the one its tactics point at), then the
                // likeliest damage.
                let hurt = 1.0 - row.map_or(1.0, |r| r.hp.fraction());
                1000.0
                    + hurt * 100.0
                    + tactics::preference(situation, *target) * AGGRESSIVE_TACTIC_WORTH
                    + p.expected_damage
                    + p.kill_chance * 10.0
            }
        }
        // A power that deals no damage is never used on a turn (it scores below ending it),
        // so it is not declared either (B/X): declaring it every round kept two spent casters
        // from ever closing in. A point of a scarce pool spent on no blow is kept for blows
        // and answers the same way.
        Intent::UseAbility { .. } if p.expected_damage <= 0.0 => -60.0,
        Intent::UseAbility { target, .. } if p.expected_damage > 0.0 => {
            let hurt = target.map_or(0.0, |t| 1.0 - situation.hp_fraction(t));
            let preferred = target.map_or(0.0, |t| tactics::preference(situation, t));
            let held = tactics::holds(situation, p, tactics::limited(intent, p));
            // A power its tactics hold back comes after blows and closing in.
            (if held { 300.0 } else { 1000.0 })
                + hurt * 100.0
                + preferred * AGGRESSIVE_TACTIC_WORTH
                + p.expected_damage
        }
        // Told out of melee (`withdraw_below`), it does not go back in; kept at range
        // (`keep_range`), it does not close while it can strike from where it stands.
        Intent::Engage { .. } | Intent::Move { .. }
            if tactics::told_out(situation) || tactics::holds_range(situation) =>
        {
            match intent {
                Intent::Move { to } if situation.engaged() && tactics::told_out(situation) => {
                    // Away from the foes, when no way out of melee is better.
                    let gain = situation.closer_to_enemy(*to).unwrap_or(0);
                    if gain < 0 { 1500.0 - gain as f32 } else { -1.0 }
                }
                _ => -1.0,
            }
        }
        Intent::Engage { target } => {
            // Kept at range with no blow from here, it closes in only when no step brings
            // it nearer outside the foes' region.
            (if tactics::keeps_range(situation) {
                150.0
            } else {
                500.0
            }) + (1.0 - situation.hp_fraction(*target)) * 100.0
                + tactics::preference(situation, *target) * AGGRESSIVE_TACTIC_WORTH
        }
        Intent::Move { to } => match situation.closer_to_enemy(*to) {
            Some(gain)
                if gain > 0 && tactics::keeps_range(situation) && situation.among_foes(*to) =>
            {
                100.0 + gain as f32
            }
            Some(gain) if gain > 0 => 200.0 + gain as f32,
            _ => -1.0,
        },
        Intent::EndTurn => 0.0,
        // Declaring nothing (B/X) or passing a reaction beats any way of backing off.
        Intent::Pass => -50.0,
        // It leaves when its tactics say so, or when it can harm no foe: above anything else.
        Intent::Flee
            if tactics::wants_to_leave(situation, false) || situation.harm() == Harm::None =>
        {
            2000.0
        }
        // Where the ruleset offers a retreat instead (lite5e's leaves the fight, and it has
        // no flight; B/X's backs out of melee, for a flight at the next movement), the same.
        Intent::Retreat if tactics::wants_to_leave(situation, false) => 1950.0,
        // Held in melee by foes it cannot harm, it backs out first, as the tactical policy
        // does (a retreat, which goes farther, before a fighting withdrawal): B/X offers
        // flight only at a movement step free of melee, and backing out only at the
        // declaration, where no blow's preview tells that its blows do nothing.
        Intent::Retreat if situation.harm() == Harm::None && situation.engaged() => 1900.0,
        Intent::Disengage if situation.harm() == Harm::None && situation.engaged() => 1800.0,
        // Below its `withdraw_below`, it gets out of melee: a withdrawal, which draws no
        // free blows, before a retreat.
        Intent::Disengage if tactics::told_out(situation) && situation.engaged() => 1700.0,
        Intent::Retreat if tactics::told_out(situation) && situation.engaged() => 1600.0,
        Intent::Flee | Intent::Retreat | Intent::Disengage | Intent::Delay => -100.0,
        Intent::Surrender => surrender_score(situation),
        _ => -10.0,
    }
}

/// What both policies make of surrendering: above anything else below the decider's
/// `surrender_below` ([`tactics::gives_up`]), else below anything else (the option is offered
/// on every turn, and only tactics take it).
pub(crate) fn surrender_score(situation: &Situation) -> f32 {
    if tactics::gives_up(situation) {
        SURRENDERS
    } else {
        -SURRENDERS
    }
}

/// The score of surrendering when the tactics say so (and, negated, when they do not): above
/// any other option either policy scores.
const SURRENDERS: f32 = 10_000.0;

/// What the aggressive policy's tactics add to striking or engaging the foe they point at
/// (per unit of [`tactics::preference`]): half of what striking the most hurt foe is worth.
const AGGRESSIVE_TACTIC_WORTH: f32 = 50.0;

/// What the tactical policy's tactics add to striking the foe they point at (per unit of
/// [`tactics::preference`]), in hit points of damage: about a blow's worth.
const TACTIC_WORTH: f32 = 6.0;

/// How much of its worth an option keeps when the tactics hold back the power it spends: it
/// comes after plain attacks, but before doing nothing.
const HELD: f32 = 0.2;

/// What a new condition, ongoing damage or curse on an enemy is worth to the tactical
/// policy, in hit points of damage: about half a typical blow, so a power whose effect lands
/// often beats a slightly harder plain attack, and an effect the target already has counts
/// for nothing (the preview's `inflicts` is zero then).
const INFLICT_WORTH: f32 = 5.0;

/// What breaking the foe's side is worth to the tactical policy, in hit points of damage: a
/// rout ends the fight sooner than the blows it spares (the preview's `routs` is zero for
/// rulesets without morale).
const ROUT_WORTH: f32 = 12.0;

/// What landing an attack is worth beyond its mean damage: a hit counts in itself (OHO records
/// hits, which raise the odds of later injuries; many attacks carry effects on a hit), and the
/// worse a hit may be ([`Preview::severity`], 0 to 10), the more it is worth.
fn landing(p: &Preview) -> f32 {
    p.hit_chance * (2.0 + p.severity)
}

/// What a reaction that is not free is worth (taken when above 0, the worth of passing): what
/// it gains - damage to enemies, damage spared, a finishing blow - less what it costs: the
/// share of the decider's next turn it is paid from, and the share of a limited pool it
/// spends, dearer as the pool runs low. So an answer is given when it changes the roll enough,
/// and the last points are kept for the foe's answers.
pub(crate) fn priced_reaction(p: &Preview, cost: &Cost, situation: &Situation) -> f32 {
    let blow = situation.expected_opportunity_damage();
    let gain = p.expected_damage + p.averts + p.kill_chance * blow;
    let turn = if cost.timing == Timing::NextTurn {
        cost.share() * blow
    } else {
        0.0
    };
    gain - turn - p.spends * blow
}

/// How much dearer the tactical policy prices a point of a limited pool spent on its own turn
/// than one spent answering a foe's roll.
const KEEP_FOR_ANSWERS: f32 = 2.0;

/// How much the tactical policy wants an option (higher is better; ending the turn is 0).
pub(crate) fn tactical_score(intent: &Intent, p: &Preview, situation: &Situation) -> f32 {
    let me = situation.actor_hp_fraction();
    let harmless = situation.harm() == Harm::None;
    let out = tactics::wants_out(situation);
    let keep_range = tactics::keeps_range(situation);
    let danger = situation.threat_to_actor();
    let broken = situation.actor_morale_broken();
    let oa_cost = f32::from(p.provokes) * situation.expected_opportunity_damage();
    // A limited pool spent on one's own turn or declaration (mastery points) is priced at
    // twice a reaction's: a point kept answers a foe's roll later.
    let pool = p.spends * situation.expected_opportunity_damage() * KEEP_FOR_ANSWERS;
    -pool
        + match intent {
            Intent::Attack { target, .. } => {
                if situation.is_ally(*target) {
                    return -100.0;
                }
                if situation.is_down(*target) {
                    // Finishing a fallen foe helps little while others still fight.
                    return 1.0 + p.expected_damage * 0.1;
                }
                let finishing = p.kill_chance * (10.0 + situation.threat_of(*target));
                let focus = (1.0 - situation.hp_fraction(*target)) * 2.0;
                10.0 + p.expected_damage
                    + landing(p)
                    + finishing
                    + focus
                    + tactics::preference(situation, *target) * TACTIC_WORTH
                    + p.inflicts * INFLICT_WORTH
                    + p.routs * ROUT_WORTH
                    - oa_cost * 1.5
            }
            Intent::UseAbility { target, .. } => {
                let mut score = 0.0;
                if p.expected_damage > 0.0 {
                    score += 10.0 + p.expected_damage + p.kill_chance * 10.0;
                    if let Some(t) = target.filter(|t| !situation.is_ally(*t)) {
                        score += tactics::preference(situation, t) * TACTIC_WORTH;
                    }
                }
                score += p.inflicts * INFLICT_WORTH + p.routs * ROUT_WORTH;
                // What the healing rolls, wasted or not: healing a full ally is a heal all the
                // same, and a bad one.
                let rolled = p.expected_healing + p.overheal;
                if rolled > 0.0 {
                    let who = target.unwrap_or(situation.actor());
                    let missing = situation.missing_hp(who) as f32;
                    let down = if situation.is_down(who) { 30.0 } else { 0.0 };
                    let urgency = 1.0 - situation.hp_fraction(who);
                    score += rolled.min(missing) * (0.5 + urgency * 2.0) + down;
                    if missing <= 0.0 {
                        score -= 50.0;
                    }
                }
                if p.expected_damage <= 0.0 && rolled <= 0.0 {
                    // A buff or a condition: worth a little, more when the fight is on.
                    score += 4.0 * p.hit_chance;
                }
                if tactics::holds(situation, p, tactics::limited(intent, p)) {
                    score *= HELD;
                }
                // A declared power may be lost before it comes off (B/X: a caster struck
                // first): its worth is what survives.
                score * (1.0 - p.lost) - oa_cost * 1.5
            }
            Intent::Rally => {
                if me < 0.5 {
                    5.0 + (p.expected_healing + p.overheal) * (1.5 - me)
                } else {
                    -5.0
                }
            }
            Intent::Stabilize { target } => {
                if situation.is_down(*target) {
                    25.0 * p.hit_chance
                } else {
                    -5.0
                }
            }
            Intent::Engage { target } => {
                if situation.can_attack_now() || harmless || tactics::holds_range(situation) {
                    -1.0
                } else if keep_range {
                    // Into melee only when nothing better brings it into the fight.
                    1.0 - oa_cost
                } else {
                    6.0 + (1.0 - situation.hp_fraction(*target)) * 3.0
                        + tactics::preference(situation, *target) * 3.0
                        - oa_cost
                }
            }
            Intent::Move { to } => {
                let gain = situation.closer_to_enemy(*to).unwrap_or(0);
                let told_out = situation.tactics().withdraw_below.is_some() && out;
                if broken || harmless || ((me < 0.25 || told_out) && danger > 0.0) {
                    // Get away from the enemy.
                    (-gain) as f32 * 4.0 - oa_cost
                } else if situation.can_attack_now() {
                    -2.0 - oa_cost
                } else if gain > 0 && tactics::holds_range(situation) {
                    // It can shoot from here later in the round (B/X's missile step).
                    -1.0 - oa_cost
                } else if keep_range && gain > 0 && situation.among_foes(*to) {
                    // Closer, but not into the foes' midst.
                    0.5 - oa_cost * 2.0
                } else if gain > 0 {
                    5.0 + gain as f32 - oa_cost * 2.0
                } else {
                    -1.0 - oa_cost
                }
            }
            Intent::Disengage => {
                if (out || harmless) && situation.engaged() {
                    8.0 * p.hit_chance
                } else {
                    -3.0
                }
            }
            Intent::Retreat => {
                // Turning one's back on a foe (B/X: struck at +2, shield ignored) to get
                // away: when broken or harmless, or hurt (on a losing side, or below its
                // tactics' threshold).
                let hurt = match situation.tactics().withdraw_below {
                    Some(below) => me < below.get(),
                    None => situation.side_losing() && me < 0.35,
                };
                if situation.engaged() && (broken || harmless || hurt) {
                    12.0
                } else if tactics::wants_to_leave(situation, true) {
                    // A retreat offered out of melee leaves the fight (lite5e's, L5-17: with a
                    // foe close, the whole turn): the way out for one that wants to leave, as
                    // a flight would be.
                    20.0
                } else {
                    -50.0
                }
            }
            Intent::Flee => {
                // Leaving the fight: when it can harm no foe, or when it wants to leave
                // (broken, hurt, or as its tactics say: `tactics::wants_to_leave`).
                if harmless {
                    30.0
                } else if tactics::wants_to_leave(situation, true) {
                    20.0
                } else {
                    -50.0
                }
            }
            Intent::Defend => {
                if danger > 0.0 && me < 0.4 {
                    2.0
                } else {
                    -1.0
                }
            }
            Intent::Delay | Intent::Ready { .. } => -2.0,
            Intent::Pass => 0.0,
            Intent::EndTurn => 0.0,
            Intent::Surrender => surrender_score(situation),
        }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_ecs::entity::Entity;
    use fray_core::condition::Conditions;
    use fray_core::engagement::Engagement;
    use fray_core::lineup::{Lineup, Row};

    pub(super) fn entity(n: u32) -> Entity {
        Entity::from_raw_u32(n).unwrap_or(Entity::PLACEHOLDER)
    }

    /// A hero (1) and two goblins (2, 3) of 20 HP, the second at `hurt` HP, all in the first
    /// region.
    fn lineup(hurt: i32) -> Lineup {
        let at = |n, side, hp| {
            (
                entity(n),
                Row {
                    side: SideId(side),
                    status: Status::Active,
                    region: RegionId(0),
                    hp,
                    conditions: Conditions::default(),
                    engagement: Engagement::default(),
                    effects: 0,
                },
            )
        };
        Lineup::from_rows([
            at(1, 0, Hp::new(30)),
            at(2, 1, Hp::new(20)),
            at(
                3,
                1,
                Hp {
                    current: hurt,
                    ..Hp::new(20)
                },
            ),
        ])
    }

    /// An attack on `target` hitting 60% of the time for `expected_damage` on average, with
    /// `inflicts` the chance of its effect.
    pub(super) fn attack(target: u32, expected_damage: f32, inflicts: f32) -> (Intent, Preview) {
        (
            Intent::Attack {
                target: entity(target),
                attack: AttackId(0),
                maneuver: Maneuver::STANDARD,
            },
            Preview {
                hit_chance: 0.6,
                damage_on_hit: expected_damage / 0.6,
                expected_damage,
                inflicts,
                ..Preview::default()
            },
        )
    }

    fn tactical((intent, preview): &(Intent, Preview), situation: &Situation) -> f32 {
        tactical_score(intent, preview, situation)
    }

    fn aggressive((intent, preview): &(Intent, Preview), situation: &Situation) -> f32 {
        aggressive_score(intent, preview, situation)
    }

    #[test]
    fn tactical_prefers_a_blow_that_leaves_a_new_condition_over_a_slightly_harder_one() {
        let map = EncounterMap::default();
        let lineup = lineup(20);
        let situation = Situation::of(entity(1), &map, &lineup);
        let plain = attack(2, 6.0, 0.0);
        let dazing = attack(2, 5.0, 0.6);
        assert!(
            tactical(&dazing, &situation) > tactical(&plain, &situation),
            "0.6 x {INFLICT_WORTH} outweighs 1 HP"
        );
        // Without the effect, the harder blow wins.
        assert!(tactical(&attack(2, 5.0, 0.0), &situation) < tactical(&plain, &situation));
    }

    #[test]
    fn aggressive_focuses_the_most_damaged_enemy_and_ignores_effects() {
        let map = EncounterMap::default();
        let lineup = lineup(5);
        let situation = Situation::of(entity(1), &map, &lineup);
        let at_fresh = attack(2, 8.0, 0.9);
        let at_hurt = attack(3, 4.0, 0.0);
        assert!(aggressive(&at_hurt, &situation) > aggressive(&at_fresh, &situation));
    }
}

#[cfg(test)]
mod tactics_tests {
    use super::*;
    use crate::situation::Harm;
    use crate::tactics::{holds, limited};
    use bevy_ecs::entity::Entity;
    use fray_content::tactics::{Fraction, Tactics};
    use fray_content::tactics::{Spend, TargetPriority};
    use fray_core::condition::Conditions;
    use fray_core::engagement::Engagement;
    use fray_core::kit::{DecisionKind, FightView, Standing};
    use fray_core::lineup::{Lineup, Row};
    use fray_core::options::ActionOption;

    use super::tests::entity;

    /// A hero (1) at `me` of 20 HP, and two foes (2, 3) of 20 HP, the second at `hurt`, all in
    /// one region.
    fn lineup(me: i32, hurt: i32) -> Lineup {
        let at = |n, side, current| {
            (
                entity(n),
                Row {
                    side: SideId(side),
                    status: Status::Active,
                    region: RegionId(0),
                    hp: Hp {
                        current,
                        ..Hp::new(20)
                    },
                    conditions: Conditions::default(),
                    engagement: Engagement::default(),
                    effects: 0,
                },
            )
        };
        Lineup::from_rows([at(1, 0, me), at(2, 1, 20), at(3, 1, hurt)])
    }

    /// A plain attack (no effect) on `target`.
    fn attack(target: u32, expected_damage: f32) -> (Intent, Preview) {
        super::tests::attack(target, expected_damage, 0.0)
    }

    fn share(value: f32) -> Option<Fraction> {
        Fraction::new(value)
    }

    #[test]
    fn a_most_hurt_target_priority_outweighs_a_slightly_better_blow_on_a_fresh_foe() {
        let map = EncounterMap::default();
        let lineup = lineup(20, 5);
        let plain = Situation::of(entity(1), &map, &lineup);
        let (fresh, hurt) = (attack(2, 6.0), attack(3, 4.0));
        let score = |(i, p): &(Intent, Preview), s: &Situation| tactical_score(i, p, s);
        assert!(
            score(&fresh, &plain) > score(&hurt, &plain),
            "no tactics: the blow"
        );
        let tactics = Tactics {
            target: Some(TargetPriority::MostHurt),
            ..Tactics::default()
        };
        let told = Situation::of(entity(1), &map, &lineup).with_tactics(tactics);
        assert!(
            score(&hurt, &told) > score(&fresh, &told),
            "told: the hurt foe"
        );
    }

    /// What a test's ruleset tells of the fight: nobody leads; `caster` casts; the actor's
    /// blows touch every foe (`harms`) or none (an invulnerable shade); it strikes later in the
    /// round from where it stands (`later`: an archer in B/X's movement step) or not.
    #[derive(Clone, Copy)]
    struct Told {
        caster: Option<u32>,
        harms: bool,
        later: bool,
    }

    /// Nothing out of the ordinary: nobody casts, every blow harms, every blow is offered.
    const PLAIN: Told = Told {
        caster: None,
        harms: true,
        later: false,
    };

    impl Standing for Told {
        fn is_leader(&self, _e: Entity) -> bool {
            false
        }

        fn is_caster(&self, e: Entity) -> bool {
            self.caster.is_some_and(|n| e == entity(n))
        }

        fn can_harm(&self, _attacker: Entity, _target: Entity) -> bool {
            self.harms
        }

        fn strikes_later_from_here(&self, _actor: Entity) -> bool {
            self.later
        }
    }

    #[test]
    fn a_casters_target_priority_strikes_the_caster_among_two_equal_foes() {
        let map = EncounterMap::default();
        let lineup = lineup(20, 20);
        // A slightly better blow on the plain foe wins without tactics...
        let (plain, caster) = (attack(2, 5.5), attack(3, 5.0));
        let three_casts = Told {
            caster: Some(3),
            ..PLAIN
        };
        let untold = Situation::of(entity(1), &map, &lineup).with_standing(&three_casts);
        for score in [tactical_score, aggressive_score] {
            assert!(score(&plain.0, &plain.1, &untold) > score(&caster.0, &caster.1, &untold));
        }
        // ...and the caster wins when told.
        let tactics = Tactics {
            target: Some(TargetPriority::Casters),
            ..Tactics::default()
        };
        let told = untold.with_tactics(tactics);
        for score in [tactical_score, aggressive_score] {
            assert!(
                score(&caster.0, &caster.1, &told) > score(&plain.0, &plain.1, &told),
                "told: the caster"
            );
        }
        // Where nobody tells who casts, nobody is one.
        let blind = Situation::of(entity(1), &map, &lineup).with_tactics(tactics);
        assert!(
            tactical_score(&plain.0, &plain.1, &blind)
                > tactical_score(&caster.0, &caster.1, &blind)
        );
    }

    #[test]
    fn a_combatant_that_can_harm_no_foe_leaves_the_fight_before_striking_in_vain() {
        let map = EncounterMap::default();
        let lineup = lineup(20, 20);
        let situation = Situation::of(entity(1), &map, &lineup);
        let (swing, preview) = attack(2, 0.0);
        let options = [ActionOption {
            intent: swing,
            cost: Default::default(),
            preview: Some(preview),
            label: "swing".into(),
            notes: Vec::new(),
        }];
        let harm = Harm::of(DecisionKind::Turn, &options, &[preview], &situation);
        assert_eq!(harm, Harm::None);
        let situation = situation.with_outlook(harm, 0.0);
        let flee = Preview::certain();
        for score in [tactical_score, aggressive_score] {
            assert!(
                score(&Intent::Flee, &flee, &situation) > score(&swing, &preview, &situation),
                "flight beats a harmless blow"
            );
        }
        // A blow that harms keeps the fight on.
        let (blow, hits) = attack(2, 3.0);
        let situation = Situation::of(entity(1), &map, &lineup);
        let options = [ActionOption {
            intent: blow,
            preview: Some(hits),
            ..options[0].clone()
        }];
        let harm = Harm::of(DecisionKind::Turn, &options, &[hits], &situation);
        assert_eq!(harm, Harm::Some);
        let situation = situation.with_outlook(harm, 3.0);
        assert!(tactical_score(&Intent::Flee, &flee, &situation) < 0.0);
        assert!(aggressive_score(&Intent::Flee, &flee, &situation) < 0.0);
    }

    #[test]
    fn a_combatant_held_by_foes_it_cannot_harm_backs_out_where_no_blow_is_offered() {
        // A B/X declaration: no blow among the options, so no preview can tell; the ruleset's
        // word on each foe does.
        let map = EncounterMap::default();
        let lineup = lineup(20, 20);
        let option = |intent| ActionOption {
            intent,
            cost: Default::default(),
            preview: None,
            label: "declare".into(),
            notes: Vec::new(),
        };
        let options = [
            option(Intent::Pass),
            option(Intent::Disengage),
            option(Intent::Retreat),
        ];
        let previews = [Preview::certain(); 3];
        for (touches, harm) in [(false, Harm::None), (true, Harm::Unknown)] {
            let weapons = Told {
                harms: touches,
                ..PLAIN
            };
            let situation = told(
                &map,
                &lineup,
                Tactics::default(),
                true,
                false,
                Some(&weapons),
            );
            assert_eq!(
                Harm::of(DecisionKind::Declaration, &options, &previews, &situation),
                harm
            );
            let situation = situation.with_outlook(harm, 0.0);
            let certain = Preview::certain();
            for score in [tactical_score, aggressive_score] {
                let [stay, withdraw, retreat] = [Intent::Pass, Intent::Disengage, Intent::Retreat]
                    .map(|intent| score(&intent, &certain, &situation));
                if touches {
                    assert!(stay > withdraw && stay > retreat, "it fights on");
                } else {
                    assert!(retreat > withdraw && withdraw > stay, "it backs out");
                }
            }
        }
        // Nobody to tell (no standing): the previews alone decide, and they cannot.
        let blind = Situation::of(entity(1), &map, &lineup);
        assert_eq!(
            Harm::of(DecisionKind::Declaration, &options, &previews, &blind),
            Harm::Unknown
        );
    }

    /// A situation of the hero (1) of `lineup` fighting by `tactics`: `engaged` with the foes
    /// or not, with a blow among its options (`can_attack`) or not.
    fn fighting<'a>(
        map: &'a EncounterMap,
        lineup: &'a Lineup,
        tactics: Tactics,
        engaged: bool,
        can_attack: bool,
    ) -> Situation<'a> {
        told(map, lineup, tactics, engaged, can_attack, None)
    }

    /// [`fighting`], `standing` telling who leads, casts and can harm whom.
    fn told<'a>(
        map: &'a EncounterMap,
        lineup: &'a Lineup,
        tactics: Tactics,
        engaged: bool,
        can_attack: bool,
        standing: Option<&'a dyn Standing>,
    ) -> Situation<'a> {
        Situation::new(
            &FightView {
                actor: entity(1),
                side: SideId(0),
                map,
                lineup,
                threat: if engaged { 2 } else { 0 },
                engaged,
                morale_broken: false,
                tactics,
                standing,
            },
            can_attack,
        )
    }

    #[test]
    fn keep_range_keeps_even_the_aggressive_policy_out_of_melee_while_it_can_shoot() {
        let map = EncounterMap::default();
        let lineup = lineup(20, 20);
        let kept = Tactics {
            keep_range: Some(true),
            ..Tactics::default()
        };
        let engage = Intent::Engage { target: entity(2) };
        let p = Preview::certain();
        let score = |tactics, can_attack| {
            let situation = fighting(&map, &lineup, tactics, false, can_attack);
            aggressive_score(&engage, &p, &situation)
        };
        // A blow from where it stands: kept at range, it does not close; untold, it does.
        assert!(
            score(kept, true)
                < aggressive_score(
                    &Intent::EndTurn,
                    &p,
                    &fighting(&map, &lineup, kept, false, true)
                )
        );
        assert!(score(Tactics::default(), true) > 0.0);
        // No blow from here: it closes in all the same, but after any step nearer.
        assert!(score(kept, false) > 0.0);
        assert!(score(kept, false) < score(Tactics::default(), false));
        // No blow among the options, but one later in the round from where it stands (a B/X
        // archer in the movement step): it holds its ground, under both policies.
        let archer = Told {
            later: true,
            ..PLAIN
        };
        let later = told(&map, &lineup, kept, false, false, Some(&archer));
        for score in [aggressive_score, tactical_score] {
            assert!(score(&engage, &p, &later) < score(&Intent::EndTurn, &p, &later));
        }
        let untold = told(
            &map,
            &lineup,
            Tactics::default(),
            false,
            false,
            Some(&archer),
        );
        assert!(aggressive_score(&engage, &p, &untold) > 0.0);
    }

    #[test]
    fn withdraw_below_takes_even_the_aggressive_policy_out_of_melee_and_keeps_it_out() {
        let map = EncounterMap::default();
        let tactics = Tactics {
            withdraw_below: share(0.5),
            ..Tactics::default()
        };
        let p = Preview::certain();
        let (swing, blow) = attack(2, 5.0);
        let engage = Intent::Engage { target: entity(2) };
        // Above its threshold, it fights on.
        let whole = lineup(15, 20);
        let situation = fighting(&map, &whole, tactics, true, true);
        assert!(
            aggressive_score(&swing, &blow, &situation)
                > aggressive_score(&Intent::Disengage, &p, &situation)
        );
        // Below it, a withdrawal, then a retreat, beat any blow...
        let hurt = lineup(9, 20);
        let situation = fighting(&map, &hurt, tactics, true, true);
        let [withdraw, retreat, strike] = [
            aggressive_score(&Intent::Disengage, &p, &situation),
            aggressive_score(&Intent::Retreat, &p, &situation),
            aggressive_score(&swing, &blow, &situation),
        ];
        assert!(
            withdraw > retreat && retreat > strike,
            "{withdraw} {retreat} {strike}"
        );
        // ...and once out of melee, it does not go back in.
        let out = fighting(&map, &hurt, tactics, false, false);
        assert!(aggressive_score(&engage, &p, &out) < 0.0);
        // Without the tactic, the aggressive policy never backs off.
        let untold = fighting(&map, &hurt, Tactics::default(), true, true);
        assert!(aggressive_score(&Intent::Disengage, &p, &untold) < 0.0);
    }

    #[test]
    fn flee_below_sends_even_the_aggressive_policy_away_once_hurt_that_far() {
        let map = EncounterMap::default();
        let tactics = Tactics {
            flee_below: share(0.5),
            ..Tactics::default()
        };
        let flee = Preview::certain();
        let whole = lineup(15, 20);
        let situation = Situation::of(entity(1), &map, &whole).with_tactics(tactics);
        assert!(
            aggressive_score(&Intent::Flee, &flee, &situation) < 0.0,
            "75%"
        );
        let hurt = lineup(9, 20);
        let situation = Situation::of(entity(1), &map, &hurt).with_tactics(tactics);
        let (swing, preview) = attack(2, 5.0);
        assert!(
            aggressive_score(&Intent::Flee, &flee, &situation)
                > aggressive_score(&swing, &preview, &situation),
            "45%"
        );
        // Where the ruleset offers a retreat instead of a flight (lite5e's leaves the fight),
        // it retreats: the kit offers it retreats, for it no longer passes over them.
        assert!(
            aggressive_score(&Intent::Retreat, &flee, &situation)
                > aggressive_score(&swing, &preview, &situation),
            "45%, a retreat"
        );
        assert!(!passes_over(Policy::Aggressive, IntentKind::Retreat));
        // `flee_below: 0` fights on where the tactical policy would otherwise leave: the last
        // of its side, badly hurt.
        let last = Lineup::from_rows(hurt.iter().take(2).map(|(e, r)| {
            (
                e,
                Row {
                    hp: Hp { current: 3, ..r.hp },
                    ..r.clone()
                },
            )
        }));
        let own = Situation::of(entity(1), &map, &last);
        assert!(tactical_score(&Intent::Flee, &flee, &own) > 0.0);
        let stays = Tactics {
            flee_below: share(0.0),
            ..Tactics::default()
        };
        let told = Situation::of(entity(1), &map, &last).with_tactics(stays);
        assert!(tactical_score(&Intent::Flee, &flee, &told) < 0.0);
    }

    #[test]
    fn the_last_of_a_side_nearly_down_takes_a_retreat_offered_out_of_melee() {
        // lite5e offers a retreat out of the fight (L5-17) to one with a foe close, engaged
        // or not. The last of its side at 3 of 30 hit points, engaged with nobody, wants to
        // leave: it retreats rather than strike (a 1-HP wolf biting and running from a knight
        // ran l5-barrow fights past 100 rounds). Unhurt, it strikes.
        let map = EncounterMap::default();
        // The hero (1) at `hp` of 20, alone against one foe (2).
        let last =
            |hp| Lineup::from_rows(lineup(hp, 20).iter().take(2).map(|(e, r)| (e, r.clone())));
        let away = Preview::certain();
        let (bite, blow) = attack(2, 4.0);
        let hurt = last(2);
        let situation = fighting(&map, &hurt, Tactics::default(), false, true);
        let retreat = tactical_score(&Intent::Retreat, &away, &situation);
        let strike = tactical_score(&bite, &blow, &situation);
        assert!(retreat > strike, "{retreat} {strike}");
        let whole = last(20);
        let situation = fighting(&map, &whole, Tactics::default(), false, true);
        assert!(tactical_score(&Intent::Retreat, &away, &situation) < 0.0);
    }

    #[test]
    fn surrender_below_gives_up_before_anything_else_and_nothing_else_surrenders() {
        let map = EncounterMap::default();
        let tactics = Tactics {
            flee_below: share(0.6),
            surrender_below: share(0.5),
            ..Tactics::default()
        };
        let nothing = Preview::default();
        let flee = Preview::certain();
        let (swing, blow) = attack(2, 5.0);
        let everything =
            |situation: &Situation, score: fn(&Intent, &Preview, &Situation) -> f32| {
                [
                    score(&swing, &blow, situation),
                    score(&Intent::Flee, &flee, situation),
                    score(&Intent::Retreat, &flee, situation),
                    score(&Intent::Disengage, &flee, situation),
                    score(&Intent::EndTurn, &nothing, situation),
                ]
            };
        for score in [aggressive_score, tactical_score] {
            // At 45% of its hit points, below its `surrender_below`: it gives up, flight
            // included.
            let hurt = lineup(9, 20);
            let told = Situation::of(entity(1), &map, &hurt).with_tactics(tactics);
            let gives_up = score(&Intent::Surrender, &nothing, &told);
            assert!(
                everything(&told, score).iter().all(|s| gives_up > *s),
                "{gives_up} {:?}",
                everything(&told, score)
            );
            // At 55%, above it (but below its `flee_below`): anything but surrender.
            let less = lineup(11, 20);
            let above = Situation::of(entity(1), &map, &less).with_tactics(tactics);
            let fights_on = score(&Intent::Surrender, &nothing, &above);
            assert!(
                everything(&above, score).iter().all(|s| fights_on < *s),
                "{fights_on}"
            );
            // Without the tactic, nobody surrenders of its own accord, however hurt: the last
            // of its side at 3 of 30 hit points.
            let last = Lineup::from_rows(hurt.iter().take(2).map(|(e, r)| {
                (
                    e,
                    Row {
                        hp: Hp { current: 3, ..r.hp },
                        ..r.clone()
                    },
                )
            }));
            let untold = Situation::of(entity(1), &map, &last);
            let never = score(&Intent::Surrender, &nothing, &untold);
            assert!(
                everything(&untold, score).iter().all(|s| never < *s),
                "{never}"
            );
        }
    }

    #[test]
    fn a_power_kept_for_groups_waits_for_one_worth_two_blows() {
        let map = EncounterMap::default();
        // One foe against one: the side is not outnumbered.
        let duel =
            |me| Lineup::from_rows(lineup(me, 20).iter().take(2).map(|(e, r)| (e, r.clone())));
        let whole = duel(20);
        let tactics = Tactics {
            spend: Some(Spend::OnGroups),
            ..Tactics::default()
        };
        let situation = Situation::of(entity(1), &map, &whole)
            .with_tactics(tactics)
            .with_outlook(Harm::Some, 5.0);
        let bolt = Intent::UseAbility {
            ability: AbilityId(0),
            target: Some(entity(2)),
        };
        let single = Preview {
            expected_damage: 8.0,
            hit_chance: 0.8,
            ..Preview::default()
        };
        let fireball = Preview {
            expected_damage: 12.0,
            ..single
        };
        assert!(limited(&bolt, &single));
        assert!(holds(&situation, &single, true), "8 < 2 x 5");
        assert!(!holds(&situation, &fireball, true), "12 >= 2 x 5");
        let (swing, blow) = attack(2, 5.0);
        assert!(
            tactical_score(&swing, &blow, &situation) > tactical_score(&bolt, &single, &situation)
        );
        // Once hurt, it spends.
        let hurt = duel(8);
        let situation = Situation::of(entity(1), &map, &hurt)
            .with_tactics(tactics)
            .with_outlook(Harm::Some, 5.0);
        assert!(!holds(&situation, &single, true));
    }
}
