//! The log as event JSON: the documented, versioned form `fray run --format json` writes
//! (`docs/events.md`), for replays and tools outside Rust.
//!
//! Each entry is one flat object: `round`, `turn`, `event` (the kind of entry, as
//! [`LogEvent`]'s variant names it), then the entry's own fields by name. A roll is
//! `{"breakdown": "[4] + 2", "dice": [4], "notation": "d20+2", "total": 6}`: the breakdown
//! the text log shows and the kept dice, not the dice library's expression tree. Combatants,
//! regions and sides are indices into the names line `fray run` writes first.
//!
//! The internal form ([`CombatLog::to_json_lines`], what saves keep and checksums hash) is
//! not this one, so either may change without the other.

use fray_dice::Roll;
use serde_json::{Map, Value};

use crate::log::{CombatLog, LogEntry, LogEvent};

/// The version of the event JSON's layout, written in the names line (`"schema": 1`); raised
/// whenever a field changes meaning or goes away.
pub const EVENTS_SCHEMA: u32 = 1;

impl CombatLog {
    /// The log as event JSON lines, one entry per line (see the [module](self)).
    pub fn to_event_lines(&self) -> String {
        let mut out = String::new();
        for entry in self.entries() {
            out.push_str(&event_line(entry));
            out.push('\n');
        }
        out
    }
}

/// One entry as a line of event JSON: `round`, `turn` and `event` first, then the entry's
/// fields by name.
pub fn event_line(entry: &LogEntry) -> String {
    let (kind, fields) = match serde_json::to_value(&entry.event) {
        // A variant without fields: `"RoundStarted"`.
        Ok(Value::String(kind)) => (kind, Map::new()),
        // A variant with fields: `{"Initiative": {...}}`.
        Ok(Value::Object(tagged)) => match tagged.into_iter().next() {
            Some((kind, Value::Object(fields))) => (kind, fields),
            Some((kind, other)) => (kind, Map::from_iter([("value".to_string(), other)])),
            None => (kind_of(&entry.event), Map::new()),
        },
        _ => (kind_of(&entry.event), Map::new()),
    };
    let mut line = format!(
        "{{\"round\":{},\"turn\":{},\"event\":{}",
        entry.round,
        entry.turn,
        Value::String(kind)
    );
    for (name, value) in fields {
        line.push(',');
        line.push_str(&Value::String(name).to_string());
        line.push(':');
        line.push_str(&readable(value).to_string());
    }
    line.push('}');
    line
}

/// The variant name of an event that did not serialize (never expected; kept so a line is
/// still written).
fn kind_of(event: &LogEvent) -> String {
    let debug = format!("{event:?}");
    debug
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default()
        .to_string()
}

/// `value` with every roll in it written as notation, breakdown, dice and total.
fn readable(value: Value) -> Value {
    match value {
        Value::Object(map) if is_roll(&map) => {
            match serde_json::from_value::<Roll>(Value::Object(map.clone())) {
                Ok(roll) => serde_json::json!({
                    "notation": roll.notation(),
                    "breakdown": roll.breakdown(),
                    "dice": roll.kept_dice(),
                    "total": roll.total(),
                }),
                Err(_) => Value::Object(map),
            }
        }
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(name, value)| (name, readable(value)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(readable).collect()),
        other => other,
    }
}

/// Whether an object has a roll's fields, and only those.
fn is_roll(map: &Map<String, Value>) -> bool {
    map.len() == 3
        && map.contains_key("notation")
        && map.contains_key("parts")
        && map.contains_key("total")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::CombatantId;
    use fray_dice::{Dice, ScriptedDice};

    #[test]
    fn an_entry_is_one_flat_object_and_a_roll_its_breakdown() {
        let roll = Dice::parse("d20+2")
            .unwrap()
            .roll(&mut ScriptedDice::new([4]));
        let entry = LogEntry {
            round: 1,
            turn: 3,
            event: LogEvent::Initiative {
                who: CombatantId(2),
                count: 6,
                roll: Some(roll),
            },
        };
        assert_eq!(
            event_line(&entry),
            r#"{"round":1,"turn":3,"event":"Initiative","count":6,"roll":{"breakdown":"[4] + 2","dice":[4],"notation":"d20+2","total":6},"who":2}"#
        );
        let started = LogEntry {
            round: 1,
            turn: 0,
            event: LogEvent::RoundStarted,
        };
        assert_eq!(
            event_line(&started),
            r#"{"round":1,"turn":0,"event":"RoundStarted"}"#
        );
    }
}
