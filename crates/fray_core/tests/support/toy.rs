//! A toy ruleset, just big enough to drive every part of the core: d20 attacks against a
//! defense, engagement with opportunity attacks, ongoing damage with saves, a morale rule that
//! makes a side flee or surrender, and a simple AI.

use std::sync::Arc;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray_content::prelude::*;
use fray_core::effect::{apply_effect, effects_in_order, end_effect};
use fray_core::engagement::{engage, release_all};
use fray_core::prelude::*;
use fray_core::reaction::{Provocation, ReactionWindow, Reactor};
use fray_core::spawn::{CombatantBuild, EncounterBuild, SpawnError};
use fray_core::turn::Approved;
use fray_dice::{Dice, DieSource};
use serde::{Deserialize, Serialize};

/// A toy statblock.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToyBlock {
    pub id: String,
    pub name: String,
    pub hp: i32,
    pub attack: i32,
    pub damage: i32,
    pub defense: i32,
    /// Ongoing fire damage dealt on a hit (save ends), 0 for none.
    #[serde(default)]
    pub burn: i32,
}

impl Statblock for ToyBlock {
    fn id(&self) -> &str {
        &self.id
    }
    fn name(&self) -> &str {
        &self.name
    }
    fn kind(&self) -> &'static str {
        "toy"
    }
}

/// The toy ruleset's numbers on a combatant.
#[derive(Component, Debug, Clone, Serialize, Deserialize)]
pub struct ToyStats {
    pub attack: i32,
    pub damage: i32,
    pub defense: i32,
    pub burn: i32,
}

/// Marks toy encounters; `morale` is the toy's morale option: `flee`, `surrender` or `none`.
#[derive(Component, Debug, Clone, Serialize, Deserialize)]
pub struct Toy {
    pub morale: String,
}

/// Morale triggers seen, for tests.
#[derive(Resource, Debug, Default)]
pub struct SeenTriggers(pub Vec<(Entity, SideId, fray_core::morale::MoraleTrigger)>);

pub struct ToyRuleset;

impl Ruleset for ToyRuleset {
    fn id(&self) -> &'static str {
        "toy"
    }

    fn build_encounter(&self, mut build: EncounterBuild<'_>) -> Result<(), SpawnError> {
        let morale = match build.spec.options.ruleset.get("morale") {
            Some(OptionValue::Text(t)) => t.clone(),
            _ => "none".to_string(),
        };
        build.entity.insert(Toy { morale });
        Ok(())
    }

    fn build_combatant(&self, mut build: CombatantBuild<'_>) -> Result<(), SpawnError> {
        let block = build
            .content
            .statblocks::<ToyBlock>("toy")
            .and_then(|s| s.get(build.statblock))
            .ok_or_else(|| SpawnError::Ruleset(format!("no toy statblock {}", build.statblock)))?;
        build.entity.insert((
            Hp::new(block.hp),
            ActionSlots::empty(),
            ToyStats {
                attack: block.attack,
                damage: block.damage,
                defense: block.defense,
                burn: block.burn,
            },
        ));
        Ok(())
    }

    fn statblock_name(&self, content: &ContentDb, statblock: &str) -> Option<String> {
        content
            .statblocks::<ToyBlock>("toy")?
            .get(statblock)
            .map(|b| b.name.clone())
    }
}

pub const OPTIONS: &[OptionDef] = &[OptionDef {
    name: "morale",
    default: OptionValue::Text(String::new()),
    doc: "flee, surrender or none",
}];

pub struct ToyPlugin;

impl Plugin for ToyPlugin {
    fn build(&self, app: &mut App) {
        app.register_ruleset(ToyRuleset)
            .register_saved::<ToyStats>("toy::ToyStats")
            .register_saved::<Toy>("toy::Toy")
            .init_resource::<SeenTriggers>()
            .add_systems(
                FrayTick,
                (
                    roll_initiative.in_set(RulesetSystems::Initiative),
                    refill.in_set(RulesetSystems::TurnStart),
                    offer.in_set(RulesetSystems::Offer),
                    resolve.in_set(RulesetSystems::Resolve),
                    vitals.in_set(RulesetSystems::Vitals),
                    (burn_and_save, vitals)
                        .chain()
                        .in_set(RulesetSystems::TurnEnd),
                    morale.in_set(RulesetSystems::Morale),
                    choose.in_set(ControllerSystems::Choose),
                ),
            );
    }
}

/// The encounter components the toy's resolution works on.
type EncounterData = (
    Entity,
    &'static mut Encounter,
    &'static mut Turn,
    &'static mut EncounterRng,
    &'static mut CombatLog,
    &'static Roster,
);

/// One item of [`EncounterData`].
type EncounterItem<'a> = (
    Entity,
    Mut<'a, Encounter>,
    Mut<'a, Turn>,
    Mut<'a, EncounterRng>,
    Mut<'a, CombatLog>,
    &'a Roster,
);

fn roll_initiative(
    mut encounters: Query<
        (
            &Encounter,
            &Roster,
            &mut TurnOrder,
            &mut EncounterRng,
            &mut CombatLog,
        ),
        With<Toy>,
    >,
    mut initiative: Query<&mut Initiative>,
) {
    for (encounter, roster, mut order, mut rng, mut log) in &mut encounters {
        if encounter.phase != Phase::Setup || !order.is_empty() {
            continue;
        }
        let mut entries = Vec::new();
        for (i, entity) in roster.entities().enumerate() {
            let count = rng.roll_die(20) as i32;
            if let Ok(mut init) = initiative.get_mut(entity) {
                init.count = count;
            }
            log.push(LogEvent::Initiative {
                who: CombatantId(i as u16),
                count,
                roll: None,
            });
            entries.push(fray_core::turn::TurnEntry {
                actor: entity,
                count,
                tiebreak: 0,
            });
        }
        order.set(entries);
    }
}

use fray_core::turn::TurnOrder;

fn refill(encounters: Query<(&Encounter, &Turn), With<Toy>>, mut slots: Query<&mut ActionSlots>) {
    for (encounter, turn) in &encounters {
        if encounter.phase == Phase::TurnStart
            && let Some(mut s) = turn.actor.and_then(|a| slots.get_mut(a).ok())
        {
            *s = ActionSlots::full();
        }
    }
}

fn label(s: &str) -> Arc<str> {
    Arc::from(s)
}

fn offer(
    mut encounters: Query<(&Encounter, &mut Turn, &mut ActionOptions, &Roster), With<Toy>>,
    combatants: Query<(
        &Side,
        &Status,
        &InRegion,
        &Engagement,
        &ActionSlots,
        &ToyStats,
        &Hp,
    )>,
) {
    for (encounter, turn, mut options, roster) in &mut encounters {
        if encounter.phase == Phase::Reacting {
            continue;
        }
        if encounter.phase != Phase::Acting || options.is_current(&turn) {
            continue;
        }
        let Some(actor) = turn.actor else { continue };
        options.reset(&turn);
        let Ok((side, _, region, engagement, slots, stats, _)) = combatants.get(actor) else {
            continue;
        };
        for target in roster.entities() {
            let Ok((t_side, t_status, t_region, _, _, t_stats, t_hp)) = combatants.get(target)
            else {
                continue;
            };
            if t_side == side || !t_status.is_active() {
                continue;
            }
            let hit = ((21 + stats.attack - t_stats.defense) as f32 / 20.0).clamp(0.05, 0.95);
            if engagement.is_engaged_with(target) && slots.can_pay(Slot::Standard) {
                options.push(
                    Intent::Attack {
                        target,
                        attack: AttackId(0),
                        maneuver: Maneuver::Standard,
                    },
                    Cost::Slot(Slot::Standard),
                    Preview {
                        hit_chance: hit,
                        damage_on_hit: stats.damage as f32,
                        expected_damage: hit * stats.damage as f32,
                        kill_chance: if t_hp.current <= stats.damage {
                            hit
                        } else {
                            0.0
                        },
                        ..Preview::default()
                    },
                    label("strike"),
                );
            } else if !engagement.is_engaged()
                && t_region.0 == region.0
                && slots.can_pay(Slot::Move)
            {
                options.push(
                    Intent::Engage { target },
                    Cost::Slot(Slot::Move),
                    Preview::certain(),
                    label("engage"),
                );
            }
        }
        if slots.can_pay(Slot::Move) {
            for to in [RegionId(0), RegionId(1)] {
                if to != region.0 {
                    let provokes = engagement.foes().count() as u8;
                    options.push(
                        Intent::Move { to },
                        Cost::Slot(Slot::Move),
                        Preview {
                            provokes,
                            ..Preview::certain()
                        },
                        label("move"),
                    );
                }
            }
        }
        options.push(
            Intent::EndTurn,
            Cost::Free,
            Preview::certain(),
            label("end turn"),
        );
    }
}

/// The toy AI: attack if it can, else engage, else move (even away from a fight), else end;
/// always takes opportunity attacks.
fn choose(
    mut encounters: Query<(&Encounter, &mut Turn, &ActionOptions), With<Toy>>,
    controllers: Query<&Controller>,
) {
    let is_ai = |e: Entity| matches!(controllers.get(e), Ok(Controller::Ai(_)));
    for (encounter, mut turn, options) in &mut encounters {
        match encounter.phase {
            Phase::Acting => {
                let Some(actor) = turn.actor else { continue };
                if turn.request.is_some()
                    || turn.approved.is_some()
                    || !options.is_current(&turn)
                    || !is_ai(actor)
                {
                    continue;
                }
                let find = |kind: IntentKind| options.list.iter().find(|o| o.intent.kind() == kind);
                let pick = find(IntentKind::Attack)
                    .or_else(|| find(IntentKind::Engage))
                    .or_else(|| find(IntentKind::Move))
                    .or_else(|| find(IntentKind::EndTurn));
                if let Some(option) = pick {
                    turn.request = Some(fray_core::turn::Request {
                        actor,
                        intent: option.intent.clone(),
                        from: None,
                    });
                }
            }
            Phase::Reacting => {
                let Some(window) = turn.window.as_mut() else {
                    continue;
                };
                for reactor in &mut window.reactors {
                    if reactor.answer.is_none() && is_ai(reactor.reactor) {
                        reactor.answer = reactor.offers.first().map(|o| o.intent.clone());
                    }
                }
            }
            _ => {}
        }
    }
}

fn strike(
    attacker: Entity,
    target: Entity,
    data: &mut EncounterItem<'_>,
    combatants: &mut Query<(&mut Hp, &ToyStats, &Combatant)>,
    commands: &mut Commands,
    cause: Option<&str>,
) {
    let (encounter_entity, encounter, turn, rng, log, _) = data;
    let Ok([(_, a_stats, a_c), (mut t_hp, t_stats, t_c)]) =
        combatants.get_many_mut([attacker, target])
    else {
        return;
    };
    let dice = match Dice::parse(&format!("1d20+{}", a_stats.attack)) {
        Ok(d) => d,
        Err(_) => return,
    };
    let roll = dice.roll(&mut **rng);
    let hit = roll.total() >= t_stats.defense as i64;
    log.push(LogEvent::Attack {
        attacker: a_c.id,
        target: t_c.id,
        attack: cause.unwrap_or("strike").to_string(),
        roll,
        defense: "defense".into(),
        against: t_stats.defense as i64,
        hit,
        crit: false,
    });
    if hit {
        t_hp.take_damage(a_stats.damage);
        log.push(LogEvent::Damage {
            target: t_c.id,
            amount: a_stats.damage,
            kind: DamageType::Physical,
            absorbed: 0,
            hp: t_hp.current,
            cause: cause.map(str::to_string),
        });
        if a_stats.burn > 0 {
            let stamp = encounter.effect_stamp(*encounter_entity, turn);
            apply_effect(
                commands,
                stamp,
                log,
                (target, t_c.id),
                Some(attacker),
                EffectSpec::ongoing(
                    DamageType::Fire,
                    a_stats.burn,
                    Duration::SaveEnds(SaveDifficulty::Normal),
                )
                .named("burn"),
            );
        }
    }
}

#[allow(clippy::type_complexity)]
fn resolve(
    mut commands: Commands,
    mut encounters: Query<EncounterData, With<Toy>>,
    mut combatants: Query<(&mut Hp, &ToyStats, &Combatant)>,
    mut slots: Query<&mut ActionSlots>,
    mut places: Query<&mut InRegion>,
    mut engagements: Query<&mut Engagement>,
    statuses: Query<&Status>,
) {
    for mut data in &mut encounters {
        // A complete reaction window: reactions first, then the move they interrupted.
        if data.1.phase == Phase::Reacting {
            let complete = data
                .2
                .window
                .as_ref()
                .is_some_and(ReactionWindow::is_complete);
            if !complete {
                continue;
            }
            let Some(window) = data.2.window.take() else {
                continue;
            };
            for (reactor, intent) in window.reactions() {
                if let Intent::Attack { target, .. } = intent
                    && statuses.get(reactor).is_ok_and(|s| s.is_active())
                {
                    strike(
                        reactor,
                        *target,
                        &mut data,
                        &mut combatants,
                        &mut commands,
                        Some("opportunity attack"),
                    );
                    data.2.record_resolved(reactor, intent.clone());
                }
            }
            data.1.phase = Phase::Acting;
            let parked = window.parked;
            if statuses.get(parked.actor).is_ok_and(|s| s.is_active()) {
                complete_move(&parked, &mut data, &mut places, &mut engagements);
            }
            data.2.record_resolved(parked.actor, parked.intent);
            continue;
        }
        let Some(approved) = data.2.approved.take() else {
            continue;
        };
        let actor = approved.actor;
        if let (Cost::Slot(slot), Ok(mut s)) = (approved.cost, slots.get_mut(actor)) {
            s.spend(slot);
        }
        match &approved.intent {
            Intent::Attack { target, .. } => {
                strike(
                    actor,
                    *target,
                    &mut data,
                    &mut combatants,
                    &mut commands,
                    None,
                );
            }
            Intent::Engage { target } => {
                engage(&mut engagements, actor, *target, true);
                if let (Ok(a), Ok(t)) = (combatants.get(actor), combatants.get(*target)) {
                    data.4.push(LogEvent::Engaged {
                        who: a.2.id,
                        target: t.2.id,
                    });
                }
            }
            Intent::Move { .. } => {
                let foes: Vec<Entity> = engagements
                    .get(actor)
                    .map(|e| {
                        e.foes()
                            .filter(|f| statuses.get(*f).is_ok_and(|s| s.is_active()))
                            .collect()
                    })
                    .unwrap_or_default();
                if !foes.is_empty() {
                    let reactors = foes
                        .into_iter()
                        .map(|foe| Reactor {
                            reactor: foe,
                            offers: vec![
                                ActionOption {
                                    intent: Intent::Attack {
                                        target: actor,
                                        attack: AttackId(0),
                                        maneuver: Maneuver::Standard,
                                    },
                                    cost: Cost::Reaction,
                                    preview: Preview::default(),
                                    label: label("opportunity attack"),
                                },
                                ActionOption {
                                    intent: Intent::Pass,
                                    cost: Cost::Free,
                                    preview: Preview::certain(),
                                    label: label("pass"),
                                },
                            ],
                            answer: None,
                        })
                        .collect();
                    data.2.window = Some(ReactionWindow {
                        provoker: actor,
                        provocation: Provocation::LeavingEngagement,
                        parked: approved,
                        reactors,
                    });
                    data.1.phase = Phase::Reacting;
                    continue;
                }
                complete_move(&approved, &mut data, &mut places, &mut engagements);
            }
            Intent::EndTurn => data.1.phase = Phase::TurnEnd,
            _ => {}
        }
        if slots.get(actor).is_ok_and(|s| s.is_empty()) {
            data.1.phase = Phase::TurnEnd;
        }
        data.2.record_resolved(actor, approved.intent);
    }
}

fn complete_move(
    approved: &Approved,
    data: &mut EncounterItem<'_>,
    places: &mut Query<&mut InRegion>,
    engagements: &mut Query<&mut Engagement>,
) {
    let Intent::Move { to } = approved.intent else {
        return;
    };
    release_all(engagements, approved.actor);
    if let Ok(mut place) = places.get_mut(approved.actor) {
        let from = place.0;
        place.0 = to;
        if let Some(who) = data.5.id_of(approved.actor) {
            data.4.push(LogEvent::Moved { who, from, to });
        }
    }
}

fn vitals(
    encounters: Query<&Roster, With<Toy>>,
    mut combatants: Query<(&Hp, &mut Status, &Combatant, &InEncounter)>,
    mut logs: Query<&mut CombatLog>,
) {
    for roster in &encounters {
        for entity in roster.entities() {
            let Ok((hp, mut status, c, enc)) = combatants.get_mut(entity) else {
                continue;
            };
            if hp.current <= 0 && *status == Status::Active {
                *status = Status::Dead;
                if let Ok(mut log) = logs.get_mut(enc.0) {
                    log.push(LogEvent::StatusChanged {
                        who: c.id,
                        status: Status::Dead,
                    });
                }
            }
        }
    }
}

fn burn_and_save(
    mut commands: Commands,
    mut encounters: Query<
        (
            &Encounter,
            &Turn,
            &mut EncounterRng,
            &mut CombatLog,
            &Roster,
        ),
        With<Toy>,
    >,
    mut hp: Query<(&mut Hp, Option<&ActiveEffects>)>,
    mut effects: Query<&mut Effect>,
) {
    for (encounter, turn, mut rng, mut log, roster) in &mut encounters {
        if encounter.phase != Phase::TurnEnd {
            continue;
        }
        let Some(actor) = turn.actor else { continue };
        let Some(id) = roster.id_of(actor) else {
            continue;
        };
        let Ok((mut actor_hp, active)) = hp.get_mut(actor) else {
            continue;
        };
        let due: Vec<(Entity, Effect)> =
            effects_in_order(active, |e| effects.get(e).ok().map(|x| x.serial))
                .into_iter()
                .filter_map(|e| effects.get(e).ok().map(|x| (e, x.clone())))
                .filter(|(_, e)| e.due_at_turn_end(turn.serial))
                .collect();
        for (entity, effect) in due {
            if let EffectKind::OngoingDamage(kind) = effect.kind {
                actor_hp.take_damage(effect.magnitude);
                log.push(LogEvent::Damage {
                    target: id,
                    amount: effect.magnitude,
                    kind,
                    absorbed: 0,
                    hp: actor_hp.current,
                    cause: Some("ongoing".into()),
                });
            }
            if let Ok(mut e) = effects.get_mut(entity) {
                e.checked_turn = turn.serial;
            }
            if let Duration::SaveEnds(difficulty) = effect.duration {
                let save = rng.roll_die(20) as i32;
                if save >= difficulty.target() {
                    end_effect(&mut commands, entity, &effect, Some(id), &mut log);
                }
            }
        }
    }
}

fn morale(
    mut seen: ResMut<SeenTriggers>,
    encounters: Query<(Entity, &Toy, &fray_core::morale::MoraleState, &Roster)>,
    mut statuses: Query<&mut Status>,
) {
    use fray_core::morale::MoraleTrigger;
    for (entity, toy, state, roster) in &encounters {
        for &(side, trigger) in &state.pending {
            seen.0.push((entity, side, trigger));
            if trigger == MoraleTrigger::HalfOut && toy.morale != "none" {
                let new = if toy.morale == "flee" {
                    Status::Fled
                } else {
                    Status::Surrendered
                };
                for e in roster.side(side) {
                    if let Ok(mut s) = statuses.get_mut(e)
                        && s.is_active()
                    {
                        *s = new;
                    }
                }
            }
        }
    }
}
