//! The archmage rules as pure functions: every number the rule text defines.

use crate::statblock::Abilities;

/// Ability modifier: `(score - 10) / 2`, rounded down (AR-07).
///
/// ```
/// use fray_archmage::rules::ability_mod;
/// assert_eq!((ability_mod(18), ability_mod(11), ability_mod(9), ability_mod(3)), (4, 0, -1, -4));
/// ```
pub fn ability_mod(score: i32) -> i32 {
    (score - 10).div_euclid(2)
}

/// How many times an ability modifier counts in damage and healing: once, twice at level 5,
/// three times at level 8 (AR-07, AR-24).
pub fn tier_multiplier(level: u8) -> i32 {
    match level {
        0..=4 => 1,
        5..=7 => 2,
        _ => 3,
    }
}

/// The middle one of three values (AR-10).
pub fn middle(a: i32, b: i32, c: i32) -> i32 {
    a.max(b).min(a.min(b).max(c))
}

/// A hero's AC, PD and MD before magic: class base + the middle modifier + level (AR-10).
pub fn hero_defenses(base: (i32, i32, i32), abilities: &Abilities, level: u8) -> (i32, i32, i32) {
    let m = |s| ability_mod(s);
    let level = i32::from(level);
    (
        base.0 + middle(m(abilities.con), m(abilities.dex), m(abilities.wis)) + level,
        base.1 + middle(m(abilities.str), m(abilities.con), m(abilities.dex)) + level,
        base.2 + middle(m(abilities.int), m(abilities.wis), m(abilities.cha)) + level,
    )
}

/// The escalation die in a normal round (AR-11): 0 in the first, then +1 a round up to 6.
pub fn escalation(normal_round: u32) -> u8 {
    normal_round.saturating_sub(1).min(6) as u8
}

/// The natural roll from which an attack crits: 20, minus its crit range expansion, minus 2
/// against a vulnerable target (AR-17, AR-27). Never below 2: a natural 1 never crits.
pub fn crit_threshold(crit_range: u8, vulnerable: bool) -> i64 {
    (20 - i64::from(crit_range) - if vulnerable { 2 } else { 0 }).max(2)
}

/// What an attack roll did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttackResult {
    /// A natural 1: nothing at all, not even miss damage (AR-18).
    Fumble,
    /// The total fell short.
    Miss,
    /// The total reached the defense.
    Hit,
    /// A natural roll in the crit range: a hit with multiplied damage (AR-17).
    Crit,
}

impl AttackResult {
    /// A hit or a crit.
    pub fn hits(self) -> bool {
        matches!(self, AttackResult::Hit | AttackResult::Crit)
    }
}

/// Judges an attack roll: natural 1 fumbles, the crit range crits, otherwise the total must
/// reach the defense (AR-06).
pub fn judge(natural: i64, total: i64, defense: i64, crit_from: i64) -> AttackResult {
    if natural <= 1 {
        AttackResult::Fumble
    } else if natural >= crit_from {
        AttackResult::Crit
    } else if total >= defense {
        AttackResult::Hit
    } else {
        AttackResult::Miss
    }
}

/// Crit damage multiplier: double, and each "double the crit" step one more (AR-17).
pub fn crit_multiplier(steps: u8) -> i32 {
    2 + i32::from(steps)
}

/// Damage after resistance: half (rounded down) when the natural roll is below the resistance
/// number (AR-32).
pub fn resisted(damage: i32, natural: i64, resistance: Option<u8>) -> i32 {
    match resistance {
        Some(n) if natural < i64::from(n) => damage / 2,
        _ => damage,
    }
}

/// The number a disengage check (a d20) must reach: a normal save, 11, plus 1 per foe beyond
/// the first, plus 5 when grabbed by a foe you have not hit this turn (AR-13, AR-29).
pub fn disengage_target(foes: usize, grabbed_unhit: bool) -> i64 {
    11 + foes.saturating_sub(1) as i64 + if grabbed_unhit { 5 } else { 0 }
}

/// A death save's result (AR-23).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeathSave {
    /// 16-19: spend a recovery and wake up, but take no actions this turn.
    Wake,
    /// Natural 20: wake up and act this turn.
    WakeAndAct,
    /// 15 or less: a step toward the grave.
    Fail,
}

/// Judges a death save.
pub fn death_save(natural: i64) -> DeathSave {
    match natural {
        20.. => DeathSave::WakeAndAct,
        16..=19 => DeathSave::Wake,
        _ => DeathSave::Fail,
    }
}

/// Failed death saves that kill (AR-23).
pub const DEATH_SAVES_TO_DIE: u8 = 4;

/// A hero dies outright once its negative hit points reach half its maximum (AR-23): the
/// highest hit points that kill. Fray's ruling for an odd maximum: the half is not rounded, so
/// a hero of 31 hit points dies at -16 (at -15 it has not yet reached -15.5).
pub fn dead_at(max_hp: i32) -> i32 {
    -((max_hp + 1) / 2)
}

/// The stabilize check's numbers (AR-26): DC 10 to stabilize, 25+ costs only a quick action.
pub const STABILIZE_DC: i64 = 10;
/// See [`STABILIZE_DC`].
pub const STABILIZE_QUICK: i64 = 25;

/// A lasting wound lowers maximum hit points by 2 + level (AR-41).
pub fn lasting_wound(level: u8) -> i32 {
    2 + i32::from(level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ar07_ability_mod_rounds_down_and_damage_bonus_scales_with_tier() {
        assert_eq!(ability_mod(10), 0);
        assert_eq!(ability_mod(13), 1);
        assert_eq!(ability_mod(7), -2);
        assert_eq!(
            (tier_multiplier(4), tier_multiplier(5), tier_multiplier(8)),
            (1, 2, 3)
        );
    }

    #[test]
    fn ar10_defenses_use_the_middle_modifier_plus_level() {
        let a = Abilities {
            str: 18,
            con: 14,
            dex: 10,
            int: 8,
            wis: 12,
            cha: 16,
        };
        // AC: middle of Con +2, Dex 0, Wis +1 = +1; PD: middle of Str +4, Con +2, Dex 0 = +2;
        // MD: middle of Int -1, Wis +1, Cha +3 = +1.
        assert_eq!(hero_defenses((16, 11, 10), &a, 3), (20, 16, 14));
        assert_eq!(middle(3, 1, 2), 2);
        assert_eq!(middle(-1, -1, 4), -1);
    }

    #[test]
    fn ar11_escalation_die_from_round_two_to_six() {
        let by_round: Vec<u8> = (1..=9).map(escalation).collect();
        assert_eq!(by_round, [0, 1, 2, 3, 4, 5, 6, 6, 6]);
    }

    #[test]
    fn ar17_ar18_crits_fumbles_and_hits() {
        assert_eq!(judge(1, 30, 10, 20), AttackResult::Fumble);
        assert_eq!(judge(20, 21, 30, 20), AttackResult::Crit);
        assert_eq!(
            judge(18, 25, 20, crit_threshold(0, true)),
            AttackResult::Crit
        );
        assert_eq!(
            judge(17, 25, 20, crit_threshold(0, true)),
            AttackResult::Hit
        );
        assert_eq!(judge(12, 19, 20, 20), AttackResult::Miss);
        assert_eq!(judge(12, 20, 20, 20), AttackResult::Hit);
        assert_eq!((crit_multiplier(0), crit_multiplier(1)), (2, 3));
        assert_eq!(crit_threshold(1, false), 19);
    }

    #[test]
    fn ar13_disengage_penalties() {
        assert_eq!(disengage_target(1, false), 11);
        assert_eq!(disengage_target(3, false), 13);
        assert_eq!(disengage_target(1, true), 16);
    }

    #[test]
    fn ar32_resistance_halves_below_the_number() {
        assert_eq!(resisted(15, 15, Some(16)), 7);
        assert_eq!(resisted(15, 16, Some(16)), 15);
        assert_eq!(resisted(15, 2, None), 15);
    }

    #[test]
    fn ar23_death_save_bands() {
        assert_eq!(death_save(15), DeathSave::Fail);
        assert_eq!(death_save(16), DeathSave::Wake);
        assert_eq!(death_save(20), DeathSave::WakeAndAct);
        assert_eq!((dead_at(30), dead_at(41)), (-15, -21));
    }
}
