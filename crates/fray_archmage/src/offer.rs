//! The legal intents of the acting combatant, each with its cost and an exact preview.

use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_core::prelude::*;
use fray_core::turn::TurnOrder;

use crate::attack::{odds_in, targets_in};
use crate::battle::Archmage;
use crate::ctx::Arch;
use crate::fighter::{Fighter, chances, opportunity_attack};
use crate::rules::{AttackResult, STABILIZE_DC, crit_multiplier, disengage_target, judge};
use crate::sheet::SheetAttack;
use crate::statblock::{AttackDef, AttackKind, PowerEffect, PowerTarget, Reach, Targets, Usage};

/// Chance a d20 reaches `needed`.
fn d20_at_least(needed: i64) -> f32 {
    ((21 - needed).clamp(0, 20)) as f32 / 20.0
}

/// Fills the options of every archmage encounter whose acting combatant has a decision to make.
pub(crate) fn offer(
    mut encounters: Query<(
        &Encounter,
        &Turn,
        &mut ActionOptions,
        &Roster,
        &EncounterMap,
        &Archmage,
        &TurnOrder,
    )>,
    p: Arch,
) {
    for (encounter, turn, mut options, roster, map, battle, order) in &mut encounters {
        if encounter.phase != Phase::Acting || options.is_current(turn) {
            continue;
        }
        let Some(actor) = turn.actor else { continue };
        options.reset(turn);
        let Ok(f) = p.fighters.get(actor) else {
            continue;
        };
        let view = View {
            p: &p,
            fighters: &p.fighters,
            engagements: &p.engagements,
            map,
            escalation: battle.escalation,
            roster,
        };
        let mut out = Options { list: &mut options };
        if !f.status.is_active() || f.conditions.has(Condition::Stunned) {
            out.end_turn();
            continue;
        }
        offer_attacks(&view, actor, &mut out);
        offer_movement(&view, actor, &mut out);
        offer_support(&view, actor, encounter.round, &mut out);
        let nothing_spent =
            *f.slots == ActionSlots::full() && !f.state.free_move && turn.actions == 0;
        let someone_after = order
            .upcoming()
            .any(|e| p.fighters.get(e).is_ok_and(|x| x.status.takes_turns()));
        if nothing_spent && someone_after {
            out.push(Intent::Delay, Cost::Free, Preview::certain(), "delay");
        }
        if f.sheet.0.hero {
            out.push(
                Intent::Flee,
                Cost::Free,
                Preview::certain(),
                "flee (the whole party)",
            );
        }
        out.end_turn();
    }
}

struct View<'a, 'w, 's> {
    p: &'a Arch<'w, 's>,
    fighters: &'a Query<'w, 's, Fighter>,
    engagements: &'a Query<'w, 's, &'static mut Engagement>,
    map: &'a EncounterMap,
    escalation: u8,
    roster: &'a Roster,
}

struct Options<'a> {
    list: &'a mut ActionOptions,
}

impl Options<'_> {
    fn push(&mut self, intent: Intent, cost: Cost, preview: Preview, label: &str) {
        self.list.push(intent, cost, preview, Arc::from(label));
    }

    fn push_labelled(&mut self, intent: Intent, cost: Cost, preview: Preview, label: &Arc<str>) {
        self.list.push(intent, cost, preview, label.clone());
    }

    fn end_turn(&mut self) {
        self.push(Intent::EndTurn, Cost::Free, Preview::certain(), "end turn");
    }
}

impl View<'_, '_, '_> {
    fn enemy(&self, me: Entity, other: Entity) -> bool {
        match (self.fighters.get(me), self.fighters.get(other)) {
            (Ok(a), Ok(b)) => a.side != b.side,
            _ => false,
        }
    }

    fn region(&self, e: Entity) -> RegionId {
        self.fighters.get(e).map_or(RegionId(0), |f| f.region.0)
    }

    /// The engaged enemies that would take an opportunity attack against `e` now (AR-14).
    fn opportunity_foes(&self, e: Entity) -> Vec<Entity> {
        self.engagements.get(e).map_or(Vec::new(), |x| {
            x.foes()
                .filter(|f| {
                    self.fighters.get(*f).is_ok_and(|y| {
                        opportunity_attack(&y.sheet.0, y.state, y.conditions, *y.status).is_some()
                    })
                })
                .collect()
        })
    }

    /// Opportunity attacks an attack draws (AR-12): a ranged attack from the engagers it does
    /// not target, a ranged spell from every engager, melee attacks and close spells none.
    fn attack_provokes(&self, actor: Entity, target: Entity, def: &AttackDef, coup: bool) -> u8 {
        let foes = self.opportunity_foes(actor);
        let count = match def.kind {
            AttackKind::Melee | AttackKind::CloseSpell => 0,
            AttackKind::RangedSpell => foes.len(),
            AttackKind::Ranged => {
                let targeted = if coup {
                    vec![target]
                } else {
                    targets_in(self.p, self.roster, (actor, target), def.targets)
                };
                foes.iter().filter(|f| !targeted.contains(f)).count()
            }
        };
        count.min(usize::from(u8::MAX)) as u8
    }

    fn active_foes(&self, e: Entity) -> usize {
        self.engagements.get(e).map_or(0, |x| {
            x.foes()
                .filter(|f| self.fighters.get(*f).is_ok_and(|y| y.status.is_active()))
                .count()
        })
    }
}

/// Expected damage and chances of an attack, exactly over the d20 (resistance included).
fn attack_preview(
    view: &View,
    actor: Entity,
    target: Entity,
    index: usize,
    attack: &SheetAttack,
    coup: bool,
) -> Preview {
    let Some((odds, _)) = odds_in(view.p, view.map, view.escalation, (actor, target, index)) else {
        return Preview::default();
    };
    let Ok(t) = view.fighters.get(target) else {
        return Preview::default();
    };
    let resistance = t.sheet.0.resistance(attack.def.damage_type);
    let mult = crit_multiplier(attack.def.crit_steps);
    let hp = t.hp.current + t.hp.temp;
    if coup {
        return Preview {
            hit_chance: 1.0,
            damage_on_hit: attack.mean * mult as f32,
            expected_damage: attack.mean * mult as f32,
            kill_chance: attack.chance_at_least(hp, mult),
            ..Preview::default()
        };
    }
    let seen = if odds.invisible { 0.5 } else { 1.0 };
    let (mut expected, mut kill) = (0.0f32, 0.0f32);
    for natural in 1..=20i64 {
        let mut p = 1.0 / 20.0;
        if odds.reroll_twos {
            p = if natural == 2 {
                1.0 / 400.0
            } else {
                p + 1.0 / 400.0
            };
        }
        let half = resistance.is_some_and(|n| natural < i64::from(n));
        let factor = if half { 0.5 } else { 1.0 };
        match judge(natural, natural + odds.bonus, odds.defense, odds.crit_from) {
            AttackResult::Crit => {
                expected += p * attack.mean * mult as f32 * factor;
                kill += p * attack.chance_at_least(if half { hp * 2 } else { hp }, mult);
            }
            AttackResult::Hit => {
                expected += p * attack.mean * factor;
                kill += p * attack.chance_at_least(if half { hp * 2 } else { hp }, 1);
            }
            AttackResult::Miss => expected += p * attack.miss as f32 * factor,
            AttackResult::Fumble => {}
        }
    }
    let (hit, crit, _) = chances(&odds);
    Preview {
        hit_chance: hit + crit,
        damage_on_hit: attack.mean,
        expected_damage: expected * seen,
        kill_chance: kill * seen,
        ..Preview::default()
    }
}

fn usable(spent: &[bool], i: usize, usage: Usage) -> bool {
    usage != Usage::Interrupt && !spent.get(i).copied().unwrap_or(false)
}

fn offer_attacks(view: &View, actor: Entity, out: &mut Options) {
    let Ok(f) = view.fighters.get(actor) else {
        return;
    };
    if !f.slots.can_pay(Slot::Standard) {
        return;
    }
    let sheet = &f.sheet.0;
    let hampered = f.conditions.has(Condition::Hampered);
    let confused = f.conditions.has(Condition::Confused);
    let grabbed = f.state.grabbed_by.is_some();
    let here = f.region.0;
    let can_coup = *f.slots == ActionSlots::full();
    let engaged_with: Vec<Entity> = view
        .engagements
        .get(actor)
        .map(|e| e.foes().filter(|x| view.enemy(actor, *x)).collect())
        .unwrap_or_default();
    for (i, attack) in sheet.attacks.iter().enumerate() {
        let def = &attack.def;
        if !usable(&f.state.attacks_spent, i, def.usage)
            || (hampered && !def.basic)
            || (confused && def.usage != Usage::AtWill)
            || (grabbed && def.kind.is_ranged())
        {
            continue;
        }
        let candidates: Vec<Entity> = match def.kind {
            AttackKind::Melee | AttackKind::CloseSpell => engaged_with.clone(),
            AttackKind::Ranged | AttackKind::RangedSpell => {
                let reach = if def.reach == Reach::FarAway { 2 } else { 1 };
                view.roster
                    .entities()
                    .filter(|&e| {
                        view.enemy(actor, e) && view.map.hops(here, view.region(e)) <= reach
                    })
                    .collect()
            }
        };
        for target in candidates {
            let Ok(t) = view.fighters.get(target) else {
                continue;
            };
            if !t.status.takes_turns() {
                continue;
            }
            let intent = Intent::Attack {
                target,
                attack: AttackId(i as u16),
                maneuver: Maneuver::Standard,
            };
            let mut preview = Preview {
                provokes: view.attack_provokes(actor, target, def, false),
                ..attack_preview(view, actor, target, i, attack, false)
            };
            if let Targets::Group(_) = def.targets {
                // A group attack's mean damage counts every enemy it would hit (AR-09, AR-43).
                for other in targets_in(view.p, view.roster, (actor, target), def.targets)
                    .into_iter()
                    .skip(1)
                {
                    preview.expected_damage +=
                        attack_preview(view, actor, other, i, attack, false).expected_damage;
                }
            }
            out.push_labelled(intent, Cost::Slot(Slot::Standard), preview, &attack.label);
            // Coup de grace on a helpless enemy you are engaged with, with any standard action
            // attack; it then takes that enemy alone (AR-28).
            let helpless = t.conditions.has(Condition::Helpless) || *t.status == Status::Down;
            if can_coup && helpless && engaged_with.contains(&target) {
                let intent = Intent::Attack {
                    target,
                    attack: AttackId(i as u16),
                    maneuver: Maneuver::CoupDeGrace,
                };
                let preview = Preview {
                    provokes: view.attack_provokes(actor, target, def, true),
                    ..attack_preview(view, actor, target, i, attack, true)
                };
                out.push_labelled(intent, Cost::AllSlots, preview, &attack.label);
            }
        }
    }
}

fn offer_movement(view: &View, actor: Entity, out: &mut Options) {
    let Ok(f) = view.fighters.get(actor) else {
        return;
    };
    let stuck = f.conditions.has(Condition::Stuck);
    if stuck {
        return;
    }
    let free = f.state.free_move;
    let move_cost = if free {
        Cost::Free
    } else {
        Cost::Slot(Slot::Move)
    };
    let can_move = free || f.slots.can_pay(Slot::Move);
    let foes = view.active_foes(actor);
    let grabbed = f.state.grabbed_by.is_some();
    let here = f.region.0;
    if can_move && foes == 0 && !grabbed {
        for target in view.roster.entities() {
            let Ok(t) = view.fighters.get(target) else {
                continue;
            };
            if view.enemy(actor, target)
                && t.status.is_active()
                && view.map.hops(here, t.region.0) <= 1
            {
                out.push(
                    Intent::Engage { target },
                    move_cost,
                    Preview::certain(),
                    "engage",
                );
            }
        }
    }
    if can_move && (!grabbed || f.state.disengaged) {
        let provokes = if f.state.disengaged {
            0
        } else {
            view.opportunity_foes(actor).len().min(usize::from(u8::MAX)) as u8
        };
        for &to in view.map.neighbours(here) {
            out.push(
                Intent::Move { to },
                move_cost,
                Preview {
                    provokes,
                    ..Preview::certain()
                },
                "move",
            );
        }
    }
    if foes > 0 && !free && !f.state.disengaged && f.slots.can_pay(Slot::Move) {
        let grabbed_unhit = grabbed && !f.state.hit_grabber;
        let chance = d20_at_least(disengage_target(foes, grabbed_unhit));
        out.push(
            Intent::Disengage,
            Cost::Slot(Slot::Move),
            Preview {
                hit_chance: chance,
                ..Preview::default()
            },
            "disengage",
        );
    }
}

fn offer_support(view: &View, actor: Entity, round: u32, out: &mut Options) {
    let Ok(f) = view.fighters.get(actor) else {
        return;
    };
    let sheet = &f.sheet.0;
    let here = f.region.0;
    let standard = f.slots.can_pay(Slot::Standard);
    // Rally (AR-25).
    if sheet.hero
        && standard
        && f.hp.missing() > 0
        && (f.state.rallies == 0 || f.state.rally_blocked_round != round)
    {
        let mut heal = sheet.mean_recovery();
        if f.state.recoveries == 0 {
            heal /= 2.0;
        }
        let chance = if f.state.rallies == 0 { 1.0 } else { 0.5 };
        out.push(
            Intent::Rally,
            Cost::Slot(Slot::Standard),
            Preview {
                hit_chance: chance,
                expected_healing: heal * chance,
                ..Preview::default()
            },
            "rally",
        );
    }
    // Powers: a confused creature cannot use its limited ones (AR-27); spells other than
    // close-quarters ones draw opportunity attacks (AR-12).
    let confused = f.conditions.has(Condition::Confused);
    let spell_provokes = view.opportunity_foes(actor).len().min(usize::from(u8::MAX)) as u8;
    for (i, power) in sheet.powers.iter().enumerate() {
        let def = &power.def;
        if f.state.powers_spent.get(i).copied().unwrap_or(false)
            || !f.slots.can_pay(def.action)
            || (confused && def.usage != Usage::AtWill)
        {
            continue;
        }
        let allies: Vec<Entity> = match def.target {
            PowerTarget::Myself => vec![actor],
            PowerTarget::NearbyAlly => view
                .roster
                .entities()
                .filter(|&e| {
                    !view.enemy(actor, e)
                        && view.fighters.get(e).is_ok_and(|x| {
                            x.status.takes_turns() && view.map.hops(here, x.region.0) <= 1
                        })
                })
                .collect(),
        };
        for ally in allies {
            let Ok(a) = view.fighters.get(ally) else {
                continue;
            };
            let healing = match &def.effect {
                PowerEffect::HealWithRecovery { bonus } => {
                    let mean = a.sheet.0.mean_recovery() + *bonus as f32;
                    if a.state.recoveries == 0 {
                        mean / 2.0
                    } else {
                        mean
                    }
                }
                PowerEffect::Heal(dice) => dice.distribution().map_or(0.0, |d| d.mean() as f32),
                PowerEffect::TempHp(n) => *n as f32,
            };
            let target = (def.target == PowerTarget::NearbyAlly).then_some(ally);
            let preview = Preview {
                expected_healing: healing,
                provokes: if def.close { 0 } else { spell_provokes },
                ..Preview::certain()
            };
            out.push_labelled(
                Intent::UseAbility {
                    ability: AbilityId(i as u16),
                    target,
                },
                Cost::Slot(def.action),
                preview,
                &power.label,
            );
        }
    }
    // Stabilize a fallen ally in the same region (AR-26).
    if sheet.hero && standard {
        for e in view.roster.entities() {
            let Ok(t) = view.fighters.get(e) else {
                continue;
            };
            if e != actor
                && !view.enemy(actor, e)
                && *t.status == Status::Down
                && !t.state.stabilized
                && !t.state.coma
                && t.region.0 == here
            {
                let chance =
                    d20_at_least(STABILIZE_DC - i64::from(sheet.wis_mod + i32::from(sheet.level)));
                out.push(
                    Intent::Stabilize { target: e },
                    Cost::Slot(Slot::Standard),
                    Preview {
                        hit_chance: chance,
                        ..Preview::default()
                    },
                    "stabilize",
                );
            }
        }
    }
    // Ready a basic attack (AR-03): the readied attack hits whoever sets it off. Fray's
    // ruling: the intents a client can ready are basic attacks (a melee one against an enemy
    // engaging you, a ranged one against an enemy moving nearby); the text also allows
    // readying moves and free actions, which no trigger here needs.
    if standard && f.state.readied.is_none() {
        let engaged = view.active_foes(actor) > 0;
        for (i, a) in sheet.attacks.iter().enumerate() {
            if !a.def.basic {
                continue;
            }
            let trigger = match a.def.kind {
                AttackKind::Melee if !engaged => Trigger::EnemyEngagesMe,
                AttackKind::Ranged => Trigger::EnemyMoves,
                _ => continue,
            };
            let readied = Intent::Attack {
                target: actor,
                attack: AttackId(i as u16),
                maneuver: Maneuver::Standard,
            };
            out.push(
                Intent::Ready {
                    trigger,
                    intent: Box::new(readied),
                },
                Cost::Slot(Slot::Standard),
                Preview::default(),
                "ready",
            );
        }
    }
}
