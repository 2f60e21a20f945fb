//! The narrated text of a fixed fight, as a snapshot: any change to the rules' numbers or the
//! narration shows up as a diff to review (`cargo insta review`).

use fray::prelude::*;
use fray::sim::single::play_one;

#[test]
fn narrated_archmage_fight() {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap();
    let engine = fray::headless_engine(content);
    let fight = play_one(&engine, "archmage-bridge", &EncounterSettings::logged(7)).unwrap();
    insta::assert_snapshot!(fight.text_log());
}
