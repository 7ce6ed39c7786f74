//! Helpers for the `grundy serve` tests: the server as a child process on a free local port, and a
//! small HTTP/1.1 client over a plain socket (so that requests can be malformed on purpose).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// `grundy serve` running as a child process; killed when dropped.
pub struct Server {
    child: Child,
    /// The address it printed.
    pub address: SocketAddr,
    /// The line it printed.
    pub banner: String,
    /// Its standard error so far.
    pub log: Arc<Mutex<String>>,
}

impl Server {
    /// Starts `grundy serve --port 0` with `extra` arguments and waits for its address.
    pub fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["serve", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the grundy binary starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut banner = String::new();
        stdout
            .read_line(&mut banner)
            .expect("the server prints its address");
        let address = banner
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|address| address.parse().ok())
            .unwrap_or_else(|| panic!("no address in the banner {banner:?}"));
        let log = Arc::new(Mutex::new(String::new()));
        let mut stderr = BufReader::new(child.stderr.take().expect("piped"));
        let sink = Arc::clone(&log);
        std::thread::spawn(move || {
            let mut line = String::new();
            while stderr.read_line(&mut line).is_ok_and(|n| n > 0) {
                sink.lock().unwrap().push_str(&line);
                line.clear();
            }
        });
        Server {
            child,
            address,
            banner,
            log,
        }
    }

    /// The page's URL.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Sends one request and reads the whole answer.
    pub fn request(&self, method: &str, path: &str, body: &str) -> Answer {
        request(self.address, method, path, "localhost", body.as_bytes())
    }

    /// POSTs a JSON body.
    pub fn post(&self, path: &str, body: &serde_json::Value) -> Answer {
        self.request("POST", path, &body.to_string())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: String,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }

    /// The `error` of a JSON error answer.
    pub fn error(&self) -> String {
        self.json()["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error in {}", self.text()))
            .to_string()
    }
}

/// One HTTP/1.1 request with `Connection: close`, written as given (the path is not normalised).
pub fn request(address: SocketAddr, method: &str, path: &str, host: &str, body: &[u8]) -> Answer {
    try_request(address, method, path, host, body).unwrap_or_else(|e| panic!("{e}"))
}

/// [`request`], with failures returned instead of panicking.
pub fn try_request(
    address: SocketAddr,
    method: &str,
    path: &str,
    host: &str,
    body: &[u8],
) -> Result<Answer, String> {
    let mut stream =
        TcpStream::connect(address).map_err(|e| format!("cannot connect to {address}: {e}"))?;
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .map_err(|e| e.to_string())?;
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream
        .write_all(head.as_bytes())
        .map_err(|e| format!("cannot send: {e}"))?;
    // The server may answer (413) and close before reading a large body.
    let _ = stream.write_all(body);
    // Read until the server closes; a reset after an early answer (413 before the whole body was
    // read) still leaves that answer.
    let mut raw = Vec::new();
    let mut chunk = [0u8; 1 << 16];
    loop {
        match stream.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => raw.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) if raw.is_empty() => return Err(format!("no answer: {e}")),
            Err(_) => break,
        }
    }
    parse_answer(&raw)
}

fn parse_answer(raw: &[u8]) -> Result<Answer, String> {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| format!("no header end in {:?}", String::from_utf8_lossy(raw)))?;
    let headers = String::from_utf8_lossy(&raw[..split]).into_owned();
    let status = headers
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| format!("no status in {headers:?}"))?;
    let rest = &raw[split + 4..];
    let chunked = headers
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = if chunked {
        dechunk(rest)?
    } else {
        rest.to_vec()
    };
    Ok(Answer {
        status,
        headers,
        body,
    })
}

fn dechunk(mut rest: &[u8]) -> Result<Vec<u8>, String> {
    let mut body = Vec::new();
    loop {
        let line_end = rest
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or("a chunk without its size")?;
        let size = std::str::from_utf8(&rest[..line_end])
            .ok()
            .and_then(|size| usize::from_str_radix(size.trim(), 16).ok())
            .ok_or("a malformed chunk size")?;
        rest = &rest[line_end + 2..];
        if size == 0 {
            return Ok(body);
        }
        if rest.len() < size + 2 {
            return Err("a truncated chunk".to_string());
        }
        body.extend_from_slice(&rest[..size]);
        rest = &rest[size + 2..];
    }
}
