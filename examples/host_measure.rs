//! Measures a headless `bohnanza host` over loopback: how long an action takes to reach
//! the other seats (median and worst over a whole game played by three JSON clients and a
//! bot), and how many connections one host holds while bots play (its memory per
//! connection, from /proc/PID/status VmRSS).
//!
//! `cargo run --example host_measure -- [path/to/bohnanza] [connections...]`
//! (the binary defaults to target/debug/bohnanza; connections to 100 500 1000).

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// When each seat received each seq, and when each client sent the action that became it.
#[derive(Default)]
struct Clock {
    arrived: HashMap<(usize, u64), Instant>,
    sent: HashMap<u64, (usize, Instant)>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let binary = args
        .first()
        .cloned()
        .unwrap_or_else(|| "target/debug/bohnanza".into());
    let counts: Vec<usize> = if args.len() > 1 {
        args[1..].iter().map(|a| a.parse().unwrap()).collect()
    } else {
        vec![100, 500, 1000]
    };
    latency(&binary);
    for n in counts {
        connections(&binary, n);
    }
}

/// Starts a headless host with `args`; the child and its first line.
fn start(binary: &str, args: &[&str]) -> (Child, Value, tempfile::TempDir) {
    let data = tempfile::tempdir().unwrap();
    let mut child = Command::new(binary)
        .args(["host", "--listen", "127.0.0.1:0", "--headless"])
        .args(args)
        .env("BOHNANZA_DATA_DIR", data.path())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    (child, serde_json::from_str(&first).unwrap(), data)
}

/// A joined connection: its reader and writer.
fn join(address: &str, code: &str) -> (BufReader<TcpStream>, TcpStream) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_nodelay(true).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    writeln!(
        stream,
        "{}",
        json!({ "join": { "code": code, "since": 0 } })
    )
    .unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut joined = String::new();
    reader.read_line(&mut joined).unwrap();
    assert!(joined.contains("\"joined\""), "{joined}");
    (reader, stream)
}

/// Plays seat `me` to the end: passes, declines, else the first legal action that is not an
/// offer or a harvest; notes when each seq arrived and when its own actions were sent.
fn play(me: usize, address: &str, code: &str, clock: &Arc<Mutex<Clock>>) {
    let (mut reader, mut writer) = join(address, code);
    let mut sent_at: Option<Instant> = None;
    let mut line = String::new();
    let mut rng: u64 = 0x2545_F491_4F6C_DD1D ^ (me as u64 + 1);
    loop {
        line.clear();
        if reader.read_line(&mut line).unwrap() == 0 {
            return;
        }
        let now = Instant::now();
        let value: Value = serde_json::from_str(&line).unwrap();
        assert!(
            value.get("error").is_none(),
            "seat {me} was refused: {value}"
        );
        if let Some(seq) = value["seq"].as_u64() {
            let mut clock = clock.lock().unwrap();
            clock.arrived.insert((me, seq), now);
            if let Some(t) = sent_at.take() {
                clock.sent.insert(seq, (me, t));
            }
        } else if value.get("over").is_some() {
            return;
        } else if value["waiting"]["player"] == json!(me) {
            let prompt = &value["waiting"]["prompt"];
            let request = if prompt == "may_propose" {
                json!({ "pass": null })
            } else if let Some(offer) = prompt["answer"]["offer"].as_u64() {
                json!({ "act": { "player": me, "type": "decline", "offer": offer } })
            } else {
                writeln!(writer, "{}", json!({ "legal": null })).unwrap();
                let legal = loop {
                    let mut reply = String::new();
                    reader.read_line(&mut reply).unwrap();
                    let reply: Value = serde_json::from_str(&reply).unwrap();
                    if reply.get("legal").is_some() {
                        break reply;
                    }
                };
                let actions = legal["legal"].as_array().unwrap();
                let quiet: Vec<&Value> = actions
                    .iter()
                    .filter(|a| {
                        !matches!(
                            a["type"].as_str(),
                            Some(
                                "propose" | "accept" | "withdraw" | "harvest" | "rearrange_fields"
                            )
                        )
                    })
                    .collect();
                let choices = if quiet.is_empty() {
                    actions.iter().collect()
                } else {
                    quiet
                };
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                json!({ "act": choices[(rng % choices.len() as u64) as usize] })
            };
            if request.get("act").is_some() {
                sent_at = Some(Instant::now());
            }
            writeln!(writer, "{request}").unwrap();
        }
    }
}

/// Latency from a client's action to its line at the other seats, over a whole base game.
fn latency(binary: &str) {
    let (mut child, first, _data) = start(
        binary,
        &["--seats", "human,human,human,greedy", "--seed", "1"],
    );
    let address = first["listen"].as_str().unwrap().to_string();
    let clock = Arc::new(Mutex::new(Clock::default()));
    let players: Vec<_> = (0..3)
        .map(|p| {
            let (address, clock) = (address.clone(), Arc::clone(&clock));
            let code = first["seats"][p]["code"].as_str().unwrap().to_string();
            thread::spawn(move || play(p, &address, &code, &clock))
        })
        .collect();
    for p in players {
        p.join().unwrap();
    }
    let clock = clock.lock().unwrap();
    let mut micros: Vec<u128> = Vec::new();
    for (seq, (actor, sent)) in &clock.sent {
        for seat in (0..3).filter(|s| s != actor) {
            if let Some(at) = clock.arrived.get(&(seat, *seq)) {
                micros.push(at.duration_since(*sent).as_micros());
            }
        }
    }
    micros.sort_unstable();
    let actions = clock.arrived.keys().map(|(_, s)| *s).max().unwrap_or(0);
    println!(
        "latency: {} client actions of {actions} in a base game, {} deliveries to the other seats: median {} µs, worst {} µs",
        clock.sent.len(),
        micros.len(),
        micros[micros.len() / 2],
        micros[micros.len() - 1]
    );
    let _ = child.kill();
    let _ = child.wait();
}

/// The host's resident memory, in kB.
fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// `n` spectators joined to a host where one client plays with three bots to the end.
fn connections(binary: &str, n: usize) {
    let (mut child, first, _data) = start(
        binary,
        &[
            "--seats",
            "human,greedy,greedy,greedy",
            "--seed",
            "2",
            "--watch",
        ],
    );
    let address = first["listen"].as_str().unwrap().to_string();
    let watch = first["watch"].as_str().unwrap().to_string();
    thread::sleep(Duration::from_millis(200));
    let before = rss_kb(child.id());
    let spectators: Vec<_> = (0..n)
        .map(|_| {
            let (mut reader, writer) = join(&address, &watch);
            thread::Builder::new()
                .stack_size(64 << 10)
                .spawn(move || {
                    let _keep = writer;
                    let mut lines = 0u64;
                    let mut line = String::new();
                    while reader.read_line(&mut line).map(|n| n > 0).unwrap_or(false) {
                        if line.contains("\"over\"") {
                            break;
                        }
                        lines += u64::from(line.starts_with("{\"seq\""));
                        line.clear();
                    }
                    lines
                })
                .unwrap()
        })
        .collect();
    thread::sleep(Duration::from_millis(500));
    let joined = rss_kb(child.id());
    let code = first["seats"][0]["code"].as_str().unwrap().to_string();
    let clock = Arc::new(Mutex::new(Clock::default()));
    let started = Instant::now();
    play(0, &address, &code, &clock);
    let played = started.elapsed();
    let peak = rss_kb(child.id());
    let lines: Vec<u64> = spectators.into_iter().map(|s| s.join().unwrap()).collect();
    let all = lines.iter().all(|&l| l == lines[0]);
    println!(
        "connections: {n} spectators + 1 player with 3 bots: host VmRSS {before} kB alone, {joined} kB joined ({} kB a connection), {peak} kB after the game ({:.1} s); every spectator got all {} actions' lines: {all}",
        (joined.saturating_sub(before)) / n as u64,
        played.as_secs_f64(),
        lines[0]
    );
    let _ = child.kill();
    let _ = child.wait();
}
