//! Filling a procedure's inputs from the battle (a firer's kind, a target's quality …): what the
//! battle knows goes in, what the umpire gave is kept.

use crate::declare::{Params, Value};

/// Sets input `name` of `params` to `value`, unless the umpire already gave it.
pub fn fill(params: &mut Params, name: &str, value: Value) {
    if params.get(name).is_none() {
        params.set(name, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_input_given_is_kept_and_one_missing_is_filled() {
        let mut p = Params::new().with("cover", Value::Text("hard".into()));
        fill(&mut p, "cover", Value::Text("none".into()));
        fill(&mut p, "range", Value::Int(12));
        assert_eq!(p.text("cover"), Some("hard"));
        assert_eq!(p.int("range"), Some(12));
    }
}
