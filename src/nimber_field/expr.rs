//! The calculator `grundy nimber` evaluates: expressions over the nimbers below 2^64.
//!
//! ```text
//! sum     = product { "+" product }           nim-sum (XOR)
//! product = unary { "*" unary }               nim-product
//! unary   = "inv" unary | "sqrt" unary | "sq" unary | "order" unary | "solve" unary
//!         | "log" unary unary | "pow" unary unary | primary
//! primary = number | "(" sum ")"              number: decimal, or hexadecimal with 0x
//! ```
//!
//! `inv a` is the inverse, `sqrt a` the square root, `sq a` the square, `order a` the
//! multiplicative order, `solve a` the smaller root of x² ⊕ x = a, `log a b` the least x with
//! a^x = b, and `pow a k` the nim-power a^k for an ordinary integer k (the exponents of `pow`
//! and the results of `log` and `order` are integers, not nimbers, though they can be used as
//! either). Errors carry the column (from 1) of the token at fault.

use super::arithmetic::{inverse, power, product, quadratic_roots, sqrt, square};
use super::log::{log, order};

/// Why an expression has no value, and where (the column, from 1, of the token at fault).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct ExprError {
    /// The column (from 1, in characters) of the token at fault.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// One token and its column.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Number(u64),
    Word(String),
    Plus,
    Times,
    Open,
    Close,
    End,
}

struct Lexer {
    tokens: Vec<(Token, usize)>,
    next: usize,
}

/// The longest expression accepted, in bytes (a guard on what is parsed and echoed).
pub const MAX_LENGTH: usize = 1 << 16;

/// How deeply parentheses and functions may nest.
const MAX_DEPTH: usize = 200;

fn tokenize(text: &str) -> Result<Vec<(Token, usize)>, ExprError> {
    let mut tokens = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut at = 0;
    while at < chars.len() {
        let column = at + 1;
        let c = chars[at];
        let error = |message: String| ExprError { column, message };
        if c.is_whitespace() {
            at += 1;
            continue;
        }
        let single = match c {
            '+' | '⊕' => Some(Token::Plus),
            '*' | '⊗' => Some(Token::Times),
            '(' => Some(Token::Open),
            ')' => Some(Token::Close),
            _ => None,
        };
        if let Some(token) = single {
            tokens.push((token, column));
            at += 1;
            continue;
        }
        if c.is_ascii_alphanumeric() {
            let start = at;
            while at < chars.len() && chars[at].is_ascii_alphanumeric() {
                at += 1;
            }
            let word: String = chars[start..at].iter().collect();
            let token = if c.is_ascii_digit() {
                Token::Number(parse_number(&word).ok_or_else(|| {
                    error(format!(
                        "`{word}` is not a nimber: write 0 to 18446744073709551615 (2^64 - 1), \
                         in decimal or as 0x…"
                    ))
                })?)
            } else {
                Token::Word(word)
            };
            tokens.push((token, column));
            continue;
        }
        return Err(error(match c {
            '^' => "`^` is no operator here: `+` is the nim-sum (XOR), `*` the nim-product, \
                    `pow a k` a power"
                .to_string(),
            '-' => "there is no minus: every nimber is its own negative (write `+`)".to_string(),
            _ => format!(
                "unexpected `{c}`: the operators are + * ( ) and the functions inv, \
                          sqrt, sq, order, solve, log, pow"
            ),
        }));
    }
    tokens.push((Token::End, chars.len() + 1));
    Ok(tokens)
}

/// A decimal or `0x` hexadecimal u64.
fn parse_number(word: &str) -> Option<u64> {
    match word.strip_prefix("0x").or_else(|| word.strip_prefix("0X")) {
        Some(hex) if !hex.is_empty() => u64::from_str_radix(hex, 16).ok(),
        Some(_) => None,
        None if word.bytes().all(|b| b.is_ascii_digit()) => word.parse().ok(),
        None => None,
    }
}

impl Lexer {
    fn peek(&self) -> &(Token, usize) {
        &self.tokens[self.next]
    }

    fn take(&mut self) -> (Token, usize) {
        let token = self.tokens[self.next].clone();
        if token.0 != Token::End {
            self.next += 1;
        }
        token
    }

    fn sum(&mut self, depth: usize) -> Result<u64, ExprError> {
        let mut value = self.product(depth)?;
        while self.peek().0 == Token::Plus {
            self.take();
            value ^= self.product(depth)?;
        }
        Ok(value)
    }

    fn product(&mut self, depth: usize) -> Result<u64, ExprError> {
        let mut value = self.unary(depth)?;
        while self.peek().0 == Token::Times {
            self.take();
            value = product(value, self.unary(depth)?);
        }
        Ok(value)
    }

    fn unary(&mut self, depth: usize) -> Result<u64, ExprError> {
        let column = self.peek().1;
        if depth > MAX_DEPTH {
            return Err(ExprError {
                column,
                message: format!("nested more than {MAX_DEPTH} deep"),
            });
        }
        let fail = |message: String| Err(ExprError { column, message });
        let Token::Word(word) = self.peek().0.clone() else {
            return self.primary(depth);
        };
        self.take();
        match word.as_str() {
            "inv" => {
                let a = self.unary(depth + 1)?;
                match inverse(a) {
                    Some(x) => Ok(x),
                    None => fail("inv 0: zero has no inverse".to_string()),
                }
            }
            "sqrt" => Ok(sqrt(self.unary(depth + 1)?)),
            "sq" => Ok(square(self.unary(depth + 1)?)),
            "order" => {
                let a = self.unary(depth + 1)?;
                match order(a) {
                    Some(k) => Ok(k),
                    None => fail("order 0: zero is not in the multiplicative group".to_string()),
                }
            }
            "solve" => {
                let a = self.unary(depth + 1)?;
                match quadratic_roots(a) {
                    Some((x, _)) => Ok(x),
                    None => fail(format!(
                        "solve {a}: x^2 + x = {a} has no root (the trace of {a} is 1)"
                    )),
                }
            }
            "log" => {
                let a = self.unary(depth + 1)?;
                let b = self.unary(depth + 1)?;
                match log(a, b) {
                    Some(x) => Ok(x),
                    None if a == 0 || b == 0 => {
                        fail(format!("log {a} {b}: logarithms are of non-zero nimbers"))
                    }
                    None => fail(format!(
                        "log {a} {b}: {b} is not a power of {a} ({a} has order {})",
                        order(a).unwrap_or(0)
                    )),
                }
            }
            "pow" => {
                let a = self.unary(depth + 1)?;
                let k = self.unary(depth + 1)?;
                Ok(power(a, k))
            }
            _ => fail(format!(
                "unknown function `{word}`: the functions are inv, sqrt, sq, order, solve, log, \
                 pow"
            )),
        }
    }

    fn primary(&mut self, depth: usize) -> Result<u64, ExprError> {
        let (token, column) = self.take();
        match token {
            Token::Number(value) => Ok(value),
            Token::Open => {
                let value = self.sum(depth + 1)?;
                match self.take() {
                    (Token::Close, _) => Ok(value),
                    (_, at) => Err(ExprError {
                        column: at,
                        message: format!("expected `)` to close the `(` at column {column}"),
                    }),
                }
            }
            Token::End => Err(ExprError {
                column,
                message: "the expression ends where a nimber was expected".to_string(),
            }),
            other => Err(ExprError {
                column,
                message: format!("expected a nimber, found {}", describe(&other)),
            }),
        }
    }
}

fn describe(token: &Token) -> String {
    match token {
        Token::Number(n) => format!("`{n}`"),
        Token::Word(w) => format!("`{w}`"),
        Token::Plus => "`+`".to_string(),
        Token::Times => "`*`".to_string(),
        Token::Open => "`(`".to_string(),
        Token::Close => "`)`".to_string(),
        Token::End => "the end".to_string(),
    }
}

/// The value of an expression.
///
/// ```
/// use grundy::nimber_field::expr::evaluate;
/// assert_eq!(evaluate("3 * 5").unwrap(), 15);
/// assert_eq!(evaluate("(2 + 3) * 2").unwrap(), 2);
/// assert_eq!(evaluate("inv 2").unwrap(), 3);
/// assert!(evaluate("inv 0").is_err());
/// ```
pub fn evaluate(text: &str) -> Result<u64, ExprError> {
    if text.len() > MAX_LENGTH {
        return Err(ExprError {
            column: 1,
            message: format!("the expression is longer than {MAX_LENGTH} bytes"),
        });
    }
    let mut lexer = Lexer {
        tokens: tokenize(text)?,
        next: 0,
    };
    let value = lexer.sum(0)?;
    match lexer.take() {
        (Token::End, _) => Ok(value),
        (token, column) => Err(ExprError {
            column,
            message: format!("expected `+`, `*` or the end, found {}", describe(&token)),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precedence_functions_and_numbers() {
        assert_eq!(evaluate("2 + 3 * 3").unwrap(), 2 ^ product(3, 3));
        assert_eq!(evaluate("0x10 * 0x10").unwrap(), 24);
        assert_eq!(evaluate("sqrt 3 * sqrt 3").unwrap(), 3);
        assert_eq!(evaluate("log 2 3").unwrap(), 2);
        assert_eq!(evaluate("pow 2 3").unwrap(), 1);
        assert_eq!(evaluate("sq (1 + 3)").unwrap(), 3);
        assert_eq!(
            evaluate("solve 1").unwrap(),
            2,
            "x^2 + x = 1 in the field of 4"
        );
        let root = evaluate("solve 2").unwrap();
        assert_eq!(square(root) ^ root, 2);
        assert_eq!(evaluate("order 2").unwrap(), 3);
        assert_eq!(evaluate("8 ⊗ 8 ⊕ 1").unwrap(), 12);
    }

    #[test]
    fn errors_are_located() {
        let column = |text: &str| evaluate(text).unwrap_err().column;
        assert_eq!(column("3 * "), 5);
        assert_eq!(column("3 ^ 5"), 3);
        assert_eq!(column("(1 + 2"), 7);
        assert_eq!(column("1 2"), 3);
        assert_eq!(column("foo 2"), 1);
        assert_eq!(column("2 * inv 0"), 5);
        assert_eq!(column("log 2 5"), 1);
        assert_eq!(column("18446744073709551616"), 1);
        let deep = format!("{}1{}", "(".repeat(1000), ")".repeat(1000));
        assert!(evaluate(&deep).is_err());
    }
}
