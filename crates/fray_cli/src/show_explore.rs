//! `fray show` for exploration content: an expedition (its party with each member's hit points
//! against its statblock's, where it goes, its plan), a dungeon (areas, their foes, treasure
//! and traps, passages) and a wilderness (sites and legs).

use std::fmt::Write as _;

use fray_content::db::ContentDb;
use fray_explore::charter::ExpeditionSpec;
use fray_explore::dungeon::DungeonSpec;
use fray_explore::foes::Foes;
use fray_explore::wilderness::WildernessSpec;

/// The exploration document `id` of `db` (of `ruleset`, when one is named) in words, if there
/// is one.
pub(crate) fn document(db: &ContentDb, id: &str, ruleset: Option<&str>) -> Option<String> {
    let of = |r: &str| ruleset.is_none_or(|named| named == r);
    if let Some(e) = db.document::<ExpeditionSpec>(id).filter(|e| of(&e.ruleset)) {
        return Some(expedition(db, e));
    }
    if let Some(d) = db.document::<DungeonSpec>(id).filter(|d| of(&d.ruleset)) {
        return Some(dungeon(db, d));
    }
    db.document::<WildernessSpec>(id)
        .filter(|w| of(&w.ruleset))
        .map(|w| wilderness(db, w))
}

/// Every exploration document id (for suggestions).
pub(crate) fn ids(db: &ContentDb) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    if let Some(d) = db.documents_of::<ExpeditionSpec>() {
        ids.extend(d.iter().map(|e| e.id.clone()));
    }
    if let Some(d) = db.documents_of::<DungeonSpec>() {
        ids.extend(d.iter().map(|e| e.id.clone()));
    }
    if let Some(d) = db.documents_of::<WildernessSpec>() {
        ids.extend(d.iter().map(|e| e.id.clone()));
    }
    ids
}

/// A statblock's display name in `ruleset`, else its id.
fn statblock_name<'a>(db: &'a ContentDb, ruleset: &str, id: &'a str) -> &'a str {
    db.statblock_summaries(ruleset)
        .iter()
        .find(|s| s.id == id)
        .map_or(id, |s| s.name.as_str())
}

/// `2 Giant Rat, 1 Goblin`: foes by name.
fn foes(db: &ContentDb, ruleset: &str, foes: &[Foes]) -> String {
    foes.iter()
        .map(|f| format!("{} {}", f.count, statblock_name(db, ruleset, &f.statblock)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// An expedition.
fn expedition(db: &ContentDb, e: &ExpeditionSpec) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "expedition {} - {} ({})", e.id, e.name, e.ruleset);
    if !e.description.is_empty() {
        let _ = writeln!(s, "  {}", e.description);
    }
    let place = match (&e.dungeon, &e.wilderness) {
        (Some(d), _) => format!("into the dungeon {d}"),
        (None, Some(w)) => format!("across the wilderness {w}"),
        (None, None) => "nowhere".to_string(),
    };
    let _ = writeln!(s, "goes {place}, for at most {} turns", e.max_turns);
    let _ = writeln!(s, "party, in marching order:");
    for m in &e.party {
        let summary = db
            .statblock_summaries(&e.ruleset)
            .iter()
            .find(|b| b.id == m.statblock);
        let full = summary
            .and_then(|b| b.max_hp)
            .map_or_else(String::new, |max| format!(" of {max}"));
        let kind =
            summary.map_or_else(|| m.statblock.clone(), |b| format!("{} ({})", b.name, b.id));
        let _ = writeln!(s, "  {} - {kind}, HP {}{full}", m.name, m.hp);
    }
    let _ = writeln!(s, "plan: {:?}", e.plan);
    s
}

/// A dungeon.
fn dungeon(db: &ContentDb, d: &DungeonSpec) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "dungeon {} - {} ({})", d.id, d.name, d.ruleset);
    if !d.description.is_empty() {
        let _ = writeln!(s, "  {}", d.description);
    }
    let _ = writeln!(s, "entrance: {}", d.entrance);
    let treasure: u64 = d.areas.iter().map(|a| u64::from(a.treasure)).sum();
    let _ = writeln!(
        s,
        "{} areas, {treasure} gp of treasure in all:",
        d.areas.len()
    );
    for a in &d.areas {
        let mut notes = Vec::new();
        if !a.monsters.is_empty() {
            notes.push(foes(db, &d.ruleset, &a.monsters));
        }
        if a.treasure > 0 {
            notes.push(format!("{} gp", a.treasure));
        }
        if let Some(trap) = &a.trap {
            notes.push(format!("a trap: {}", trap.name));
        }
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!(": {}", notes.join("; "))
        };
        let _ = writeln!(s, "  {} - {} (level {}){notes}", a.id, a.name, a.level);
    }
    for p in &d.passages {
        let door = if p.door.is_some() { ", a door" } else { "" };
        let _ = writeln!(s, "  passage {} - {}, {} ft{door}", p.from, p.to, p.feet);
    }
    s
}

/// A wilderness.
fn wilderness(db: &ContentDb, w: &WildernessSpec) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "wilderness {} - {} ({})", w.id, w.name, w.ruleset);
    if !w.description.is_empty() {
        let _ = writeln!(s, "  {}", w.description);
    }
    let _ = writeln!(s, "start: {}", w.start);
    for site in &w.sites {
        let mut notes = Vec::new();
        if !site.monsters.is_empty() {
            notes.push(foes(db, &w.ruleset, &site.monsters));
        }
        if site.treasure > 0 {
            notes.push(format!("{} gp", site.treasure));
        }
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!(": {}", notes.join("; "))
        };
        let _ = writeln!(
            s,
            "  site {} - {} ({:?}){notes}",
            site.id, site.name, site.terrain
        );
    }
    for leg in &w.legs {
        let _ = writeln!(
            s,
            "  leg {} - {}, {} miles of {:?}",
            leg.from, leg.to, leg.miles, leg.terrain
        );
    }
    s
}
