//! The expedition's log: every roll and every change of its state, stamped with the clock.

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use serde::{Deserialize, Serialize};

use crate::light::LightKind;
use crate::meetings::MeetingSource;
use crate::time::{Clock, GameTime};

/// What happened on an expedition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExploreEvent {
    /// The expedition set out.
    SetOut {
        /// The expedition's id.
        expedition: String,
        /// Its ruleset.
        ruleset: String,
    },
    /// A roll, with its dice and result (CORE-05).
    Roll {
        /// What the roll was for (`wandering monsters`, `search by Fighter`).
        what: String,
        /// The dice, in notation (`1d6`, `2d6`).
        dice: String,
        /// Each die's face.
        faces: Vec<u32>,
        /// The face kept when one die of several counts (advantage keeps the higher, a
        /// disadvantage the lower); `None` when every face counts.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kept: Option<u32>,
        /// What is added to the faces (an ability, a burden).
        #[serde(default, skip_serializing_if = "is_zero")]
        modifier: i64,
        /// The result after multipliers and modifiers.
        result: i64,
        /// Whether it succeeded, for rolls that can.
        success: Option<bool>,
        /// What the outcome means, in words, for a roll whose outcome is an event of its own
        /// (`no monsters come`): said instead of `success` or `failure`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        verdict: Option<String>,
    },
    /// The party spent time on an activity.
    TimePassed {
        /// How long.
        span: GameTime,
        /// Doing what.
        activity: String,
    },
    /// A member lit a light source from the party's supplies.
    LightLit {
        /// Who carries it.
        bearer: String,
        /// What burns.
        kind: LightKind,
    },
    /// A member's light burned out with nothing left to relight it.
    LightOut {
        /// Who carried it.
        bearer: String,
        /// What burned out.
        kind: LightKind,
    },
    /// A member gained or lost a lasting affliction.
    Afflicted {
        /// Who.
        who: String,
        /// The affliction's name.
        affliction: String,
        /// Its level now (0: gone).
        level: u8,
    },
    /// Monsters were met.
    MonstersMet {
        /// Why.
        source: MeetingSource,
        /// How far off, in feet (0: rolled as the fight opens).
        distance_ft: u32,
        /// Who, as [`describe`](crate::foes::describe) names them: `3 x Giant Rat` (empty when
        /// nothing says).
        foes: String,
    },
    /// The party entered an area.
    Entered {
        /// The area's name.
        area: String,
    },
    /// The party knows no way to an area (locked or hidden doors, or no passage at all).
    NoWay {
        /// The area's id.
        to: String,
    },
    /// A door is opened: forced, or found.
    DoorOpened {
        /// The door's id.
        door: String,
        /// How (`forced`, `found`).
        how: String,
    },
    /// The party failed to force a stuck door this turn.
    DoorHolds {
        /// The door's id.
        door: String,
    },
    /// A trap sprang on a member.
    TrapSprung {
        /// The trap's name.
        trap: String,
        /// Who sprang it.
        who: String,
        /// The damage dealt.
        damage: i32,
    },
    /// The party took an area's treasure.
    TreasureTaken {
        /// The area's name.
        area: String,
        /// Gold pieces.
        gold: u32,
    },
    /// A fight began.
    FightStarted {
        /// Who the party fights, as [`describe`](crate::foes::describe) names them.
        foes: String,
    },
    /// A fight ended and its results were written back.
    FightEnded {
        /// How it ended, as the sentence opens (`The fight is over: the party wins`, `No
        /// fight: the sides part ways`).
        ending: String,
        /// Hit points the party lost.
        hp_lost: i64,
        /// Members killed.
        killed: Vec<String>,
        /// Members down but alive.
        down: Vec<String>,
    },
    /// A meeting did not become a fight (the encounter could not be spawned).
    NoFight {
        /// Why.
        reason: String,
    },
    /// The party tried to evade monsters before a fight.
    Evasion {
        /// Whether it gets away (before surprise, which the fight's opening applies).
        escapes: bool,
        /// The speeds and how it went.
        how: String,
    },
    /// The party tries to evade monsters on a chance the fight's opening rolls (after
    /// surprise).
    EvasionChance {
        /// The chance, in percent.
        chance: u8,
        /// How it was worked out.
        how: String,
    },
    /// A member's gear was destroyed with it (B/X's destructive attacks).
    GearLost {
        /// Whose.
        who: String,
        /// The magic items that survived.
        items_saved: Vec<String>,
    },
    /// A member (or the party) gained something that lasts past the expedition: gold, XP.
    Gained {
        /// Who (`the party` for the party as a whole).
        who: String,
        /// What (`gp`, `XP`).
        what: String,
        /// How much.
        amount: u64,
    },
    /// A member (or the party) left something behind: coins too heavy to carry, food or
    /// treasure dropped to stop pursuers.
    Dropped {
        /// Who (`the party` for the party as a whole).
        who: String,
        /// What (`gp`).
        what: String,
        /// How much.
        amount: u64,
        /// Why, in words (`too heavy to move`, `dropped for the pursuers`); empty when not said.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        why: String,
    },
    /// The party covered miles of a leg in the wilderness.
    Marched {
        /// Miles covered today.
        miles: u32,
        /// The site the leg leads to.
        toward: String,
        /// Miles of the leg still ahead.
        left: u32,
    },
    /// The party lost its way for the day.
    Lost {
        /// The terrain it lost its way in.
        terrain: String,
    },
    /// The party goes on foot although it has mounts.
    OnFoot {
        /// Why, in words.
        why: String,
    },
    /// The party reached a site of the wilderness.
    Reached {
        /// The site's name.
        site: String,
    },
    /// The party spent the day on something of the ruleset's (a rest it owed, a hunt, a
    /// gale weathered) and made no way.
    Halted {
        /// Why, in words.
        why: String,
    },
    /// The party found or caught food.
    FoodFound {
        /// Rations' worth (one feeds one member for a day).
        rations: u32,
        /// How (`foraging`, `hunting`).
        how: String,
    },
    /// A member had no ration to eat for the day.
    Hungry {
        /// Who.
        who: String,
    },
    /// The party's policy turned it back.
    TurnedBack {
        /// Why.
        reason: String,
    },
    /// The expedition ended.
    Ended {
        /// Why.
        reason: String,
    },
}

impl ExploreEvent {
    /// The event in words, for a narrated delve.
    ///
    /// ```
    /// use fray_explore::log::ExploreEvent;
    /// let e = ExploreEvent::TrapSprung { trap: "pit".into(), who: "Aldo".into(), damage: 3 };
    /// assert_eq!(e.text(), "The pit springs on Aldo: 3 damage.");
    /// ```
    pub fn text(&self) -> String {
        match self {
            Self::SetOut {
                expedition,
                ruleset,
            } => format!("Expedition `{expedition}` sets out ({ruleset})."),
            Self::Roll {
                what,
                dice,
                faces,
                kept,
                modifier,
                result,
                success,
                verdict,
            } => {
                let verdict = match (verdict, success) {
                    (Some(words), _) => format!(": {words}"),
                    (None, Some(true)) => ": success".into(),
                    (None, Some(false)) => ": failure".into(),
                    (None, None) => String::new(),
                };
                if faces.is_empty() {
                    format!("Roll for {what}: {dice} = {result}{verdict}.")
                } else {
                    let breakdown = breakdown(faces, *kept, *modifier);
                    format!("Roll for {what}: {dice} = {breakdown} = {result}{verdict}.")
                }
            }
            Self::TimePassed { span, activity } => {
                format!("{} minutes pass {activity}.", span.seconds() / 60)
            }
            Self::LightLit { bearer, kind } => format!("{bearer} lights a fresh {kind:?}."),
            Self::LightOut { bearer, kind } => {
                format!("{bearer}'s {kind:?} goes out, with nothing left to light.")
            }
            Self::Afflicted {
                who,
                affliction,
                level,
            } => match level {
                0 => format!("{who} is no longer {affliction}."),
                _ => format!("{who} is {affliction} ({level})."),
            },
            Self::MonstersMet {
                source,
                distance_ft,
                foes,
            } => {
                let who = if foes.is_empty() {
                    "Something stirs".to_string()
                } else {
                    format!("Monsters ({foes})")
                };
                let far = if *distance_ft > 0 {
                    format!(", {distance_ft} ft away")
                } else {
                    String::new()
                };
                format!("{who}: {} monsters met{far}.", source.label())
            }
            Self::Entered { area } => format!("The party enters the {area}."),
            Self::NoWay { to } => format!("The party knows no way to `{to}`."),
            Self::DoorOpened { door, how } if how == "found" => {
                format!("The party finds the {}.", door_words(door))
            }
            Self::DoorOpened { door, how } => {
                format!("The {} is {how} open.", door_words(door))
            }
            Self::DoorHolds { door } => format!("The {} holds fast.", door_words(door)),
            Self::TrapSprung { trap, who, damage } => {
                format!("The {trap} springs on {who}: {damage} damage.")
            }
            Self::TreasureTaken { area, gold } => {
                format!("The party takes {gold} gp from the {area}.")
            }
            Self::FightStarted { foes } => format!("A fight with {foes} begins."),
            Self::FightEnded {
                ending,
                hp_lost,
                killed,
                down,
            } => {
                let mut text = if *hp_lost == 0 && killed.is_empty() && down.is_empty() {
                    ending.clone()
                } else {
                    format!("{ending}; {hp_lost} HP lost")
                };
                if !killed.is_empty() {
                    text.push_str(&format!("; killed: {}", killed.join(", ")));
                }
                if !down.is_empty() {
                    text.push_str(&format!("; down: {}", down.join(", ")));
                }
                text.push('.');
                text
            }
            Self::NoFight { reason } => format!("No fight: {reason}."),
            Self::Evasion { escapes, how } => {
                let verdict = if *escapes {
                    "can get away"
                } else {
                    "is caught"
                };
                format!("The party flees and {verdict} ({how}).")
            }
            Self::EvasionChance { chance, how } => {
                format!("The party tries to evade: {chance}% ({how}), rolled as the fight opens.")
            }
            Self::GearLost { who, items_saved } => {
                if items_saved.is_empty() {
                    format!("{who}'s gear is destroyed.")
                } else {
                    format!(
                        "{who}'s gear is destroyed but for {}.",
                        items_saved.join(", ")
                    )
                }
            }
            Self::Gained { who, what, amount } => {
                format!("{} gains {amount} {what}.", capitalized(who))
            }
            Self::Dropped {
                who,
                what,
                amount,
                why,
            } => {
                let who = capitalized(who);
                if why.is_empty() {
                    format!("{who} leaves {amount} {what} behind.")
                } else {
                    format!("{who} leaves {amount} {what} behind ({why}).")
                }
            }
            Self::Marched {
                miles,
                toward,
                left,
            } => format!("The party covers {miles} miles toward the {toward} ({left} miles left)."),
            Self::Lost { terrain } => format!("The party loses its way in the {terrain}."),
            Self::Reached { site } => format!("The party reaches the {site}."),
            Self::Halted { why } => format!("The party makes no way today: {why}."),
            Self::OnFoot { why } => format!("The party goes on foot: {why}."),
            Self::FoodFound { rations, how } => {
                format!("The party finds food for {rations} by {how}.")
            }
            Self::Hungry { who } => format!("{who} has nothing to eat today."),
            Self::TurnedBack { reason } => format!("The party turns back: {reason}."),
            Self::Ended { reason } => format!("The expedition is over: {reason}."),
        }
    }
}

/// What a roll's outcome means when it is an event of its own: the words said instead of
/// `success` or `failure` (the `verdict` of [`ExploreEvent::Roll`]).
///
/// ```
/// use fray_explore::log::Verdicts;
/// let check = Verdicts { success: "monsters come", failure: "no monsters come" };
/// assert_eq!(check.of(false), "no monsters come");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdicts {
    /// Said on a success.
    pub success: &'static str,
    /// Said on a failure.
    pub failure: &'static str,
}

impl Verdicts {
    /// The words for an outcome.
    pub fn of(self, success: bool) -> String {
        if success { self.success } else { self.failure }.to_string()
    }
}

/// One logged event and when it happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExploreEntry {
    /// The expedition's clock when it happened.
    pub at: GameTime,
    /// What happened.
    pub event: ExploreEvent,
}

/// An expedition's log. When it is off (batch runs), events are not even built.
///
/// ```
/// use fray_explore::log::{ExpeditionLog, ExploreEvent};
/// use fray_explore::time::GameTime;
/// let mut log = ExpeditionLog::new(true);
/// log.record(GameTime::TURN, || ExploreEvent::Ended { reason: "home".into() });
/// assert_eq!(log.entries().len(), 1);
/// let mut quiet = ExpeditionLog::new(false);
/// quiet.record(GameTime::TURN, || unreachable!("not built when the log is off"));
/// assert!(quiet.entries().is_empty());
/// ```
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct ExpeditionLog {
    enabled: bool,
    entries: Vec<ExploreEntry>,
}

impl ExpeditionLog {
    /// A log, recording or not.
    pub fn new(enabled: bool) -> Self {
        Self {
            enabled,
            entries: Vec::new(),
        }
    }

    /// Records the event `make` builds, if the log is on.
    pub fn record(&mut self, at: GameTime, make: impl FnOnce() -> ExploreEvent) {
        if self.enabled {
            self.entries.push(ExploreEntry { at, event: make() });
        }
    }

    /// Records the event `make` builds, if the log is on, ahead of the entries from `index` on
    /// (after them all when `index` is past the end): an event that is known only once what
    /// followed from it was logged - a fight's end, summed up once its results are written
    /// back, goes before the rest and the loot that come after it.
    ///
    /// ```
    /// use fray_explore::log::{ExpeditionLog, ExploreEvent};
    /// use fray_explore::time::GameTime;
    /// let mut log = ExpeditionLog::new(true);
    /// let mark = log.entries().len();
    /// log.record(GameTime::TURN, || ExploreEvent::Ended { reason: "then".into() });
    /// log.record_before(mark, GameTime::TURN, || ExploreEvent::Ended { reason: "first".into() });
    /// assert_eq!(log.entries()[0].event, ExploreEvent::Ended { reason: "first".into() });
    /// ```
    pub fn record_before(
        &mut self,
        index: usize,
        at: GameTime,
        make: impl FnOnce() -> ExploreEvent,
    ) {
        if self.enabled {
            let index = index.min(self.entries.len());
            self.entries
                .insert(index, ExploreEntry { at, event: make() });
        }
    }

    /// Whether the log records.
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// The entries, oldest first.
    pub fn entries(&self) -> &[ExploreEntry] {
        &self.entries
    }
}

/// Logs `event` on `expedition`'s log at its clock: how rules outside a system note what they did.
///
/// Does nothing when the expedition has no log or its log is off.
pub fn note(world: &mut World, expedition: Entity, event: ExploreEvent) {
    let at = world
        .get::<Clock>(expedition)
        .map(Clock::elapsed)
        .unwrap_or_default();
    if let Some(mut log) = world.get_mut::<ExpeditionLog>(expedition) {
        log.record(at, || event);
    }
}

/// `who` to open a sentence with: `the party` as `The party`, a name as it is.
fn capitalized(who: &str) -> String {
    let mut chars = who.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// Whether a modifier is zero (then it is not written).
fn is_zero(n: &i64) -> bool {
    *n == 0
}

/// A roll's faces as the log prints them, adding up to its result: the faces in brackets, a
/// discarded one in parentheses (`[(4), 14]`: advantage kept the 14), then the modifier
/// (`+ 3`).
///
/// ```
/// # use fray_explore::log::ExploreEvent;
/// let roll = ExploreEvent::Roll {
///     what: "a trap".into(),
///     dice: "2d20kh1+1".into(),
///     faces: vec![4, 14],
///     kept: Some(14),
///     modifier: 1,
///     result: 15,
///     success: Some(true),
///     verdict: None,
/// };
/// assert_eq!(roll.text(), "Roll for a trap: 2d20kh1+1 = [(4), 14] + 1 = 15: success.");
/// let check = ExploreEvent::Roll {
///     what: "wandering monsters".into(),
///     dice: "1d6".into(),
///     faces: vec![6],
///     kept: None,
///     modifier: 0,
///     result: 6,
///     success: Some(false),
///     verdict: Some("no monsters come".into()),
/// };
/// assert_eq!(check.text(), "Roll for wandering monsters: 1d6 = [6] = 6: no monsters come.");
/// ```
fn breakdown(faces: &[u32], kept: Option<u32>, modifier: i64) -> String {
    let mut marked = false;
    let shown: Vec<String> = faces
        .iter()
        .map(|&face| match kept {
            Some(k) if face == k && !marked => {
                marked = true;
                face.to_string()
            }
            Some(_) => format!("({face})"),
            None => face.to_string(),
        })
        .collect();
    let dice = format!("[{}]", shown.join(", "));
    match modifier {
        0 => dice,
        m if m > 0 => format!("{dice} + {m}"),
        m => format!("{dice} - {}", m.unsigned_abs()),
    }
}

/// A door's id in words, for the narration: `guard-door` is the `guard door`, `north-gate`
/// the `north gate`, an id that names no door (`d3`) a `door (d3)`.
///
/// ```
/// # use fray_explore::log::door_words;
/// assert_eq!(door_words("guard-door"), "guard door");
/// assert_eq!(door_words("north_gate"), "north gate");
/// assert_eq!(door_words("d3"), "door (d3)");
/// ```
pub fn door_words(id: &str) -> String {
    let words = id.replace(['-', '_'], " ");
    let names_a_door = [
        "door", "gate", "portal", "hatch", "grate", "grille", "trapdoor",
    ]
    .iter()
    .any(|d| words.split(' ').any(|w| w.eq_ignore_ascii_case(d)));
    if names_a_door {
        words
    } else {
        format!("door ({id})")
    }
}
