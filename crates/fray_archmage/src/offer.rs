//! The legal intents of the acting combatant, each with its cost and an exact preview.

use std::sync::{Arc, OnceLock};

use bevy_ecs::prelude::*;
use fray_core::prelude::*;
use fray_core::turn::TurnOrder;

use crate::attack::{fires, group_targets, odds_between};
use crate::battle::Archmage;
use crate::ctx::Arch;
use crate::fighter::{FighterReadOnlyItem, Lineup, chances, opportunity_attack};
use crate::rules::{AttackResult, STABILIZE_DC, crit_multiplier, disengage_target, judge};
use crate::sheet::SheetAttack;
use crate::statblock::{
    AttackDef, AttackKind, OnHit, PowerEffect, PowerTarget, Reach, Targets, Usage,
};

/// Chance a d20 reaches `needed`.
fn d20_at_least(needed: i64) -> f32 {
    ((21 - needed).clamp(0, 20)) as f32 / 20.0
}

/// Labels shared by every offer and reaction, made once (an option's label is an `Arc<str>`:
/// cloning one is cheaper than allocating it again for every option).
pub(crate) struct Labels {
    pub delay: Arc<str>,
    pub flee: Arc<str>,
    pub end_turn: Arc<str>,
    pub engage: Arc<str>,
    pub movement: Arc<str>,
    pub disengage: Arc<str>,
    pub rally: Arc<str>,
    pub stabilize: Arc<str>,
    pub ready: Arc<str>,
    pub pass: Arc<str>,
    pub readied: Arc<str>,
    pub intercept: Arc<str>,
}

impl Labels {
    /// The labels.
    pub fn get() -> &'static Labels {
        static LABELS: OnceLock<Labels> = OnceLock::new();
        LABELS.get_or_init(|| Labels {
            delay: Arc::from("delay"),
            flee: Arc::from("flee (the whole party)"),
            end_turn: Arc::from("end turn"),
            engage: Arc::from("engage"),
            movement: Arc::from("move"),
            disengage: Arc::from("disengage"),
            rally: Arc::from("rally"),
            stabilize: Arc::from("stabilize"),
            ready: Arc::from("ready"),
            pass: Arc::from("pass"),
            readied: Arc::from("readied action"),
            intercept: Arc::from("intercept"),
        })
    }
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
    let labels = Labels::get();
    for (encounter, turn, mut options, roster, map, battle, order) in &mut encounters {
        if encounter.phase != Phase::Acting || options.is_current(turn) {
            continue;
        }
        let Some(actor) = turn.actor else { continue };
        options.reset(turn);
        let lineup = Lineup::new(roster, &p.fighters, &p.engagements);
        let Some(f) = lineup.get(actor) else {
            continue;
        };
        let mut out = Options {
            list: &mut options,
            labels,
        };
        if !f.status.is_active() || f.conditions.has(Condition::Stunned) {
            out.end_turn();
            continue;
        }
        let view = View::new(&lineup, &p.effects, map, battle.escalation, roster, actor);
        offer_attacks(&view, f, &mut out);
        offer_movement(&view, f, &mut out);
        offer_support(&view, f, encounter.round, &mut out);
        let nothing_spent =
            *f.slots == ActionSlots::full() && !f.state.free_move && turn.actions == 0;
        let someone_after = order
            .upcoming()
            .any(|e| lineup.get(e).is_some_and(|x| x.status.takes_turns()));
        if nothing_spent && someone_after {
            out.push(Intent::Delay, Cost::Free, Preview::certain(), &labels.delay);
        }
        if f.sheet.0.hero {
            out.push(Intent::Flee, Cost::Free, Preview::certain(), &labels.flee);
        }
        out.end_turn();
    }
}

/// The encounter as the acting combatant's offer sees it.
struct View<'a, 'w, 's> {
    lineup: &'a Lineup<'a, 's>,
    effects: &'a Query<'w, 's, (&'static Effect, &'static EffectOf)>,
    map: &'a EncounterMap,
    escalation: u8,
    roster: &'a Roster,
    /// The actor's side.
    side: SideId,
    /// The engaged enemies that would take an opportunity attack against the actor now
    /// (AR-14).
    opportunity_foes: Vec<Entity>,
    /// Active enemies engaged with the actor.
    active_foes: usize,
}

struct Options<'a> {
    list: &'a mut ActionOptions,
    labels: &'static Labels,
}

impl Options<'_> {
    fn push(&mut self, intent: Intent, cost: Cost, preview: Preview, label: &Arc<str>) {
        self.list.push(intent, cost, preview, label.clone());
    }

    fn end_turn(&mut self) {
        let labels = self.labels;
        self.push(
            Intent::EndTurn,
            Cost::Free,
            Preview::certain(),
            &labels.end_turn,
        );
    }
}

impl<'a, 'w, 's> View<'a, 'w, 's> {
    fn new(
        lineup: &'a Lineup<'a, 's>,
        effects: &'a Query<'w, 's, (&'static Effect, &'static EffectOf)>,
        map: &'a EncounterMap,
        escalation: u8,
        roster: &'a Roster,
        actor: Entity,
    ) -> Self {
        let foes = || lineup.engagement(actor).into_iter().flat_map(|x| x.foes());
        let opportunity_foes = foes()
            .filter(|f| {
                lineup.get(*f).is_some_and(|y| {
                    opportunity_attack(&y.sheet.0, y.state, y.conditions, *y.status).is_some()
                })
            })
            .collect();
        let active_foes = foes()
            .filter(|f| lineup.get(*f).is_some_and(|y| y.status.is_active()))
            .count();
        Self {
            lineup,
            effects,
            map,
            escalation,
            roster,
            side: lineup.get(actor).map_or(SideId(0), |f| f.side.0),
            opportunity_foes,
            active_foes,
        }
    }

    /// Whether `other` is an enemy of the actor.
    fn enemy(&self, other: Entity) -> bool {
        self.lineup
            .get(other)
            .is_some_and(|b| b.side.0 != self.side)
    }

    fn stand(&self, e: Entity) -> Option<(SideId, RegionId, bool)> {
        self.lineup
            .get(e)
            .map(|x| (x.side.0, x.region.0, x.status.is_active()))
    }

    fn targets(&self, actor: Entity, first: Entity, targets: Targets) -> Vec<Entity> {
        group_targets(self.roster, (actor, first), targets, |e| self.stand(e))
    }

    /// Opportunity attacks an attack by the actor draws (AR-12): a ranged attack from the
    /// engagers it does not target, a ranged spell from every engager, melee attacks and close
    /// spells none.
    fn attack_provokes(&self, actor: Entity, target: Entity, def: &AttackDef, coup: bool) -> u8 {
        let foes = &self.opportunity_foes;
        let count = match def.kind {
            AttackKind::Melee | AttackKind::CloseSpell => 0,
            AttackKind::RangedSpell => foes.len(),
            AttackKind::Ranged => {
                let targeted = if coup {
                    vec![target]
                } else {
                    self.targets(actor, target, def.targets)
                };
                foes.iter().filter(|f| !targeted.contains(f)).count()
            }
        };
        count.min(usize::from(u8::MAX)) as u8
    }

    /// Provocations of a move or a spell: every engager able to make an opportunity attack.
    fn provokes(&self) -> u8 {
        self.opportunity_foes.len().min(usize::from(u8::MAX)) as u8
    }
}

/// Expected damage and chances of an attack, exactly over the d20 (resistance included).
fn attack_preview(
    view: &View,
    a: &FighterReadOnlyItem,
    target: Entity,
    index: usize,
    attack: &SheetAttack,
    coup: bool,
) -> Preview {
    let Some(t) = view.lineup.get(target) else {
        return Preview::default();
    };
    let (attacker, side) = (a.entity, a.side.0);
    let Some((odds, _)) = odds_between(
        (a, t, view.lineup.engagement(target)),
        index,
        (view.map, view.escalation, view.effects),
        |e| e != attacker && view.lineup.get(e).is_some_and(|f| f.side.0 == side),
    ) else {
        return Preview::default();
    };
    let resistance = t.sheet.0.resistance(attack.def.damage_type);
    let mult = crit_multiplier(attack.def.crit_steps);
    let hp = t.hp.current + t.hp.temp;
    // Whether a result leaves the target with something it does not have yet; an effect for
    // the weak ("N hp or fewer") counts when a hit of mean damage brings it there.
    let hp_after_hit = t.hp.current - attack.mean.round() as i32;
    let anew = |effect: &OnHit| inflicts_anew(effect, t, hp_after_hit);
    let may_inflict = attack.def.effects.iter().any(|(_, effect)| anew(effect));
    let inflicting = |natural: i64, result: AttackResult| {
        may_inflict
            && attack
                .def
                .effects
                .iter()
                .any(|(when, effect)| fires(*when, result, natural) && anew(effect))
    };
    if coup {
        return Preview {
            hit_chance: 1.0,
            damage_on_hit: attack.mean * mult as f32,
            expected_damage: attack.mean * mult as f32,
            kill_chance: attack.chance_at_least(hp, mult),
            inflicts: if inflicting(20, AttackResult::Crit) {
                1.0
            } else {
                0.0
            },
            ..Preview::default()
        };
    }
    let seen = if odds.invisible { 0.5 } else { 1.0 };
    // The chance a hit and a crit take the target out, by whether resistance halves the
    // damage (the same for every natural that hits, so worked out once).
    let kill_if = |half: bool| {
        let hp = if half { hp * 2 } else { hp };
        (
            attack.chance_at_least(hp, 1),
            attack.chance_at_least(hp, mult),
        )
    };
    let (whole, halved) = (kill_if(false), kill_if(true));
    let (mut expected, mut kill, mut inflicts) = (0.0f32, 0.0f32, 0.0f32);
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
        let (kill_on_hit, kill_on_crit) = if half { halved } else { whole };
        let result = judge(natural, natural + odds.bonus, odds.defense, odds.crit_from);
        if inflicting(natural, result) {
            inflicts += p;
        }
        match result {
            AttackResult::Crit => {
                expected += p * attack.mean * mult as f32 * factor;
                kill += p * kill_on_crit;
            }
            AttackResult::Hit => {
                expected += p * attack.mean * factor;
                kill += p * kill_on_hit;
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
        inflicts: inflicts * seen,
        ..Preview::default()
    }
}

/// Whether `effect` would leave `target` with something it does not have yet, the target
/// having `hp_after` hit points once the blow lands: ongoing damage always, a condition it
/// lacks (for "N hp or fewer" only at that), a grab of a target nobody holds.
fn inflicts_anew(effect: &OnHit, target: &FighterReadOnlyItem, hp_after: i32) -> bool {
    match effect {
        OnHit::Ongoing { .. } => true,
        OnHit::Inflict {
            condition,
            hp_at_most,
            ..
        } => !target.conditions.has(*condition) && hp_at_most.is_none_or(|n| hp_after <= n),
        OnHit::Grab => target.state.grabbed_by.is_none(),
        OnHit::TempHp(_) | OnHit::Damage(_) => false,
    }
}

fn usable(spent: &[bool], i: usize, usage: Usage) -> bool {
    usage != Usage::Interrupt && !spent.get(i).copied().unwrap_or(false)
}

fn offer_attacks(view: &View, f: &FighterReadOnlyItem, out: &mut Options) {
    if !f.slots.can_pay(Slot::Standard) {
        return;
    }
    let actor = f.entity;
    let sheet = &f.sheet.0;
    let hampered = f.conditions.has(Condition::Hampered);
    let confused = f.conditions.has(Condition::Confused);
    let grabbed = f.state.grabbed_by.is_some();
    let here = f.region.0;
    let can_coup = *f.slots == ActionSlots::full();
    let engaged_with: Vec<Entity> = view
        .lineup
        .engagement(actor)
        .map(|e| e.foes().filter(|x| view.enemy(*x)).collect())
        .unwrap_or_default();
    let mut candidates: Vec<Entity> = Vec::new();
    for (i, attack) in sheet.attacks.iter().enumerate() {
        let def = &attack.def;
        if !usable(&f.state.attacks_spent, i, def.usage)
            || (hampered && !def.basic)
            || (confused && def.usage != Usage::AtWill)
            || (grabbed && def.kind.is_ranged())
        {
            continue;
        }
        candidates.clear();
        match def.kind {
            AttackKind::Melee | AttackKind::CloseSpell => candidates.extend(&engaged_with),
            AttackKind::Ranged | AttackKind::RangedSpell => {
                let reach = if def.reach == Reach::FarAway { 2 } else { 1 };
                candidates.extend(
                    view.lineup
                        .iter()
                        .filter(|x| {
                            x.side.0 != view.side && view.map.hops(here, x.region.0) <= reach
                        })
                        .map(|x| x.entity),
                );
            }
        }
        for &target in &candidates {
            let Some(t) = view.lineup.get(target) else {
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
                ..attack_preview(view, f, target, i, attack, false)
            };
            if let Targets::Group(_) = def.targets {
                // A group attack's mean damage counts every enemy it would hit (AR-09, AR-43).
                for other in view.targets(actor, target, def.targets).into_iter().skip(1) {
                    preview.expected_damage +=
                        attack_preview(view, f, other, i, attack, false).expected_damage;
                }
            }
            out.push(intent, Cost::Slot(Slot::Standard), preview, &attack.label);
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
                    ..attack_preview(view, f, target, i, attack, true)
                };
                out.push(intent, Cost::AllSlots, preview, &attack.label);
            }
        }
    }
}

fn offer_movement(view: &View, f: &FighterReadOnlyItem, out: &mut Options) {
    let stuck = f.conditions.has(Condition::Stuck);
    if stuck {
        return;
    }
    let labels = out.labels;
    let free = f.state.free_move;
    let move_cost = if free {
        Cost::Free
    } else {
        Cost::Slot(Slot::Move)
    };
    let can_move = free || f.slots.can_pay(Slot::Move);
    let foes = view.active_foes;
    let grabbed = f.state.grabbed_by.is_some();
    let here = f.region.0;
    if can_move && foes == 0 && !grabbed {
        for t in view.lineup.iter() {
            if t.side.0 != view.side && t.status.is_active() && view.map.hops(here, t.region.0) <= 1
            {
                out.push(
                    Intent::Engage { target: t.entity },
                    move_cost,
                    Preview::certain(),
                    &labels.engage,
                );
            }
        }
    }
    if can_move && (!grabbed || f.state.disengaged) {
        let provokes = if f.state.disengaged {
            0
        } else {
            view.provokes()
        };
        for &to in view.map.neighbours(here) {
            out.push(
                Intent::Move { to },
                move_cost,
                Preview {
                    provokes,
                    ..Preview::certain()
                },
                &labels.movement,
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
            &labels.disengage,
        );
    }
}

fn offer_support(view: &View, f: &FighterReadOnlyItem, round: u32, out: &mut Options) {
    let labels = out.labels;
    let actor = f.entity;
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
            &labels.rally,
        );
    }
    // Powers: a confused creature cannot use its limited ones (AR-27); spells other than
    // close-quarters ones draw opportunity attacks (AR-12).
    let confused = f.conditions.has(Condition::Confused);
    let spell_provokes = view.provokes();
    for (i, power) in sheet.powers.iter().enumerate() {
        let def = &power.def;
        if f.state.powers_spent.get(i).copied().unwrap_or(false)
            || !f.slots.can_pay(def.action)
            || (confused && def.usage != Usage::AtWill)
        {
            continue;
        }
        let mut offer_on = |a: &FighterReadOnlyItem| {
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
            let target = (def.target == PowerTarget::NearbyAlly).then_some(a.entity);
            let preview = Preview {
                expected_healing: healing,
                provokes: if def.close { 0 } else { spell_provokes },
                ..Preview::certain()
            };
            out.push(
                Intent::UseAbility {
                    ability: AbilityId(i as u16),
                    target,
                },
                Cost::Slot(def.action),
                preview,
                &power.label,
            );
        };
        match def.target {
            PowerTarget::Myself => offer_on(f),
            PowerTarget::NearbyAlly => {
                for a in view.lineup.iter().filter(|x| {
                    x.side.0 == view.side
                        && x.status.takes_turns()
                        && view.map.hops(here, x.region.0) <= 1
                }) {
                    offer_on(a);
                }
            }
        }
    }
    // Stabilize a fallen ally in the same region (AR-26).
    if sheet.hero && standard {
        for t in view.lineup.iter() {
            if t.entity != actor
                && t.side.0 == view.side
                && *t.status == Status::Down
                && !t.state.stabilized
                && !t.state.coma
                && t.region.0 == here
            {
                let chance =
                    d20_at_least(STABILIZE_DC - i64::from(sheet.wis_mod + i32::from(sheet.level)));
                out.push(
                    Intent::Stabilize { target: t.entity },
                    Cost::Slot(Slot::Standard),
                    Preview {
                        hit_chance: chance,
                        ..Preview::default()
                    },
                    &labels.stabilize,
                );
            }
        }
    }
    // Ready a basic attack (AR-03): the readied attack hits whoever sets it off. Fray's
    // ruling: the intents a client can ready are basic attacks (a melee one against an enemy
    // engaging you, a ranged one against an enemy moving nearby); the text also allows
    // readying moves and free actions, which no trigger here needs.
    if standard && f.state.readied.is_none() {
        let engaged = view.active_foes > 0;
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
                &labels.ready,
            );
        }
    }
}
