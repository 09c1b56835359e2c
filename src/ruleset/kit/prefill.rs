//! Filling a procedure's inputs from the battle ([`crate::ruleset::Procedure::prefill`]): what
//! the units say goes in only where the umpire said nothing, so an input given by hand always
//! wins over the battle's.

use crate::declare::{Params, Value};

/// Sets the input `name` of `p` to `value`, unless it is given already.
pub fn fill(p: &mut Params, name: &str, value: Value) {
    if p.get(name).is_none() {
        p.set(name, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_input_given_by_hand_is_kept() {
        let mut p = Params::new().with("cover", Value::Bool(false));
        fill(&mut p, "cover", Value::Bool(true));
        fill(&mut p, "range", Value::Int(3));
        assert_eq!(p.get("cover"), Some(&Value::Bool(false)));
        assert_eq!(p.get("range"), Some(&Value::Int(3)));
    }
}
