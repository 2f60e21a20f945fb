//! Making an attack: targets, the d20, hits, crits, damage and the attack's effects.

use bevy_ecs::prelude::*;
use fray_core::kit::prelude::*;
use fray_dice::{DieSource, Roll};
use smallvec::SmallVec;

use crate::Ctx;
use crate::fighter;
use crate::ops::ArchOps;
use crate::rules::{AttackResult, crit_multiplier, judge, resisted};
use crate::sheet::SheetData;
use crate::statblock::{Lasts, OnHit, SaveKind, Targets, Usage, When};
use crate::vocabulary::COUP_DE_GRACE;

/// Why an attack is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// On the attacker's turn.
    Turn,
    /// An opportunity attack (AR-14).
    Opportunity,
    /// A readied action firing (AR-03).
    Readied,
    /// An interrupt power (AR-05).
    Interrupt,
}

impl Mode {
    fn label(self) -> Option<&'static str> {
        match self {
            Mode::Turn => None,
            Mode::Opportunity => Some("opportunity attack"),
            Mode::Readied => Some("readied"),
            Mode::Interrupt => Some("interrupt"),
        }
    }
}

/// How long a condition an attack inflicts lasts, in the core's terms (AR-27).
pub(crate) fn duration_of(lasts: Lasts) -> Duration {
    match lasts {
        Lasts::SaveEnds(s) => Duration::SaveEnds(save_of(s)),
        Lasts::EndOfTargetsNextTurn => Duration::EndOfNextTurn(Whose::Target),
        Lasts::EndOfAttackersNextTurn => Duration::EndOfNextTurn(Whose::Source),
        Lasts::Battle => Duration::EndOfBattle,
    }
}

/// The save that ends an effect, in the core's terms (AR-30).
pub(crate) fn save_of(kind: SaveKind) -> SaveDifficulty {
    match kind {
        SaveKind::Easy => SaveDifficulty::Easy,
        SaveKind::Normal => SaveDifficulty::Normal,
        SaveKind::Hard => SaveDifficulty::Hard,
    }
}

/// The targets of an attack whose first target is `first`: for a group attack, the next
/// enemies of the first one's region in roster order, without skipping (AR-43). `stand`
/// tells a fighter's side, region and whether it is active (`None` for an entity that is no
/// fighter).
pub(crate) fn group_targets(
    roster: &Roster,
    (attacker, first): (Entity, Entity),
    targets: Targets,
    stand: impl Fn(Entity) -> Option<(SideId, RegionId, bool)>,
) -> SmallVec<[Entity; 8]> {
    let Targets::Group(n) = targets else {
        return SmallVec::from_elem(first, 1);
    };
    let (Some((side, _, _)), Some((_, region, _))) = (stand(attacker), stand(first)) else {
        return SmallVec::from_elem(first, 1);
    };
    let group: SmallVec<[Entity; 16]> = roster
        .entities()
        .filter(|&e| {
            stand(e).is_some_and(|(x_side, x_region, active)| {
                active && x_side != side && x_region == region
            })
        })
        .collect();
    let start = group.iter().position(|&e| e == first).unwrap_or(0);
    let mut out: SmallVec<[Entity; 8]> = SmallVec::from_elem(first, 1);
    out.extend(
        group
            .iter()
            .cycle()
            .skip(start + 1)
            .take(group.len().saturating_sub(1))
            .copied()
            .filter(|&e| e != first)
            .take(usize::from(n).saturating_sub(1)),
    );
    out
}

/// The targets of an attack whose first target is `first` (AR-43).
pub(crate) fn targets_of(
    ctx: &Ctx,
    attacker: Entity,
    first: Entity,
    targets: Targets,
) -> SmallVec<[Entity; 8]> {
    group_targets(ctx.roster(), (attacker, first), targets, |e| {
        ctx.side(e)
            .map(|side| (side, ctx.region(e), ctx.is_active(e)))
    })
}

/// Makes attack `index` of `attacker` against `first` (and the rest of a group).
pub(crate) fn perform(
    ctx: &mut Ctx,
    attacker: Entity,
    first: Entity,
    index: usize,
    maneuver: Maneuver,
    mode: Mode,
) {
    let Some(a) = ctx.fighter(attacker) else {
        return;
    };
    let sheet = a.sheet.0.clone();
    let Some(attack) = sheet.attacks.get(index) else {
        return;
    };
    let confused = ctx.has(attacker, Condition::CONFUSED);
    let side = ctx.side(attacker);
    // Confused: the attack goes to a random nearby ally instead (AR-27).
    let mut first = first;
    if confused && mode == Mode::Turn {
        let here = ctx.region(attacker);
        let allies: SmallVec<[Entity; 8]> = ctx
            .roster()
            .entities()
            .filter(|&e| {
                e != attacker
                    && ctx.is_active(e)
                    && ctx.side(e) == side
                    && ctx.map().hops(here, ctx.region(e)) <= 1
            })
            .collect();
        if !allies.is_empty() {
            let pick = allies[ctx.rng().roll_die(allies.len() as u32) as usize - 1];
            ctx.note(Some(attacker), || {
                "is confused and turns on an ally.".into()
            });
            first = pick;
        }
    }
    let targets = if maneuver == COUP_DE_GRACE {
        SmallVec::from_elem(first, 1)
    } else {
        targets_of(ctx, attacker, first, attack.def.targets)
    };
    // Usage.
    let serial = ctx.turn().serial();
    if let Some(mut a) = ctx.fighter_mut(attacker) {
        match attack.def.usage {
            Usage::Daily | Usage::Recharge(_) => a.state.attacks_spent.spend(index),
            Usage::Interrupt => a.state.interrupt_used = Some(serial),
            Usage::AtWill => {}
        }
    }
    // Damage is rolled once for all targets (AR-09).
    let mut damage: Option<i64> = None;
    for target in targets {
        strike(
            ctx,
            (attacker, target),
            &sheet,
            index,
            (maneuver, mode),
            &mut damage,
        );
    }
}

fn strike(
    ctx: &mut Ctx,
    (attacker, target): (Entity, Entity),
    sheet: &SheetData,
    index: usize,
    (maneuver, mode): (Maneuver, Mode),
    damage: &mut Option<i64>,
) {
    let attack = &sheet.attacks[index];
    let Some((mut odds, mut parts)) = fighter::odds(ctx, attacker, target, index) else {
        return;
    };
    let mut target = target;
    // Invisible targets: half of all attacks miss before the roll (AR-34).
    if odds.invisible {
        let coin = ctx.rng().roll_die(2);
        ctx.note(Some(attacker), || {
            format!(
                "swings at an invisible foe: {}",
                if coin == 1 {
                    "misses completely."
                } else {
                    "finds it."
                }
            )
        });
        if coin == 1 {
            return;
        }
    }
    let (mut natural, mut roll) = ctx.d20();
    // Two weapons: a natural 2 is rerolled, and the reroll stands (AR-21).
    if odds.reroll_twos && natural == 2 {
        ctx.note(Some(attacker), || {
            "rolls a natural 2 and rerolls it (two weapons).".into()
        });
        (natural, roll) = ctx.d20();
    }
    // Shooting into melee: a natural 1 rerolls against an engaged ally (AR-35), judged - and
    // logged (CORE-05) - with the modifiers against that ally. A coup de grace crits on any
    // natural roll (AR-28), so it never rerolls.
    if natural == 1 && attack.def.kind.is_ranged() && maneuver != COUP_DE_GRACE {
        let side = ctx.side(attacker);
        let ally = ctx
            .foes(target)
            .find(|&f| f != attacker && ctx.side(f) == side && ctx.is_active(f));
        if let Some(ally) = ally
            && let Some((ally_odds, ally_parts)) = fighter::odds(ctx, attacker, ally, index)
        {
            ctx.note(Some(attacker), || {
                "fumbles into the melee and rerolls against an ally.".into()
            });
            target = ally;
            (odds, parts) = (ally_odds, ally_parts);
            (natural, roll) = ctx.d20();
        }
    }
    let total = natural + odds.bonus;
    let mut result = judge(natural, total, odds.defense, odds.crit_from);
    if maneuver == COUP_DE_GRACE {
        result = AttackResult::Crit;
    }
    if ctx.logging()
        && let Some(roll) = roll
    {
        let roll: Roll = roll
            .plus(i64::from(parts.base), "attack")
            .plus(i64::from(parts.escalation), "escalation")
            .plus(i64::from(parts.penalty), "conditions")
            .plus(i64::from(parts.debt), "missing recoveries")
            .plus(i64::from(parts.effects), "effects")
            .plus(i64::from(parts.circumstance), "circumstance")
            .plus(i64::from(parts.grab), "grab");
        let (who, whom) = (ctx.id(attacker), ctx.id(target));
        let name = match (mode.label(), maneuver) {
            (_, COUP_DE_GRACE) => format!("{} (coup de grace)", attack.def.name),
            (Some(label), _) => format!("{} ({label})", attack.def.name),
            (None, _) => attack.def.name.clone(),
        };
        // A defense that conditions, recoveries owed or effects moved shows its arithmetic
        // ("AC 17 - 4 = 13"), so a weakened target's lower number can be followed.
        let base = ctx
            .sheet(target)
            .map_or(odds.defense, |t| i64::from(t.defense(attack.def.vs)));
        let moved = odds.defense - base;
        let defense = if moved == 0 {
            format!("{:?}", attack.def.vs)
        } else {
            let sign = if moved < 0 { '-' } else { '+' };
            format!("{:?} {base} {sign} {} =", attack.def.vs, moved.abs())
        };
        let event = LogEvent::Attack {
            attacker: who,
            target: whom,
            attack: name,
            roll,
            defense,
            against: odds.defense,
            hit: result.hits(),
            crit: result == AttackResult::Crit,
        };
        ctx.log_mut().push(event);
    }
    if result == AttackResult::Fumble {
        return;
    }
    // Hitting your grabber frees you to disengage without the -5 (AR-29).
    if result.hits()
        && let Some(mut a) = ctx.fighter_mut(attacker)
        && a.state.grabbed_by == Some(target)
    {
        a.state.hit_grabber = true;
    }
    let resistance = ctx
        .sheet(target)
        .and_then(|t| t.resistance(attack.def.damage_type));
    let kind = attack.def.damage_type;
    // What the log says the damage came from, part by part (the mode, a crit's multiplier,
    // damage on the hit, miss damage, resistance), so the number can be followed.
    let mut because: Vec<String> = Vec::new();
    if let Some(label) = mode.label().filter(|_| ctx.logging()) {
        because.push(label.to_string());
    }
    let amount = if result.hits() {
        let base = match *damage {
            Some(d) => d,
            None => {
                let rolled = ctx.roll(&attack.dice);
                if rolled.roll.is_some() {
                    let purpose = format!("{} damage", attack.def.name);
                    ctx.log_roll(attacker, &purpose, rolled.roll, None, None);
                }
                *damage = Some(rolled.total);
                rolled.total
            }
        };
        let mut amount = i32::try_from(base).unwrap_or(i32::MAX);
        if result == AttackResult::Crit {
            let times = crit_multiplier(attack.def.crit_steps);
            amount = amount.saturating_mul(times);
            if ctx.logging() {
                because.push(format!("critical hit: {base} x{times}"));
            }
        }
        let on_hit = attack
            .def
            .effects
            .iter()
            .filter(|(when, _)| fires(*when, result, natural))
            .filter_map(|(_, e)| match e {
                OnHit::Damage(n) => Some(*n),
                _ => None,
            })
            .fold(0i32, |sum, n| sum.saturating_add(n));
        if on_hit != 0 && ctx.logging() {
            because.push(format!("{on_hit:+} on the hit"));
        }
        amount.saturating_add(on_hit)
    } else {
        if ctx.logging() {
            because.push("miss damage".to_string());
        }
        attack.miss
    };
    let full = amount;
    let amount = resisted(amount, natural, resistance);
    if amount != full && ctx.logging() {
        because.push(format!("{full} halved by resistance"));
    }
    if amount > 0 {
        let cause = (!because.is_empty()).then(|| because.join(", "));
        ctx.deal(target, amount, kind, cause.as_deref(), Some(attacker));
    }
    for (when, effect) in &attack.def.effects {
        if !fires(*when, result, natural) {
            continue;
        }
        match effect {
            OnHit::Ongoing { amount, kind, save } => {
                // Resistance uses the original attack roll for ongoing damage too (AR-32).
                let per_turn = resisted(
                    *amount,
                    natural,
                    ctx.sheet(target).and_then(|t| t.resistance(*kind)),
                );
                ctx.apply(
                    target,
                    Some(attacker),
                    EffectSpec::ongoing(kind.code(), per_turn, Duration::SaveEnds(save_of(*save)))
                        .named(attack.label.clone()),
                );
            }
            OnHit::Inflict {
                condition,
                lasts,
                hp_at_most,
            } => {
                // "N hp or fewer" uses current hit points (AR-43).
                let current = ctx.hp(target).map_or(i32::MAX, |hp| hp.current);
                if hp_at_most.is_some_and(|n| current > n) {
                    continue;
                }
                let duration = duration_of(*lasts);
                ctx.apply(
                    target,
                    Some(attacker),
                    EffectSpec::condition(condition.condition(), duration)
                        .named(attack.label.clone()),
                );
            }
            OnHit::Grab => {
                let already = ctx
                    .fighter(target)
                    .is_some_and(|t| t.state.grabbed_by == Some(attacker));
                // Not a creature this very hit dropped (the vitals have not caught up yet).
                if !already && ctx.can_act(target) {
                    if let Some(mut t) = ctx.fighter_mut(target) {
                        t.state.grabbed_by = Some(attacker);
                    }
                    ctx.engage_mutually(attacker, target);
                    ctx.apply(
                        target,
                        Some(attacker),
                        // Until the grab ends (see `ArchOps::end_grabs_involving`) or the
                        // battle.
                        EffectSpec::condition(Condition::GRABBED, Duration::EndOfBattle)
                            .named(grabbed_label()),
                    );
                }
            }
            OnHit::TempHp(n) => {
                ctx.change_hp(attacker, |hp| hp.grant_temp(*n));
                ctx.note(Some(attacker), || {
                    format!("gains {n} temporary hit points.")
                });
            }
            OnHit::Damage(_) => {}
        }
    }
}

/// The name of the grab effect, made once.
fn grabbed_label() -> std::sync::Arc<str> {
    static GRABBED: std::sync::OnceLock<std::sync::Arc<str>> = std::sync::OnceLock::new();
    GRABBED
        .get_or_init(|| std::sync::Arc::from("grabbed"))
        .clone()
}

/// Whether an effect that comes `when` fires on this result and natural roll.
pub(crate) fn fires(when: When, result: AttackResult, natural: i64) -> bool {
    match when {
        When::Hit => result.hits(),
        When::NaturalEven => result.hits() && natural % 2 == 0,
        When::NaturalOdd => result.hits() && natural % 2 == 1,
        When::NaturalAtLeast(n) => result.hits() && natural >= i64::from(n),
        When::Miss => result == AttackResult::Miss,
    }
}
