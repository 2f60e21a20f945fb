//! Building apps, spawning fights and forcing dice for OHO tests, on the test kit's
//! [`Bench`] and [`Fight`](fray_testkit::harness::Fight).
//!
//! A [`Fight`] is an inline encounter between two external sides (player 1 the `Heroes`,
//! player 2 the `Monsters`) made of the statblocks of [`BLOCKS`], with every die forced: the
//! encounter's stream is replaced by [`EncounterRng::scripted`] right after spawning, so the
//! first faces are the initiative rolls (one Reflex pool per combatant, in roster order: heroes
//! first, then monsters) and a test that rolls a die it did not script panics. Everything a
//! fight of any ruleset has (names, turns, requests, offers, the log) is the kit's; this file
//! adds OHO's words: weapons, called shots, withheld actions, the gauge, the log's spending.

use std::ops::{Deref, DerefMut};
use std::sync::{Arc, OnceLock};

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray_content::prelude::*;
use fray_core::client::DecisionOption;
use fray_core::kit::prelude::*;
use fray_core::prelude::*;
use fray_oho::gauge::cost;
use fray_oho::prelude::*;
use fray_oho::sheet::SheetData;
use fray_testkit::harness::Bench;

/// OHO on the test kit's bench: its schema, its plugin and the rule tests' statblocks.
pub const OHO: Bench = Bench::of(fray_oho::RULESET, BLOCKS);

/// `content/oho`, loaded once.
pub fn content() -> Arc<ContentDb> {
    static DB: OnceLock<Arc<ContentDb>> = OnceLock::new();
    DB.get_or_init(|| OHO.content()).clone()
}

/// An app with the core (stepped by hand), the AI and OHO, and the content.
pub fn app_with(content: Arc<ContentDb>) -> App {
    OHO.app_with(content)
}

/// An app with the built-in content.
pub fn app() -> App {
    app_with(content())
}

/// Runs until every encounter waits on an external controller or ends.
pub fn settle(app: &mut App) {
    run_until_blocked(app.world_mut(), 100_000);
}

/// The log of an encounter as text.
pub fn text_log(app: &App, encounter: Entity) -> String {
    let world = app.world();
    let names = LogNames::new(
        world.get::<Roster>(encounter).unwrap(),
        world.get::<EncounterMap>(encounter).unwrap(),
        world.get::<Sides>(encounter).unwrap(),
    );
    names.render(world.get::<CombatLog>(encounter).unwrap())
}

/// Statblocks for the rule tests, with numbers that keep the arithmetic obvious.
///
/// Every creature has Reflex 1 and no dodge (defense and initiative: 1d6), Fortitude 1
/// (Fortitude rolls: 1d6), speed 30 (a region, 30 feet, is one move action of 2 s; a dash
/// covers half the speed, 15 feet), health 40 and no armor, unless said otherwise.
/// Proficiencies: blades, blunt (Strength), knives (Reflex), spells (Intellect), hexes
/// (Willpower), unarmed (Strength). Weapons roll `1d20` damage (the face is the damage) with
/// extra-damage modifier 2, reach 0, unless said otherwise:
/// - `sword` (blades, slashing), `greataxe` (blades, `1d100` slashing, modifier 10), `club`
///   (blunt, bludgeoning), `torch` (blunt, fire), `bow` (knives, piercing, reach 1), `knife`
///   (knives, piercing), `firebolt` (spells, fire, reach 1, a full-round action), `frost`
///   (spells, cold), `hex` (hexes, necrotic);
/// - psychic hexes whose riders follow a failed Fortitude roll: `wither` (1 level of
///   exhaustion), `blight` (2 levels), `curse` (a curse on Strength), `glare` (confused, 1
///   round), `flash` (blinded, 2 rounds), `bang` (deafened, 2 rounds).
///
/// Creatures:
/// - `fighter` (hero): blades 3 (3d6); sword, greataxe.
/// - `knight` (hero): blades 3; sword; mail (damage reduction 3); Toughness(1): engages two.
/// - `archer` (hero): knives 3; bow, knife.
/// - `mage` (hero): spells 3, blades 3; firebolt, frost, sword.
/// - `scout` (hero): speed 60, dash 30 (a region is one dash of 1 s); blades 3; sword.
/// - `brawler` (hero): speed 20 (a region is a move and a dash, 3 s); no weapon: unarmed 2
///   (fists, `1d3` bludgeoning, modifier 4).
/// - `brute` (monster): blunt 3; club, torch.
/// - `dodger` (monster): dodge 2 (defense 3d6); blades 3; sword.
/// - `witch` (monster): hexes 3; hex, wither, blight, curse, glare, flash, bang.
/// - `rat` (monster): health 5; blades 3; sword; out of the fight after one injury.
pub const BLOCKS: &str = r#"[
    Proficiency(id: "blades", name: "Blades", ability: Strength),
    Proficiency(id: "blunt", name: "Blunt", ability: Strength),
    Proficiency(id: "knives", name: "Knives", ability: Reflex),
    Proficiency(id: "spells", name: "Spells", ability: Intellect),
    Proficiency(id: "hexes", name: "Hexes", ability: Willpower),
    Proficiency(id: "unarmed", name: "Unarmed", ability: Strength),
    Armor(id: "mail", name: "Mail", reduction: 3),
    Weapon(id: "sword", name: "Sword", proficiency: "blades", damage: "1d20", damage_type: Slashing, extra_damage: 2),
    Weapon(id: "greataxe", name: "Greataxe", proficiency: "blades", damage: "1d100", damage_type: Slashing, extra_damage: 10),
    Weapon(id: "club", name: "Club", proficiency: "blunt", damage: "1d20", damage_type: Bludgeoning, extra_damage: 2),
    Weapon(id: "torch", name: "Torch", proficiency: "blunt", damage: "1d20", damage_type: Fire, extra_damage: 2),
    Weapon(id: "bow", name: "Bow", proficiency: "knives", damage: "1d20", damage_type: Piercing, extra_damage: 2, reach: 1),
    Weapon(id: "knife", name: "Knife", proficiency: "knives", damage: "1d20", damage_type: Piercing, extra_damage: 2),
    Weapon(id: "firebolt", name: "Firebolt", proficiency: "spells", damage: "1d20", damage_type: Fire, extra_damage: 2, reach: 1, full_round: true),
    Weapon(id: "frost", name: "Frost", proficiency: "spells", damage: "1d20", damage_type: Cold, extra_damage: 2),
    Weapon(id: "hex", name: "Hex", proficiency: "hexes", damage: "1d20", damage_type: Necrotic, extra_damage: 2),
    Weapon(id: "wither", name: "Wither", proficiency: "hexes", damage: "1d20", damage_type: Psychic, extra_damage: 2, riders: [Exhaustion(1)]),
    Weapon(id: "blight", name: "Blight", proficiency: "hexes", damage: "1d20", damage_type: Psychic, extra_damage: 2, riders: [Exhaustion(2)]),
    Weapon(id: "curse", name: "Curse", proficiency: "hexes", damage: "1d20", damage_type: Psychic, extra_damage: 2, riders: [Curse(Strength)]),
    Weapon(id: "glare", name: "Glare", proficiency: "hexes", damage: "1d20", damage_type: Psychic, extra_damage: 2, riders: [Condition(Confused, 1)]),
    Weapon(id: "flash", name: "Flash", proficiency: "hexes", damage: "1d20", damage_type: Psychic, extra_damage: 2, riders: [Condition(Blinded, 2)]),
    Weapon(id: "bang", name: "Bang", proficiency: "hexes", damage: "1d20", damage_type: Psychic, extra_damage: 2, riders: [Condition(Deafened, 2)]),
    Hero(id: "fighter", name: "Fighter", health: 40, speed: 30, reflex: 1, fortitude: 1,
         proficiencies: {"blades": 3}, weapons: ["sword", "greataxe"]),
    Hero(id: "knight", name: "Knight", health: 40, speed: 30, reflex: 1, fortitude: 1,
         proficiencies: {"blades": 3}, weapons: ["sword"], armor: "mail", specializations: [Toughness(1)]),
    Hero(id: "archer", name: "Archer", health: 40, speed: 30, reflex: 1, fortitude: 1,
         proficiencies: {"knives": 3}, weapons: ["bow", "knife"]),
    Hero(id: "mage", name: "Mage", health: 40, speed: 30, reflex: 1, fortitude: 1,
         proficiencies: {"spells": 3, "blades": 3}, weapons: ["firebolt", "frost", "sword"]),
    Hero(id: "scout", name: "Scout", health: 40, speed: 60, dash: 30, reflex: 1, fortitude: 1,
         proficiencies: {"blades": 3}, weapons: ["sword"]),
    Hero(id: "brawler", name: "Brawler", health: 40, speed: 20, reflex: 1, fortitude: 1,
         proficiencies: {"unarmed": 2}),
    Monster(id: "brute", name: "Brute", health: 40, speed: 30, reflex: 1, fortitude: 1,
         proficiencies: {"blunt": 3}, weapons: ["club", "torch"]),
    Monster(id: "dodger", name: "Dodger", health: 40, speed: 30, reflex: 1, dodge: 2, fortitude: 1,
         proficiencies: {"blades": 3}, weapons: ["sword"]),
    Monster(id: "witch", name: "Witch", health: 40, speed: 30, reflex: 1, fortitude: 1,
         proficiencies: {"hexes": 3}, weapons: ["hex", "wither", "blight", "curse", "glare", "flash", "bang"]),
    Monster(id: "rat", name: "Rat", health: 5, speed: 30, reflex: 1, fortitude: 1,
         proficiencies: {"blades": 3}, weapons: ["sword"], injury_limit: 1),
]"#;

/// The built-in map of two linked regions, `near` and `far` (30 feet each, no hamper).
pub const NEAR_FAR: &str = r#"Named("near-far")"#;
/// Three regions in a line, `a` - `b` - `c`: `b` has hamper value 15 (45 feet to enter),
/// `c` hamper value 30 (60 feet to enter).
pub const LINE: &str = r#"Inline(id: "line", regions: [(id: "a"), (id: "b", terrain: (hamper: 15)), (id: "c", terrain: (hamper: 30))], links: [("a", "b"), ("b", "c")])"#;

/// The price of an action taking `tenths` of a second of the gauge, on the turn.
pub fn secs(tenths: u16) -> Cost {
    cost(tenths)
}

/// A cost as the log words it (`3.5s`), as a price.
fn parse_seconds(text: &str) -> Cost {
    let tenths = text
        .strip_suffix('s')
        .and_then(|t| t.split_once('.'))
        .and_then(|(s, t)| Some(s.parse::<u16>().ok()? * 10 + t.parse::<u16>().ok()?))
        .unwrap_or_else(|| panic!("not a time: {text}"));
    secs(tenths)
}

/// A fight between external sides with every die forced: the test kit's fight, with OHO's
/// words.
pub struct Fight(fray_testkit::harness::Fight);

impl Deref for Fight {
    type Target = fray_testkit::harness::Fight;

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl DerefMut for Fight {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl Fight {
    /// `heroes` and `monsters` are lists of `(statblock, count, region)`; `faces` are every die
    /// the fight will roll, starting with initiative.
    pub fn new(
        map: &str,
        heroes: &[(&str, u16, &str)],
        monsters: &[(&str, u16, &str)],
        faces: &[u32],
    ) -> Self {
        Self(OHO.fight(map, heroes, monsters, "", faces))
    }

    /// [`Fight::new`] with `extra` fields of the encounter, such as its options:
    /// `options: (ruleset: {"frightened_may_engage": true})`.
    pub fn with(
        map: &str,
        heroes: &[(&str, u16, &str)],
        monsters: &[(&str, u16, &str)],
        extra: &str,
        faces: &[u32],
    ) -> Self {
        Self(OHO.fight(map, heroes, monsters, extra, faces))
    }

    /// A duel on `near-far`: `hero` and `monster` both in `near`; the hero acts first
    /// (initiative 6 against 1). `faces` follow the initiative rolls.
    pub fn duel(hero: &str, monster: &str, faces: &[u32]) -> Self {
        let all: Vec<u32> = [6, 1].into_iter().chain(faces.iter().copied()).collect();
        Self::new(
            NEAR_FAR,
            &[(hero, 1, "near")],
            &[(monster, 1, "near")],
            &all,
        )
    }

    /// `name` does `intent`, which must be rejected: returns the reason.
    pub fn refused(&mut self, name: &str, intent: Intent) -> String {
        match self.act(name, intent) {
            Some(reason) => reason.to_string(),
            None => panic!("{name}: {intent:?} was accepted\n{}", self.log()),
        }
    }

    /// The compiled sheet of a combatant.
    pub fn sheet(&self, name: &str) -> Arc<SheetData> {
        self.get::<Sheet>(name).0.clone()
    }

    /// The weapon of `name` called `weapon` (its display name).
    pub fn weapon(&self, name: &str, weapon: &str) -> AttackId {
        let index = self
            .sheet(name)
            .weapons
            .iter()
            .position(|w| w.name == weapon)
            .unwrap_or_else(|| panic!("{name} has no {weapon}"));
        AttackId(index as u16)
    }

    /// Attack `target` with `weapon`.
    pub fn attack(&self, attacker: &str, target: &str, weapon: &str) -> Intent {
        self.aimed(attacker, target, weapon, Maneuver::STANDARD)
    }

    /// A called shot at `part` of `target` with `weapon`.
    pub fn called(&self, attacker: &str, target: &str, weapon: &str, part: BodyPart) -> Intent {
        self.aimed(attacker, target, weapon, part.maneuver())
    }

    fn aimed(&self, attacker: &str, target: &str, weapon: &str, maneuver: Maneuver) -> Intent {
        Intent::Attack {
            target: self.who(target),
            attack: self.weapon(attacker, weapon),
            maneuver,
        }
    }

    /// Engage `target`.
    pub fn engage(&self, target: &str) -> Intent {
        Intent::Engage {
            target: self.who(target),
        }
    }

    /// Move into the region called `region`.
    pub fn move_to(&self, region: &str) -> Intent {
        Intent::Move {
            to: self.region_id(region),
        }
    }

    /// Withhold an attack of `attacker` on `target` with `weapon` until `trigger`.
    pub fn withhold(&self, attacker: &str, target: &str, weapon: &str, trigger: Trigger) -> Intent {
        Intent::Ready {
            trigger,
            intent: Readied::Attack {
                target: self.who(target),
                attack: self.weapon(attacker, weapon),
                maneuver: Maneuver::STANDARD,
            },
        }
    }

    /// Withhold a move into the region called `region` until an enemy engages it.
    pub fn withhold_move(&self, region: &str) -> Intent {
        Intent::Ready {
            trigger: Trigger::EnemyEngagesMe,
            intent: Readied::Move {
                to: self.region_id(region),
            },
        }
    }

    /// The region called `name`.
    pub fn region_id(&self, name: &str) -> RegionId {
        let map = self.encounter_part::<EncounterMap>();
        map.ids()
            .find(|r| map.name(*r) == name)
            .unwrap_or_else(|| panic!("no region {name}"))
    }

    /// The name of the region `name` stands in.
    pub fn region(&self, name: &str) -> String {
        let r = self.get::<InRegion>(name).0;
        self.encounter_part::<EncounterMap>().name(r).to_string()
    }

    /// The option offered to `name` for `intent`, if any.
    pub fn offer(&self, name: &str, intent: &Intent) -> Option<DecisionOption> {
        self.offers(name).into_iter().find(|o| &o.intent == intent)
    }

    /// The cost of the option offered to `name` for `intent` (it must be offered).
    pub fn cost(&self, name: &str, intent: &Intent) -> Cost {
        self.offer(name, intent)
            .unwrap_or_else(|| panic!("{name} is not offered {intent:?}\n{:?}", self.labels(name)))
            .cost
    }

    /// Labels of the options offered to `name`.
    pub fn labels(&self, name: &str) -> Vec<String> {
        self.offers(name)
            .iter()
            .map(|o| o.label.to_string())
            .collect()
    }

    /// Names of the combatants asked for a reaction now.
    pub fn reactors(&self) -> Vec<String> {
        fray_core::client::decisions(self.app.world(), self.e)
            .into_iter()
            .filter(|d| d.kind == DecisionKind::Reaction)
            .map(|d| self.name(d.actor))
            .collect()
    }

    /// Health.
    pub fn hp(&self, name: &str) -> i32 {
        self.get::<Hp>(name).current
    }

    /// The gauge.
    pub fn atg(&self, name: &str) -> Atg {
        *self.get::<Atg>(name)
    }

    /// Tenths of a second left in the gauge.
    pub fn left(&self, name: &str) -> u16 {
        self.atg(name).remaining
    }

    pub fn state(&self, name: &str) -> OhoState {
        *self.get::<OhoState>(name)
    }

    /// Whether `a` engages `b` (one-way).
    pub fn engages(&self, a: &str, b: &str) -> bool {
        self.get::<Engagement>(a).engaging().contains(&self.who(b))
    }

    /// The combat log.
    pub fn combat_log(&self) -> CombatLog {
        self.encounter_part::<CombatLog>().clone()
    }

    pub fn entries(&self) -> Vec<LogEntry> {
        self.encounter_part::<CombatLog>().entries().to_vec()
    }

    /// Index of the last log event matching `f`.
    pub fn find_last(&self, f: impl Fn(&LogEvent) -> bool) -> Option<usize> {
        self.events().iter().rposition(f)
    }

    /// Every attack in the log, rendered: `label: roll vs defense, hit|miss`.
    pub fn attacks(&self) -> Vec<String> {
        self.events()
            .iter()
            .filter_map(|e| match e {
                LogEvent::Attack {
                    attack,
                    roll,
                    against,
                    hit,
                    ..
                } => Some(format!(
                    "{attack}: {roll} vs {against}, {}",
                    if *hit { "hit" } else { "miss" }
                )),
                _ => None,
            })
            .collect()
    }

    /// Every roll in the log whose purpose starts with `purpose`, rendered.
    pub fn rolls(&self, purpose: &str) -> Vec<String> {
        self.events()
            .iter()
            .filter_map(|e| match e {
                LogEvent::Roll {
                    purpose: p, roll, ..
                } if p.starts_with(purpose) => Some(roll.to_string()),
                _ => None,
            })
            .collect()
    }

    /// Every damage dealt in the log: `(amount, health after)`.
    pub fn damage(&self) -> Vec<(i32, i32)> {
        self.events()
            .iter()
            .filter_map(|e| match e {
                LogEvent::Damage { amount, hp, .. } => Some((*amount, *hp)),
                _ => None,
            })
            .collect()
    }

    /// Every note in the log about `name`.
    pub fn notes(&self, name: &str) -> Vec<String> {
        let id = self.id(name);
        self.events()
            .iter()
            .filter_map(|e| match e {
                LogEvent::Note { who, text } if *who == Some(id) => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    /// What the gauge of `name` showed after each spending, in the log (`5.5s left`).
    pub fn spent(&self, name: &str) -> Vec<(Cost, String)> {
        let id = self.id(name);
        self.events()
            .iter()
            .filter_map(|e| match e {
                LogEvent::Spent { who, cost, left } if *who == id => {
                    Some((parse_seconds(cost), left.clone()))
                }
                _ => None,
            })
            .collect()
    }
}
