//! Dividing treasure (BX-27): coins evenly between the survivors; magic items picked in the
//! order of a die each.

use fray_dice::DieSource;

/// Coins split evenly between `shares` survivors: each one's share and the coins left over
/// (`None` with nobody to share them).
///
/// ```
/// use fray_bx::explore::treasure::split_coins;
/// assert_eq!(split_coins(100, 3), Some((33, 1)));
/// ```
pub fn split_coins(coins: u32, shares: u32) -> Option<(u32, u32)> {
    Some((coins.checked_div(shares)?, coins.checked_rem(shares)?))
}

/// The order in which `pickers` (in marching order) choose magic items: each rolls a d6 and
/// the highest picks first. Ruling: ties keep their marching order. Returns indices into
/// `pickers` with their faces, first picker first.
pub fn pick_order<T>(dice: &mut impl DieSource, pickers: &[T]) -> Vec<(usize, u32)> {
    let mut order: Vec<(usize, u32)> = (0..pickers.len()).map(|i| (i, dice.roll_die(6))).collect();
    // A stable sort keeps ties in marching order.
    order.sort_by_key(|(_, face)| std::cmp::Reverse(*face));
    order
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    #[test]
    fn bx27_coins_are_split_evenly_between_survivors() {
        assert_eq!(split_coins(120, 4), Some((30, 0)));
        assert_eq!(split_coins(7, 2), Some((3, 1)));
        assert_eq!(split_coins(50, 0), None);
    }

    #[test]
    fn bx27_magic_items_are_picked_by_the_highest_die_first() {
        let mut dice = EncounterRng::scripted([2, 5, 2, 6]);
        let order = pick_order(&mut dice, &["Aldo", "Bea", "Cid", "Dora"]);
        assert_eq!(order, vec![(3, 6), (1, 5), (0, 2), (2, 2)]);
    }
}
