//! Check 10: a surrender, the kit's own intent, takes the combatant out of the fight in
//! every ruleset alike.

use bevy_ecs::prelude::*;
use fray_core::client::Decision as ClientDecision;
use fray_core::kit::prelude::*;
use fray_core::log::{CombatLog, LogEvent};
use fray_core::prelude::*;
use fray_core::rng::derive_seed;

use super::Conformance;
use super::offers::name;
use super::player::Player;
use super::world::{
    app, content, encounters, external_settings, is_over, player_of, roster, send, spawn,
    take_rejections,
};

/// How many decision points of a fight the check plays through, at most, looking for a turn
/// on which surrender is offered.
const POINTS: usize = 2_000;

/// Check 10: in one fight of each encounter, played by the AI policies as external players,
/// at the first turn whose decider is offered `surrender`:
///
/// - another combatant of the fight asking to surrender (not its turn) is refused with a
///   reason, and nothing changes;
/// - the decider's surrender is accepted: it is `Surrendered`, engaged with nobody and nobody
///   with it, the log says so, and its turn is over (it decides nothing more);
/// - the fight goes on to its end, the surrendered combatant never acting again.
///
/// Every encounter must reach such a turn: every ruleset offers surrender to a combatant
/// that can act, on its own turn.
pub fn a_surrender_takes_the_combatant_out_of_the_fight(conf: &Conformance) {
    let content = content(conf);
    let mut live = app(conf, &content);
    for (n, spec) in encounters(conf, &content).iter().enumerate() {
        let seed = derive_seed(0x5_0AA0 + n as u64, 0);
        let world = live.world_mut();
        let e = spawn(world, &spec.id, &external_settings(spec, seed));
        let mut player = Player::new(seed, conf.policies);
        let mut gave_up = None;
        for _ in 0..POINTS {
            run_until_blocked(world, 1_000_000);
            let stray = take_rejections(world);
            assert!(
                stray.is_empty(),
                "{}: a choice was rejected: {stray:?}",
                spec.id
            );
            if is_over(world, e) {
                break;
            }
            let pending = decisions(world, e);
            if let Some(who) = gave_up {
                assert!(
                    pending.iter().all(|d| d.actor != who),
                    "{}: {} surrendered but is asked to decide again",
                    spec.id,
                    name(world, who)
                );
            } else if let Some(turn) = pending.iter().find(|d| offers_surrender(d)) {
                surrender_on(world, e, turn, &spec.id);
                gave_up = Some(turn.actor);
                continue;
            }
            player.answer(world, e);
        }
        assert!(
            gave_up.is_some(),
            "{}: no turn in {POINTS} decision points offered a surrender",
            spec.id
        );
        world.despawn(e);
        world.clear_trackers();
    }
}

/// Whether `decision` is a turn that offers surrender.
fn offers_surrender(decision: &ClientDecision) -> bool {
    decision.kind == DecisionKind::Turn
        && decision
            .options
            .iter()
            .any(|o| o.intent == Intent::Surrender)
}

/// Asks another combatant's surrender out of its turn (refused), then the decider's of
/// `turn` (accepted), and checks what each did.
fn surrender_on(world: &mut World, e: Entity, turn: &ClientDecision, id: &str) {
    let actor = turn.actor;
    let Some(player) = player_of(world, actor) else {
        panic!("{id}: the decider has no external player");
    };
    if let Some(other) = roster(world, e)
        .into_iter()
        .find(|c| *c != actor && world.get::<Status>(*c).is_some_and(|s| s.is_active()))
        && let Some(theirs) = player_of(world, other)
    {
        let before = world.get::<Status>(other).copied();
        send(world, other, theirs, Intent::Surrender);
        tick(world);
        let refused = take_rejections(world);
        assert!(
            matches!(refused.as_slice(), [one] if !one.reason.to_string().trim().is_empty()),
            "{id}: {} surrendered out of its turn: {refused:?}",
            name(world, other)
        );
        assert_eq!(world.get::<Status>(other).copied(), before, "{id}");
    }
    let logged = world.get::<CombatLog>(e).map_or(0, |l| l.entries().len());
    send(world, actor, player, Intent::Surrender);
    run_until_blocked(world, 1_000_000);
    let refused = take_rejections(world);
    assert!(
        refused.is_empty(),
        "{id}: a surrender was refused: {refused:?}"
    );
    // A simultaneous step (B/X) books the change when the step ends.
    assert_eq!(
        world.get::<Status>(actor),
        Some(&Status::Surrendered),
        "{id}: {} did not surrender",
        name(world, actor)
    );
    let engaged = world
        .get::<Engagement>(actor)
        .is_some_and(|g| g.is_engaged());
    let held_by = roster(world, e).into_iter().find(|c| {
        world
            .get::<Engagement>(*c)
            .is_some_and(|g| g.foes().any(|f| f == actor))
    });
    assert!(
        !engaged && held_by.is_none(),
        "{id}: {} surrendered but is still engaged ({engaged}) or held ({held_by:?})",
        name(world, actor)
    );
    let said = world.get::<CombatLog>(e).is_some_and(|log| {
        log.entries()[logged.min(log.entries().len())..]
            .iter()
            .any(|l| {
                matches!(
                    l.event,
                    LogEvent::StatusChanged {
                        status: Status::Surrendered,
                        ..
                    }
                )
            })
    });
    assert!(
        said,
        "{id}: the log does not say {} surrendered",
        name(world, actor)
    );
}
