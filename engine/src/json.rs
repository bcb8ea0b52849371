//! A small, self-contained JSON codec on top of serde (the project does not depend on serde_json).
//!
//! * [`to_string`] / [`to_value`] serialize any `Serialize` type the way serde_json does
//!   (externally tagged enums, `None` as `null`, non-string map keys written as quoted strings).
//! * [`from_str`] / [`parse`] / [`from_value`] read strict RFC 8259 JSON through a hand-written
//!   recursive-descent parser (depth limit 128, never panics) and deserialize from the [`Value`].
//!
//! Parse errors name the column (and line, for multi-line input) where things went wrong.

use std::fmt::{self, Write as _};
use std::vec;

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, EnumAccess, MapAccess, SeqAccess, Unexpected,
    VariantAccess, Visitor,
};
use serde::ser::{self, Serialize};

/// Maximum nesting of arrays and objects accepted by the parser.
pub const MAX_DEPTH: usize = 128;

// ---------------------------------------------------------------------------------------------
// Error

/// A JSON parse, serialization or deserialization error with a human-readable message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    msg: String,
    offset: Option<usize>,
}

impl Error {
    fn new(msg: impl Into<String>) -> Self {
        Error {
            msg: msg.into(),
            offset: None,
        }
    }

    /// The full message, as shown by `Display`.
    pub fn message(&self) -> &str {
        &self.msg
    }

    /// Byte offset into the input where a parse error was detected (`None` for other errors).
    pub fn offset(&self) -> Option<usize> {
        self.offset
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.msg)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::new(msg.to_string())
    }
}

/// `unknown variant "Bidd", expected one of "Bid", "Pass"` (double quotes, as in JSON).
fn unknown(kind: &str, name: &str, expected: &[&str]) -> Error {
    let list = match expected {
        [] => return Error::new(format!("unknown {kind} {name:?}, there are no {kind}s")),
        [one] => format!("{one:?}"),
        many => {
            let names: Vec<String> = many.iter().map(|n| format!("{n:?}")).collect();
            format!("one of {}", names.join(", "))
        }
    };
    Error::new(format!("unknown {kind} {name:?}, expected {list}"))
}

impl de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::new(msg.to_string())
    }
    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        unknown("variant", variant, expected)
    }
    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        unknown("field", field, expected)
    }
    /// Serde calls JSON's `null` a "unit value"; say `null`.
    fn invalid_type(unexp: Unexpected<'_>, exp: &dyn de::Expected) -> Self {
        match unexp {
            Unexpected::Unit => Error::new(format!("invalid type: null, expected {exp}")),
            other => Error::new(format!("invalid type: {other}, expected {exp}")),
        }
    }
    fn missing_field(field: &'static str) -> Self {
        Error::new(format!("missing field {field:?}"))
    }
    fn duplicate_field(field: &'static str) -> Self {
        Error::new(format!("duplicate field {field:?}"))
    }
}

// ---------------------------------------------------------------------------------------------
// Value and Number

/// A JSON number; integers that fit `u64`/`i64` are kept exact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Number(N);

/// Invariant: `I` only holds negative values, `F` only finite ones.
#[derive(Clone, Copy, Debug, PartialEq)]
enum N {
    U(u64),
    I(i64),
    F(f64),
}

impl Number {
    /// A float number; `None` for NaN and infinities, which JSON cannot represent.
    pub fn from_f64(f: f64) -> Option<Number> {
        f.is_finite().then_some(Number(N::F(f)))
    }
    pub fn as_u64(&self) -> Option<u64> {
        match self.0 {
            N::U(u) => Some(u),
            _ => None,
        }
    }
    pub fn as_i64(&self) -> Option<i64> {
        match self.0 {
            N::U(u) => i64::try_from(u).ok(),
            N::I(i) => Some(i),
            N::F(_) => None,
        }
    }
    pub fn as_f64(&self) -> f64 {
        match self.0 {
            N::U(u) => u as f64,
            N::I(i) => i as f64,
            N::F(f) => f,
        }
    }
    pub fn is_float(&self) -> bool {
        matches!(self.0, N::F(_))
    }

    /// Converts to an integer type, accepting integer-valued floats such as `5.0`.
    fn to_int<T: TryFrom<i128>>(self, ty: &str) -> Result<T, Error> {
        let wide = match self.0 {
            N::U(u) => i128::from(u),
            N::I(i) => i128::from(i),
            N::F(f) if f.fract() != 0.0 => {
                return Err(Error::new(format!(
                    "expected an integer ({ty}), found {self}"
                )));
            }
            // Beyond 2^53 a float no longer pins down one integer.
            N::F(f) if f.abs() <= 9_007_199_254_740_992.0 => f as i128,
            N::F(_) => i128::MAX,
        };
        T::try_from(wide).map_err(|_| Error::new(format!("number {self} is out of range for {ty}")))
    }
}

impl From<u64> for Number {
    fn from(u: u64) -> Self {
        Number(N::U(u))
    }
}

impl From<i64> for Number {
    fn from(i: i64) -> Self {
        match u64::try_from(i) {
            Ok(u) => Number(N::U(u)),
            Err(_) => Number(N::I(i)),
        }
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            N::U(u) => write!(f, "{u}"),
            N::I(i) => write!(f, "{i}"),
            // `{:?}` is shortest round-trip and always has a '.' or an exponent: `1.0`, `1e300`.
            N::F(x) if x.is_finite() => write!(f, "{x:?}"),
            N::F(_) => f.write_str("null"),
        }
    }
}

/// A parsed JSON document. Objects keep their keys in input (or serialization) order.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Value {
    #[default]
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

impl Value {
    /// The value of the first entry named `key`, if this is an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    fn unexpected(&self) -> Unexpected<'_> {
        match self {
            Value::Null => Unexpected::Unit,
            Value::Bool(b) => Unexpected::Bool(*b),
            Value::Number(Number(N::U(u))) => Unexpected::Unsigned(*u),
            Value::Number(Number(N::I(i))) => Unexpected::Signed(*i),
            Value::Number(Number(N::F(f))) => Unexpected::Float(*f),
            Value::String(s) => Unexpected::Str(s),
            Value::Array(_) => Unexpected::Seq,
            Value::Object(_) => Unexpected::Map,
        }
    }
}

/// Compact JSON, no whitespace.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => f.write_str("null"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Number(n) => write!(f, "{n}"),
            Value::String(s) => write_escaped(f, s),
            Value::Array(items) => {
                f.write_char('[')?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    item.fmt(f)?;
                }
                f.write_char(']')
            }
            Value::Object(entries) => {
                f.write_char('{')?;
                for (i, (key, item)) in entries.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    write_escaped(f, key)?;
                    f.write_char(':')?;
                    item.fmt(f)?;
                }
                f.write_char('}')
            }
        }
    }
}

impl std::str::FromStr for Value {
    type Err = Error;
    fn from_str(s: &str) -> Result<Value, Error> {
        parse(s)
    }
}

fn write_escaped(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_char('"')?;
    let mut run = 0;
    for (i, b) in s.bytes().enumerate() {
        let short = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..=0x1f => "",
            _ => continue,
        };
        // `i` indexes an ASCII byte, so both slice ends are char boundaries.
        f.write_str(s.get(run..i).unwrap_or_default())?;
        if short.is_empty() {
            write!(f, "\\u{b:04x}")?;
        } else {
            f.write_str(short)?;
        }
        run = i + 1;
    }
    f.write_str(s.get(run..).unwrap_or_default())?;
    f.write_char('"')
}

impl Serialize for Value {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Number(Number(N::U(u))) => s.serialize_u64(*u),
            Value::Number(Number(N::I(i))) => s.serialize_i64(*i),
            Value::Number(Number(N::F(f))) => s.serialize_f64(*f),
            Value::String(text) => s.serialize_str(text),
            Value::Array(items) => s.collect_seq(items),
            Value::Object(entries) => s.collect_map(entries.iter().map(|(k, v)| (k, v))),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Parser

/// Parses strict JSON (RFC 8259) into a [`Value`].
pub fn parse(s: &str) -> Result<Value, Error> {
    let mut p = Parser {
        src: s,
        bytes: s.as_bytes(),
        pos: 0,
    };
    p.skip_ws();
    let value = p.value(0)?;
    p.skip_ws();
    if p.pos < p.bytes.len() {
        return Err(p.expected("end of input after the JSON value"));
    }
    Ok(value)
}

struct Parser<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    fn error_at(&self, pos: usize, msg: &str) -> Error {
        let before = self.bytes.get(..pos).unwrap_or(self.bytes);
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line_bytes = before.get(line_start..).unwrap_or_default();
        // Count characters, not bytes: skip UTF-8 continuation bytes.
        let column = 1 + line_bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        let location = if line == 1 {
            format!("column {column}")
        } else {
            format!("line {line}, column {column}")
        };
        Error {
            msg: format!("{msg} at {location}"),
            offset: Some(pos),
        }
    }

    /// "expected X, found Y at column N", where Y is the character at the current position.
    fn expected(&self, what: &str) -> Error {
        let found = match self
            .src
            .get(self.pos..)
            .and_then(|rest| rest.chars().next())
        {
            Some(c) => format!("{c:?}"),
            None if self.pos >= self.bytes.len() => "end of input".to_owned(),
            None => "a non-ASCII character".to_owned(),
        };
        self.error_at(self.pos, &format!("expected {what}, found {found}"))
    }

    fn value(&mut self, depth: usize) -> Result<Value, Error> {
        match self.peek() {
            Some(b'{') => self.object(depth + 1),
            Some(b'[') => self.array(depth + 1),
            Some(b'"') => Ok(Value::String(self.string()?)),
            Some(b't') => self.literal("true", Value::Bool(true)),
            Some(b'f') => self.literal("false", Value::Bool(false)),
            Some(b'n') => self.literal("null", Value::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(self.expected("a JSON value")),
        }
    }

    fn literal(&mut self, word: &str, value: Value) -> Result<Value, Error> {
        let rest = self.bytes.get(self.pos..).unwrap_or_default();
        if rest.starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err(self.error_at(self.pos, &format!("invalid literal, expected '{word}'")))
        }
    }

    fn enter(&self, depth: usize) -> Result<(), Error> {
        if depth > MAX_DEPTH {
            return Err(self.error_at(self.pos, &format!("nesting deeper than {MAX_DEPTH} levels")));
        }
        Ok(())
    }

    fn array(&mut self, depth: usize) -> Result<Value, Error> {
        self.enter(depth)?;
        self.pos += 1; // '['
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Value::Array(items));
        }
        loop {
            self.skip_ws();
            items.push(self.value(depth)?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.expected("',' or ']'")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, Error> {
        self.enter(depth)?;
        self.pos += 1; // '{'
        let mut entries = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Value::Object(entries));
        }
        loop {
            self.skip_ws();
            if self.peek() != Some(b'"') {
                return Err(self.expected(if entries.is_empty() {
                    "a string key or '}'"
                } else {
                    "a string key"
                }));
            }
            let key = self.string()?;
            self.skip_ws();
            if self.peek() != Some(b':') {
                return Err(self.expected("':'"));
            }
            self.pos += 1;
            self.skip_ws();
            entries.push((key, self.value(depth)?));
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Value::Object(entries));
                }
                _ => return Err(self.expected("',' or '}'")),
            }
        }
    }

    fn slice(&self, start: usize, end: usize) -> Result<&str, Error> {
        self.src
            .get(start..end)
            .ok_or_else(|| self.error_at(start, "invalid UTF-8 boundary"))
    }

    fn string(&mut self) -> Result<String, Error> {
        let open = self.pos;
        self.pos += 1; // '"'
        let mut out = String::new();
        let mut run = self.pos;
        loop {
            match self.peek() {
                None => return Err(self.error_at(open, "unterminated string starting")),
                Some(b'"') => {
                    out.push_str(self.slice(run, self.pos)?);
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    out.push_str(self.slice(run, self.pos)?);
                    self.pos += 1;
                    out.push(self.escape()?);
                    run = self.pos;
                }
                Some(0..=0x1f) => {
                    return Err(
                        self.error_at(self.pos, "control character in string (must be escaped)")
                    );
                }
                Some(_) => self.pos += 1,
            }
        }
    }

    /// Called just after a backslash.
    fn escape(&mut self) -> Result<char, Error> {
        let at = self.pos - 1;
        let c = match self.peek() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                self.pos += 1;
                return self.unicode_escape(at);
            }
            _ => return Err(self.expected("one of \" \\ / b f n r t u after '\\'")),
        };
        self.pos += 1;
        Ok(c)
    }

    fn hex4(&mut self) -> Result<u32, Error> {
        let mut code = 0;
        for _ in 0..4 {
            let digit = self.peek().and_then(|b| char::from(b).to_digit(16));
            let digit = digit.ok_or_else(|| self.expected("a hex digit"))?;
            code = code * 16 + digit;
            self.pos += 1;
        }
        Ok(code)
    }

    /// Called just after `\u`; `at` is the offset of the backslash.
    fn unicode_escape(&mut self, at: usize) -> Result<char, Error> {
        let lone = |p: &Self| p.error_at(at, "lone UTF-16 surrogate in \\u escape");
        let code = match self.hex4()? {
            hi @ 0xD800..=0xDBFF => {
                if self.bytes.get(self.pos..self.pos + 2) != Some(b"\\u".as_slice()) {
                    return Err(lone(self));
                }
                self.pos += 2;
                let lo = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&lo) {
                    return Err(lone(self));
                }
                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(lone(self)),
            code => code,
        };
        char::from_u32(code).ok_or_else(|| lone(self))
    }

    fn digits(&mut self) {
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
    }

    fn require_digits(&mut self, after: &str) -> Result<(), Error> {
        if !matches!(self.peek(), Some(b'0'..=b'9')) {
            return Err(self.expected(&format!("a digit after {after}")));
        }
        self.digits();
        Ok(())
    }

    fn number(&mut self) -> Result<Value, Error> {
        let start = self.pos;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => {
                self.pos += 1;
                if let Some(b'0'..=b'9') = self.peek() {
                    return Err(self.error_at(start, "numbers cannot have leading zeros"));
                }
            }
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(self.expected("a digit")),
        }
        let mut float = false;
        if self.peek() == Some(b'.') {
            self.pos += 1;
            float = true;
            self.require_digits("'.'")?;
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            float = true;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            self.require_digits("the exponent")?;
        }
        let text = self.slice(start, self.pos)?;
        if !float {
            if negative {
                if let Ok(i) = text.parse::<i64>() {
                    return Ok(Value::Number(i.into()));
                }
            } else if let Ok(u) = text.parse::<u64>() {
                return Ok(Value::Number(u.into()));
            }
        }
        // Integers too big for 64 bits fall back to f64, like serde_json.
        match text.parse::<f64>().ok().and_then(Number::from_f64) {
            Some(n) => Ok(Value::Number(n)),
            None => Err(self.error_at(start, "number out of range")),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Serialization

/// Serializes to compact JSON text.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    Ok(to_value(value)?.to_string())
}

/// Serializes to a [`Value`].
pub fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<Value, Error> {
    value.serialize(ValueSerializer)
}

struct ValueSerializer;

/// Wraps `value` as `{"Variant": value}` for enum variants.
fn tagged(variant: Option<&'static str>, value: Value) -> Value {
    match variant {
        Some(name) => Value::Object(vec![(name.to_owned(), value)]),
        None => value,
    }
}

fn f32_to_value(v: f32) -> Value {
    // Go through the shortest f32 text so that 0.1f32 prints as 0.1, not 0.10000000149011612.
    let wide = format!("{v:?}").parse::<f64>().unwrap_or(f64::from(v));
    Number::from_f64(wide).map_or(Value::Null, Value::Number)
}

/// Serializer methods that turn a primitive `v` into a `Value`.
macro_rules! serialize_primitives {
    ($($method:ident($ty:ty) => $value:expr;)*) => {$(
        fn $method(self, v: $ty) -> Result<Value, Error> {
            let convert: fn($ty) -> Value = $value;
            Ok(convert(v))
        }
    )*};
}

impl ser::Serializer for ValueSerializer {
    type Ok = Value;
    type Error = Error;
    type SerializeSeq = SeqBuilder;
    type SerializeTuple = SeqBuilder;
    type SerializeTupleStruct = SeqBuilder;
    type SerializeTupleVariant = SeqBuilder;
    type SerializeMap = MapBuilder;
    type SerializeStruct = MapBuilder;
    type SerializeStructVariant = MapBuilder;

    serialize_primitives! {
        serialize_bool(bool) => Value::Bool;
        serialize_i8(i8) => |v| Value::Number(i64::from(v).into());
        serialize_i16(i16) => |v| Value::Number(i64::from(v).into());
        serialize_i32(i32) => |v| Value::Number(i64::from(v).into());
        serialize_i64(i64) => |v| Value::Number(v.into());
        serialize_u8(u8) => |v| Value::Number(u64::from(v).into());
        serialize_u16(u16) => |v| Value::Number(u64::from(v).into());
        serialize_u32(u32) => |v| Value::Number(u64::from(v).into());
        serialize_u64(u64) => |v| Value::Number(v.into());
        serialize_f32(f32) => f32_to_value;
        serialize_f64(f64) => |v| Number::from_f64(v).map_or(Value::Null, Value::Number);
        serialize_char(char) => |v| Value::String(v.to_string());
        serialize_str(&str) => |v| Value::String(v.to_owned());
        serialize_bytes(&[u8]) => |v| Value::Array(v.iter().map(|&b| Value::Number(u64::from(b).into())).collect());
    }

    fn serialize_i128(self, v: i128) -> Result<Value, Error> {
        match (u64::try_from(v), i64::try_from(v)) {
            (Ok(u), _) => Ok(Value::Number(u.into())),
            (_, Ok(i)) => Ok(Value::Number(i.into())),
            _ => Err(Error::new(format!("integer {v} does not fit in 64 bits"))),
        }
    }
    fn serialize_u128(self, v: u128) -> Result<Value, Error> {
        let v = u64::try_from(v)
            .map_err(|_| Error::new(format!("integer {v} does not fit in 64 bits")))?;
        Ok(Value::Number(v.into()))
    }
    fn serialize_none(self) -> Result<Value, Error> {
        Ok(Value::Null)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Value, Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Value, Error> {
        Ok(Value::Null)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Value, Error> {
        Ok(Value::Null)
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<Value, Error> {
        Ok(Value::String(variant.to_owned()))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<Value, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Value, Error> {
        Ok(tagged(Some(variant), value.serialize(self)?))
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<SeqBuilder, Error> {
        Ok(SeqBuilder {
            variant: None,
            items: Vec::new(),
        })
    }
    fn serialize_tuple(self, _: usize) -> Result<SeqBuilder, Error> {
        self.serialize_seq(None)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<SeqBuilder, Error> {
        self.serialize_seq(None)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<SeqBuilder, Error> {
        Ok(SeqBuilder {
            variant: Some(variant),
            items: Vec::new(),
        })
    }
    fn serialize_map(self, _: Option<usize>) -> Result<MapBuilder, Error> {
        Ok(MapBuilder {
            variant: None,
            entries: Vec::new(),
            key: None,
        })
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<MapBuilder, Error> {
        self.serialize_map(None)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<MapBuilder, Error> {
        Ok(MapBuilder {
            variant: Some(variant),
            entries: Vec::new(),
            key: None,
        })
    }
}

/// Arrays, tuples and (with `variant`) tuple variants.
struct SeqBuilder {
    variant: Option<&'static str>,
    items: Vec<Value>,
}

/// Maps, structs and (with `variant`) struct variants.
struct MapBuilder {
    variant: Option<&'static str>,
    entries: Vec<(String, Value)>,
    key: Option<String>,
}

/// Implements serde's compound-serializer traits by forwarding to `push` and `finish`.
macro_rules! compound_serializers {
    ($builder:ty: $($trait:ident::$method:ident($($key:ident)?)),*) => {$(
        impl ser::$trait for $builder {
            type Ok = Value;
            type Error = Error;
            fn $method<T: Serialize + ?Sized>(
                &mut self,
                $($key: &'static str,)?
                value: &T,
            ) -> Result<(), Error> {
                self.push($($key,)? value)
            }
            fn end(self) -> Result<Value, Error> {
                Ok(self.finish())
            }
        }
    )*};
}

compound_serializers!(SeqBuilder: SerializeSeq::serialize_element(), SerializeTuple::serialize_element(),
    SerializeTupleStruct::serialize_field(), SerializeTupleVariant::serialize_field());
compound_serializers!(MapBuilder: SerializeStruct::serialize_field(key),
    SerializeStructVariant::serialize_field(key));

impl SeqBuilder {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.items.push(value.serialize(ValueSerializer)?);
        Ok(())
    }
    fn finish(self) -> Value {
        tagged(self.variant, Value::Array(self.items))
    }
}

impl MapBuilder {
    fn push<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Error> {
        self.entries
            .push((key.to_owned(), value.serialize(ValueSerializer)?));
        Ok(())
    }
    fn finish(self) -> Value {
        tagged(self.variant, Value::Object(self.entries))
    }
}

impl ser::SerializeMap for MapBuilder {
    type Ok = Value;
    type Error = Error;
    /// Numbers, bools, chars and unit variants become strings, as in serde_json.
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.key = Some(match key.serialize(ValueSerializer)? {
            Value::String(s) => s,
            Value::Number(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            _ => {
                return Err(Error::new(
                    "JSON object keys must be strings, numbers, booleans, chars or unit variants",
                ));
            }
        });
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| Error::new("map value serialized before its key"))?;
        self.entries.push((key, value.serialize(ValueSerializer)?));
        Ok(())
    }
    fn end(self) -> Result<Value, Error> {
        Ok(self.finish())
    }
}

// ---------------------------------------------------------------------------------------------
// Deserialization

/// Parses JSON text and deserializes a `T` from it.
pub fn from_str<T: DeserializeOwned>(s: &str) -> Result<T, Error> {
    from_value(parse(s)?)
}

/// Deserializes a `T` from a [`Value`].
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, Error> {
    T::deserialize(value)
}

macro_rules! deserialize_integer {
    ($($method:ident => $visit:ident: $ty:ty),*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self {
                Value::Number(n) => visitor.$visit(n.to_int::<$ty>(stringify!($ty))?),
                other => other.deserialize_any(visitor),
            }
        }
    )*};
}

impl<'de> de::Deserializer<'de> for Value {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(b),
            Value::Number(Number(N::U(u))) => visitor.visit_u64(u),
            Value::Number(Number(N::I(i))) => visitor.visit_i64(i),
            Value::Number(Number(N::F(f))) => visitor.visit_f64(f),
            Value::String(s) => visitor.visit_string(s),
            Value::Array(items) => {
                let len = items.len();
                let mut seq = SeqDe {
                    iter: items.into_iter(),
                };
                let out = visitor.visit_seq(&mut seq)?;
                if !seq.iter.as_slice().is_empty() {
                    return Err(de::Error::invalid_length(len, &"fewer elements in array"));
                }
                Ok(out)
            }
            Value::Object(entries) => {
                let len = entries.len();
                let mut map = MapDe {
                    iter: entries.into_iter(),
                    value: None,
                };
                let out = visitor.visit_map(&mut map)?;
                if !map.iter.as_slice().is_empty() {
                    return Err(de::Error::invalid_length(len, &"fewer entries in object"));
                }
                Ok(out)
            }
        }
    }

    deserialize_integer!(deserialize_i8 => visit_i8: i8, deserialize_i16 => visit_i16: i16,
        deserialize_i32 => visit_i32: i32, deserialize_i64 => visit_i64: i64,
        deserialize_i128 => visit_i128: i128, deserialize_u8 => visit_u8: u8,
        deserialize_u16 => visit_u16: u16, deserialize_u32 => visit_u32: u32,
        deserialize_u64 => visit_u64: u64, deserialize_u128 => visit_u128: u128);

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Value::Null => visitor.visit_none(),
            other => visitor.visit_some(other),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        const EXPECTED: &str = "a variant name string or an object with exactly one key";
        let (variant, value) = match self {
            Value::String(s) => (s, None),
            Value::Object(entries) => {
                let mut it = entries.into_iter();
                match (it.next(), it.next()) {
                    (Some((k, v)), None) => (k, Some(v)),
                    _ => return Err(de::Error::invalid_type(Unexpected::Map, &EXPECTED)),
                }
            }
            other => return Err(de::Error::invalid_type(other.unexpected(), &EXPECTED)),
        };
        visitor.visit_enum(EnumDe { variant, value })
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        drop(self);
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool f32 f64 char str string bytes byte_buf unit unit_struct seq tuple
        tuple_struct map struct identifier
    }
}

struct SeqDe {
    iter: vec::IntoIter<Value>,
}

impl<'de> SeqAccess<'de> for SeqDe {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        self.iter.next().map(|v| seed.deserialize(v)).transpose()
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}

struct MapDe {
    iter: vec::IntoIter<(String, Value)>,
    value: Option<Value>,
}

impl<'de> MapAccess<'de> for MapDe {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        match self.iter.next() {
            Some((key, value)) => {
                self.value = Some(value);
                seed.deserialize(KeyDe(key)).map(Some)
            }
            None => Ok(None),
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let value = self
            .value
            .take()
            .ok_or_else(|| Error::new("map value requested before its key"))?;
        seed.deserialize(value)
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}

/// An object key (or enum variant name); numeric and bool keys are parsed from the string.
struct KeyDe(String);

macro_rules! deserialize_parsed_key {
    ($($method:ident => $visit:ident: $ty:ty),*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.0.parse::<$ty>() {
                Ok(v) => visitor.$visit(v),
                Err(_) => Err(Error::new(format!(
                    "invalid map key {:?}, expected {}", self.0, stringify!($ty)
                ))),
            }
        }
    )*};
}

impl<'de> de::Deserializer<'de> for KeyDe {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_string(self.0)
    }

    deserialize_parsed_key!(deserialize_bool => visit_bool: bool,
        deserialize_i8 => visit_i8: i8, deserialize_i16 => visit_i16: i16,
        deserialize_i32 => visit_i32: i32, deserialize_i64 => visit_i64: i64,
        deserialize_i128 => visit_i128: i128, deserialize_u8 => visit_u8: u8,
        deserialize_u16 => visit_u16: u16, deserialize_u32 => visit_u32: u32,
        deserialize_u64 => visit_u64: u64, deserialize_u128 => visit_u128: u128,
        deserialize_f32 => visit_f32: f32, deserialize_f64 => visit_f64: f64);

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_enum(EnumDe {
            variant: self.0,
            value: None,
        })
    }

    serde::forward_to_deserialize_any! {
        char str string bytes byte_buf unit unit_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

/// `"Variant"` (value `None`) or `{"Variant": value}`.
struct EnumDe {
    variant: String,
    value: Option<Value>,
}

impl<'de> EnumAccess<'de> for EnumDe {
    type Error = Error;
    type Variant = VariantDe;
    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, VariantDe), Error> {
        let variant = seed.deserialize(KeyDe(self.variant))?;
        Ok((variant, VariantDe(self.value)))
    }
}

struct VariantDe(Option<Value>);

impl VariantDe {
    fn content(self, expected: &str) -> Result<Value, Error> {
        self.0
            .ok_or_else(|| de::Error::invalid_type(Unexpected::UnitVariant, &expected))
    }
}

impl<'de> VariantAccess<'de> for VariantDe {
    type Error = Error;
    fn unit_variant(self) -> Result<(), Error> {
        match self.0 {
            None | Some(Value::Null) => Ok(()),
            Some(other) => Err(de::Error::invalid_type(other.unexpected(), &"unit variant")),
        }
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self.content("newtype variant")?)
    }
    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_seq(self.content("tuple variant")?, visitor)
    }
    fn struct_variant<V: Visitor<'de>>(
        self,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_map(self.content("struct variant")?, visitor)
    }
}

// ---------------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;
    use serde::{Deserialize, Serialize};
    use std::collections::{BTreeMap, HashMap};

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    enum Zone {
        Deck,
        Player(u8),
        Pile { id: u32 },
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    struct Unit;

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    struct Name(String);

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    enum Action {
        Bid(u32),
        Pass,
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    enum Event {
        Start,
        Bid(u32),
        Pair(i8, i64),
        CardMoved { card: u32, to: Zone },
        Named(Name),
        Marker(Unit),
        Maybe(Option<Zone>),
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone, PartialOrd, Ord, Eq)]
    enum Suit {
        Moons,
        Suns,
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    struct Everything {
        big: u64,
        small: i64,
        f: f64,
        g: f32,
        s: String,
        c: char,
        opt: Option<Vec<Option<u8>>>,
        events: Vec<Event>,
        by_name: BTreeMap<String, i32>,
        by_id: BTreeMap<u32, String>,
        signed_keys: BTreeMap<i64, u8>,
        bool_keys: BTreeMap<bool, u8>,
        suit_keys: BTreeMap<Suit, Vec<Suit>>,
        pair: (u8, bool),
        unit: (),
        marker: Unit,
        name: Name,
    }

    fn everything() -> Everything {
        Everything {
            big: u64::MAX,
            small: i64::MIN,
            f: -1.25e-7,
            g: 0.1,
            s: "tab\t \"quote\" back\\slash é€😀 \u{1}".into(),
            c: '😀',
            opt: Some(vec![Some(1), None, Some(255)]),
            events: vec![
                Event::Start,
                Event::Bid(5),
                Event::Pair(-3, i64::MAX),
                Event::CardMoved {
                    card: 3,
                    to: Zone::Player(2),
                },
                Event::CardMoved {
                    card: 0,
                    to: Zone::Pile { id: 7 },
                },
                Event::CardMoved {
                    card: 1,
                    to: Zone::Deck,
                },
                Event::Named(Name("x".into())),
                Event::Marker(Unit),
                Event::Maybe(None),
                Event::Maybe(Some(Zone::Deck)),
            ],
            by_name: [("a".to_string(), -1), ("".to_string(), 2)].into(),
            by_id: [(1, "one".to_string()), (4_000_000_000, "big".to_string())].into(),
            signed_keys: [(-5, 1), (i64::MIN, 2), (i64::MAX, 3)].into(),
            bool_keys: [(true, 1), (false, 0)].into(),
            suit_keys: [(Suit::Moons, vec![Suit::Suns]), (Suit::Suns, vec![])].into(),
            pair: (9, true),
            unit: (),
            marker: Unit,
            name: Name("Mýkonos".into()),
        }
    }

    fn round_trip<T: Serialize + DeserializeOwned + PartialEq + fmt::Debug>(v: &T) {
        let text = to_string(v).unwrap();
        let back: T = from_str(&text).unwrap_or_else(|e| panic!("{e} in {text}"));
        assert_eq!(&back, v, "{text}");
        assert_eq!(to_string(&back).unwrap(), text);
    }

    #[test]
    fn round_trips_derived_types() {
        round_trip(&everything());
        round_trip(&vec![Some(Some(3u8)), None]);
        round_trip(&HashMap::from([(7u16, Zone::Deck)]));
        round_trip(&(u64::MAX, i64::MIN, i64::MAX, 0u8, -1i32));
        round_trip(&Some(Action::Pass));
        round_trip(&String::new());
    }

    #[test]
    fn exact_output() {
        assert_eq!(to_string(&Action::Bid(5)).unwrap(), r#"{"Bid":5}"#);
        assert_eq!(to_string(&Action::Pass).unwrap(), r#""Pass""#);
        let moved = Event::CardMoved {
            card: 3,
            to: Zone::Player(2),
        };
        assert_eq!(
            to_string(&moved).unwrap(),
            r#"{"CardMoved":{"card":3,"to":{"Player":2}}}"#
        );
        assert_eq!(
            to_string(&Event::Pair(1, -2)).unwrap(),
            r#"{"Pair":[1,-2]}"#
        );
        assert_eq!(
            to_string(&Event::Marker(Unit)).unwrap(),
            r#"{"Marker":null}"#
        );
        assert_eq!(to_string(&Unit).unwrap(), "null");
        assert_eq!(to_string(&Name("n".into())).unwrap(), r#""n""#);
        assert_eq!(to_string(&(1, "a", None::<u8>)).unwrap(), r#"[1,"a",null]"#);
        let map = BTreeMap::from([(2u8, true), (10, false)]);
        assert_eq!(to_string(&map).unwrap(), r#"{"2":true,"10":false}"#);
        assert_eq!(
            to_string(&[1.0f64, 0.5, 1e300, -0.0]).unwrap(),
            "[1.0,0.5,1e300,-0.0]"
        );
        assert_eq!(
            to_string(&[f64::NAN, f64::INFINITY]).unwrap(),
            "[null,null]"
        );
        assert_eq!(to_string(&0.1f32).unwrap(), "0.1");
        assert_eq!(
            to_string("a\"b\\c\n\t\r\u{8}\u{c}\u{1}\u{1f}é😀").unwrap(),
            r#""a\"b\\c\n\t\r\b\f\u0001\u001fé😀""#
        );
        assert!(to_string(&BTreeMap::from([((1u8, 2u8), 3u8)])).is_err());
    }

    #[test]
    fn floats_round_trip_bit_exact() {
        for f in [
            0.1,
            -2.5e-300,
            1e300,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            1.0,
            -0.0,
            123456.789,
            1e16,
        ] {
            let back: f64 = from_str(&to_string(&f).unwrap()).unwrap();
            assert_eq!(back.to_bits(), f.to_bits(), "{f}");
            assert!(
                parse(&to_string(&f).unwrap()).unwrap()
                    == Value::Number(Number::from_f64(f).unwrap())
            );
        }
        for g in [0.1f32, f32::MAX, -1.5e-40, 3.0] {
            let back: f32 = from_str(&to_string(&g).unwrap()).unwrap();
            assert_eq!(back.to_bits(), g.to_bits(), "{g}");
        }
        assert_eq!(from_str::<f64>("1e-400").unwrap(), 0.0);
        assert_eq!(from_str::<f64>("7").unwrap(), 7.0);
    }

    #[test]
    fn integers() {
        assert_eq!(from_str::<u64>("18446744073709551615").unwrap(), u64::MAX);
        assert_eq!(from_str::<i64>("-9223372036854775808").unwrap(), i64::MIN);
        assert_eq!(from_str::<u8>("5.0").unwrap(), 5);
        assert_eq!(from_str::<i128>("-5").unwrap(), -5);
        assert_eq!(parse("-0").unwrap(), Value::Number(0u64.into()));
        assert!(
            parse("18446744073709551616")
                .unwrap()
                .to_string()
                .contains('e')
        );
        let err = |s: &str| from_str::<u8>(s).unwrap_err().to_string();
        assert_eq!(err("300"), "number 300 is out of range for u8");
        assert_eq!(err("-1"), "number -1 is out of range for u8");
        assert_eq!(err("1.5"), "expected an integer (u8), found 1.5");
        assert!(err("\"5\"").contains("invalid type: string \"5\""));
        assert!(
            from_str::<u64>("18446744073709551616")
                .unwrap_err()
                .to_string()
                .contains("out of range")
        );
        assert!(from_str::<i64>("-9223372036854775809").is_err());
    }

    #[test]
    fn strings_and_unicode() {
        let s: String = from_str(r#""\ud83d\ude00 \u00e9\/\"\\\b\f\n\r\t\u0000""#).unwrap();
        assert_eq!(s, "😀 é/\"\\\u{8}\u{c}\n\r\t\0");
        assert_eq!(parse("\"😀ü\"").unwrap(), Value::String("😀ü".into()));
        assert_eq!(from_str::<char>("\"€\"").unwrap(), '€');
        assert!(from_str::<char>("\"ab\"").is_err());
    }

    #[test]
    fn deserialize_behaviour() {
        #[derive(Deserialize, Debug, PartialEq)]
        struct Opts {
            name: String,
            #[serde(default)]
            level: Option<u8>,
            #[serde(default)]
            tags: Vec<String>,
        }
        #[derive(Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Strict {
            a: u8,
        }
        let o: Opts = from_str(r#" {"extra":[1,{"y":null}],"name":"x"} "#).unwrap();
        assert_eq!(
            o,
            Opts {
                name: "x".into(),
                level: None,
                tags: vec![]
            }
        );
        assert_eq!(from_str::<Option<u8>>("null").unwrap(), None);
        assert_eq!(from_str::<Option<Option<u8>>>("null").unwrap(), None); // as serde_json
        assert_eq!(
            from_str::<Action>(r#"{"Pass":null}"#).unwrap(),
            Action::Pass
        );
        let err = |r: Result<Action, Error>| r.unwrap_err().to_string();
        assert_eq!(
            err(from_str(r#""Bidd""#)),
            r#"unknown variant "Bidd", expected one of "Bid", "Pass""#
        );
        assert!(err(from_str(r#"{"Bid":1,"Pass":null}"#)).contains("exactly one key"));
        assert!(err(from_str(r#""Bid""#)).contains("newtype variant"));
        assert!(err(from_str(r#"{"Pass":3}"#)).contains("unit variant"));
        assert!(err(from_str("5")).contains("variant name"));
        let strict = from_str::<Strict>(r#"{"a":1,"b":2}"#).unwrap_err();
        assert_eq!(strict.to_string(), r#"unknown field "b", expected "a""#);
        assert_eq!(
            from_str::<Opts>("{}").unwrap_err().to_string(),
            r#"missing field "name""#
        );
        assert!(
            from_str::<BTreeMap<u8, u8>>(r#"{"x":1}"#)
                .unwrap_err()
                .to_string()
                .contains("invalid map key")
        );
        let null_seq = from_str::<Vec<u8>>("null").unwrap_err();
        assert_eq!(
            null_seq.to_string(),
            "invalid type: null, expected a sequence"
        );
        assert!(from_str::<(u8, u8)>("[1,2,3]").is_err());
        assert!(from_str::<[u8; 2]>("[1]").is_err());
        assert_eq!(
            from_value::<Vec<u8>>(to_value(&vec![1u8, 2]).unwrap()).unwrap(),
            vec![1, 2]
        );
        let v = parse(r#"{"a":{"b":[true]}}"#).unwrap();
        assert_eq!(
            v.get("a").and_then(|a| a.get("b")),
            Some(&Value::Array(vec![Value::Bool(true)]))
        );
        assert_eq!(to_string(&v).unwrap(), v.to_string());
    }

    const MALFORMED: &[&str] = &[
        "",
        " ",
        "[",
        "]",
        "{",
        "}",
        "[1,]",
        "[,1]",
        "[1 2]",
        "1 2",
        "{\"a\":1,}",
        "{\"a\" 1}",
        "{a:1}",
        "{\"a\":}",
        "{1:2}",
        "{\"a\":1",
        "01",
        "-01",
        "-",
        "1.",
        ".5",
        "+1",
        "1e",
        "1e+",
        "--1",
        "0x10",
        "1.e5",
        "tru",
        "nul",
        "True",
        "nullx",
        "NaN",
        "Infinity",
        "1e400",
        "-1e400",
        "'a'",
        "\"abc",
        "\"\\x\"",
        "\"\\u12\"",
        "\"\\u12G4\"",
        "\"\\uD800\"",
        "\"\\uDC00\"",
        "\"\\uD800\\u0041\"",
        "\"\\uD800x\"",
        "\"a\tb\"",
        "\"a\nb\"",
        "\"\\",
        "{\"a\":1}}",
        "[1]]",
        "\u{feff}1",
        "[\"a\",]",
        "\"é\\é\"",
        "[1,\n2,\n+3]",
    ];

    #[test]
    fn malformed_inputs_are_errors() {
        for s in MALFORMED {
            assert!(parse(s).is_err(), "accepted {s:?}");
        }
        let msg = |s: &str| parse(s).unwrap_err().to_string();
        assert_eq!(msg("[1,2 3]"), "expected ',' or ']', found '3' at column 6");
        assert_eq!(
            msg(r#"{"a":1 "b":2}"#),
            "expected ',' or '}', found '\"' at column 8"
        );
        assert_eq!(
            msg("[1,\n2,\n+3]"),
            "expected a JSON value, found '+' at line 3, column 1"
        );
        assert_eq!(
            msg("\"é\" x"),
            "expected end of input after the JSON value, found 'x' at column 5"
        );
        assert_eq!(
            msg(""),
            "expected a JSON value, found end of input at column 1"
        );
        assert_eq!(msg("01"), "numbers cannot have leading zeros at column 1");
        assert_eq!(parse("{\"a\" 1}").unwrap_err().offset(), Some(5));
        assert_eq!(parse(" \t\r\n[ 1 , {} ]\n ").unwrap().to_string(), "[1,{}]");
    }

    #[test]
    fn nesting_limit() {
        assert!(parse(&"[".repeat(100_000)).is_err());
        assert!(parse(&"{\"a\":".repeat(100_000)).is_err());
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&ok).is_ok());
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        assert!(
            parse(&deep)
                .unwrap_err()
                .to_string()
                .contains("nesting deeper than 128")
        );
    }

    struct XorShift(u64);

    impl XorShift {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n.max(1) as u64) as usize
        }
    }

    #[test]
    fn fuzz_parser_never_panics_and_round_trips() {
        let seeds = [
            to_string(&everything()).unwrap(),
            r#"{"a":[1,-2,3.5e-3,true,false,null],"b":{"c":"\u00e9\ud83d\ude00\n"},"d":[]}"#
                .to_string(),
            r#"[{"CardMoved":{"card":3,"to":{"Player":2}}},"Pass",{"Bid":18446744073709551615}]"#
                .to_string(),
            " [ -0.0 , 1E+2 , 0 , \"é€\" , { } ] ".to_string(),
        ];
        let interesting = b"{}[],:\"\\-+.eE0123456789 \tutrn/\x00\x7f\xc3\xa9\xf0\x9f\x98\x80";
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        let mut successes = 0;
        for case in 0..30_000 {
            let mut bytes = seeds[case % seeds.len()].clone().into_bytes();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(bytes.len() + 1);
                match rng.below(5) {
                    0 if at < bytes.len() => bytes[at] ^= 1 << rng.below(8),
                    1 => bytes.truncate(at),
                    2 => bytes.insert(at, interesting[rng.below(interesting.len())]),
                    3 if at < bytes.len() => drop(bytes.remove(at)),
                    _ => {
                        let end = (at + rng.below(8)).min(bytes.len());
                        let copy = bytes[at.min(end)..end].to_vec();
                        bytes.splice(at..at, copy);
                    }
                }
            }
            let text = String::from_utf8_lossy(&bytes);
            if let Ok(value) = parse(&text) {
                successes += 1;
                let printed = value.to_string();
                let again = parse(&printed).unwrap_or_else(|e| panic!("{e}: {printed}"));
                assert_eq!(again, value, "{text}");
                assert_eq!(again.to_string(), printed);
            }
            let _ = from_str::<Everything>(&text);
            let _ = from_str::<Vec<Event>>(&text);
        }
        assert!(successes > 500, "only {successes} mutated inputs parsed");
    }
}
