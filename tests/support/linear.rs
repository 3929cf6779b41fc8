//! Driving the linear mode as a person (or a screen reader's user) would: read the lines
//! it says, and answer each `ask:` with a pick from the numbered `choose:` lines just said,
//! each hand-off with the seat number it names. The same picker drives the real binary
//! on a pipe and the session in-process; the checks read the whole transcript.

use std::cell::RefCell;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::rc::Rc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use bohnanza::ui::linear::Keyboard;

/// How a driver picks among the numbered choices.
#[derive(Clone, Copy, Debug)]
pub enum Policy {
    /// Always the first choice.
    First,
    /// A choice drawn from this seed's stream.
    Seeded(u64),
}

/// Reads the transcript as it grows and answers what it asks.
pub struct Picker {
    policy: Policy,
    draws: u64,
    /// Lines read so far.
    pub transcript: Vec<String>,
    /// How far the transcript has been answered.
    answered: usize,
    /// Answers given, for the test's limit.
    pub answers: usize,
    /// The number of choices in the list said last.
    count: usize,
    /// Whether this decision was looked at (`look` is typed once at each, so the
    /// transcript reads hands out where they may and may not be read).
    looked: bool,
}

impl Picker {
    pub fn new(policy: Policy) -> Picker {
        Picker {
            policy,
            draws: 0,
            transcript: Vec::new(),
            answered: 0,
            answers: 0,
            count: 0,
            looked: false,
        }
    }

    /// The answer to the last line if it asks for one: a hand-off's seat number, a pick
    /// among the choices said since the last answer, or `quit` at the end.
    pub fn answer(&mut self) -> Option<String> {
        let last = self.transcript.last()?.clone();
        if self.answered == self.transcript.len() {
            return None;
        }
        let since = &self.transcript[self.answered..];
        let reply = if last.starts_with("handoff:") {
            last.split("(or ").nth(1)?.split(')').next()?.to_string()
        } else if last.starts_with("ask:") && last.contains("type a number from 1 to") {
            let listed = since.iter().filter(|l| l.starts_with("choose: ")).count();
            if listed > 0 {
                self.count = listed;
                self.looked = false;
            }
            assert!(
                self.count > 0,
                "an ask with no numbered choices: {since:#?}"
            );
            if self.looked {
                let count = self.count;
                (self.pick(count) + 1).to_string()
            } else {
                self.looked = true;
                "look".to_string()
            }
        } else if last.starts_with("ask:") {
            "quit".to_string()
        } else {
            return None;
        };
        self.answered = self.transcript.len();
        self.answers += 1;
        Some(reply)
    }

    fn pick(&mut self, count: usize) -> usize {
        match self.policy {
            Policy::First => 0,
            Policy::Seeded(seed) => {
                self.draws += 1;
                let mut z = seed ^ self.draws.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                ((z ^ (z >> 31)) % count as u64) as usize
            }
        }
    }
}

/// The real binary on pipes, answered by a [`Picker`] until it exits.
pub fn play_binary(
    args: &[&str],
    data: &std::path::Path,
    policy: Policy,
    max_answers: usize,
) -> Played {
    let mut child: Child = Command::new(env!("CARGO_BIN_EXE_bohnanza"))
        .args(args)
        .env("BOHNANZA_DATA_DIR", data)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin: ChildStdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (send, lines): (_, Receiver<Vec<u8>>) = channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        loop {
            let mut line = Vec::new();
            match reader.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if send.send(line).is_err() {
                        break;
                    }
                }
            }
        }
    });
    let mut picker = Picker::new(policy);
    let mut bytes = Vec::new();
    loop {
        match lines.recv_timeout(Duration::from_secs(60)) {
            Ok(line) => {
                bytes.extend_from_slice(&line);
                let text = String::from_utf8_lossy(&line).trim_end().to_string();
                picker.transcript.push(text);
                if let Some(reply) = picker.answer() {
                    assert!(
                        picker.answers <= max_answers,
                        "no end after {max_answers} answers"
                    );
                    let _ = writeln!(stdin, "{reply}");
                }
            }
            Err(RecvTimeoutError::Disconnected) => break,
            Err(RecvTimeoutError::Timeout) => {
                let _ = child.kill();
                panic!(
                    "the linear mode said nothing for a minute: {:#?}",
                    tail(&picker.transcript)
                );
            }
        }
    }
    drop(stdin);
    let status = child.wait().unwrap();
    Played {
        code: status.code(),
        bytes,
        lines: picker.transcript,
    }
}

/// The last lines of a transcript, for a failure's message.
pub fn tail(lines: &[String]) -> &[String] {
    &lines[lines.len().saturating_sub(40)..]
}

/// What a run said.
pub struct Played {
    pub code: Option<i32>,
    /// Every byte written to standard output.
    pub bytes: Vec<u8>,
    /// The same, line by line.
    pub lines: Vec<String>,
}

/// The output of an in-process session, shared with its keyboard.
#[derive(Clone, Default)]
pub struct Shared(pub Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A keyboard that reads what the session said and answers it with a [`Picker`].
pub struct ScriptedKeyboard {
    pub out: Shared,
    read: usize,
    pub picker: Picker,
    max_answers: usize,
}

impl ScriptedKeyboard {
    pub fn new(out: Shared, policy: Policy, max_answers: usize) -> ScriptedKeyboard {
        ScriptedKeyboard {
            out,
            read: 0,
            picker: Picker::new(policy),
            max_answers,
        }
    }
}

impl Keyboard for ScriptedKeyboard {
    fn line(&mut self) -> Option<String> {
        let said = self.out.0.borrow()[self.read..].to_vec();
        self.read += said.len();
        for l in String::from_utf8_lossy(&said).lines() {
            self.picker.transcript.push(l.to_string());
        }
        if self.picker.answers >= self.max_answers {
            return None;
        }
        self.picker.answer()
    }

    fn discard_pending(&mut self) -> usize {
        0
    }
}

/// Checks a transcript of the linear mode: no escape byte, every line tagged, every
/// decision's ask after a numbered list, and no hand read out after a hand-off to another
/// player until its owner holds the keyboard again.
pub fn check_transcript(bytes: &[u8], lines: &[String]) {
    assert!(!bytes.contains(&0x1b), "an ESC byte in the output");
    const TAGS: [&str; 6] = [
        "event: ",
        "choose: ",
        "ask: ",
        "error: ",
        "say: ",
        "handoff: ",
    ];
    for l in lines {
        assert!(
            TAGS.iter().any(|t| l.starts_with(t)),
            "an untagged line: {l:?}"
        );
    }
    let mut chosen = 0;
    for l in lines {
        if l.starts_with("choose: ") {
            chosen += 1;
        }
        if l.starts_with("ask: ") && l.contains("type a number from 1 to") {
            assert!(chosen > 0, "a decision asked without a numbered list");
        }
        if l.starts_with("handoff: ") || l.starts_with("event: ") {
            chosen = 0;
        }
    }
    hands_stay_hidden(lines);
}

/// After `handoff: Pass to Ben.`, no line reads another player's hand ("Your hand (Ana)")
/// nor says what another drew, until `say: Ana has the keyboard.`
fn hands_stay_hidden(lines: &[String]) {
    let mut holder: Option<String> = None;
    let mut handed = false;
    for (i, l) in lines.iter().enumerate() {
        if l.starts_with("handoff: Pass to ") {
            holder = None;
            handed = true;
        }
        if let Some(who) = l
            .strip_prefix("say: ")
            .and_then(|r| r.strip_suffix(" has the keyboard."))
        {
            holder = Some(who.to_string());
        }
        let owner = l
            .split("Your hand (")
            .nth(1)
            .and_then(|r| r.split(')').next());
        if let Some(owner) = owner.filter(|_| handed) {
            assert_eq!(
                Some(owner),
                holder.as_deref(),
                "line {i}: {owner}'s hand read while {holder:?} holds the keyboard"
            );
        }
        let private = l.starts_with("say: You drew") || l.starts_with("say: You were dealt");
        if private && handed {
            assert!(
                holder.is_some(),
                "line {i}: {l} said while nobody holds the keyboard"
            );
        }
    }
}
