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
    let mut stream = TcpStream::connect(address).expect("the server accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
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
            Err(e) if raw.is_empty() => panic!("no answer: {e}"),
            Err(_) => break,
        }
    }
    parse_answer(&raw)
}

fn parse_answer(raw: &[u8]) -> Answer {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no header end in {:?}", String::from_utf8_lossy(raw)));
    let headers = String::from_utf8_lossy(&raw[..split]).into_owned();
    let status = headers
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status in {headers:?}"));
    let rest = &raw[split + 4..];
    let chunked = headers
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = if chunked {
        dechunk(rest)
    } else {
        rest.to_vec()
    };
    Answer {
        status,
        headers,
        body,
    }
}

fn dechunk(mut rest: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let line_end = rest
            .windows(2)
            .position(|w| w == b"\r\n")
            .expect("chunk size");
        let size =
            usize::from_str_radix(std::str::from_utf8(&rest[..line_end]).unwrap().trim(), 16)
                .expect("hex chunk size");
        rest = &rest[line_end + 2..];
        if size == 0 {
            return body;
        }
        body.extend_from_slice(&rest[..size]);
        rest = &rest[size + 2..];
    }
}
