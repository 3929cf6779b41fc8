//! Order cards on screen: after laying out the order, planting stays a choice of one bean
//! for the whole of phase 1, even once the order is fulfilled (rules/001).

use crate::support::card_screen::*;
use bohnanza::cards::Phase;

#[test]
fn after_fulfilling_the_laid_out_order_the_screen_still_offers_turning_over() {
    let setup = r#"{"hands": [["3/0", "Stink", "Red"], ["Red"], ["Red"]],
                    "fields": [[{"bean": "Blue", "count": 3}, null]]}"#;
    let mut app = app_from_setup("expansion-order-cards", 3, setup, &[]);
    take_seat(&mut app);
    press(&mut app, "f");
    assert_eq!(game(&app).state.player(0).fulfilled_orders().len(), 1);
    let screen = render(&app, 120, 40);
    assert!(
        screen.contains("Ana fulfilled the order laid out this turn: you may still plant one bean (Stink), or turn over.")
            && screen.contains("t turn over"),
        "{screen}"
    );
    press(&mut app, "?");
    assert!(render(&app, 120, 40).contains("you have fulfilled it"));
    press(&mut app, "\x1b");
    press(&mut app, "t");
    assert_eq!(game(&app).state.phase(), Phase::Trade);
}
