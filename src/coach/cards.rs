//! The coach at the card table: the choices of the decision at hand (plant or turn over,
//! which field to harvest, offers to make, accept or decline), each played out by greedy
//! players on worlds dealt from what the advised player sees.

use std::sync::Arc;

use crate::bots::Decision;
use crate::bots::Prompt;
use crate::bots::eval::Appraiser;
use crate::bots::greedy::{Greedy, in_doubt};
use crate::bots::legal::{actions_without_offers, offer_allowed};
use crate::bots::playout::Playouts;
use crate::bots::sight::ViewSight;
use crate::engine::Cards;
use crate::engine::{
    Action, BeanKind, CardRef, GameState, IgnoreEvents, Phase, PlayerView, Ruleset,
};

use super::reasons;
use super::search::{Figures, Judged, Outcome, Search, World};
use super::{Coached, Thinking};

/// Choices judged at most for one decision.
const MAX_CHOICES: usize = 7;
/// Offers the greedy policy suggests as choices.
const OFFER_CHOICES: usize = 3;

/// What the advised player sees, and the means to play worlds out.
struct CardWorld {
    ruleset: Arc<Ruleset>,
    view: PlayerView,
    me: usize,
    names: Vec<String>,
    appraiser: Arc<Appraiser>,
    playouts: Playouts,
}

impl Coached for Cards {
    fn think(
        state: &GameState,
        player: usize,
        names: &[String],
        seed: u64,
        samples: u32,
    ) -> Box<dyn Thinking<Action>> {
        Self::think_about(state, player, names, seed, samples, None)
    }

    fn think_about(
        state: &GameState,
        player: usize,
        names: &[String],
        seed: u64,
        samples: u32,
        also: Option<&Action>,
    ) -> Box<dyn Thinking<Action>> {
        let ruleset = Arc::clone(state.ruleset());
        let me = player.min(state.player_count().saturating_sub(1));
        let view = state.view(me);
        let appraiser = Appraiser::shared(&ruleset);
        let mut legal = Vec::new();
        actions_without_offers(state, me, &mut legal);
        let mut options = options(state, &view, &appraiser, me, &legal);
        if let Some(a) = also
            && !options.iter().any(|o| o.as_ref() == Some(a))
        {
            options.push(Some(a.clone()));
        }
        let choices = options
            .into_iter()
            .map(|o| judged(&ruleset, &view, me, names, o))
            .collect();
        let world = CardWorld {
            ruleset,
            view,
            me,
            names: names.to_vec(),
            appraiser,
            playouts: Playouts::new(),
        };
        Box::new(Search::new(world, me, choices, seed, samples))
    }

    fn label(state: &GameState, player: usize, action: &Action, names: &[String]) -> String {
        let view = state.view(player.min(state.player_count().saturating_sub(1)));
        label(state.ruleset(), &view, player, names, Some(action))
    }
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
        _ => None,
    };
    Judged {
        note,
        label: label(ruleset, view, me, names, option.as_ref()),
        actions: option.into_iter().collect(),
        figures: Figures::default(),
        partner,
    }
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

/// The choices worth judging for `me`'s decision (`None`: pass), the greedy policy's first.
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
    let ruleset = state.ruleset();
    let d = Decision {
        me,
        view,
        ruleset,
        legal,
        prompt,
    };
    let sight = ViewSight::new(view, me, legal);
    let mut out: Vec<Option<Action>> = Vec::new();
    let mut push = |x: Option<Action>| {
        if !out.contains(&x) && out.len() < MAX_CHOICES {
            out.push(x);
        }
    };
    let greedy = match Greedy::new().decide(a, &sight, ruleset, prompt) {
        Some(g @ Action::Propose { .. }) => Some(g),
        Some(g) if legal.contains(&g) => Some(g),
        None if prompt == Prompt::MayPropose => None,
        _ => in_doubt(a, &d),
    };
    let greedy_harvests = matches!(greedy, Some(Action::Harvest { .. }));
    push(greedy);
    let offers = || Greedy::new().best_offers(a, &sight, ruleset, OFFER_CHOICES);
    match prompt {
        Prompt::Answer { offer } => {
            let answers = legal.iter().filter(|l| match l {
                Action::Accept { offer: o, .. } | Action::Decline { offer: o } => *o == offer,
                _ => false,
            });
            answers.for_each(|l| push(Some(l.clone())));
        }
        Prompt::MayPropose => {
            push(None);
            offers().into_iter().for_each(|o| push(Some(o)));
        }
        Prompt::Act if view.phase == Phase::Trade && me == view.active_player => {
            if view.must_plant_received_cards.is_none() {
                push(Some(Action::EndTrading));
                offers().into_iter().for_each(|o| push(Some(o)));
            }
            legal
                .iter()
                .filter(|l| !matches!(l, Action::Harvest { .. } | Action::Withdraw { .. }))
                .for_each(|l| push(Some(l.clone())));
        }
        Prompt::Act => {
            let seat = &view.seats[me];
            let first_empty = seat.fields.iter().position(|f| f.is_empty());
            let end_turn = legal.iter().filter(|l| matches!(l, Action::EndTurn));
            let rest = legal.iter().filter(|l| !matches!(l, Action::EndTurn));
            for l in end_turn.chain(rest) {
                let keep = match l {
                    // A harvest is a choice when the policy harvests or the field pays now.
                    Action::Harvest { field } => {
                        greedy_harvests
                            || seat.fields.get(*field).is_some_and(|f| {
                                f.kind().is_some_and(|k| a.coins(k, f.count()) > 0)
                            })
                    }
                    // Of several empty fields only the first: they are all alike.
                    Action::Plant { field } | Action::PlantSetAside { field, .. } => seat
                        .fields
                        .get(*field)
                        .is_none_or(|f| !f.is_empty() || Some(*field) == first_empty),
                    Action::Withdraw { .. } => false,
                    _ => true,
                };
                if keep {
                    push(Some(l.clone()));
                }
            }
        }
    }
    out
}

impl World for CardWorld {
    type Action = Action;

    fn play(
        &mut self,
        seed: u64,
        choices: &[Judged<Action>],
        out: &mut Vec<Option<Outcome>>,
    ) -> bool {
        out.clear();
        let Ok(world) = GameState::from_view(&self.ruleset, &self.view, seed) else {
            return false;
        };
        let me = self.me;
        let before = f64::from(world.player(me).score());
        for choice in choices {
            let mut state = world.clone();
            let refused = choice
                .actions
                .iter()
                .any(|a| state.apply_with(me, a, &mut IgnoreEvents).is_err());
            if refused {
                out.push(None);
                continue;
            }
            let now = f64::from(state.player(me).score()) - before;
            let passed = choice.actions.is_empty().then_some(me);
            self.playouts.play(&self.appraiser, &mut state, passed);
            out.push(Some(outcome(&state, me, now)));
        }
        true
    }

    fn why(
        &self,
        choice: &Judged<Action>,
        best: &Judged<Action>,
        next: Option<&Judged<Action>>,
    ) -> String {
        reasons::explain(
            choice,
            best,
            next,
            self.me,
            &self.names,
            reasons::Game::Cards,
        )
    }
}

/// How a played-out world ended for `me`.
fn outcome(state: &GameState, me: usize, now: f64) -> Outcome {
    let seats: Vec<f64> = (0..state.player_count())
        .map(|p| f64::from(state.player(p).score()))
        .collect();
    let won = match state.outcome() {
        Some(o) => o.winners.contains(&me),
        None => seats
            .iter()
            .enumerate()
            .all(|(p, &c)| p == me || c < seats[me]),
    };
    Outcome {
        coins: seats[me],
        won,
        now,
        handed: 0.0,
        seats,
    }
}

/// A seat's name, or "player N" where none is given.
pub(crate) fn name(names: &[String], seat: usize) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("player {}", seat + 1))
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
            let giving: Vec<BeanKind> = give
                .iter()
                .filter_map(|r| match *r {
                    CardRef::Hand(i) => hand.get(i).copied(),
                    CardRef::FaceUp(i) => view.face_up.get(i).copied(),
                    CardRef::SetAside(i) => seat.set_aside.get(i).copied(),
                })
                .collect();
            let to = name(names, *to);
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
        Action::Accept { offer, .. } | Action::Decline { offer } => {
            let verb = if matches!(action, Action::Accept { .. }) {
                "Accept"
            } else {
                "Decline"
            };
            match view.offers.iter().find(|o| o.id == *offer) {
                Some(o) => format!(
                    "{verb} {}'s offer of {} for {}",
                    name(names, o.from),
                    beans(ruleset, &o.giving),
                    beans(ruleset, &o.want)
                ),
                None => format!("{verb} the offer"),
            }
        }
        Action::Withdraw { .. } => "Withdraw your offer".to_string(),
        Action::EndTrading => "End trading".to_string(),
        Action::PlantSetAside { card, field: f } => {
            format!(
                "Plant the set-aside {} in field {}",
                kind(&seat.set_aside, *card),
                field(f)
            )
        }
        Action::BuyThirdField => "Buy the third bean field".to_string(),
        Action::FulfillOrder { field: f } => {
            format!(
                "Fulfil your order card with fields {} and {}",
                field(f),
                field(f) + 1
            )
        }
        Action::RearrangeFields { .. } => "Place your beans anew".to_string(),
        Action::PlantOffered { card, field: f } => {
            format!(
                "Plant the offered {} in field {}",
                kind(&view.offered, *card),
                field(f)
            )
        }
        Action::DiscardOffered { card } => {
            format!("Discard the offered {}", kind(&view.offered, *card))
        }
        Action::Discard { card } => format!("Discard the {} from your hand", kind(hand, *card)),
        Action::PlantTurnedOver { card, field: f } => {
            format!(
                "Plant the turned-over {} in field {}",
                kind(&view.face_up, *card),
                field(f)
            )
        }
        Action::EndTurn => "End the turn".to_string(),
    }
}
