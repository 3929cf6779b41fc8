//! Offers stand until something they name is gone (issue 36), as a client sees it: the
//! issue's seven lines leave the other two offers open, an offer follows its hand card when
//! the places shift, and one whose card was traded away closes naming that card.

use crate::support::session::ask;
use bohnanza::protocol::Session;
use serde_json::{Value, json};

/// The issue's lines: Ana offers Ben her Blue for a Red, her Chili for nothing and the
/// turned-over Soy for a Green; Ben accepts the first.
pub(crate) const ISSUE_LINES: [&str; 7] = [
    r#"{"new":{"players":3,"seed":1,"names":["Ana","Ben","Cy"],"setup":{"hands":[["Green","Blue","Chili"],["Red","Green","Red"],["Garden"]],"fields":[[{"bean":"Green","count":1},null,null]],"draw_pile_top":["Soy","Stink"]}}}"#,
    r#"{"act":{"player":0,"type":"plant","field":0}}"#,
    r#"{"act":{"player":0,"type":"turn_over"}}"#,
    r#"{"act":{"player":0,"type":"propose","to":1,"give":[{"hand":0}],"want":["Red"]}}"#,
    r#"{"act":{"player":0,"type":"propose","to":1,"give":[{"hand":1}],"want":[]}}"#,
    r#"{"act":{"player":0,"type":"propose","to":1,"give":[{"face_up":0}],"want":["Green"]}}"#,
    r#"{"act":{"player":1,"type":"accept","offer":0,"give":[{"hand":0}]}}"#,
];

/// A session that has read the issue's lines, and the reply to the last.
pub(crate) fn after_the_issue_lines() -> (Session, Value) {
    let mut s = Session::new();
    let mut last = Value::Null;
    for line in ISSUE_LINES {
        last = serde_json::from_str(&s.handle_line(line)).unwrap();
        assert!(last.get("error").is_none(), "{line}: {last}");
    }
    (s, last)
}

#[test]
fn the_issues_seven_lines_leave_offers_1_and_2_open() {
    let (mut s, accepted) = after_the_issue_lines();
    assert_eq!(
        accepted,
        json!({"events": [{"traded": {"offer": 0, "from": 0, "to": 1, "gave": ["Blue"], "got": ["Red"]}}]})
    );
    let view = ask(&mut s, json!({"view": 0}));
    let offers: Vec<Value> = view["view"]["offers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| json!([o["id"], o["giving"], o["give"]]))
        .collect();
    // The Chili was Ana's hand card 1; the Blue before it left, so the offer points at
    // hand card 0, the Chili still.
    assert_eq!(
        offers,
        [
            json!([1, ["Chili"], [{"hand": 0}]]),
            json!([2, ["Soy"], [{"face_up": 0}]])
        ]
    );
    // Ben takes the Chili the offer followed.
    let donated = ask(
        &mut s,
        json!({"act": {"player": 1, "type": "accept", "offer": 1, "give": []}}),
    );
    assert_eq!(donated["events"][0]["traded"]["gave"], json!(["Chili"]));
}

#[test]
fn an_offer_whose_card_was_traded_away_closes_naming_that_card() {
    let (mut s, _) = after_the_issue_lines();
    ask(
        &mut s,
        json!({"act": {"player": 0, "type": "propose", "to": 2, "give": [{"hand": 0}], "want": []}}),
    );
    let reply = ask(
        &mut s,
        json!({"act": {"player": 2, "type": "accept", "offer": 3, "give": []}}),
    );
    assert_eq!(
        reply,
        json!({"events": [
            {"traded": {"offer": 3, "from": 0, "to": 2, "gave": ["Chili"], "got": []}},
            {"offer_closed": {"offer": 1, "why": "cards_moved", "card": "Chili", "player": 0}}
        ]})
    );
    let view = ask(&mut s, json!({"view": 0}));
    let open: Vec<&Value> = view["view"]["offers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| &o["id"])
        .collect();
    assert_eq!(open, [&json!(2)]);
}

#[test]
fn the_other_reasons_keep_their_one_word() {
    let (mut s, _) = after_the_issue_lines();
    let reply = ask(
        &mut s,
        json!({"act": {"player": 1, "type": "decline", "offer": 2}}),
    );
    assert_eq!(
        reply,
        json!({"events": [{"offer_closed": {"offer": 2, "why": "declined"}}]})
    );
}
