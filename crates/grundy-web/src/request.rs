//! Reading request bodies: JSON objects whose fields are checked one by one,
//! so that every error names the field (and the index inside an array) that
//! was wrong.

use serde_json::{Map, Value};

use crate::error::ApiError;

/// The fields of a request body, taken out one at a time; whatever is left
/// at the end is an unknown field and an error.
#[derive(Debug)]
pub struct Fields {
    map: Map<String, Value>,
    allowed: &'static [&'static str],
}

impl Fields {
    /// Parses `body` as a JSON object with at most the `allowed` fields.
    ///
    /// # Errors
    /// Malformed JSON (with serde's line and column), a body that is not an
    /// object, or a field not in `allowed`.
    pub fn parse(body: &[u8], allowed: &'static [&'static str]) -> Result<Fields, ApiError> {
        let value: Value = serde_json::from_slice(body)
            .map_err(|e| ApiError::bad_request(format!("malformed JSON body: {e}")))?;
        let Value::Object(map) = value else {
            return Err(ApiError::bad_request(format!(
                "the body must be a JSON object such as {{\"{}\": ...}}, found {}",
                allowed.first().copied().unwrap_or("field"),
                kind(&value)
            )));
        };
        if let Some(unknown) = map.keys().find(|k| !allowed.contains(&k.as_str())) {
            return Err(ApiError::bad_request(format!(
                "unknown field \"{unknown}\"; expected one of: {}",
                allowed.join(", ")
            )));
        }
        Ok(Fields { map, allowed })
    }

    fn take(&mut self, name: &'static str) -> Option<Value> {
        debug_assert!(self.allowed.contains(&name));
        self.map.remove(name).filter(|v| !v.is_null())
    }

    /// A required string field.
    pub fn string(&mut self, name: &'static str) -> Result<String, ApiError> {
        match self.take(name) {
            Some(Value::String(s)) => Ok(s),
            Some(other) => Err(ApiError::bad_request(format!(
                "\"{name}\" must be a string, found {}",
                kind(&other)
            ))),
            None => Err(ApiError::bad_request(format!("missing field \"{name}\""))),
        }
    }

    /// An optional boolean field, `default` when absent.
    pub fn bool_or(&mut self, name: &'static str, default: bool) -> Result<bool, ApiError> {
        match self.take(name) {
            Some(Value::Bool(b)) => Ok(b),
            Some(other) => Err(ApiError::bad_request(format!(
                "\"{name}\" must be true or false, found {}",
                kind(&other)
            ))),
            None => Ok(default),
        }
    }

    /// A required non-negative integer field no larger than `max`.
    pub fn u64_at_most(&mut self, name: &'static str, max: u64) -> Result<u64, ApiError> {
        match self.take(name) {
            Some(v) => bounded(&v, name, max),
            None => Err(ApiError::bad_request(format!("missing field \"{name}\""))),
        }
    }

    /// An optional non-negative integer field no larger than `max`.
    pub fn u64_or(&mut self, name: &'static str, default: u64, max: u64) -> Result<u64, ApiError> {
        match self.take(name) {
            Some(v) => bounded(&v, name, max),
            None => Ok(default),
        }
    }

    /// An optional non-negative integer field no larger than `max`; `None`
    /// when absent or null.
    pub fn optional_u64(&mut self, name: &'static str, max: u64) -> Result<Option<u64>, ApiError> {
        self.take(name).map(|v| bounded(&v, name, max)).transpose()
    }

    /// An optional field of any kind, as the request gave it; `None` when
    /// absent or null.
    pub fn optional_value(&mut self, name: &'static str) -> Option<Value> {
        self.take(name)
    }

    /// An optional array field of at most `max_len` elements; `None` when
    /// absent or null.
    pub fn optional_array(
        &mut self,
        name: &'static str,
        max_len: usize,
    ) -> Result<Option<Vec<Value>>, ApiError> {
        if self.map.get(name).is_none_or(|v| v.is_null()) {
            self.map.remove(name);
            return Ok(None);
        }
        self.array(name, max_len).map(Some)
    }

    /// A required array field of at most `max_len` elements.
    pub fn array(&mut self, name: &'static str, max_len: usize) -> Result<Vec<Value>, ApiError> {
        match self.take(name) {
            Some(Value::Array(items)) if items.len() > max_len => {
                Err(ApiError::over_limit(format!(
                    "\"{name}\" has {} elements; at most {max_len} are allowed",
                    items.len()
                )))
            }
            Some(Value::Array(items)) => Ok(items),
            Some(other) => Err(ApiError::bad_request(format!(
                "\"{name}\" must be an array, found {}",
                kind(&other)
            ))),
            None => Err(ApiError::bad_request(format!("missing field \"{name}\""))),
        }
    }
}

/// Reads a heap size or bound: a JSON integer, or a string of decimal
/// digits (the contract writes numbers beyond u64 as strings).
///
/// # Errors
/// Anything else, and any value over `max`, naming `what` (such as
/// `heaps[2]`).
pub fn bounded(v: &Value, what: &str, max: u64) -> Result<u64, ApiError> {
    let n = match v {
        Value::Number(num) => match num.as_u64() {
            Some(n) => n,
            None if num.is_i64() => {
                return Err(ApiError::bad_request(format!(
                    "{what}: {num} is negative; expected a non-negative integer"
                )))
            }
            None if num.as_f64().is_some_and(|f| f.fract() == 0.0 && f > 0.0) => {
                return Err(ApiError::over_limit(format!(
                    "{what}: {num} is too large; at most {max} is allowed"
                )))
            }
            None => {
                return Err(ApiError::bad_request(format!(
                    "{what}: {num} is not an integer"
                )))
            }
        },
        Value::String(s) => parse_digits(s, what, max)?,
        other => {
            return Err(ApiError::bad_request(format!(
                "{what}: expected a non-negative integer, found {}",
                kind(other)
            )))
        }
    };
    if n > max {
        return Err(ApiError::over_limit(format!(
            "{what}: {n} is too large; at most {max} is allowed"
        )));
    }
    Ok(n)
}

/// Parses a string of ASCII decimal digits, reporting over-long values as
/// over the limit rather than as malformed.
fn parse_digits(s: &str, what: &str, max: u64) -> Result<u64, ApiError> {
    if let Some((i, c)) = s.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        return Err(ApiError::bad_request(format!(
            "{what}: {s:?} is not a non-negative integer (unexpected {c:?} at byte {i})"
        )));
    }
    if s.is_empty() {
        return Err(ApiError::bad_request(format!(
            "{what}: empty string; expected a non-negative integer"
        )));
    }
    s.parse::<u64>().map_err(|_| {
        ApiError::over_limit(format!(
            "{what}: {} is too large; at most {max} is allowed",
            abbreviate(s)
        ))
    })
}

/// A long digit string shortened for an error message.
fn abbreviate(s: &str) -> String {
    if s.len() <= 24 {
        s.to_owned()
    } else {
        format!("{}...({} digits)", &s[..12], s.len())
    }
}

/// The JSON kind of a value, for error messages.
pub fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn bounded_reads_numbers_and_digit_strings() {
        assert_eq!(bounded(&json!(7), "x", 10).unwrap(), 7);
        assert_eq!(bounded(&json!("7"), "x", 10).unwrap(), 7);
        assert_eq!(bounded(&json!(u64::MAX), "x", u64::MAX).unwrap(), u64::MAX);
    }

    #[test]
    fn bounded_names_the_problem() {
        let e = bounded(&json!(-3), "heaps[1]", 10).unwrap_err();
        assert_eq!(e.status.as_u16(), 400);
        assert!(e.message.starts_with("heaps[1]: -3 is negative"), "{e}");
        let e = bounded(&json!(2.5), "to", 10).unwrap_err();
        assert!(e.message.contains("not an integer"), "{e}");
        let e = bounded(&json!(11), "to", 10).unwrap_err();
        assert_eq!(e.status.as_u16(), 422);
        let e = bounded(&json!(1e30), "to", 10).unwrap_err();
        assert_eq!(e.status.as_u16(), 422);
        let e = bounded(&json!("99999999999999999999999"), "to", 10).unwrap_err();
        assert_eq!(e.status.as_u16(), 422);
        let e = bounded(&json!("3x"), "heaps[0]", 10).unwrap_err();
        assert!(e.message.contains("at byte 1"), "{e}");
        let e = bounded(&json!(true), "to", 10).unwrap_err();
        assert!(e.message.contains("found a boolean"), "{e}");
    }

    #[test]
    fn fields_reject_unknown_and_non_objects() {
        let e = Fields::parse(br#"{"heap":[1]}"#, &["heaps"]).unwrap_err();
        assert!(e.message.contains("unknown field \"heap\""), "{e}");
        let e = Fields::parse(b"[1,2]", &["heaps"]).unwrap_err();
        assert!(e.message.contains("found an array"), "{e}");
        let e = Fields::parse(b"{\"heaps\": [1,", &["heaps"]).unwrap_err();
        assert!(e.message.contains("line 1 column"), "{e}");
    }
}
