//! Ids as the command line takes them: bare (`bx-goblin-cave`) or with their ruleset before a
//! colon (`bx:bx-goblin-cave`, `bx:cleric-1`), wherever an id is taken (trial item C.10).

use crate::cli::{fray, text};

#[test]
fn an_id_may_carry_its_ruleset_wherever_one_is_taken() {
    let bare = fray(&["run", "bx-goblin-cave", "--seed", "3"]);
    let named = fray(&["run", "bx:bx-goblin-cave", "--seed", "3"]);
    assert!(named.status.success(), "{}", text(&named.stderr));
    assert_eq!(text(&bare.stdout), text(&named.stdout));
    let batch = fray(&["batch", "lite5e:l5-barrow", "--runs", "20", "--quiet"]);
    assert!(batch.status.success(), "{}", text(&batch.stderr));
    let delve = fray(&["delve", "bx:bx-barrow-raid", "--seed", "2"]);
    assert!(delve.status.success(), "{}", text(&delve.stderr));
    for id in [
        "bx:bx-goblin-cave",
        "bx:bx-barrow-raid",
        "bx:cleric-1",
        "lite5e:cleric-2",
    ] {
        let show = fray(&["show", id]);
        assert!(show.status.success(), "{id}: {}", text(&show.stderr));
    }
    let fight = fray(&["run", "bx:fighter-1 vs 2 bx:mire-goblin", "--seed", "1"]);
    assert!(fight.status.success(), "{}", text(&fight.stderr));
}

#[test]
fn an_id_named_with_another_ruleset_is_refused_with_its_own() {
    for (args, expected) in [
        (
            &["run", "bx:archmage-bridge"][..],
            "`bx:archmage-bridge`: that id is archmage content, not bx",
        ),
        (
            &["delve", "lite5e:bx-barrow-raid"][..],
            "`lite5e:bx-barrow-raid`: that id is bx content, not lite5e",
        ),
        (&["show", "lite5e:bx-barrow-raid"][..], "no encounter"),
    ] {
        let out = fray(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(expected),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}
