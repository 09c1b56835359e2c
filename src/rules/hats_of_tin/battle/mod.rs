//! Hats of Tin's battle, as its procedures share it: the units read off the battle ([`units`]),
//! the orders and a commander's one action ([`command`]), the rounds of hits taken at once or
//! waiting for the owner's choice ([`rounds`]), Overwatch's moment ([`moment`]), the assault's
//! second fire ([`exchange`]); and the turn sequence ([`turn`]) and what the umpire sees
//! ([`badges`]).

pub mod badges;
pub mod command;
pub mod exchange;
pub mod moment;
pub mod rounds;
pub mod turn;
pub mod units;
