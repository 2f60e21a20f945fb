//! `fray delve --runs N --plot F`: survival over time, one step line per member (the share of
//! runs in which it was not dead yet at each turn, or day in a wilderness) and a dashed line
//! for the expeditions still under way, drawn by [`fray_sim::survival`].

use fray_explore::prelude::*;
use fray_sim::survival::{Curve, SurvivalChart};

/// The chart of a batch of expeditions of `spec`, summed up in `tally`: its members in
/// marching order.
pub(crate) fn chart(spec: &ExpeditionSpec, tally: &DelveTally) -> SurvivalChart {
    SurvivalChart {
        title: format!("{}: survival over time ({} runs)", spec.id, tally.runs),
        x_label: unit(tally.turn),
        until: tally.last_turn(),
        curves: spec
            .party
            .iter()
            .map(|member| Curve {
                label: member.name.clone(),
                steps: tally.survival(&member.name),
            })
            .collect(),
        underway: Some(Curve {
            label: "expeditions still under way".into(),
            steps: tally.underway(),
        }),
    }
}

/// The x axis's description for turns of `turn`: `days`, or `turns (10 min)`, `turns (1 h)`.
fn unit(turn: GameTime) -> String {
    let seconds = turn.seconds();
    let (minute, hour) = (GameTime::MINUTE.seconds(), GameTime::HOUR.seconds());
    if turn == GameTime::DAY {
        "days".into()
    } else if seconds >= hour && seconds.is_multiple_of(hour) {
        format!("turns ({} h)", seconds / hour)
    } else if seconds >= minute && seconds.is_multiple_of(minute) {
        format!("turns ({} min)", seconds / minute)
    } else {
        format!("turns ({seconds} s)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_axis_names_the_turn_it_counts() {
        assert_eq!(unit(GameTime::TURN), "turns (10 min)");
        assert_eq!(unit(GameTime::HOUR), "turns (1 h)");
        assert_eq!(unit(GameTime::DAY), "days");
        assert_eq!(unit(GameTime::from_seconds(90)), "turns (90 s)");
    }
}
