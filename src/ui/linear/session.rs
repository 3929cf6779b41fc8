//! One game played in lines: the table's driver says who acts, bots' moves are told as they
//! happen, and each person's decision is a numbered list answered by a typed line.

use std::io::Write;
use std::time::Duration;

use super::choice::{NumberedChoice, Pick, picked};
use super::command::{HELP, TypedCommand, command};
use super::handoff::{HandoffGate, take_keyboard};
use super::hint::{hint_lines, review_lines, tutor_warning};
use super::keyboard::LineKeyboard;
use super::line::{LineSpeaker, Tag};
use super::spoken::Spoken;
use crate::game::{Next, SeatKind, Table, Tape};
use crate::store::{SavedGame, Saver};

/// How long a bot's move is left to be heard before the next, when a person types at a
/// terminal (a pipe is never paced).
pub const LINEAR_PACE: Duration = Duration::from_millis(400);

/// How a session ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SessionEnd {
    /// The game is over.
    Over,
    /// A person typed `quit`.
    Quit,
    /// The input ended (Ctrl-D, or a pipe closed): saved, as quitting does.
    EndOfInput,
    /// Nobody could act: the bots found no move (said on an `error:` line).
    Stuck,
}

/// What acts next, as the session sees it.
enum SessionStep<G: Spoken> {
    Bot { player: usize, action: G::Action },
    Person { player: usize, prompt: G::Prompt },
    Over,
    Stuck,
}

/// What a person's decision came to.
enum Decided {
    /// Something was done (or the floor passed): the game goes on.
    Done,
    /// Leave: quit or the end of input.
    Leave(SessionEnd),
}

/// One game of `G` in lines: its record (a [`Tape`]), the table's seats and bots, its
/// save, and who holds the keyboard.
pub struct LinearSession<G: Spoken, K: LineKeyboard, W: Write> {
    /// The game, its seats, its save and its log.
    seating: Seating<G>,
    names: Vec<String>,
    /// Whoever took the keyboard at the last hand-off; `None` before anyone has.
    holder: Option<usize>,
    /// Every hand may be read (`--open-hands`, or rules with open hands): no hand-offs.
    open_hands: bool,
    /// A person the active person asked to make an offer.
    floor: Option<usize>,
    /// A bot the active person asked to make an offer, until the driver answers.
    invited: Option<usize>,
    /// A person typed `wait`: bots play on unpaced until the next decision.
    skipping: bool,
    /// The tutor (`--tutor`): a costly move is questioned once before it is played.
    tutor: bool,
    /// The move the tutor questioned, played if it is chosen again.
    questioned: Option<Vec<G::Action>>,
    speaker: LineSpeaker<W>,
    keyboard: K,
}

/// What a session starts from.
pub struct Seating<G: Spoken> {
    /// The game so far.
    pub tape: Tape<G>,
    /// The seats' bots.
    pub table: Table<G>,
    /// Who plays each seat.
    pub seats: Vec<SeatKind>,
    /// The save's record of the game so far.
    pub record: SavedGame,
    /// Where it is saved, if anywhere.
    pub saver: Option<Saver>,
    /// The log so far.
    pub log: Vec<String>,
}

impl<G: Spoken, K: LineKeyboard, W: Write> LinearSession<G, K, W> {
    /// A session of `seating`, reading `keyboard` and speaking through `speaker`.
    pub fn new(seating: Seating<G>, keyboard: K, speaker: LineSpeaker<W>) -> Self {
        let names = crate::text::sanitize_all(&seating.record.names);
        let people = seating.seats.iter().filter(|s| s.bot().is_none()).count();
        let open_hands =
            seating.record.open_hands || !G::hides_hands(seating.tape.now()) || people <= 1;
        LinearSession {
            seating,
            names,
            holder: None,
            open_hands,
            floor: None,
            invited: None,
            skipping: false,
            tutor: false,
            questioned: None,
            speaker,
            keyboard,
        }
    }

    /// Plays until the game is over, a person quits or the input ends; every action is
    /// saved as it is taken.
    pub fn run(&mut self) -> SessionEnd {
        if let Some(p) = self.sole_person() {
            self.holder = Some(p);
        }
        loop {
            match self.next() {
                SessionStep::Bot { player, action } => {
                    self.invited = None;
                    if let Err(e) = self.apply(player, &[action]) {
                        let name = self.name(player).to_string();
                        self.speaker
                            .line(Tag::Error, &format!("{name}'s move was refused: {e}."));
                        return SessionEnd::Stuck;
                    }
                    if !self.skipping && self.keyboard.pace(LINEAR_PACE) {
                        self.skipping = true;
                    }
                }
                SessionStep::Person { player, prompt } => {
                    if let Some(bot) = self.invited.take() {
                        let line = format!("{} makes no offer.", self.name(bot));
                        self.speaker.line(Tag::Event, &line);
                    }
                    self.skipping = false;
                    if let Decided::Leave(ending) = self.decide(player, prompt) {
                        return ending;
                    }
                }
                SessionStep::Over => return self.game_over(),
                SessionStep::Stuck => {
                    let why = "Nobody can act: the bots found no move. The game is saved.";
                    self.speaker.line(Tag::Error, why);
                    return SessionEnd::Stuck;
                }
            }
        }
    }

    /// Turns the tutor on or off: a move that gives up more than half a coin of the
    /// expected final score is questioned once before it is played.
    pub fn set_tutor(&mut self, on: bool) {
        self.tutor = on;
    }

    /// The save and its record, to say where the game is kept.
    pub fn into_save(self) -> (Option<Saver>, SavedGame, W) {
        (
            self.seating.saver,
            self.seating.record,
            self.speaker.into_inner(),
        )
    }

    /// The game now.
    pub fn state(&self) -> &G::State {
        self.seating.tape.now()
    }

    fn name(&self, p: usize) -> &str {
        self.names.get(p).map_or("?", String::as_str)
    }

    fn people(&self) -> Vec<bool> {
        self.seating
            .seats
            .iter()
            .map(|s| s.bot().is_none())
            .collect()
    }

    fn sole_person(&self) -> Option<usize> {
        let mut people =
            (0..self.seating.seats.len()).filter(|&p| self.seating.seats[p].bot().is_none());
        match (people.next(), people.next()) {
            (Some(p), None) => Some(p),
            _ => None,
        }
    }

    /// Who acts next: a person the active person gave the floor, else the driver's word.
    fn next(&mut self) -> SessionStep<G> {
        if let (Some(p), Some(prompt)) = (self.floor, G::floor_prompt()) {
            return SessionStep::Person { player: p, prompt };
        }
        match self.seating.table.next(self.seating.tape.now()) {
            Next::Bot { player, action } => SessionStep::Bot { player, action },
            Next::Human { player, prompt } => {
                let (player, prompt) =
                    G::waits_for(self.seating.tape.now(), player, prompt, &self.people());
                SessionStep::Person { player, prompt }
            }
            Next::GameOver => SessionStep::Over,
            Next::Stuck => SessionStep::Stuck,
        }
    }

    /// Applies `actions` of `player`, all or none (several are tried on a copy first),
    /// tells what happened, and saves.
    fn apply(&mut self, player: usize, actions: &[G::Action]) -> Result<(), String> {
        if actions.len() > 1 {
            let mut trial = self.seating.tape.now().clone();
            for a in actions {
                G::apply(&mut trial, player, a).map_err(|e| e.to_string())?;
            }
        }
        for action in actions {
            let before = self.seating.tape.now().clone();
            let events = self
                .seating
                .tape
                .play(player, action.clone())
                .map_err(|e| e.to_string())?;
            let told = plain(G::tell(&before, &events, &self.names));
            self.speaker.lines(Tag::Event, &told);
            self.seating.log.extend(told);
            if let Some(h) = self.holder.filter(|_| !self.open_hands) {
                let private = G::tell_privately(self.seating.tape.now(), &events, h, &self.names);
                self.speaker.lines(Tag::Say, &private);
            }
            self.seating
                .record
                .actions
                .push(&G::action_json(&before, player, action));
        }
        self.seating.record.finished = G::outcome(self.seating.tape.now()).is_some();
        if let Some(saver) = &mut self.seating.saver {
            saver.save(&self.seating.record);
            if let Some(problem) = saver.problem() {
                let line = format!("The game is not saved: {problem}");
                self.speaker.line(Tag::Error, &line);
            }
        }
        Ok(())
    }

    /// Asks `player` for `prompt`: a hand-off first where hands are hidden, then the
    /// choices, then lines until one picks something that is done.
    fn decide(&mut self, player: usize, prompt: G::Prompt) -> Decided {
        if !self.open_hands && self.holder != Some(player) {
            let name = self.name(player).to_string();
            let barrier = HandoffGate {
                name: &name,
                seat: player,
            };
            if let Err(ending) = take_keyboard(&barrier, &mut self.keyboard, &mut self.speaker) {
                return Decided::Leave(ending);
            }
            self.holder = Some(player);
        }
        let choices = G::choices(self.state(), player, &prompt, &self.names, &self.people());
        self.say_choices(player, &prompt, &choices);
        loop {
            let Some(typed) = self.keyboard.line() else {
                return Decided::Leave(SessionEnd::EndOfInput);
            };
            if typed.trim().is_empty() {
                self.ask(player, choices.len());
                continue;
            }
            match self.answer(player, &prompt, &choices, &typed) {
                Some(decided) => return decided,
                None => continue,
            }
        }
    }

    /// What one typed line does at `player`'s decision; `None` to read another line.
    fn answer(
        &mut self,
        player: usize,
        prompt: &G::Prompt,
        choices: &[NumberedChoice<G::Action>],
        typed: &str,
    ) -> Option<Decided> {
        if let Some(c) = command(typed) {
            return match c {
                Ok(c) => self.command(c, player, prompt, choices),
                Err(e) => {
                    self.speaker.line(Tag::Error, &format!("{}.", sentence(&e)));
                    self.ask(player, choices.len());
                    None
                }
            };
        }
        if let Some(i) = picked(choices, typed) {
            return self.pick(player, choices[i].pick.clone(), choices.len());
        }
        match G::words(self.state(), player, typed, &self.names) {
            Some(Ok(actions)) => {
                let pick = Pick::Act { player, actions };
                self.pick(player, pick, choices.len())
            }
            Some(Err(why)) => {
                self.speaker.line(Tag::Error, &sentence(&why));
                self.ask(player, choices.len());
                None
            }
            None => {
                let why = format!(
                    "{:?} is not a choice here: type a number from 1 to {}, words of one \
                     choice, or help.",
                    crate::text::excerpt(typed.trim(), 40),
                    choices.len()
                );
                self.speaker.line(Tag::Error, &why);
                self.ask(player, choices.len());
                None
            }
        }
    }

    /// Does what a choice picks; `None` when the rules refuse it (said on an `error:` line).
    fn pick(&mut self, player: usize, pick: Pick<G::Action>, count: usize) -> Option<Decided> {
        match pick {
            Pick::Act { player: p, actions } if self.questions(p, &actions) => {
                self.ask(player, count);
                None
            }
            Pick::Act { player: p, actions } => match self.apply(p, &actions) {
                Ok(()) => {
                    self.questioned = None;
                    if self.floor == Some(player) {
                        self.floor = None;
                    }
                    Some(Decided::Done)
                }
                Err(e) => {
                    let why = format!("{} Nothing changed.", sentence(&e));
                    self.speaker.line(Tag::Error, &why);
                    self.ask(player, count);
                    None
                }
            },
            Pick::Pass => {
                if self.floor == Some(player) {
                    self.floor = None;
                } else {
                    G::passed(&mut self.seating.table, player);
                }
                let line = format!("{} makes no offer.", self.name(player));
                self.speaker.line(Tag::Event, &line);
                Some(Decided::Done)
            }
            Pick::Invite(q) => {
                let line = format!("{} asks {} for an offer.", self.name(player), self.name(q));
                self.speaker.line(Tag::Event, &line);
                if self.seating.seats[q].bot().is_some() {
                    G::invited(&mut self.seating.table, q);
                    self.invited = Some(q);
                } else {
                    self.floor = Some(q);
                }
                Some(Decided::Done)
            }
        }
    }

    /// Whether the tutor questions `actions` of `player` (said on a `say:` line): only
    /// once, so choosing it again plays it.
    fn questions(&mut self, player: usize, actions: &[G::Action]) -> bool {
        if !self.tutor || self.questioned.as_deref() == Some(actions) {
            return false;
        }
        let Some(first) = actions.first() else {
            return false;
        };
        let game = (self.seating.record.seed, self.seating.record.actions.len());
        match tutor_warning::<G>(self.state(), player, &self.names, first, game) {
            Some(warning) => {
                // Kept in the record, so the review judges it in full.
                self.seating
                    .record
                    .tutor_asked_at(self.seating.record.actions.len());
                self.speaker.line(Tag::Say, &warning);
                self.questioned = Some(actions.to_vec());
                true
            }
            None => false,
        }
    }

    /// A command at `player`'s decision; `None` to read another line.
    fn command(
        &mut self,
        c: TypedCommand,
        player: usize,
        prompt: &G::Prompt,
        choices: &[NumberedChoice<G::Action>],
    ) -> Option<Decided> {
        match c {
            TypedCommand::Read(parts) => {
                let viewer = self.holder.filter(|_| !self.open_hands).or(Some(player));
                for &part in parts {
                    let lines = G::read(self.state(), part, viewer, &self.names);
                    self.speaker.lines(Tag::Say, &lines);
                }
            }
            TypedCommand::Log(n) => {
                let from = self.seating.log.len().saturating_sub(n);
                if self.seating.log.is_empty() {
                    self.speaker.line(Tag::Say, "The log is empty.");
                }
                let lines = self.seating.log[from..].to_vec();
                self.speaker.lines(Tag::Say, &lines);
            }
            TypedCommand::Hint => {
                let at = self.seating.record.actions.len();
                let lines = hint_lines::<G>(
                    self.state(),
                    player,
                    &self.names,
                    choices,
                    (self.seating.record.seed, at),
                );
                self.speaker.lines(Tag::Say, &lines);
            }
            TypedCommand::Choices => {
                self.say_choices(player, prompt, choices);
                return None;
            }
            TypedCommand::Help => {
                self.speaker.lines(Tag::Say, &HELP);
                self.speaker.lines(Tag::Say, G::words_help());
            }
            TypedCommand::Wait => {
                let line = "It is your decision now: nothing to wait for.";
                self.speaker.line(Tag::Say, line);
            }
            TypedCommand::Quit => return Some(Decided::Leave(SessionEnd::Quit)),
        }
        self.ask(player, choices.len());
        None
    }

    /// The decision's sentence, its numbered choices, and the line that asks.
    fn say_choices(
        &mut self,
        player: usize,
        prompt: &G::Prompt,
        choices: &[NumberedChoice<G::Action>],
    ) {
        let situation = G::situation(self.state(), player, prompt, &self.names);
        self.speaker.line(Tag::Say, &situation);
        for (i, c) in choices.iter().enumerate() {
            self.speaker
                .line(Tag::Choose, &format!("{} {}", i + 1, c.label));
        }
        self.ask(player, choices.len());
    }

    /// The line that says the program waits for `player`.
    fn ask(&mut self, player: usize, count: usize) {
        let line = format!(
            "{}, type a number from 1 to {count}, or a command (help lists them).",
            self.name(player)
        );
        self.speaker.line(Tag::Ask, &line);
    }

    /// The end: the final scores, and the review of people's decisions for whoever asks.
    fn game_over(&mut self) -> SessionEnd {
        if let Some(outcome) = G::outcome(self.seating.tape.now()) {
            let scores = super::super::final_scores(&self.names, &G::standing(&outcome));
            self.speaker.line(Tag::Say, "Final scores:");
            let lines: Vec<String> = scores
                .lines()
                .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                .collect();
            self.speaker.lines(Tag::Say, &lines);
        }
        let people: Vec<usize> = (0..self.seating.seats.len())
            .filter(|&p| self.seating.seats[p].bot().is_none())
            .collect();
        if people.is_empty() {
            return SessionEnd::Over;
        }
        let line = "Type review for the coach's review of the costly decisions, or quit to leave.";
        self.speaker.line(Tag::Ask, line);
        while let Some(typed) = self.keyboard.line() {
            match typed.trim().to_ascii_lowercase().as_str() {
                "review" | "r" => {
                    // The names as the session says them, made safe to print.
                    let record = SavedGame {
                        names: self.names.clone(),
                        ..self.seating.record.clone()
                    };
                    let lines = review_lines(&self.seating.tape, &record, &people);
                    self.speaker.lines(Tag::Say, &lines);
                    self.speaker.line(Tag::Ask, "Type quit to leave.");
                }
                "quit" | "q" | "" => break,
                _ => self
                    .speaker
                    .line(Tag::Error, "The game is over: type review or quit."),
            }
        }
        SessionEnd::Over
    }
}

/// A refusal as a sentence: the engine's come without a full stop.
fn sentence(why: &str) -> String {
    let mut s = why.trim().to_string();
    if let Some(first) = s.get(..1) {
        s = first.to_uppercase() + &s[1..];
    }
    if !s.ends_with(['.', '!', '?']) {
        s.push('.');
    }
    s
}

/// The log's lines as they are spoken: a turn's heading ("── Ana's turn ──", drawn for the
/// eye) becomes a sentence, "Ana's turn.", so a screen reader does not read the rules out.
pub fn plain(lines: Vec<String>) -> Vec<String> {
    lines
        .into_iter()
        .map(
            |l| match l.strip_prefix("── ").and_then(|r| r.strip_suffix(" ──")) {
                Some(heading) => format!("{heading}."),
                None => l,
            },
        )
        .collect()
}
