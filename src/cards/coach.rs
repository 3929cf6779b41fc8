//! The coach at the card table: the choices of the decision at hand (plant or turn over,
//! which field to harvest, offers to make, accept or decline), judged as the search bot
//! (`crate::cards::bots::search`, the `expert` level) judges them: its candidates, deals sampled
//! from what the advised player sees, rollouts cut a few turns ahead and evaluated, and
//! successive halving. Each choice's figures are read where its rollouts are cut.

use std::sync::Arc;

use crate::cards::Cards;
use crate::cards::bots::Decision;
use crate::cards::bots::Playouts;
use crate::cards::bots::Prompt;
use crate::cards::bots::eval::Appraiser;
use crate::cards::bots::greedy::Greedy;
use crate::cards::bots::legal::{actions_without_offers, offer_allowed};
use crate::cards::bots::offer_key::kinds_given;
use crate::cards::bots::search::ROLLOUT_TURNS;
use crate::cards::bots::search::candidates::candidates;
use crate::cards::bots::search::deal::deal;
use crate::cards::bots::search::evaluation::{Weights, standing};
use crate::cards::bots::search::halving::{Ground, roll_out, take};
use crate::cards::bots::sight::StateSight;
use crate::cards::{Action, BeanKind, CardRef, GameState, Phase, PlayerView, Ruleset, SeatView};

use crate::coach::reasons::{self, name};
use crate::coach::refusals::Refusals;
use crate::coach::search::{ChoiceFigures, DealOutcome, Judged, Plan, Search, World, choices};
use crate::coach::{Coached, Horizon, Thinking};
use crate::game::{StoppedStopwatch, Tape};

pub use crate::coach::search::ROLLOUTS_PER_SAMPLE;

/// What the advised player sees, and the means to play worlds out.
struct CardWorld {
    ruleset: Arc<Ruleset>,
    view: PlayerView,
    me: usize,
    appraiser: Arc<Appraiser>,
    weights: Weights,
    playouts: Playouts,
    /// What else the rules allow that the choices leave out ([`unweighed`]).
    unweighed: Vec<String>,
}

impl Coached for Cards {
    type Memory = Refusals;

    fn recall(tape: &Tape<Cards>, at: usize, player: usize) -> Refusals {
        Refusals::recall(tape, at, player)
    }

    fn recalls(state: &GameState) -> bool {
        state.phase() == Phase::Trade
    }

    fn turn(state: &GameState) -> Option<u32> {
        Some(state.turn())
    }

    fn think_about(
        state: &GameState,
        player: usize,
        names: &[String],
        seed: u64,
        samples: u32,
        also: Option<&Action>,
        refused: &Refusals,
    ) -> Box<dyn Thinking<Action>> {
        let ruleset = Arc::clone(state.ruleset());
        let me = player.min(state.player_count().saturating_sub(1));
        let view = state.view(me);
        let appraiser = Appraiser::shared(&ruleset);
        let mut legal = Vec::new();
        actions_without_offers(state, me, &mut legal);
        let mut options = options(state, &view, &appraiser, me, &legal);
        options.retain(|o| !refused_again(&view, me, refused, o.as_ref()));
        let choices = choices(options, also, |o| judged(&ruleset, &view, me, names, o));
        let unweighed = if choices.len() == 1 {
            unweighed(&view, &ruleset, me, &legal, &choices)
        } else {
            Vec::new()
        };
        let plan = Plan::hint(choices.len(), samples);
        let world = CardWorld {
            ruleset,
            view,
            me,
            appraiser,
            weights: Weights::default(),
            playouts: Playouts::new(),
            unweighed,
        };
        Box::new(Search::new(world, me, names, choices, seed, plan))
    }

    fn label(state: &GameState, player: usize, action: &Action, names: &[String]) -> String {
        let view = state.view(player.min(state.player_count().saturating_sub(1)));
        label(state.ruleset(), &view, player, names, Some(action))
    }

    fn advice(
        state: &GameState,
        player: usize,
        done: &Action,
        better: Option<&Action>,
        label: &str,
        names: &[String],
    ) -> String {
        let me = player.min(state.player_count().saturating_sub(1));
        let view = state.view(me);
        let acts = (act(&view, me, Some(done)), act(&view, me, better));
        let differs = better.map_or_else(Vec::new, |b| {
            offers_differ(state.ruleset(), &view, me, names, done, b)
        });
        reasons::advice(acts, label, &differs)
    }
}

/// The kind of act `action` is for `me`, as a review names it when what was done was
/// another kind: the active player in the trading phase either ends trading or keeps
/// trading, whatever they trade with; an offer waiting for another player's answer is
/// accepted, declined or met with a counter-offer (`None`: passing on the floor).
fn act(view: &PlayerView, me: usize, action: Option<&Action>) -> &'static str {
    let Some(action) = action else {
        return "pass";
    };
    let trading = view.phase == Phase::Trade && view.active_player == me;
    let answering = |to: usize| view.offers.iter().any(|o| o.to == me && o.from == to);
    match action {
        Action::EndTrading => "end trading",
        Action::Propose { .. }
        | Action::Accept { .. }
        | Action::Decline { .. }
        | Action::Withdraw { .. }
            if trading =>
        {
            "keep trading"
        }
        Action::Propose { to, .. } if answering(*to) => "make a counter-offer",
        Action::Propose { .. } => "make an offer",
        Action::Accept { .. } => "accept",
        Action::Decline { .. } => "decline",
        Action::Withdraw { .. } => "withdraw",
        Action::Harvest { .. } => "harvest",
        Action::TurnOver => "turn over",
        Action::Plant { .. }
        | Action::PlantSetAside { .. }
        | Action::PlantOffered { .. }
        | Action::PlantTurnedOver { .. } => "plant",
        Action::Discard { .. } | Action::DiscardOffered { .. } => "discard",
        Action::BuyThirdField => "buy the third bean field",
        Action::FulfillOrder { .. } => "fulfil",
        Action::RearrangeFields { .. } => "place your beans anew",
        Action::EndTurn => "end the turn",
    }
}

/// What differs between two acts of the same kind on different offers, said from the
/// better one's side: the partner, what is given and what is wanted of two proposals
/// ("to Cy, not Ben", "for 1 Green, not 1 Blue"); whose offer two answers answer.
fn offers_differ(
    ruleset: &Ruleset,
    view: &PlayerView,
    me: usize,
    names: &[String],
    done: &Action,
    better: &Action,
) -> Vec<String> {
    let seat = &view.seats[me.min(view.seats.len().saturating_sub(1))];
    let mut parts = Vec::new();
    let mut differ = |what: &str, b: String, d: String| {
        if b != d {
            parts.push(format!("{what}{b}, not {d}"));
        }
    };
    let from = |offer: &u32| view.offers.iter().find(|o| o.id == *offer).map(|o| o.from);
    match (done, better) {
        (
            Action::Propose { to, give, want },
            Action::Propose {
                to: to_b,
                give: give_b,
                want: want_b,
            },
        ) => {
            differ("to ", name(names, *to_b), name(names, *to));
            let given = |g: &[CardRef]| beans(ruleset, &kinds_given(view, seat, g));
            differ("giving ", given(give_b), given(give));
            differ("for ", beans(ruleset, want_b), beans(ruleset, want));
        }
        (Action::Accept { offer, .. }, Action::Accept { offer: offer_b, .. })
        | (Action::Decline { offer }, Action::Decline { offer: offer_b }) => {
            if let (Some(d), Some(b)) = (from(offer), from(offer_b)) {
                differ(
                    "",
                    format!("{}'s offer", name(names, b)),
                    format!("{}'s", name(names, d)),
                );
            }
        }
        _ => {}
    }
    parts
}

/// Whether `option` is an offer `me` already made this trading phase and saw refused: a
/// hint does not suggest it again (a review still judges it when it was played again).
fn refused_again(
    view: &PlayerView,
    me: usize,
    refused: &Refusals,
    option: Option<&Action>,
) -> bool {
    match option {
        Some(Action::Propose { to, give, want }) if !refused.is_empty() => {
            refused.refused(*to, &kinds_given(view, &view.seats[me], give), want)
        }
        _ => false,
    }
}

/// What `me` may do besides the `choices` weighed, grouped as acts: a counter-offer and
/// "I have none" to an offer waiting for their answer, then the kinds of the legal actions
/// left out (another field to plant in, a harvest, …). A hint with one choice names them,
/// so it is called the only choice only when it is.
fn unweighed(
    view: &PlayerView,
    ruleset: &Ruleset,
    me: usize,
    legal: &[Action],
    choices: &[Judged<Action>],
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut add = |s: &str| {
        if !out.iter().any(|o| o == s) {
            out.push(s.to_string());
        }
    };
    if let Some(o) = view.offers.iter().find(|o| o.to == me) {
        if offer_allowed(view, me, ruleset, o.from) {
            add("make a counter-offer");
        }
        let can_accept = legal
            .iter()
            .any(|a| matches!(a, Action::Accept { offer, .. } if *offer == o.id));
        if !o.want.is_empty() && !can_accept {
            add("say \"I have none\"");
        }
    } else if offer_allowed(view, me, ruleset, view.active_player) {
        add("make an offer");
    }
    let weighed = |a: &Action| choices.iter().any(|c| c.actions.first() == Some(a));
    for a in legal.iter().filter(|a| !weighed(a)) {
        match a {
            Action::Harvest { .. } => add("harvest a field"),
            Action::Plant { .. }
            | Action::PlantSetAside { .. }
            | Action::PlantOffered { .. }
            | Action::PlantTurnedOver { .. } => add("plant in another field"),
            Action::Discard { .. } | Action::DiscardOffered { .. } => add("discard a card"),
            Action::BuyThirdField => add("buy the third bean field"),
            Action::RearrangeFields { .. } => add("place your beans anew"),
            Action::FulfillOrder { .. } => add("fulfil your order card"),
            Action::TurnOver => add("turn over cards"),
            Action::EndTrading => add("end trading"),
            Action::EndTurn => add("end the turn"),
            Action::Accept { .. } => add("accept the offer"),
            Action::Decline { .. } => add("decline the offer"),
            Action::Withdraw { .. } => add("withdraw your offer"),
            Action::Propose { .. } => add("make an offer"),
        }
    }
    out
}

/// A choice to judge: `None` is passing (giving up the floor in phase 2).
fn judged(
    ruleset: &Ruleset,
    view: &PlayerView,
    me: usize,
    names: &[String],
    option: Option<Action>,
) -> Judged<Action> {
    let partner = match &option {
        Some(Action::Propose { to, .. }) => Some(*to),
        Some(Action::Accept { offer, .. }) | Some(Action::Decline { offer }) => {
            view.offers.iter().find(|o| o.id == *offer).map(|o| o.from)
        }
        _ => None,
    };
    let note = match &option {
        Some(Action::Harvest { field }) => view.seats[me]
            .fields
            .get(*field)
            .and_then(|f| f.kind())
            .map(|k| unseen_note(ruleset, view, k)),
        Some(Action::EndTrading) => homeless_note(ruleset, view, me),
        _ => None,
    };
    Judged {
        note,
        label: label(ruleset, view, me, names, option.as_ref()),
        actions: option.into_iter().collect(),
        figures: ChoiceFigures::default(),
        partner,
    }
}

/// "the turned-over Stink has no field": the turned-over cards that ending trading leaves
/// `me` to plant with no field of their kind and no empty field left for them, so a
/// field must be harvested first; `None` when every one has a place.
fn homeless_note(ruleset: &Ruleset, view: &PlayerView, me: usize) -> Option<String> {
    let fields = &view.seats.get(me)?.fields;
    let mut empty = fields.iter().filter(|f| f.kind().is_none()).count();
    let (mut placed, mut homeless): (Vec<BeanKind>, Vec<&str>) = (Vec::new(), Vec::new());
    for &k in &view.face_up {
        let name = kind_name(ruleset, k);
        if fields.iter().any(|f| f.kind() == Some(k)) || placed.contains(&k) {
            continue;
        }
        if empty > 0 {
            empty -= 1;
            placed.push(k);
        } else if !homeless.contains(&name) {
            homeless.push(name);
        }
    }
    let has = if homeless.len() > 1 { "have" } else { "has" };
    let kinds = match homeless.split_last() {
        None => return None,
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    };
    Some(format!("the turned-over {kinds} {has} no field"))
}

/// "3 more Blue are still unseen": the cards of kind `k` in the deck that are in no field,
/// hand the player sees, discard pile or face-up card (they may still be drawn, or be in
/// other hands or coins).
fn unseen_note(ruleset: &Ruleset, view: &PlayerView, k: BeanKind) -> String {
    let total = ruleset
        .deck_counts(view.seats.len())
        .get(k.index())
        .map_or(0, |&c| i64::from(c));
    let mut seen = 0i64;
    for seat in &view.seats {
        let fields = seat.fields.iter().chain(seat.buried.iter().flatten());
        seen += fields
            .filter(|f| f.kind() == Some(k))
            .map(|f| i64::from(f.count()))
            .sum::<i64>();
        let loose = seat.hand.iter().flatten().chain(&seat.set_aside);
        seen += loose.filter(|&&c| c == k).count() as i64;
    }
    let open = view
        .face_up
        .iter()
        .chain(&view.offered)
        .chain(&view.discard);
    seen += open.filter(|&&c| c == k).count() as i64;
    let unseen = (total - seen).max(0);
    let name = kind_name(ruleset, k);
    match unseen {
        0 => format!("no {name} is left unseen"),
        1 => format!("1 more {name} is still unseen"),
        n => format!("{n} more {name} are still unseen"),
    }
}

/// What `me` is asked for now, if anything: an offer to answer comes first, then their
/// own turn's moves, then the floor in phase 2, then set-aside cards to plant.
fn prompt(state: &GameState, view: &PlayerView, me: usize, legal: &[Action]) -> Option<Prompt> {
    if state.is_over() {
        return None;
    }
    if let Some(o) = view.offers.iter().find(|o| o.to == me) {
        return Some(Prompt::Answer { offer: o.id });
    }
    let active = view.active_player;
    if me == active {
        return (!legal.is_empty()).then_some(Prompt::Act);
    }
    if view.phase == Phase::Trade {
        return offer_allowed(view, me, state.ruleset(), active).then_some(Prompt::MayPropose);
    }
    let plants = legal.iter().any(|a| !matches!(a, Action::Harvest { .. }));
    plants.then_some(Prompt::Act)
}

/// The choices worth judging for `me`'s decision (`None`: pass): the search bot's
/// candidates, the greedy policy's choice first.
fn options(
    state: &GameState,
    view: &PlayerView,
    a: &Appraiser,
    me: usize,
    legal: &[Action],
) -> Vec<Option<Action>> {
    let Some(prompt) = prompt(state, view, me, legal) else {
        return Vec::new();
    };
    let d = Decision {
        me,
        view,
        ruleset: state.ruleset(),
        legal,
        prompt,
        stopwatch: &StoppedStopwatch,
    };
    candidates(&Greedy::new(), a, &d, &[])
}

impl World for CardWorld {
    type Action = Action;

    fn play(
        &mut self,
        seed: u64,
        choices: &[Judged<Action>],
        alive: &[usize],
        out: &mut Vec<Option<DealOutcome>>,
    ) -> bool {
        out.clear();
        let Some(world) = deal(&self.ruleset, &self.view, seed) else {
            return false;
        };
        let me = self.me;
        let before = f64::from(world.player(me).score());
        let ground = Ground {
            me,
            view: &self.view,
            ruleset: &self.ruleset,
            appraiser: &self.appraiser,
            weights: &self.weights,
        };
        for &i in alive {
            let action = choices[i].actions.first();
            let Some(mut state) = take(&ground, action, &world) else {
                out.push(None);
                continue;
            };
            let now = f64::from(state.player(me).score()) - before;
            let passed = action.is_none();
            roll_out(
                &ground,
                &world,
                &mut state,
                passed,
                &mut self.playouts,
                ROLLOUT_TURNS,
            );
            out.push(Some(outcome(
                &self.appraiser,
                &self.weights,
                &state,
                me,
                now,
            )));
        }
        true
    }

    fn horizon(&self) -> Horizon {
        Horizon::Turns(ROLLOUT_TURNS)
    }

    fn unweighed(&self) -> Vec<String> {
        self.unweighed.clone()
    }

    fn contrast(&self, a: &ChoiceFigures, b: &ChoiceFigures) -> Vec<String> {
        let mut parts = Vec::new();
        let (now_a, now_b) = (a.now.mean(), b.now.mean());
        if (now_a - now_b).abs() >= reasons::COINS {
            parts.push(format!(
                "{} now against {}",
                reasons::dollars(now_a),
                reasons::dollars(now_b)
            ));
        }
        let later = (a.coins.mean() - now_a) - (b.coins.mean() - now_b);
        if later.abs() >= reasons::COINS {
            let more = if later > 0.0 { "more" } else { "less" };
            parts.push(format!("your fields then earn {:.1}$ {more}", later.abs()));
        }
        parts
    }
}

/// Seat `p`'s expected final coins where a rollout was cut: its coins, plus what its fields
/// are expected to bring when harvested (the appraiser's worth, which counts the chance of
/// more beans while the game lasts); its coins alone once the game is over.
fn coins_ahead(a: &Appraiser, state: &GameState, p: usize) -> f64 {
    let zones = state.player(p);
    let coins = f64::from(zones.score());
    if state.is_over() {
        return coins;
    }
    let horizon = a.horizon(&StateSight::new(state, p));
    let fields: f32 = zones.fields().iter().map(|f| a.field(*f, horizon)).sum();
    coins + f64::from(fields)
}

/// How a rollout cut at `state` stands for `me`: the search bot's evaluation to rank by,
/// its chance to win, and every seat's expected coins.
fn outcome(a: &Appraiser, w: &Weights, state: &GameState, me: usize, now: f64) -> DealOutcome {
    let seats: Vec<f64> = (0..state.player_count())
        .map(|p| coins_ahead(a, state, p))
        .collect();
    let s = standing(a, w, state, me);
    DealOutcome {
        coins: seats[me],
        win: s.chance,
        now,
        handed: 0.0,
        seats,
    }
}

/// "1 Red and 2 Blue": kinds counted, in the order first named.
fn beans(ruleset: &Ruleset, kinds: &[BeanKind]) -> String {
    let mut counted: Vec<(BeanKind, usize)> = Vec::new();
    for &k in kinds {
        match counted.iter_mut().find(|(c, _)| *c == k) {
            Some((_, n)) => *n += 1,
            None => counted.push((k, 1)),
        }
    }
    let parts: Vec<String> = counted
        .iter()
        .map(|(k, n)| format!("{n} {}", kind_name(ruleset, *k)))
        .collect();
    match parts.split_last() {
        None => "nothing".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

fn kind_name(ruleset: &Ruleset, k: BeanKind) -> &str {
    ruleset
        .beans
        .get(k.index())
        .map_or("?", |b| b.name.as_str())
}

/// A proposal in the rulebook's words: a donation when nothing is wanted back, a request
/// when nothing is given, an offer otherwise. `give` names the proposer's own cards.
fn propose_label(
    ruleset: &Ruleset,
    view: &PlayerView,
    seat: &SeatView,
    to: String,
    give: &[CardRef],
    want: &[BeanKind],
) -> String {
    let giving = kinds_given(view, seat, give);
    match (giving.is_empty(), want.is_empty()) {
        (false, true) => format!("Donate {} to {to}", beans(ruleset, &giving)),
        (true, false) => format!("Ask {to} for {}", beans(ruleset, want)),
        _ => format!(
            "Offer {} for {} to {to}",
            beans(ruleset, &giving),
            beans(ruleset, want)
        ),
    }
}

/// Answering offer `offer` with `verb` ("Accept" or "Decline"), naming what the offer
/// trades when it is still on the table.
fn answer_label(
    ruleset: &Ruleset,
    view: &PlayerView,
    names: &[String],
    verb: &str,
    offer: u32,
) -> String {
    match view.offers.iter().find(|o| o.id == offer) {
        Some(o) => format!(
            "{verb} {}'s offer of {} for {}",
            name(names, o.from),
            beans(ruleset, &o.giving),
            beans(ruleset, &o.want)
        ),
        None => format!("{verb} the offer"),
    }
}

/// `action` by `me` in the rulebook's words (`None`: passing on the floor).
fn label(
    ruleset: &Ruleset,
    view: &PlayerView,
    me: usize,
    names: &[String],
    action: Option<&Action>,
) -> String {
    let seat = &view.seats[me.min(view.seats.len().saturating_sub(1))];
    let hand = seat.hand.as_deref().unwrap_or(&[]);
    let kind = |list: &[BeanKind], i: usize| {
        list.get(i)
            .map_or("card", |&k| kind_name(ruleset, k))
            .to_string()
    };
    let field = |f: &usize| f + 1;
    let plant = |from: &str, list: &[BeanKind], card: usize, f: &usize| {
        format!(
            "Plant the {from} {} in field {}",
            kind(list, card),
            field(f)
        )
    };
    let Some(action) = action else {
        return "Pass: make no offer".to_string();
    };
    match action {
        Action::Plant { field: f } => format!("Plant the {} in field {}", kind(hand, 0), field(f)),
        Action::TurnOver => format!("Turn over {} cards", ruleset.cards_turned_over),
        Action::Harvest { field: f } => match seat
            .fields
            .get(*f)
            .and_then(|x| x.kind().map(|k| (k, x.count())))
        {
            Some((k, n)) => format!(
                "Harvest the {n} {} in field {}",
                kind_name(ruleset, k),
                field(f)
            ),
            None => format!("Harvest field {}", field(f)),
        },
        Action::Propose { to, give, want } => {
            propose_label(ruleset, view, seat, name(names, *to), give, want)
        }
        Action::Accept { offer, .. } => answer_label(ruleset, view, names, "Accept", *offer),
        Action::Decline { offer } => answer_label(ruleset, view, names, "Decline", *offer),
        Action::Withdraw { .. } => "Withdraw your offer".to_string(),
        Action::EndTrading => "End trading".to_string(),
        Action::PlantSetAside { card, field: f } => plant("set-aside", &seat.set_aside, *card, f),
        Action::BuyThirdField => "Buy the third bean field".to_string(),
        Action::FulfillOrder { field: f } => {
            format!(
                "Fulfil your order card with fields {} and {}",
                field(f),
                field(f) + 1
            )
        }
        Action::RearrangeFields { .. } => "Place your beans anew".to_string(),
        Action::PlantOffered { card, field: f } => plant("offered", &view.offered, *card, f),
        Action::DiscardOffered { card } => {
            format!("Discard the offered {}", kind(&view.offered, *card))
        }
        Action::Discard { card } => format!("Discard the {} from your hand", kind(hand, *card)),
        Action::PlantTurnedOver { card, field: f } => plant("turned-over", &view.face_up, *card, f),
        Action::EndTurn => "End the turn".to_string(),
    }
}
