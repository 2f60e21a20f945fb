//! The intents worth judging for an OHO combatant's turn, by domain, in the order a UI lists
//! them: attacks on the creatures it engages, engaging and disengaging, moves, withheld actions,
//! ending the turn. The legality function judges each; these only spare it hopeless ones.

use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_core::kit::prelude::*;
use smallvec::SmallVec;

use crate::Ctx;
use crate::body::{BodyPart, CALLED_ARM, CALLED_GROIN, CALLED_HEAD, CALLED_LEG};
use crate::fighter::{able, pace};
use crate::gauge::Atg;
use crate::labels::Labels;
use crate::rules::{NORMAL, QUICK, REACTION, Stride, crossing_feet, stride};
use crate::sheet::{SheetData, SheetWeapon};
use crate::state::OhoState;

/// Aims an attack may take: ordinary, then the called shots (OHO-15).
pub(crate) const AIMS: [Maneuver; 5] = [
    Maneuver::STANDARD,
    CALLED_HEAD,
    CALLED_ARM,
    CALLED_LEG,
    CALLED_GROIN,
];

/// The time an attack with `weapon` takes: a normal action, or the whole gauge for a
/// full-round action (OHO-02, OHO-03).
pub(crate) fn attack_time(weapon: &SheetWeapon, atg: &Atg) -> u16 {
    if weapon.full_round { atg.max } else { NORMAL }
}

/// Whether `weapon` can be used with what is left of `atg`: a full-round action needs the
/// whole gauge, untouched this turn.
pub(crate) fn affordable(weapon: &SheetWeapon, atg: &Atg) -> bool {
    if weapon.full_round {
        atg.remaining == atg.max && atg.max == crate::rules::FULL_ROUND
    } else {
        atg.remaining >= NORMAL
    }
}

/// What a turn's candidates need of another combatant, read once.
#[derive(Debug, Clone, Copy)]
struct Other {
    entity: Entity,
    /// On another side.
    enemy: bool,
    /// In the fight.
    active: bool,
    region: RegionId,
}

/// What the candidates of one turn are drawn from.
struct Turn<'c, 'a, 'i, 'w, 's> {
    ctx: &'c Ctx<'a, 'i, 'w, 's>,
    /// Everyone of the encounter, in roster order.
    lineup: SmallVec<[Other; 16]>,
    sheet: &'c SheetData,
    atg: Atg,
    state: OhoState,
    conditions: &'c Conditions,
    engaging: &'c [Entity],
    engaged_by: &'c [Entity],
    here: RegionId,
}

/// Calls `emit` with every intent worth judging for `actor`'s turn, and its label: nothing but
/// ending the turn for a creature that cannot act.
pub(crate) fn turn(ctx: &Ctx, actor: Entity, mut emit: impl FnMut(Intent, &Arc<str>)) {
    let labels = Labels::get();
    if let (Some(f), Some(conditions)) = (ctx.fighter(actor), ctx.conditions(actor))
        && able(ctx.status(actor), conditions)
    {
        let engagement = ctx.engagement(actor);
        let side = ctx.side(actor);
        let lineup = ctx
            .roster()
            .entities()
            .map(|e| Other {
                entity: e,
                enemy: side.is_some() && ctx.side(e).is_some_and(|s| Some(s) != side),
                active: ctx.status(e).is_active(),
                region: ctx.region(e),
            })
            .collect();
        let t = Turn {
            ctx,
            lineup,
            sheet: &f.sheet.0,
            atg: *f.atg,
            state: *f.state,
            conditions,
            engaging: engagement.map_or(&[], Engagement::engaging),
            engaged_by: engagement.map_or(&[], Engagement::engaged_by),
            here: ctx.region(actor),
        };
        t.attacks(&mut emit);
        t.engagement(&mut emit);
        t.movement(&mut emit, labels);
        if t.state.withheld.is_none() {
            t.withholding(&mut emit, labels);
        }
    }
    emit(Intent::EndTurn, IntentKind::EndTurn.label());
}

impl Turn<'_, '_, '_, '_, '_> {
    /// Attacks on the creatures it engages, within reach, ordinary and called (OHO-08, OHO-15).
    fn attacks(&self, emit: &mut impl FnMut(Intent, &Arc<str>)) {
        let blind = self.conditions.has(Condition::BLINDED);
        for (i, weapon) in self.sheet.weapons.iter().enumerate() {
            if !affordable(weapon, &self.atg) {
                continue;
            }
            let attack = AttackId(i as u16);
            for &target in self.engaging {
                let Some(t) = self.other(target) else {
                    continue;
                };
                if !t.active
                    || self.ctx.map().hops(self.here, t.region) > weapon.reach
                    || (blind && weapon.reach > 0)
                {
                    continue;
                }
                for maneuver in AIMS {
                    let aim = BodyPart::of(maneuver);
                    if blind && aim.is_some() {
                        continue;
                    }
                    emit(
                        Intent::Attack {
                            target,
                            attack,
                            maneuver,
                        },
                        weapon.label_for(aim),
                    );
                }
            }
        }
    }

    /// Engaging enemies within reach while it has room (OHO-13), and disengaging.
    fn engagement(&self, emit: &mut impl FnMut(Intent, &Arc<str>)) {
        if self.atg.remaining < QUICK {
            return;
        }
        let room = self.engaging.len() < usize::from(self.sheet.engage_limit);
        if room
            && !self
                .ctx
                .battle()
                .frightened
                .keeps_from_engaging(self.conditions)
        {
            let reach = self.sheet.reach();
            for t in &self.lineup {
                if t.enemy
                    && t.active
                    && !self.engaging.contains(&t.entity)
                    && self.ctx.map().hops(self.here, t.region) <= reach
                {
                    emit(
                        Intent::Engage { target: t.entity },
                        IntentKind::Engage.label(),
                    );
                }
            }
        }
        if !self.engaging.is_empty() || !self.engaged_by.is_empty() {
            emit(Intent::Disengage, IntentKind::Disengage.label());
        }
    }

    /// Moves into neighbouring regions that fit in what is left of the gauge (OHO-04, OHO-06).
    fn movement(&self, emit: &mut impl FnMut(Intent, &Arc<str>), labels: &Labels) {
        let map = self.ctx.map();
        for &to in map.neighbours(self.here) {
            if let Some(s) = self.stride_to(to)
                && s.tenths() <= self.atg.remaining
            {
                emit(Intent::Move { to }, &labels.movement(s));
            }
        }
    }

    /// Withheld strikes at enemies in reach, and a withheld move out of the way (OHO-05).
    fn withholding(&self, emit: &mut impl FnMut(Intent, &Arc<str>), labels: &Labels) {
        let left = self.atg.remaining;
        let room = self.engaging.len() < usize::from(self.sheet.engage_limit)
            && !self
                .ctx
                .battle()
                .frightened
                .keeps_from_engaging(self.conditions);
        let blind = self.conditions.has(Condition::BLINDED);
        for (i, weapon) in self.sheet.weapons.iter().enumerate() {
            if weapon.full_round || REACTION + NORMAL > left || (blind && weapon.reach > 0) {
                continue;
            }
            for t in &self.lineup {
                let target = t.entity;
                if !t.enemy || !t.active || self.ctx.map().hops(self.here, t.region) > weapon.reach
                {
                    continue;
                }
                let triggers: &[(Trigger, u16)] = if self.engaging.contains(&target) {
                    &[(Trigger::EnemyAttacksMe, 0), (Trigger::EnemyMoves, 0)]
                } else if room {
                    &[(Trigger::EnemyEngagesMe, QUICK)]
                } else {
                    &[]
                };
                for &(trigger, extra) in triggers {
                    if REACTION + NORMAL + extra > left {
                        continue;
                    }
                    let intent = Readied::Attack {
                        target,
                        attack: AttackId(i as u16),
                        maneuver: Maneuver::STANDARD,
                    };
                    emit(Intent::Ready { trigger, intent }, weapon.withheld_label());
                }
            }
        }
        if self.engaged_by.is_empty() {
            for &to in self.ctx.map().neighbours(self.here) {
                if let Some(s) = self.stride_to(to)
                    && REACTION + s.tenths() <= left
                {
                    let intent = Readied::Move { to };
                    emit(
                        Intent::Ready {
                            trigger: Trigger::EnemyEngagesMe,
                            intent,
                        },
                        &labels.withhold_move,
                    );
                }
            }
        }
    }

    /// Another combatant of the encounter.
    fn other(&self, e: Entity) -> Option<&Other> {
        self.lineup.iter().find(|o| o.entity == e)
    }

    /// The quickest way into region `to` (`None`: it cannot move).
    fn stride_to(&self, to: RegionId) -> Option<Stride> {
        let (speed, dash) = pace(self.sheet, self.conditions, &self.state);
        stride(
            crossing_feet(self.ctx.map().terrain(to).hamper),
            speed,
            dash,
        )
    }
}
