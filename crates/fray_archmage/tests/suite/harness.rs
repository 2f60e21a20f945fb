//! Building apps, spawning fights and forcing dice for archmage tests.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use bevy_app::prelude::*;
use bevy_ecs::message::{MessageCursor, Messages};
use bevy_ecs::prelude::*;
use fray_archmage::prelude::*;
use fray_content::prelude::*;
use fray_core::prelude::*;

/// The workspace's `content/` directory.
pub fn content_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content")
}

/// A loader that knows the archmage schema and the AI policies.
pub fn loader() -> ContentLoader {
    ContentLoader::new()
        .with_schema(fray_archmage::schema())
        .with_policies(fray_ai::POLICY_NAMES)
}

/// `content/archmage`, loaded once.
pub fn content() -> Arc<ContentDb> {
    static DB: OnceLock<Arc<ContentDb>> = OnceLock::new();
    DB.get_or_init(|| {
        let db = loader()
            .load_paths(&[content_dir().join("archmage")])
            .unwrap_or_else(|e| panic!("content/archmage does not load:\n{e}"));
        Arc::new(db)
    })
    .clone()
}

/// An app with the core (stepped by hand), the AI and archmage, and the content.
pub fn app_with(content: Arc<ContentDb>) -> App {
    let mut app = App::new();
    app.add_plugins((
        FrayCorePlugin {
            run: FrayRunMode::Manual,
            step: StepMode::UntilBlocked,
        },
        fray_ai::FrayAiPlugin,
        FrayArchmagePlugin,
    ))
    .insert_resource(Content(content));
    app.finish();
    app.cleanup();
    app
}

/// An app with the built-in content.
pub fn app() -> App {
    app_with(content())
}

/// Spawns a content encounter with logging on.
pub fn spawn(app: &mut App, id: &str, seed: u64) -> Entity {
    app.world_mut()
        .spawn_encounter(id, &EncounterSettings::logged(seed))
        .unwrap()
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

/// Statblocks every rule test can use. Numbers (level 1 unless said):
/// - `hero` (Str 18, Con 14, Dex 12, Int 10, Wis 14): AC 18, PD 13, MD 11, 30 HP, initiative +2,
///   2 recoveries (d10 + 2). Attacks: sword +5 d8+4 (miss: 1), bow +2 d6+1, bolt (ranged
///   spell) +1 d6 vs PD, blast (close spell, group of 2) +1 d6 vs PD, keen +5 d8+4 crits 18+
///   for triple damage, firebolt +1 d6 fire (ranged spell),
///   scorch +5 d8+4 fire with 6 ongoing fire, longshot +2 d6+1 (ranged, far away), hex +1 d4
///   vs MD that dazes (save ends) a target left with 10 HP or fewer, surge +5 d8+4 (recharge 16).
///   Powers: heal (quick, an ally spends a recovery), ward (quick, 5 temporary HP to itself),
///   bulwark (quick, 8 temporary HP to itself).
/// - `ally`: like `hero` without the extra attacks.
/// - `guard`: `ally` with parry +5 d8+4, an interrupt.
/// - `twin`: `hero`'s sword with two weapons, and 31 HP.
/// - `sage`: level 5, Wis 18: stabilize checks at +9; ward (quick, 5 temporary HP, close
///   quarters), prayer (standard, daily, a spell that heals it 2).
/// - `scout` (level 2; Str 8, Con 12, Dex 16, Int 14, Wis 10, Cha 18): AC 12 + 1 + 2 = 15,
///   PD 11 + 1 + 2 = 14, MD 10 + 2 + 2 = 14, initiative +5; dagger +1 2d4-1.
/// - `champ` (level 5; Str 18, Con 16, Int 8): sword +9 5d8+8, jab (Int) +4 5d4-2; 60 HP,
///   3 recoveries of 5d10 + 6.
/// - `lord` (level 8; Str 18), magic weapons +1 and +2: sword +14 8d8+12.
/// - `monk` (level 3; Str 16): fist (unarmed, Str -2) +4 d6+d3+3.
/// - `brute` (level 2): 40 HP, AC 15, PD 13, MD 12, initiative +2; claw +7 for 6.
/// - `witch`: 20 HP, AC 12, initiative 0; ranged stab vs AC, shove vs PD, curse vs MD, each +5
///   for 3.
/// - `burner`: 30 HP, AC 14, PD 12, MD 12, resists fire 16; flame +7 for 5 fire and 4 ongoing fire.
/// - `grabber`: 30 HP, AC 14, PD 14, MD 10; claws +7 vs PD for 4, grabs on a hit.
/// - `mook`: 5 HP, AC 10; knife +5 for 2.
/// - `villain`: a named villain, 60 HP, AC 15; blade +7 for 9.
pub const BLOCKS: &str = r#"[
    Hero(id: "hero", name: "Hero", class: "Fighter", level: 1,
        abilities: (str: 18, con: 14, dex: 12, int: 10, wis: 14, cha: 10),
        base: (ac: 15, pd: 10, md: 10), hp: 30, recoveries: 2, recovery_die: 10,
        attacks: [
            (id: "sword", name: "Sword", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), miss: Level, basic: true),
            (id: "bow", name: "Bow", kind: Ranged, vs: AC, ability: Dex, damage: Weapon(6), basic: true),
            (id: "bolt", name: "Bolt", kind: RangedSpell, vs: PD, ability: Int, damage: PerLevel(1, 6)),
            (id: "blast", name: "Blast", kind: CloseSpell, vs: PD, ability: Int, damage: PerLevel(1, 6), targets: Group(2)),
            (id: "keen", name: "Keen blade", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), crit_range: 2, crit_steps: 1),
            (id: "firebolt", name: "Firebolt", kind: RangedSpell, vs: PD, ability: Int, damage: PerLevel(1, 6), damage_type: Fire),
            (id: "scorch", name: "Scorch", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), damage_type: Fire,
             effects: [(Hit, Ongoing(amount: 6, kind: Fire, save: Normal))]),
            (id: "longshot", name: "Longshot", kind: Ranged, vs: AC, ability: Dex, damage: Weapon(6), reach: FarAway),
            (id: "hex", name: "Hex", kind: Melee, vs: MD, ability: Int, damage: PerLevel(1, 4),
             effects: [(Hit, Inflict(condition: Dazed, lasts: SaveEnds(Normal), hp_at_most: Some(10)))]),
            (id: "surge", name: "Surge", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), usage: Recharge(16)),
        ],
        powers: [
            (id: "heal", name: "Heal", target: NearbyAlly, effect: HealWithRecovery(bonus: 0), action: Quick, close: true),
            (id: "ward", name: "Ward", target: Myself, effect: TempHp(5), action: Quick, close: true),
            (id: "bulwark", name: "Bulwark", target: Myself, effect: TempHp(8), action: Quick, close: true),
        ],
    ),
    Hero(id: "ally", name: "Ally", class: "Fighter", level: 1,
        abilities: (str: 18, con: 14, dex: 12, int: 10, wis: 14, cha: 10),
        base: (ac: 15, pd: 10, md: 10), hp: 30, recoveries: 2, recovery_die: 10,
        attacks: [(id: "sword", name: "Sword", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), miss: Level, basic: true)],
    ),
    Hero(id: "guard", name: "Guard", class: "Fighter", level: 1,
        abilities: (str: 18, con: 14, dex: 12, int: 10, wis: 14, cha: 10),
        base: (ac: 15, pd: 10, md: 10), hp: 30, recoveries: 2, recovery_die: 10,
        attacks: [
            (id: "sword", name: "Sword", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), miss: Level, basic: true),
            (id: "parry", name: "Parry", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), usage: Interrupt),
        ],
    ),
    Hero(id: "twin", name: "Twin", class: "Rogue", level: 1, two_weapons: true,
        abilities: (str: 18, con: 14, dex: 12, int: 10, wis: 14, cha: 10),
        base: (ac: 15, pd: 10, md: 10), hp: 31, recoveries: 2, recovery_die: 10,
        attacks: [(id: "sword", name: "Sword", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), basic: true)],
    ),
    Hero(id: "sage", name: "Sage", class: "Cleric", level: 5,
        abilities: (str: 10, con: 10, dex: 10, int: 10, wis: 18, cha: 10),
        base: (ac: 12, pd: 10, md: 10), hp: 50, recoveries: 8, recovery_die: 8,
        attacks: [(id: "staff", name: "Staff", kind: Melee, vs: AC, ability: Str, damage: Weapon(6), basic: true)],
        powers: [
            (id: "ward", name: "Ward", target: Myself, effect: TempHp(5), action: Quick, close: true),
            (id: "prayer", name: "Prayer", target: Myself, effect: Heal("2"), action: Standard, usage: Daily),
        ],
    ),
    Hero(id: "scout", name: "Scout", class: "Ranger", level: 2,
        abilities: (str: 8, con: 12, dex: 16, int: 14, wis: 10, cha: 18),
        base: (ac: 12, pd: 11, md: 10), hp: 30, recoveries: 2, recovery_die: 8,
        attacks: [(id: "dagger", name: "Dagger", kind: Melee, vs: AC, ability: Str, damage: Weapon(4), basic: true)],
    ),
    Hero(id: "champ", name: "Champ", class: "Fighter", level: 5,
        abilities: (str: 18, con: 16, dex: 10, int: 8, wis: 10, cha: 10),
        base: (ac: 15, pd: 10, md: 10), hp: 60, recoveries: 3, recovery_die: 10,
        attacks: [
            (id: "sword", name: "Sword", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), basic: true),
            (id: "jab", name: "Jab", kind: Melee, vs: AC, ability: Int, damage: Weapon(4)),
        ],
    ),
    Hero(id: "lord", name: "Lord", class: "Fighter", level: 8,
        abilities: (str: 18, con: 10, dex: 10, int: 10, wis: 10, cha: 10),
        base: (ac: 15, pd: 10, md: 10), hp: 90, recoveries: 8, recovery_die: 10,
        magic: [(to: Attacks, bonus: 1), (to: Attacks, bonus: 2)],
        attacks: [(id: "sword", name: "Sword", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), basic: true)],
    ),
    Hero(id: "monk", name: "Monk", class: "Monk", level: 3,
        abilities: (str: 16, con: 10, dex: 10, int: 10, wis: 10, cha: 10),
        base: (ac: 12, pd: 10, md: 10), hp: 30, recoveries: 2, recovery_die: 8,
        attacks: [(id: "fist", name: "Fist", kind: Melee, vs: AC, ability: Str, extra: -2, damage: Unarmed, basic: true)],
    ),
    Monster(id: "brute", name: "Brute", level: 2, hp: 40, ac: 15, pd: 13, md: 12, initiative: 2,
        attacks: [(id: "claw", name: "Claw", kind: Melee, vs: AC, bonus: 7, damage: Dice("6"), basic: true)]),
    Monster(id: "burner", name: "Burner", level: 1, hp: 30, ac: 14, pd: 12, md: 12, initiative: 0, resist: [(Fire, 16)],
        attacks: [(id: "flame", name: "Flame", kind: Melee, vs: AC, bonus: 7, damage: Dice("5"), damage_type: Fire, basic: true,
                   effects: [(Hit, Ongoing(amount: 4, kind: Fire, save: Normal))])]),
    Monster(id: "grabber", name: "Grabber", level: 1, hp: 30, ac: 14, pd: 14, md: 10, initiative: 0,
        attacks: [(id: "claws", name: "Claws", kind: Melee, vs: PD, bonus: 7, damage: Dice("4"), basic: true, effects: [(Hit, Grab)])]),
    Monster(id: "mook", name: "Mook", level: 1, size: Mook, hp: 5, ac: 10, pd: 10, md: 10, initiative: 0,
        attacks: [(id: "knife", name: "Knife", kind: Melee, vs: AC, bonus: 5, damage: Dice("2"), basic: true)]),
    Monster(id: "witch", name: "Witch", level: 1, hp: 20, ac: 12, pd: 12, md: 12, initiative: 0,
        attacks: [
            (id: "stab", name: "Stab", kind: Ranged, vs: AC, bonus: 5, damage: Dice("3"), basic: true),
            (id: "shove", name: "Shove", kind: Ranged, vs: PD, bonus: 5, damage: Dice("3")),
            (id: "curse", name: "Curse", kind: Ranged, vs: MD, bonus: 5, damage: Dice("3")),
        ]),
    Monster(id: "villain", name: "Villain", level: 3, hp: 60, ac: 15, pd: 13, md: 13, initiative: 0, named_villain: true,
        attacks: [(id: "blade", name: "Blade", kind: Melee, vs: AC, bonus: 7, damage: Dice("9"), basic: true)]),
]"#;

/// A fight between external sides (player 1 the heroes, player 2 the monsters), with dice
/// forced from the first roll (initiative: one d20 per hero, one per monster statblock).
pub struct Fight {
    pub app: App,
    pub e: Entity,
    rejections: MessageCursor<ActionRejected>,
}

/// Where to fight: a built-in map or an inline one.
pub const NEAR_FAR: &str = r#"Named("near-far")"#;
/// Three regions in a line: `a`, `b`, `c`; `b` is difficult ground.
pub const LINE: &str = r#"Inline(id: "line", regions: [(id: "a"), (id: "b", terrain: (difficult: true)), (id: "c")], links: [("a", "b"), ("b", "c")])"#;

impl Fight {
    /// `heroes` and `monsters` are lists of `(statblock, count, region)`.
    pub fn new(
        map: &str,
        heroes: &[(&str, u16, &str)],
        monsters: &[(&str, u16, &str)],
        extra: &str,
        faces: &[u32],
    ) -> Self {
        let side = |list: &[(&str, u16, &str)]| {
            list.iter()
                .map(|(s, n, r)| format!("(statblock: \"{s}\", count: {n}, region: \"{r}\")"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let text = format!(
            "Encounter(id: \"t\", name: \"T\", ruleset: \"archmage\", map: {map},\n sides: [\n (name: \"Heroes\", controller: External(1), combatants: [{}]),\n (name: \"Monsters\", controller: External(2), combatants: [{}]),\n ], {extra})",
            side(heroes),
            side(monsters)
        );
        let loader = loader();
        let mut db = ContentDb::default();
        loader
            .add_source(&mut db, SourceFile::new("t/archmage/blocks.ron", BLOCKS))
            .unwrap();
        loader
            .add_source(
                &mut db,
                SourceFile::new("t/archmage/encounters/t.ron", text),
            )
            .unwrap();
        let problems = loader.validate(&mut db);
        assert!(problems.is_empty(), "{problems:?}");
        let mut app = app_with(Arc::new(db));
        let e = app
            .world_mut()
            .spawn_encounter("t", &EncounterSettings::logged(0))
            .unwrap();
        app.world_mut()
            .entity_mut(e)
            .insert(EncounterRng::scripted(faces.iter().copied()));
        let mut fight = Self {
            app,
            e,
            rejections: MessageCursor::default(),
        };
        fight.settle();
        fight
    }

    /// Runs until the fight waits on a decision.
    pub fn settle(&mut self) {
        settle(&mut self.app);
    }

    /// The combatant with this name.
    pub fn who(&self, name: &str) -> Entity {
        self.app
            .world()
            .get::<Roster>(self.e)
            .unwrap()
            .entries
            .iter()
            .find(|e| e.name == name)
            .unwrap_or_else(|| panic!("no combatant named {name}"))
            .entity
    }

    /// Name of whose turn it is.
    pub fn turn(&self) -> String {
        let actor = self
            .app
            .world()
            .get::<Turn>(self.e)
            .unwrap()
            .actor
            .expect("someone's turn");
        self.name(actor)
    }

    /// A combatant's name.
    pub fn name(&self, e: Entity) -> String {
        self.app
            .world()
            .get::<bevy_ecs::name::Name>(e)
            .unwrap()
            .to_string()
    }

    /// `name` does `intent` (sent by its own controller); returns the rejection, if any.
    pub fn act(&mut self, name: &str, intent: Intent) -> Option<RejectReason> {
        let actor = self.who(name);
        let player = match self.app.world().get::<Controller>(actor).unwrap() {
            Controller::External(p) => *p,
            Controller::Ai(_) => panic!("{name} is AI-controlled"),
        };
        self.app.world_mut().write_message(ActionRequest {
            actor,
            controller: player,
            intent,
        });
        self.settle();
        let messages = self.app.world().resource::<Messages<ActionRejected>>();
        self.rejections
            .read(messages)
            .last()
            .map(|r| r.reason.clone())
    }

    /// `name` does `intent`, which must be accepted.
    pub fn ok(&mut self, name: &str, intent: Intent) {
        if let Some(reason) = self.act(name, intent.clone()) {
            panic!("{name}: {intent:?} was rejected: {reason}\n{}", self.log());
        }
    }

    /// Attack `target` with the attack called `attack`.
    pub fn attack(&self, attacker: &str, target: &str, attack: &str) -> Intent {
        self.attack_with(attacker, target, attack, Maneuver::Standard)
    }

    /// Attack with a maneuver.
    pub fn attack_with(
        &self,
        attacker: &str,
        target: &str,
        attack: &str,
        maneuver: Maneuver,
    ) -> Intent {
        let sheet = self
            .app
            .world()
            .get::<Sheet>(self.who(attacker))
            .unwrap()
            .0
            .clone();
        let index = sheet
            .attacks
            .iter()
            .position(|a| a.def.id == attack)
            .unwrap_or_else(|| panic!("no attack {attack}"));
        Intent::Attack {
            target: self.who(target),
            attack: AttackId(index as u16),
            maneuver,
        }
    }

    /// Use the power called `power` on `target`.
    pub fn power(&self, user: &str, power: &str, target: Option<&str>) -> Intent {
        let sheet = self
            .app
            .world()
            .get::<Sheet>(self.who(user))
            .unwrap()
            .0
            .clone();
        let index = sheet.powers.iter().position(|p| p.def.id == power).unwrap();
        Intent::UseAbility {
            ability: AbilityId(index as u16),
            target: target.map(|t| self.who(t)),
        }
    }

    /// Ends the current turn, whoever's it is.
    pub fn end_turn(&mut self) {
        let who = self.turn();
        self.ok(&who, Intent::EndTurn);
    }

    /// Ends turns until it is `name`'s turn.
    pub fn until(&mut self, name: &str) {
        for _ in 0..20 {
            if self.turn() == name {
                return;
            }
            self.end_turn();
        }
        panic!("{name}'s turn never came\n{}", self.log());
    }

    /// Ends `name`'s turn and then others' until it is `name`'s turn again.
    pub fn next_turn_of(&mut self, name: &str) {
        self.until(name);
        self.end_turn();
        self.until(name);
    }

    /// The options offered to whoever must decide now (turn or reaction) named `name`.
    pub fn offers(&self, name: &str) -> Vec<ActionOption> {
        let who = self.who(name);
        fray_core::client::decisions(self.app.world(), self.e)
            .into_iter()
            .find(|d| d.actor == who)
            .map(|d| d.options)
            .unwrap_or_default()
    }

    /// Kinds of intents offered to `name` now.
    pub fn offered_kinds(&self, name: &str) -> Vec<IntentKind> {
        self.offers(name).iter().map(|o| o.intent.kind()).collect()
    }

    pub fn hp(&self, name: &str) -> Hp {
        *self.app.world().get::<Hp>(self.who(name)).unwrap()
    }

    /// Sets hit points from outside the pipeline (and marks the situation changed, so the
    /// options are offered again).
    pub fn set_hp(&mut self, name: &str, current: i32) {
        let who = self.who(name);
        self.app.world_mut().get_mut::<Hp>(who).unwrap().current = current;
        // One tick applies the vitals (down, dead, staggered); then the options are offered again.
        fray_core::drive::tick(self.app.world_mut());
        self.touch();
        self.settle();
    }

    /// Marks the situation changed (after editing the world by hand).
    pub fn touch(&mut self) {
        let e = self.e;
        let mut turn = self.app.world_mut().get_mut::<Turn>(e).unwrap();
        turn.version = turn.version.wrapping_add(1);
    }

    pub fn status(&self, name: &str) -> Status {
        *self.app.world().get::<Status>(self.who(name)).unwrap()
    }

    pub fn state(&self, name: &str) -> ArchState {
        self.app
            .world()
            .get::<ArchState>(self.who(name))
            .unwrap()
            .clone()
    }

    pub fn has(&self, name: &str, c: Condition) -> bool {
        self.app
            .world()
            .get::<Conditions>(self.who(name))
            .unwrap()
            .has(c)
    }

    pub fn slots(&self, name: &str) -> ActionSlots {
        *self.app.world().get::<ActionSlots>(self.who(name)).unwrap()
    }

    pub fn engaged(&self, a: &str, b: &str) -> bool {
        self.app
            .world()
            .get::<Engagement>(self.who(a))
            .unwrap()
            .is_engaged_with(self.who(b))
    }

    pub fn region(&self, name: &str) -> RegionId {
        self.app.world().get::<InRegion>(self.who(name)).unwrap().0
    }

    pub fn encounter(&self) -> Encounter {
        self.app.world().get::<Encounter>(self.e).unwrap().clone()
    }

    pub fn order(&self) -> Vec<(String, i32)> {
        self.app
            .world()
            .get::<fray_core::turn::TurnOrder>(self.e)
            .unwrap()
            .entries()
            .iter()
            .map(|t| (self.name(t.actor), t.count))
            .collect()
    }

    /// Puts a condition on `target` (as if `source` inflicted it).
    pub fn inflict(&mut self, target: &str, source: Option<&str>, spec: EffectSpec) {
        let (e, target, source) = (self.e, self.who(target), source.map(|s| self.who(s)));
        self.app
            .world_mut()
            .run_system_once(move |mut commands: Commands, mut q: Query<(&mut Encounter, &Turn, &mut CombatLog, &Roster)>| {
                let (mut encounter, turn, mut log, roster) = q.get_mut(e).unwrap();
                let stamp = encounter.effect_stamp(e, turn);
                let id = roster.id_of(target).unwrap();
                fray_core::effect::apply_effect(&mut commands, stamp, &mut log, (target, id), source, spec.clone());
            })
            .unwrap();
        // Conditions are recomputed at the next tick; run the refresh now.
        self.app.world_mut().run_system_once(refresh).unwrap();
        self.touch();
        self.settle();
    }

    /// Faces of the script not rolled yet.
    pub fn faces_left(&self) -> usize {
        self.app
            .world()
            .get::<EncounterRng>(self.e)
            .unwrap()
            .scripted_remaining()
            .unwrap_or(0)
    }

    pub fn log(&self) -> String {
        text_log(&self.app, self.e)
    }

    pub fn events(&self) -> Vec<LogEvent> {
        self.app
            .world()
            .get::<CombatLog>(self.e)
            .unwrap()
            .entries()
            .iter()
            .map(|e| e.event.clone())
            .collect()
    }

    /// Index of the first log event matching `f`.
    pub fn find(&self, f: impl Fn(&LogEvent) -> bool) -> Option<usize> {
        self.events().iter().position(f)
    }
}

/// Recomputes conditions from effects (what the core does at the next tick).
fn refresh(mut q: Query<(&mut Conditions, Option<&ActiveEffects>)>, effects: Query<&Effect>) {
    for (mut c, active) in &mut q {
        let list: Vec<(Condition, i32)> = active
            .map(|a| {
                a.iter()
                    .filter_map(|e| effects.get(e).ok())
                    .filter_map(|e| match e.kind {
                        EffectKind::Condition(c) => Some((c, e.magnitude)),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default();
        c.recompute(list);
    }
}

use bevy_ecs::system::RunSystemOnce;
use fray_core::effect::EffectSpec;
