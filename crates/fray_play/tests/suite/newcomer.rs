//! The newcomer trial's `fray play` items (issue 32, D.14 to D.18): options told apart,
//! nothing cut at the minimum size, previews that say only what holds, and keys to get about.

use std::collections::BTreeMap;

use fray_core::intent::IntentKind;
use fray_play::keys::Command;

use crate::common::{keys_for_decision, screen, session};

/// Built-in encounters of every ruleset with readied or withheld actions among their options.
const ENCOUNTERS: [&str; 5] = [
    "archmage-bridge",
    "oho-crossroads",
    "bx-goblin-cave",
    "dr-ford",
    "l5-guild-duel",
];

/// D.14: in every decision of a whole fight of each ruleset, no two options read the same,
/// and a readied or withheld action says what it is and what sets it off.
#[test]
fn d14_no_two_options_read_the_same() {
    for encounter in ENCOUNTERS {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mut app = session(encounter, 3, dir.path());
        let mut readied = 0;
        for _ in 0..200 {
            app.settle();
            if app.fight().is_over() {
                break;
            }
            let mut seen = BTreeMap::new();
            for entry in app.menu() {
                if let Some(earlier) = seen.insert(entry.text.clone(), entry.option.intent) {
                    panic!(
                        "{encounter}: two options read `{}`: {earlier:?} and {:?}",
                        entry.text, entry.option.intent
                    );
                }
                if entry.option.intent.kind() == IntentKind::Ready {
                    readied += 1;
                    assert!(
                        entry.text.contains(", when an enemy "),
                        "{encounter}: `{}` says what sets it off",
                        entry.text
                    );
                    assert!(
                        entry.text != "ready" && !entry.text.starts_with("ready,"),
                        "{encounter}: `{}` says what is readied",
                        entry.text
                    );
                }
            }
            for key in keys_for_decision(&app) {
                app.handle(key);
            }
        }
        if encounter == "archmage-bridge" || encounter == "oho-crossroads" {
            assert!(readied > 0, "{encounter}: readied options were offered");
        }
    }
}

/// D.15: at the smallest supported size, the turn order and the actor stay in sight, options
/// keep their targets (wrapped, not cut), and a list longer than its pane says so.
#[test]
fn d15_nothing_is_cut_at_the_minimum_size() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = session("archmage-bridge", 3, dir.path());
    app.settle();
    let small = screen(&app, 100, 30);
    assert!(small.contains("Order:"), "the order shows\n{small}");
    assert!(small.contains("Now:"), "the actor shows\n{small}");
    // Every option's whole text is on the screen or below the fold the border counts.
    let menu: Vec<String> = app.menu().iter().map(|e| e.text.clone()).collect();
    let joined: String = small
        .lines()
        .map(|l| l.trim_matches('"'))
        .collect::<Vec<_>>()
        .join("\n");
    let first = menu.first().cloned().unwrap_or_default();
    let words_shown = first
        .split(' ')
        .all(|w| joined.contains(w.trim_end_matches(',')));
    assert!(words_shown, "`{first}` shows whole\n{small}");
    if menu.len() > 20 {
        assert!(
            small.contains("more"),
            "the list says more is below\n{small}"
        );
    }
    // The decision's title names who decides; what it has left is a line of its own.
    let wide = screen(&app, 160, 48);
    assert!(wide.contains("budget: "), "the budget has a line\n{wide}");
}

/// D.17: a move, an engage or ending the turn shows no odds; an attack shows its hit chance.
#[test]
fn d17_previews_say_odds_only_for_what_can_fail() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = session("oho-crossroads", 3, dir.path());
    // On to a turn with attacks and moves among its options.
    for _ in 0..20 {
        app.settle();
        let kinds: Vec<IntentKind> = app.menu().iter().map(|e| e.option.intent.kind()).collect();
        if kinds.contains(&IntentKind::Attack) && kinds.contains(&IntentKind::EndTurn) {
            break;
        }
        for key in crate::common::keys_for_decision(&app) {
            app.handle(key);
        }
    }
    let mut checked = 0;
    for (i, entry) in app.menu().to_vec().into_iter().enumerate() {
        while app.selected() != i {
            app.handle(Command::Down);
        }
        let shown = screen(&app, 140, 44);
        let preview: Vec<&str> = shown.lines().filter_map(|l| l.split("││").nth(1)).collect();
        let odds = preview
            .iter()
            .any(|l| l.contains("hit:") || l.contains("success") || l.contains("hit /"));
        match entry.option.intent.kind() {
            IntentKind::Move | IntentKind::Engage | IntentKind::EndTurn | IntentKind::Ready => {
                assert!(!odds, "`{}` shows no odds\n{shown}", entry.text);
                checked += 1;
            }
            IntentKind::Attack => {
                assert!(odds, "`{}` shows its odds\n{shown}", entry.text);
                checked += 1;
            }
            _ => {}
        }
    }
    assert!(checked > 3, "options of each kind were checked");
}

/// D.18: Home, End and the digit keys move the highlight; sides carry a tag besides their
/// colour, in the battlefield and the turn order.
#[test]
fn d18_keys_to_get_about_and_sides_without_colour() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = session("archmage-bridge", 3, dir.path());
    // On to the first turn of the person's (the fight opens with a reaction of two options).
    for _ in 0..10 {
        app.settle();
        if app.menu().len() > 3 {
            break;
        }
        for key in crate::common::keys_for_decision(&app) {
            app.handle(key);
        }
    }
    let count = app.menu().len();
    assert!(count > 3, "a menu to move in");
    app.handle(Command::Last);
    assert_eq!(app.selected(), count - 1, "End: the last option");
    app.handle(Command::First);
    assert_eq!(app.selected(), 0, "Home: the first option");
    app.handle(Command::Pick(3));
    assert_eq!(app.selected(), 2, "3: the third option");
    app.handle(Command::Pick(9));
    let ninth = if count >= 9 { 8 } else { 2 };
    assert_eq!(
        app.selected(),
        ninth,
        "9: the ninth option, when there is one"
    );
    let shown = screen(&app, 140, 44);
    assert!(shown.contains("H   Brannoc"), "the heroes' tag\n{shown}");
    assert!(
        shown.contains("R   Reed Goblin 1"),
        "the raiders' tag\n{shown}"
    );
    assert!(shown.contains("[R]"), "the order's tags\n{shown}");
}

/// D.18: the end screen's title shows the battle gauges as the fight left them (archmage's
/// escalation die as the log last set it), not as they were reset.
#[test]
fn d18_the_end_title_shows_the_last_escalation_die() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = session("archmage-bridge", 3, dir.path());
    crate::common::play(&mut app, 10_000);
    assert!(app.fight().is_over());
    let last = app
        .log_lines()
        .iter()
        .rev()
        .find_map(|l| {
            l.split("The escalation die shows ")
                .nth(1)
                .map(|rest| rest.trim_end_matches('.').trim().to_string())
        })
        .unwrap_or_else(|| panic!("the log shows the escalation die"));
    let end = screen(&app, 140, 44);
    let title = end.lines().next().unwrap_or_default().to_string();
    assert!(
        title.contains(&format!("escalation die +{last}")),
        "the title shows the die the log last set (+{last}): {title}"
    );
}

/// D.17: die-rank's opening offer of a mastery point says which roll it goes to (initiative,
/// DR-12); an answer to a roll says it goes on the roll (DR-09).
#[test]
fn d17_a_mastery_point_says_which_roll_it_goes_to() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = session("dr-ford", 3, dir.path());
    app.settle();
    let texts: Vec<String> = app.menu().iter().map(|e| e.text.clone()).collect();
    assert!(
        texts
            .iter()
            .any(|t| t == "spend a mastery point on initiative"),
        "{texts:?}"
    );
}

/// D.18: `i` inspects the highlighted option's target - its defenses, hit points and
/// conditions - and `?` explains the ruleset's terms besides the keys.
#[test]
fn d18_a_combatant_can_be_inspected_and_the_rulesets_terms_are_explained() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = session("archmage-bridge", 3, dir.path());
    app.settle();
    app.handle(Command::Inspect);
    let shown = screen(&app, 140, 44);
    assert!(matches!(
        app.overlay(),
        fray_play::app::Overlay::Inspect { .. }
    ));
    for stat in ["AC", "PD", "MD", "HP", "conditions"] {
        assert!(shown.contains(&format!("│ {stat} ")), "{stat}\n{shown}");
    }
    app.handle(Command::No);
    assert_eq!(app.overlay(), fray_play::app::Overlay::None);
    app.handle(Command::Help);
    let help = screen(&app, 140, 44);
    assert!(help.contains("escalation die"), "{help}");
    assert!(help.contains("intercept"), "{help}");
    assert!(help.contains("stabilize"), "{help}");
    // Every ruleset explains some of its words, and inspects with its own numbers.
    for (encounter, stat) in [
        ("oho-crossroads", "Fortitude"),
        ("bx-goblin-cave", "THAC0"),
        ("dr-ford", "defense"),
        ("l5-guild-duel", "proficiency"),
    ] {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mut app = session(encounter, 3, dir.path());
        app.settle();
        app.handle(Command::Inspect);
        let shown = screen(&app, 140, 44);
        assert!(shown.contains(stat), "{encounter}: {stat}\n{shown}");
        app.handle(Command::No);
        app.handle(Command::Help);
        assert!(
            screen(&app, 140, 44).contains("The ruleset's terms"),
            "{encounter}"
        );
    }
}

/// D.17: an option that may inflict a lasting effect names it, and a limited power says how
/// many uses it has left, in every decision of a whole fight of each ruleset.
#[test]
fn d17_a_lasting_effect_is_named_and_limited_uses_are_counted() {
    let mut named = BTreeMap::new();
    let mut counted = BTreeMap::new();
    let mut graded = 0;
    for encounter in ENCOUNTERS {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mut app = session(encounter, 3, dir.path());
        for _ in 0..200 {
            app.settle();
            if app.fight().is_over() {
                break;
            }
            for entry in app.menu() {
                let notes = &entry.option.notes;
                if entry.option.preview.inflicts > 0.0 {
                    assert!(
                        notes
                            .iter()
                            .any(|n| n.contains(": ") && !n.contains(" left ")),
                        "{encounter}: `{}` may inflict something and says what: {notes:?}",
                        entry.text
                    );
                    *named.entry(encounter).or_insert(0) += 1;
                }
                let limited = notes.iter().any(|n| {
                    n.contains(" left this fight")
                        || n.starts_with("daily")
                        || n.starts_with("once a battle")
                });
                if limited {
                    *counted.entry(encounter).or_insert(0) += 1;
                }
                // OHO grades a hit by its Fortitude roll, band by band.
                if notes
                    .iter()
                    .any(|n| n.starts_with("a hit's Fortitude roll: held "))
                {
                    graded += 1;
                }
            }
            for key in keys_for_decision(&app) {
                app.handle(key);
            }
        }
    }
    assert!(named.contains_key("archmage-bridge"), "{named:?}");
    assert!(graded > 0, "OHO's attacks show their bands");
    for encounter in ["archmage-bridge", "bx-goblin-cave"] {
        assert!(counted.contains_key(encounter), "{encounter}: {counted:?}");
    }
}

/// D.17: a heal aimed at an ally at full hit points previews no healing (what it rolls is all
/// wasted), not the dice's mean.
#[test]
fn d17_a_heal_on_a_whole_ally_previews_no_healing() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = session("bx-goblin-cave", 3, dir.path());
    app.settle();
    // The first decision: nobody is hurt yet.
    let heals: Vec<_> = app
        .menu()
        .iter()
        .filter(|e| e.text.starts_with("cast Mend Wounds"))
        .map(|e| e.option.preview)
        .collect();
    assert!(!heals.is_empty(), "the cleric may cast Mend Wounds");
    for p in heals {
        assert_eq!(p.expected_healing, 0.0, "{p:?}");
        assert!(p.overheal > 0.0, "what it rolls is wasted: {p:?}");
    }
}
