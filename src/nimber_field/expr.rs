//! The calculator `grundy nimber` evaluates: expressions over the nimbers below 2^64, or below
//! 2^128 when a number of the expression is 2^64 or more.
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
//!
//! **The field.** An expression whose numbers are all below 2^64 is evaluated in the field of
//! 2^64 elements ([`super::arithmetic`], [`super::log`]); one with a number of 2^64 or more, in
//! the field of 2^128 elements ([`super::arithmetic128`]), where `+ * inv sqrt sq pow` work and
//! `order`, `solve` and `log` are refused (they are of the 64-bit field; below 2^64 both fields
//! agree on the others, as the 64-bit field is a subfield).

use super::arithmetic::{inverse, power, product, quadratic_roots, sqrt, square};
use super::arithmetic128;
use super::log::{log, order};
use std::fmt::Display;
use std::marker::PhantomData;
use std::ops::BitXor;

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
    Number(u128),
    Word(String),
    Plus,
    Times,
    Open,
    Close,
    End,
}

struct Lexer<F> {
    tokens: Vec<(Token, usize)>,
    next: usize,
    field: PhantomData<F>,
}

/// The operations of one field of nimbers, as the calculator applies them; the functions that
/// can fail answer the message of the failure.
trait Field {
    /// A nimber of the field.
    type Value: Copy + Display + PartialEq + BitXor<Output = Self::Value> + TryFrom<u128>;
    /// The largest nimber, as the error for a number past it says.
    const MAX: &'static str;
    fn product(a: Self::Value, b: Self::Value) -> Self::Value;
    fn inverse(a: Self::Value) -> Option<Self::Value>;
    fn sqrt(a: Self::Value) -> Self::Value;
    fn square(a: Self::Value) -> Self::Value;
    fn power(a: Self::Value, k: Self::Value) -> Self::Value;
    fn order(a: Self::Value) -> Result<Self::Value, String>;
    fn solve(a: Self::Value) -> Result<Self::Value, String>;
    fn log(a: Self::Value, b: Self::Value) -> Result<Self::Value, String>;
}

/// The nimbers below 2^64.
struct Field64;

/// The nimbers below 2^128.
struct Field128;

impl Field for Field64 {
    type Value = u64;
    const MAX: &'static str = "18446744073709551615 (2^64 - 1)";
    fn product(a: u64, b: u64) -> u64 {
        product(a, b)
    }
    fn inverse(a: u64) -> Option<u64> {
        inverse(a)
    }
    fn sqrt(a: u64) -> u64 {
        sqrt(a)
    }
    fn square(a: u64) -> u64 {
        square(a)
    }
    fn power(a: u64, k: u64) -> u64 {
        power(a, k)
    }
    fn order(a: u64) -> Result<u64, String> {
        order(a).ok_or_else(|| "order 0: zero is not in the multiplicative group".to_string())
    }
    fn solve(a: u64) -> Result<u64, String> {
        quadratic_roots(a)
            .map(|(x, _)| x)
            .ok_or_else(|| format!("solve {a}: x^2 + x = {a} has no root (the trace of {a} is 1)"))
    }
    fn log(a: u64, b: u64) -> Result<u64, String> {
        match log(a, b) {
            Some(x) => Ok(x),
            None if a == 0 || b == 0 => {
                Err(format!("log {a} {b}: logarithms are of non-zero nimbers"))
            }
            None => Err(format!(
                "log {a} {b}: {b} is not a power of {a} ({a} has order {})",
                order(a).unwrap_or(0)
            )),
        }
    }
}

/// What `order`, `solve` and `log` say in the field of 2^128 elements.
fn only_64(function: &str) -> String {
    format!(
        "`{function}` works in the field of 2^64 elements, and this expression has a number of \
         2^64 or more (the field of 2^128: + * inv sqrt sq pow)"
    )
}

impl Field for Field128 {
    type Value = u128;
    const MAX: &'static str = "340282366920938463463374607431768211455 (2^128 - 1)";
    fn product(a: u128, b: u128) -> u128 {
        arithmetic128::product(a, b)
    }
    fn inverse(a: u128) -> Option<u128> {
        arithmetic128::inverse(a)
    }
    fn sqrt(a: u128) -> u128 {
        arithmetic128::sqrt(a)
    }
    fn square(a: u128) -> u128 {
        arithmetic128::square(a)
    }
    fn power(a: u128, k: u128) -> u128 {
        arithmetic128::power(a, k)
    }
    fn order(_: u128) -> Result<u128, String> {
        Err(only_64("order"))
    }
    fn solve(_: u128) -> Result<u128, String> {
        Err(only_64("solve"))
    }
    fn log(_: u128, _: u128) -> Result<u128, String> {
        Err(only_64("log"))
    }
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
                        "`{word}` is not a nimber: write 0 to {}, in decimal or as 0x…",
                        Field128::MAX
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

/// A decimal or `0x` hexadecimal u128.
fn parse_number(word: &str) -> Option<u128> {
    match word.strip_prefix("0x").or_else(|| word.strip_prefix("0X")) {
        Some(hex) if !hex.is_empty() => u128::from_str_radix(hex, 16).ok(),
        Some(_) => None,
        None if word.bytes().all(|b| b.is_ascii_digit()) => word.parse().ok(),
        None => None,
    }
}

impl<F: Field> Lexer<F> {
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

    fn sum(&mut self, depth: usize) -> Result<F::Value, ExprError> {
        let mut value = self.product(depth)?;
        while self.peek().0 == Token::Plus {
            self.take();
            value = value ^ self.product(depth)?;
        }
        Ok(value)
    }

    fn product(&mut self, depth: usize) -> Result<F::Value, ExprError> {
        let mut value = self.unary(depth)?;
        while self.peek().0 == Token::Times {
            self.take();
            value = F::product(value, self.unary(depth)?);
        }
        Ok(value)
    }

    fn unary(&mut self, depth: usize) -> Result<F::Value, ExprError> {
        let column = self.peek().1;
        if depth > MAX_DEPTH {
            return Err(ExprError {
                column,
                message: format!("nested more than {MAX_DEPTH} deep"),
            });
        }
        let located = |message: String| ExprError { column, message };
        let Token::Word(word) = self.peek().0.clone() else {
            return self.primary(depth);
        };
        self.take();
        match word.as_str() {
            "inv" => {
                let a = self.unary(depth + 1)?;
                F::inverse(a).ok_or_else(|| located("inv 0: zero has no inverse".to_string()))
            }
            "sqrt" => Ok(F::sqrt(self.unary(depth + 1)?)),
            "sq" => Ok(F::square(self.unary(depth + 1)?)),
            "order" => F::order(self.unary(depth + 1)?).map_err(located),
            "solve" => F::solve(self.unary(depth + 1)?).map_err(located),
            "log" => {
                let a = self.unary(depth + 1)?;
                let b = self.unary(depth + 1)?;
                F::log(a, b).map_err(located)
            }
            "pow" => {
                let a = self.unary(depth + 1)?;
                let k = self.unary(depth + 1)?;
                Ok(F::power(a, k))
            }
            _ => Err(located(format!(
                "unknown function `{word}`: the functions are inv, sqrt, sq, order, solve, log, \
                 pow"
            ))),
        }
    }

    fn primary(&mut self, depth: usize) -> Result<F::Value, ExprError> {
        let (token, column) = self.take();
        match token {
            Token::Number(value) => F::Value::try_from(value).map_err(|_| ExprError {
                column,
                message: format!("`{value}` is not a nimber: write 0 to {}", F::MAX),
            }),
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

/// The value of an expression (in the field of 2^128 elements when one of its numbers is 2^64
/// or more, else in that of 2^64).
///
/// ```
/// use grundy::nimber_field::expr::evaluate;
/// assert_eq!(evaluate("3 * 5").unwrap(), 15);
/// assert_eq!(evaluate("(2 + 3) * 2").unwrap(), 2);
/// assert_eq!(evaluate("inv 2").unwrap(), 3);
/// assert!(evaluate("inv 0").is_err());
/// assert_eq!(evaluate("18446744073709551616 * 18446744073709551616").unwrap(), 3 << 63);
/// ```
pub fn evaluate(text: &str) -> Result<u128, ExprError> {
    if text.len() > MAX_LENGTH {
        return Err(ExprError {
            column: 1,
            message: format!("the expression is longer than {MAX_LENGTH} bytes"),
        });
    }
    let tokens = tokenize(text)?;
    let wide = tokens
        .iter()
        .any(|(token, _)| matches!(token, Token::Number(n) if *n > u128::from(u64::MAX)));
    if wide {
        run(Lexer {
            tokens,
            next: 0,
            field: PhantomData::<Field128>,
        })
    } else {
        run(Lexer {
            tokens,
            next: 0,
            field: PhantomData::<Field64>,
        })
        .map(u128::from)
    }
}

/// Evaluates the whole of the lexer's tokens in its field.
fn run<F: Field>(mut lexer: Lexer<F>) -> Result<F::Value, ExprError> {
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
        assert_eq!(
            evaluate("2 + 3 * 3").unwrap(),
            u128::from(2 ^ product(3, 3))
        );
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
        let root = u64::try_from(evaluate("solve 2").unwrap()).unwrap();
        assert_eq!(square(root) ^ root, 2);
        assert_eq!(evaluate("order 2").unwrap(), 3);
        assert_eq!(evaluate("8 ⊗ 8 ⊕ 1").unwrap(), 12);
    }

    #[test]
    fn numbers_past_2_64_are_in_the_field_of_2_128() {
        let f = 1u128 << 64;
        assert_eq!(
            evaluate("18446744073709551616 * 18446744073709551616").unwrap(),
            3 * f / 2
        );
        assert_eq!(evaluate("0x10000000000000000 * 5").unwrap(), 5 * f);
        let a = "0xfedcba9876543210fedcba9876543210";
        let inv = evaluate(&format!("inv {a}")).unwrap();
        assert_eq!(evaluate(&format!("{a} * {inv}")).unwrap(), 1);
        let root = evaluate(&format!("sqrt {a}")).unwrap();
        assert_eq!(
            evaluate(&format!("sq {root}")).unwrap(),
            0xfedcba9876543210fedcba9876543210
        );
        assert_eq!(evaluate("pow 0x10000000000000000 2").unwrap(), 3 * f / 2);
        // Below 2^64 the two fields agree: the same expression, pushed into the wide field by
        // a term that cancels.
        let narrow = evaluate("inv 7 * sqrt 12345").unwrap();
        let wide = evaluate("inv 7 * sqrt 12345 + 0x10000000000000000 + 0x10000000000000000");
        assert_eq!(wide.unwrap(), narrow);
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
        assert_eq!(column("340282366920938463463374607431768211456"), 1);
        assert_eq!(column("0x100000000000000000000000000000000"), 1);
        // The 64-bit field's functions, refused in the 128-bit field where they stand.
        assert_eq!(column("1 + log 2 18446744073709551616"), 5);
        assert_eq!(column("(order 18446744073709551616)"), 2);
        assert_eq!(column("solve 0x10000000000000000"), 1);
        let deep = format!("{}1{}", "(".repeat(1000), ")".repeat(1000));
        assert!(evaluate(&deep).is_err());
    }
}
