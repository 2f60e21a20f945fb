//! The AI controllers the kit asks: each decision goes to its policy, which scores the options
//! (asking for previews only of the options it weighs).

use fray_content::tactics::Tactics;
use fray_core::cost::Timing;
use fray_core::kit::{AiDecision, Controllers, DecisionKind};
use fray_core::prelude::*;
use fray_dice::DieSource;
use smallvec::SmallVec;

use crate::policy::{Policy, aggressive_score, priced_reaction, surrender_score, tactical_score};
use crate::situation::{Harm, Situation};
use crate::tactics;

/// The built-in policies, as the kit's AI controllers.
#[derive(Debug, Clone, Copy, Default)]
pub struct BuiltinPolicies;

/// Index of the best option by `score` (the first among equals).
fn best(count: usize, mut score: impl FnMut(usize) -> f32) -> Option<usize> {
    let mut best: Option<(usize, f32)> = None;
    for i in 0..count {
        let s = score(i);
        if best.is_none_or(|(_, b)| s > b) {
            best = Some((i, s));
        }
    }
    best.map(|(i, _)| i)
}

/// The preview an option's score needs: exact ones only where the policy weighs them (the
/// tactical score of a delay or a readied action is fixed, whatever its preview, and either
/// policy's score of a surrender).
fn needs_preview(policy: Policy, intent: &Intent) -> bool {
    if *intent == Intent::Surrender {
        // Its score is the tactics' alone.
        return false;
    }
    match policy {
        Policy::Random => false,
        Policy::Aggressive => matches!(intent, Intent::Attack { .. } | Intent::UseAbility { .. }),
        Policy::Tactical | Policy::Lookahead(_) => {
            !matches!(intent, Intent::Ready { .. } | Intent::Delay)
        }
    }
}

/// The id of `lookahead:0`; `lookahead:N` is this plus `N`.
const LOOKAHEAD_ID: u32 = 0x1_0000;

/// The id [`Controllers::policy`] gives a policy.
fn id_of(policy: Policy) -> u32 {
    match policy {
        Policy::Random => 0,
        Policy::Aggressive => 1,
        Policy::Tactical => 2,
        Policy::Lookahead(n) => LOOKAHEAD_ID + u32::from(n),
    }
}

/// The policy of an id [`Controllers::policy`] gave.
fn policy_of(id: u32) -> Policy {
    match id {
        0 => Policy::Random,
        1 => Policy::Aggressive,
        _ => match id.checked_sub(LOOKAHEAD_ID).map(u16::try_from) {
            Some(Ok(n)) => Policy::Lookahead(n),
            _ => Policy::Tactical,
        },
    }
}

/// The weight of an ordinary option in the random policy's uniform draw; giving up weighs 1.
const RANDOM_WEIGHT: u32 = 20;

/// The random policy's pick. A first roll, a d4, decides how: on 1 to 3 it takes the aggressive
/// policy's choice, played without the combatant's tactics; on a 4 it draws among the legal
/// options, each as likely except fleeing, which weighs a twentieth of any other, and
/// surrendering, which it never draws.
///
/// Ruling on trial item I.44: uniform flight ended every random archmage fight in its first
/// round, so random play was neither a baseline nor a fuzzer of the rest of a fight; flight
/// still comes, about once in twenty times as often.
///
/// Ruling on issue 37 (the stall cycles): a uniform draw alone wanders. Two random OHO sides
/// walked between regions, readied and withdrew for 660 actions a fight and reached the
/// 40-round limit in 78-96% of runs, so a random side measured nothing. Three decisions in four
/// now press the fight as the aggressive policy would (with one in two, 2.5% of random OHO
/// fights still reached the limit), and the fourth still draws from every legal option, so
/// random play still reaches whatever an encounter offers.
fn random_pick(decision: &mut dyn AiDecision) -> Option<usize> {
    if decision.rng().roll_die(4) <= 3 {
        let scores = scores_by(Policy::Aggressive, decision, Some(Tactics::default()));
        return best(scores.len(), |i| scores[i]);
    }
    let weight = |intent: &Intent| match intent.kind() {
        IntentKind::Flee => 1,
        // Random play never gives itself up: only tactics surrender.
        IntentKind::Surrender => 0,
        _ => RANDOM_WEIGHT,
    };
    let total: u32 = decision
        .options()
        .iter()
        .map(|o| weight(&o.intent))
        .fold(0u32, u32::saturating_add);
    if total == 0 {
        return None;
    }
    let mut roll = decision.rng().roll_die(total);
    for (i, option) in decision.options().iter().enumerate() {
        let w = weight(&option.intent);
        if roll <= w {
            return Some(i);
        }
        roll -= w;
    }
    decision.options().len().checked_sub(1)
}

impl Controllers for BuiltinPolicies {
    /// The kinds each policy scores below ending its turn whatever the fight (or, for the
    /// aggressive policy's disengaging, where stepping away serves as well): the aggressive
    /// policy never disengages, delays, readies, defends, rallies or stabilizes; the tactical
    /// one never delays or readies; the random policy may take anything.
    fn passes_over(&self, policy: u32, kind: IntentKind) -> bool {
        crate::policy::passes_over(policy_of(policy), kind)
    }

    fn policy(&self, name: &str) -> Option<u32> {
        Some(id_of(Policy::of_name(name)))
    }

    fn choose(&self, policy: u32, decision: &mut dyn AiDecision) -> Option<usize> {
        let policy = policy_of(policy);
        let count = decision.options().len();
        if count == 0 {
            return None;
        }
        match policy {
            Policy::Random => random_pick(decision),
            Policy::Lookahead(budget) => {
                let scores = scores(Policy::Tactical, decision);
                crate::lookahead::choose(decision, budget, &scores)
            }
            _ => {
                let scores = scores(policy, decision);
                best(scores.len(), |i| scores[i])
            }
        }
    }

    /// `lookahead:N` plays its decisions forward.
    fn looks_ahead(&self, policy: u32) -> bool {
        matches!(policy_of(policy), Policy::Lookahead(_))
    }

    /// `lookahead:N` plays tactical in the copies it plays forward.
    fn in_rollout(&self, policy: u32) -> u32 {
        match policy_of(policy) {
            Policy::Lookahead(_) => id_of(Policy::Tactical),
            _ => policy,
        }
    }
}

/// How much `policy` (aggressive or tactical) wants each of `decision`'s options, in order
/// (asking for the previews it weighs).
fn scores(policy: Policy, decision: &mut dyn AiDecision) -> SmallVec<[f32; 8]> {
    scores_by(policy, decision, None)
}

/// [`scores`], the actor fighting by `tactics` instead of its own when given.
fn scores_by(
    policy: Policy,
    decision: &mut dyn AiDecision,
    tactics: Option<Tactics>,
) -> SmallVec<[f32; 8]> {
    let count = decision.options().len();
    let kind = decision.kind();
    // Room for a reaction's or a small turn's options on the stack; a larger offer (an
    // archmage turn lists 20 to 40 options) takes one allocation. A buffer of 64 previews
    // on the stack cost more: 5 KB moved at every decision.
    let mut previews: SmallVec<[Preview; 8]> = SmallVec::with_capacity(count);
    for i in 0..count {
        let intent = decision.options()[i].intent;
        previews.push(
            if kind == DecisionKind::Reaction || needs_preview(policy, &intent) {
                decision.preview(i)
            } else {
                Preview::default()
            },
        );
    }
    let options = decision.options();
    let can_attack = kind == DecisionKind::Reaction
        || options
            .iter()
            .any(|o| o.intent.kind() == IntentKind::Attack);
    let fight = decision.fight();
    let mut situation = Situation::new(&fight, can_attack);
    if let Some(tactics) = tactics {
        situation = situation.with_tactics(tactics);
    }
    let harm = Harm::of(kind, options, &previews, &situation);
    let situation = situation.with_outlook(harm, tactics::best_blow(options, &previews));
    (0..count)
        .map(|i| {
            let (intent, preview) = (&options[i].intent, &previews[i]);
            if *intent == Intent::Surrender {
                // The tactics' call alone, as both policies score it: spared the rest of a
                // score's reading of the fight, on every turn that offers it.
                return surrender_score(&situation);
            }
            match kind {
                // Reactions cost nothing on the turn: take any that hurts an enemy.
                DecisionKind::Reaction => match intent {
                    Intent::Pass => 0.0,
                    _ if preview.spends > 0.0 || options[i].cost.timing == Timing::NextTurn => {
                        priced_reaction(preview, &options[i].cost, &situation)
                    }
                    _ if preview.expected_damage > 0.0 || intent.kind() == IntentKind::Engage => {
                        1.0 + preview.expected_damage
                    }
                    _ => tactical_score(intent, preview, &situation),
                },
                _ => match policy {
                    Policy::Aggressive => aggressive_score(intent, preview, &situation),
                    _ => tactical_score(intent, preview, &situation),
                },
            }
        })
        .collect()
}
