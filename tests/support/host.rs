//! A headless `bohnanza host` run as a child process, JSON clients that play its seats over
//! loopback TCP, and the proof that each seat received exactly what `bohnanza script`
//! answers with `"viewer": P` for the same game. Every read waits at most [`READ_WAIT`].

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{Shutdown, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The longest a test waits for any one line.
pub const READ_WAIT: Duration = Duration::from_secs(60);

/// A host process, killed when dropped.
pub struct HostProcess {
    pub child: Child,
    /// Its first line: `listen`, `seats`, `watch`, `save`.
    pub line: Value,
    _stdout: BufReader<ChildStdout>,
}

impl HostProcess {
    /// Starts `bohnanza host --listen 127.0.0.1:0 --headless ARGS` with its data in `data`,
    /// and reads its first line.
    pub fn start(data: &Path, args: &[&str]) -> HostProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bohnanza"))
            .args(["host", "--listen", "127.0.0.1:0", "--headless"])
            .args(args)
            .env("BOHNANZA_DATA_DIR", data)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        let line: Value = serde_json::from_str(&first)
            .unwrap_or_else(|e| panic!("the host's first line {first:?}: {e}"));
        HostProcess {
            child,
            line,
            _stdout: stdout,
        }
    }

    /// The address clients connect to.
    pub fn address(&self) -> String {
        self.line["listen"].as_str().unwrap().to_string()
    }

    /// Seat `p`'s join code.
    pub fn code(&self, p: usize) -> String {
        self.line["seats"][p]["code"].as_str().unwrap().to_string()
    }

    /// The save file.
    pub fn save(&self) -> PathBuf {
        PathBuf::from(self.line["save"].as_str().unwrap())
    }

    /// Waits (at most [`READ_WAIT`]) for the host to exit; its exit code.
    pub fn wait(&mut self) -> Option<i32> {
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            assert!(started.elapsed() < READ_WAIT, "the host did not exit");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Kills the host at once (`kill -9`).
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for HostProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A JSON-lines client of the host.
pub struct Client {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    /// The seat joined (`None`: a spectator).
    pub seat: Option<usize>,
    /// Every `{"seq", "events"}` line received, by seq.
    pub events: BTreeMap<u64, Value>,
    /// Every seq line that said a stand-in took the action.
    pub stand_in_seqs: Vec<u64>,
    /// The last table line.
    pub table: Value,
    /// Whether the `over` line came.
    pub over: bool,
    /// Who the table waits for, as last told.
    pub waiting: Option<(usize, Value)>,
    /// Seq lines received more than once (each must come exactly once).
    pub repeats: Vec<u64>,
    /// Moves refused because the table had moved on before they came.
    pub refused: Vec<Value>,
    /// Whether a move was sent and its line (or refusal) has not come yet.
    pending: bool,
    /// The last lines received and sent, for a failure's message.
    recent: std::collections::VecDeque<String>,
    rng: u64,
}

impl Client {
    /// Connects to `address` (no line sent yet).
    pub fn connect(address: &str) -> Client {
        let writer = TcpStream::connect(address).unwrap();
        writer.set_nodelay(true).unwrap();
        writer.set_read_timeout(Some(READ_WAIT)).unwrap();
        let reader = BufReader::new(writer.try_clone().unwrap());
        Client {
            reader,
            writer,
            seat: None,
            events: BTreeMap::new(),
            stand_in_seqs: Vec::new(),
            table: Value::Null,
            over: false,
            waiting: None,
            repeats: Vec::new(),
            refused: Vec::new(),
            pending: false,
            recent: std::collections::VecDeque::new(),
            rng: 0x9E37_79B9_7F4A_7C15,
        }
    }

    /// Connects and joins with `code` (and `since`); the `joined` reply, or the error.
    pub fn join(address: &str, code: &str, since: Option<u64>) -> (Client, Value) {
        let mut client = Client::connect(address);
        let mut join = json!({ "join": { "code": code } });
        if let Some(n) = since {
            join["join"]["since"] = json!(n);
        }
        client.send(&join);
        let reply = client.line().expect("a reply to join");
        if let Some(seat) = reply["joined"]["seat"].as_u64() {
            client.seat = Some(seat as usize);
            client.rng ^= seat.wrapping_mul(0xBF58_476D_1CE4_E5B9).wrapping_add(1);
        }
        (client, reply)
    }

    /// Sends one line.
    pub fn send(&mut self, line: &Value) {
        self.send_raw(format!("{line}\n").as_bytes());
    }

    /// Sends bytes as they are.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.note(format!(
            "> {}",
            String::from_utf8_lossy(&bytes[..bytes.len().min(200)])
        ));
        self.writer.write_all(bytes).unwrap();
    }

    /// Sends bytes as they are; whether the host still took them (it may have closed the
    /// connection).
    pub fn try_send_raw(&mut self, bytes: &[u8]) -> bool {
        self.writer.write_all(bytes).is_ok()
    }

    /// The next line, or `None` when the host closed the connection; notes what it tells.
    pub fn line(&mut self) -> Option<Value> {
        let mut text = String::new();
        match self.reader.read_line(&mut text) {
            // A line cut off: the host closed the connection in the middle of it.
            Ok(_) if !text.ends_with('\n') => return None,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return None,
            Err(e) => panic!("reading a line: {e}"),
        }
        self.note(format!("< {}", &text[..text.len().min(200)]));
        let line: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON {text:?}: {e}"));
        if let Some(seq) = line["seq"].as_u64() {
            if self.pending && line["player"].as_u64().map(|p| p as usize) == self.seat {
                // This seat's move was played: what the table was waiting for before it
                // is past.
                self.pending = false;
                self.waiting = None;
            }
            if self.events.insert(seq, line["events"].clone()).is_some() {
                self.repeats.push(seq);
            }
            if line["stand_in"] == json!(true) {
                self.stand_in_seqs.push(seq);
            }
        } else if line.get("table").is_some() {
            self.table = line.clone();
        } else if line.get("over").is_some() {
            self.over = true;
        } else if let Some(w) = line.get("waiting") {
            self.waiting = Some((w["player"].as_u64().unwrap() as usize, w["prompt"].clone()));
        }
        Some(line)
    }

    /// Sends `request` and reads on to its reply (the first line that is not one the host
    /// sends of itself: seq, waiting, table, over).
    pub fn request(&mut self, request: &Value) -> Value {
        self.send(request);
        self.reply()
    }

    /// Reads on to the next reply line.
    pub fn reply(&mut self) -> Value {
        loop {
            let line = self.line().expect("the host closed the connection");
            if !is_told(&line) {
                return line;
            }
        }
    }

    /// The last seq received.
    pub fn last_seq(&self) -> u64 {
        self.events.keys().next_back().copied().unwrap_or(0)
    }

    /// Plays this seat until the game is over or `stop` says so after a line; returns
    /// whether the game is over. Decides only when the table waits for this seat.
    pub fn play(&mut self, stop: impl Fn(&Client) -> bool) -> bool {
        let me = self.seat.expect("a seat");
        loop {
            if self.over {
                return true;
            }
            if stop(self) {
                return false;
            }
            // A move already sent is answered (its line, or a refusal) before the next.
            let waited = !self.pending && matches!(&self.waiting, Some((p, _)) if *p == me);
            if waited {
                let (_, prompt) = self.waiting.take().unwrap();
                self.decide(me, &prompt);
                continue;
            }
            match self.line() {
                None => return self.over,
                // A move sent as the table changed (a stand-in sat down and played) may be
                // refused; the table has then told who it waits for since. Any other
                // refusal is a fault.
                Some(line) if line.get("error").is_some() => {
                    self.pending = false;
                    assert!(
                        self.waiting.is_some(),
                        "seat {me} was refused: {line}; last lines: {:#?}",
                        self.recent
                    );
                    self.refused.push(line);
                }
                Some(_) => {}
            }
        }
    }

    /// This seat's move for `prompt`: let the floor pass, decline an offer, or a legal
    /// action drawn at random (no offers, and a harvest only when nothing else is legal).
    fn decide(&mut self, me: usize, prompt: &Value) {
        if prompt == "may_propose" {
            let reply = self.request(&json!({ "pass": null }));
            assert_eq!(reply, json!({ "passed": me }), "{reply}");
            return;
        }
        if let Some(offer) = prompt["answer"]["offer"].as_u64() {
            self.send(&json!({ "act": { "player": me, "type": "decline", "offer": offer } }));
            self.pending = true;
            return;
        }
        let legal = self.request(&json!({ "legal": null }));
        let actions = legal["legal"]
            .as_array()
            .unwrap_or_else(|| panic!("{legal}"));
        let quiet = |a: &&Value| {
            !matches!(
                a["type"].as_str(),
                Some("propose" | "accept" | "withdraw" | "harvest" | "rearrange_fields")
            )
        };
        let mut choices: Vec<&Value> = actions.iter().filter(quiet).collect();
        if choices.is_empty() {
            choices = actions.iter().filter(|a| a["type"] == "harvest").collect();
        }
        assert!(!choices.is_empty(), "nothing to do for {prompt}: {legal}");
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        let action = choices[(self.rng % choices.len() as u64) as usize].clone();
        self.send(&json!({ "act": action }));
        self.pending = true;
    }

    /// Keeps `line` among the last few.
    fn note(&mut self, line: String) {
        if self.recent.len() == 16 {
            self.recent.pop_front();
        }
        self.recent.push_back(line);
    }

    /// Closes the connection at once, as a killed client's does.
    pub fn drop_connection(self) {
        let _ = self.writer.shutdown(Shutdown::Both);
    }
}

/// Whether `line` is one the host sends of itself rather than as a reply.
pub fn is_told(line: &Value) -> bool {
    ["seq", "waiting", "table", "over"]
        .iter()
        .any(|k| line.get(*k).is_some())
}

/// The events `bohnanza script` answers to each action of the saved game `save` with
/// `"viewer": viewer`, from `bohnanza export`.
pub fn script_events(save: &Path, viewer: usize) -> Vec<Value> {
    let export = Command::new(env!("CARGO_BIN_EXE_bohnanza"))
        .arg("export")
        .arg(save)
        .output()
        .unwrap();
    assert!(
        export.status.success(),
        "{}",
        String::from_utf8_lossy(&export.stderr)
    );
    let mut input = String::new();
    for (i, line) in String::from_utf8(export.stdout)
        .unwrap()
        .lines()
        .enumerate()
    {
        let mut request: Value = serde_json::from_str(line).unwrap();
        if i > 0 {
            request["viewer"] = json!(viewer);
        }
        input.push_str(&request.to_string());
        input.push('\n');
    }
    let dir = tempfile::tempdir().unwrap();
    let input_path = dir.path().join("game.jsonl");
    std::fs::write(&input_path, input).unwrap();
    let script = Command::new(env!("CARGO_BIN_EXE_bohnanza"))
        .arg("script")
        .stdin(std::fs::File::open(&input_path).unwrap())
        .output()
        .unwrap();
    let replies = String::from_utf8(script.stdout).unwrap();
    replies
        .lines()
        .skip(1)
        .map(|l| {
            let reply: Value = serde_json::from_str(l).unwrap();
            assert!(reply.get("events").is_some(), "script refused: {reply}");
            reply["events"].clone()
        })
        .collect()
}

/// Asserts that `client` received, by seq, exactly what `script` answers its seat.
pub fn assert_seat_saw_what_script_says(client: &Client, save: &Path) {
    let seat = client.seat.expect("a seat");
    let expected = script_events(save, seat);
    assert!(
        client.repeats.is_empty(),
        "seq lines sent twice: {:?}",
        client.repeats
    );
    let seqs: Vec<u64> = client.events.keys().copied().collect();
    let whole: Vec<u64> = (1..=expected.len() as u64).collect();
    assert_eq!(
        seqs,
        whole,
        "seat {seat} received seqs other than 1..={}",
        expected.len()
    );
    for (i, events) in expected.iter().enumerate() {
        assert_eq!(
            &client.events[&(i as u64 + 1)],
            events,
            "seat {seat}, action {}",
            i + 1
        );
    }
}
