//! `umpire serve`: each side's view on the players' phones — over plain HTTP from this process,
//! through the real binary, and in a real browser.

mod browser;
mod cli;
mod client;
mod http;
mod screen;
