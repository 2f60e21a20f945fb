//! The legal intents of the acting OHO combatant, priced in seconds of its gauge, with exact
//! previews for attacks.
//!
//! - Attack a creature it engages, within the weapon's reach: a normal action (3 s), or a
//!   full-round action taking the whole untouched gauge; ordinary or called at the head, an arm,
//!   a leg or the groin (OHO-08, OHO-15).
//! - Engage a creature within reach (1 s), while it engages fewer than its limit (OHO-13).
//! - Disengage (1 s) from every engagement, either way (OHO-13).
//! - Move into a neighbouring region, priced as the quickest mix of move actions and dashes
//!   that covers the region and its hamper value (OHO-04, OHO-06).
//! - Withhold an attack or a move until a trigger: 0.5 s for the reaction plus the action's own
//!   time, paid now (OHO-05).
//! - End the turn.

use std::sync::{Arc, OnceLock};

use bevy_ecs::prelude::*;
use fray_core::prelude::*;
use fray_core::rng::derive_seed;

use crate::fighter::{
    FighterReadOnly, FighterReadOnlyItem, able, attack_penalty, defense_penalty, pace, save_penalty,
};
use crate::odds::{Defender, OddsCache, Striker};
use crate::rules::{QUICK, REACTION, crossing_feet, stride};
use crate::sheet::SheetWeapon;
use crate::statblock::Rider;
use crate::state::Oho;

/// Aims an attack may take: ordinary, then the called shots (OHO-15).
pub(crate) const AIMS: [Option<BodyPart>; 5] = [
    None,
    Some(BodyPart::Head),
    Some(BodyPart::Arm),
    Some(BodyPart::Leg),
    Some(BodyPart::Groin),
];

/// Labels shared by every offer, made once.
pub(crate) struct Labels {
    pub engage: Arc<str>,
    pub disengage: Arc<str>,
    pub end_turn: Arc<str>,
    pub pass: Arc<str>,
    pub withhold_move: Arc<str>,
    /// `move (2 moves + dash)`, by moves (0-3) and dashes (0-7).
    moves: Vec<Vec<Arc<str>>>,
}

impl Labels {
    pub fn get() -> &'static Labels {
        static LABELS: OnceLock<Labels> = OnceLock::new();
        LABELS.get_or_init(|| Labels {
            engage: Arc::from("engage"),
            disengage: Arc::from("disengage"),
            end_turn: Arc::from("end turn"),
            pass: Arc::from("pass"),
            withhold_move: Arc::from("withhold a move"),
            moves: (0..4u8)
                .map(|moves| {
                    (0..8u8)
                        .map(|dashes| {
                            let s = crate::rules::Stride { moves, dashes };
                            Arc::from(format!("move ({})", s.describe()))
                        })
                        .collect()
                })
                .collect(),
        })
    }

    pub fn movement(&self, s: crate::rules::Stride) -> Arc<str> {
        self.moves
            .get(usize::from(s.moves))
            .and_then(|m| m.get(usize::from(s.dashes)))
            .cloned()
            .unwrap_or_else(|| Arc::from(format!("move ({})", s.describe())))
    }
}

/// The time an attack with `weapon` takes: a normal action, or the whole gauge for a
/// full-round action (OHO-02, OHO-03).
pub(crate) fn attack_time(weapon: &SheetWeapon, atg: &Atg) -> u16 {
    if weapon.full_round {
        atg.max
    } else {
        crate::rules::NORMAL
    }
}

/// Whether `weapon` can be used with `left` tenths of `atg`: a full-round action needs the
/// whole gauge, untouched this turn.
pub(crate) fn affordable(weapon: &SheetWeapon, atg: &Atg) -> bool {
    if weapon.full_round {
        atg.remaining == atg.max && atg.max == crate::rules::FULL_ROUND
    } else {
        atg.remaining >= crate::rules::NORMAL
    }
}

/// The two sides of an attack's preview, as the fighters stand now.
pub(crate) fn preview(
    cache: &mut OddsCache,
    attacker: &FighterReadOnlyItem,
    weapon: &SheetWeapon,
    target: &FighterReadOnlyItem,
    aim: Option<BodyPart>,
) -> Preview {
    let striker = Striker {
        weapon,
        penalty: attack_penalty(attacker.conditions, attacker.state, weapon),
        aim,
    };
    let defender = Defender {
        sheet: &target.sheet.0,
        defense: defense_penalty(target.conditions, target.state),
        save: save_penalty(target.conditions, target.state),
        health: target.hp.current,
        hits: target.state.hits,
        injuries: target.state.injuries,
    };
    let mut preview = cache.preview(&striker, &defender);
    // Riders come with a failed Fortitude roll (every band but the first).
    if weapon.riders.iter().any(|r| rider_is_new(*r, target)) {
        preview.inflicts = preview.hit_chance * (1.0 - preview.bands[0]);
    }
    preview
}

/// Whether `rider` would give `target` something it does not have yet: a condition it lacks,
/// a curse on an ability not cursed, exhaustion short of the last level.
fn rider_is_new(rider: Rider, target: &FighterReadOnlyItem) -> bool {
    match rider {
        Rider::Condition(c, _) => !target.conditions.has(c),
        Rider::Curse(ability) => !target.state.cursed(ability),
        Rider::Exhaustion(_) => target.state.exhaustion < crate::rules::MAX_EXHAUSTION,
    }
}

/// Whether `attacker` could strike `target` with `weapon` aimed at `aim`, time aside: it
/// engages the target, the target stands within reach and is in the fight, and a blinded
/// attacker neither shoots nor calls its shots (they need sight, OHO-20).
pub(crate) fn can_strike(
    attacker: &FighterReadOnlyItem,
    engagement: &Engagement,
    weapon: &SheetWeapon,
    target: &FighterReadOnlyItem,
    map: &EncounterMap,
    aim: Option<BodyPart>,
) -> bool {
    let blind = attacker.conditions.has(Condition::Blinded);
    engagement.engaging().contains(&target.entity)
        && target.status.is_active()
        && map.hops(attacker.region.0, target.region.0) <= weapon.reach
        && !(blind && (weapon.reach > 0 || aim.is_some()))
}

/// Fills the options of every OHO encounter whose acting combatant has a decision to make.
pub(crate) fn offer(
    mut encounters: Query<
        (
            &Encounter,
            &Turn,
            &mut ActionOptions,
            &Roster,
            &EncounterMap,
        ),
        With<Oho>,
    >,
    fighters: Query<FighterReadOnly>,
    engagements: Query<&Engagement>,
    mut cache: ResMut<OddsCache>,
    mut plain: Local<Vec<(usize, Entity, Preview)>>,
) {
    let labels = Labels::get();
    for (encounter, turn, mut options, roster, map) in &mut encounters {
        if encounter.phase != Phase::Acting || options.is_current(turn) {
            continue;
        }
        let Some(actor) = turn.actor else { continue };
        options.reset(turn);
        let (Ok(f), Ok(engagement)) = (fighters.get(actor), engagements.get(actor)) else {
            continue;
        };
        if able(*f.status, f.conditions) {
            plain.clear();
            let mut lineup = Vec::with_capacity(roster.entries.len());
            lineup.extend(roster.entities().filter_map(|e| fighters.get(e).ok()));
            let mut offers = Offers {
                list: &mut options.list,
                lineup: &lineup,
                cache: &mut cache,
                plain: &mut plain,
                map,
                labels,
                round: encounter.round,
            };
            offers.attacks(&f, engagement);
            offers.engagement(&f, engagement);
            offers.movement(&f, engagement);
            offers.withholding(&f, engagement);
        }
        options.push(
            Intent::EndTurn,
            Cost::Free,
            Preview::certain(),
            labels.end_turn.clone(),
        );
        if f.conditions.has(Condition::Confused) {
            // Confused: it acts at random (OHO-20). One of its legal actions is picked for it,
            // by a stream derived from the encounter's seed and the turn (no die of the fight's
            // own stream is spent, so offering stays free of side effects).
            let n = options.list.len() as u64;
            let pick = derive_seed(
                encounter.seed,
                (u64::from(turn.serial) << 32) | u64::from(turn.version),
            ) % n.max(1);
            let chosen = options.list.swap_remove(pick as usize);
            options.list.clear();
            options.list.push(chosen);
        }
    }
}

/// The offers of one decision being built.
struct Offers<'a, 'w, 's> {
    list: &'a mut Vec<ActionOption>,
    /// Every fighter of the encounter, looked up once, in roster order: the offers ask about
    /// the same few combatants many times.
    lineup: &'a [FighterReadOnlyItem<'w, 's>],
    cache: &'a mut OddsCache,
    /// The previews of ordinary attacks offered so far, by weapon and target.
    plain: &'a mut Vec<(usize, Entity, Preview)>,
    map: &'a EncounterMap,
    labels: &'static Labels,
    round: u32,
}

impl<'a, 'w, 's> Offers<'a, 'w, 's> {
    /// A fighter of the encounter.
    fn fighter(&self, e: Entity) -> Option<&'a FighterReadOnlyItem<'w, 's>> {
        let lineup: &'a [FighterReadOnlyItem<'w, 's>] = self.lineup;
        lineup.iter().find(|f| f.entity == e)
    }

    fn push(&mut self, intent: Intent, tenths: u16, preview: Preview, label: Arc<str>) {
        self.list.push(ActionOption {
            intent,
            cost: Cost::Seconds(tenths),
            preview,
            label,
        });
    }

    fn attacks(&mut self, f: &FighterReadOnlyItem, engagement: &Engagement) {
        let sheet = f.sheet.0.clone();
        for (i, weapon) in sheet.weapons.iter().enumerate() {
            if !affordable(weapon, f.atg) {
                continue;
            }
            let time = attack_time(weapon, f.atg);
            for &target in engagement.engaging() {
                let Some(t) = self.fighter(target) else {
                    continue;
                };
                for aim in AIMS {
                    if !can_strike(f, engagement, weapon, t, self.map, aim) {
                        continue;
                    }
                    let preview = preview(self.cache, f, weapon, t, aim);
                    if aim.is_none() {
                        self.plain.push((i, target, preview));
                    }
                    self.push(
                        Intent::Attack {
                            target,
                            attack: AttackId(i as u16),
                            maneuver: aim.map_or(Maneuver::Standard, Maneuver::Called),
                        },
                        time,
                        preview,
                        weapon.label_for(aim).clone(),
                    );
                }
            }
        }
    }

    fn engagement(&mut self, f: &FighterReadOnlyItem, engagement: &Engagement) {
        if f.atg.remaining < QUICK {
            return;
        }
        let room = engagement.engaging().len() < usize::from(f.sheet.0.engage_limit);
        // Frightened (undefined in the text): Fray's ruling is that it will not close in.
        if room && !f.conditions.has(Condition::Frightened) {
            let reach = f.sheet.0.reach();
            for t in self.lineup {
                let target = t.entity;
                if t.side == f.side
                    || !t.status.is_active()
                    || engagement.engaging().contains(&target)
                    || self.map.hops(f.region.0, t.region.0) > reach
                {
                    continue;
                }
                self.push(
                    Intent::Engage { target },
                    QUICK,
                    Preview::certain(),
                    self.labels.engage.clone(),
                );
            }
        }
        if engagement.is_engaged() {
            self.push(
                Intent::Disengage,
                QUICK,
                Preview::certain(),
                self.labels.disengage.clone(),
            );
        }
    }

    /// Who would get an attack of opportunity if `f` left its region now (OHO-14).
    fn threats(&self, f: &FighterReadOnlyItem, engagement: &Engagement) -> u8 {
        engagement
            .engaged_by()
            .iter()
            .filter(|e| {
                self.fighter(**e)
                    .is_some_and(|x| threatens(x, f.region.0, self.round))
            })
            .count() as u8
    }

    fn movement(&mut self, f: &FighterReadOnlyItem, engagement: &Engagement) {
        let (speed, dash) = pace(&f.sheet.0, f.conditions, f.state);
        let provokes = self.threats(f, engagement);
        for &to in self.map.neighbours(f.region.0) {
            let Some(s) = stride(crossing_feet(self.map.terrain(to).hamper), speed, dash) else {
                continue;
            };
            if s.tenths() > f.atg.remaining {
                continue;
            }
            let label = self.labels.movement(s);
            self.push(
                Intent::Move { to },
                s.tenths(),
                Preview {
                    provokes,
                    ..Preview::certain()
                },
                label,
            );
        }
    }

    fn withholding(&mut self, f: &FighterReadOnlyItem, engagement: &Engagement) {
        if f.state.withheld.is_some() {
            return;
        }
        let left = f.atg.remaining;
        let sheet = f.sheet.0.clone();
        let room = engagement.engaging().len() < usize::from(sheet.engage_limit)
            && !f.conditions.has(Condition::Frightened);
        for (i, weapon) in sheet.weapons.iter().enumerate() {
            if weapon.full_round {
                continue;
            }
            for t in self.lineup {
                let target = t.entity;
                if t.side == f.side || !t.status.is_active() {
                    continue;
                }
                let strike = Intent::Attack {
                    target,
                    attack: AttackId(i as u16),
                    maneuver: Maneuver::Standard,
                };
                let engaged = engagement.engaging().contains(&target);
                let triggers: &[(Trigger, u16)] = if engaged {
                    &[(Trigger::EnemyAttacksMe, 0), (Trigger::EnemyMoves, 0)]
                } else if room {
                    // Closing in is part of the withheld action: 1 s more (OHO-13).
                    &[(Trigger::EnemyEngagesMe, QUICK)]
                } else {
                    &[]
                };
                if self.map.hops(f.region.0, t.region.0) > weapon.reach
                    || (f.conditions.has(Condition::Blinded) && weapon.reach > 0)
                {
                    continue;
                }
                // The same strike whatever sets it off, and the same as the ordinary attack on
                // it offered above: its odds are worked out once.
                let mut odds = self
                    .plain
                    .iter()
                    .find(|(w, x, _)| *w == i && *x == target)
                    .map(|(_, _, p)| *p);
                for &(trigger, extra) in triggers {
                    let cost = REACTION + crate::rules::NORMAL + extra;
                    if cost > left {
                        continue;
                    }
                    let preview =
                        *odds.get_or_insert_with(|| preview(self.cache, f, weapon, t, None));
                    self.push(
                        Intent::Ready {
                            trigger,
                            intent: Box::new(strike.clone()),
                        },
                        cost,
                        preview,
                        weapon.withheld_label().clone(),
                    );
                }
            }
        }
        // A withheld move, to get out of the way of whoever comes to engage it: only while
        // nobody engages it (so the move draws no attack of opportunity).
        if engagement.engaged_by().is_empty() {
            let (speed, dash) = pace(&sheet, f.conditions, f.state);
            for &to in self.map.neighbours(f.region.0) {
                let Some(s) = stride(crossing_feet(self.map.terrain(to).hamper), speed, dash)
                else {
                    continue;
                };
                let cost = REACTION + s.tenths();
                if cost > left {
                    continue;
                }
                self.push(
                    Intent::Ready {
                        trigger: Trigger::EnemyEngagesMe,
                        intent: Box::new(Intent::Move { to }),
                    },
                    cost,
                    Preview::certain(),
                    self.labels.withhold_move.clone(),
                );
            }
        }
    }
}

/// Whether `x` threatens a creature in `region` that it engages: it stands there, can act and
/// has half a second for a reaction, and took no full-round action in round `round` (OHO-03,
/// OHO-14).
pub(crate) fn threatens(x: &FighterReadOnlyItem, region: RegionId, round: u32) -> bool {
    able(*x.status, x.conditions)
        && x.region.0 == region
        && x.atg.remaining >= REACTION
        && x.state.full_round_in != round
}
