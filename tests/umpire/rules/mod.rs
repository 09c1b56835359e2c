//! Each rule set in battles, rulings, rosters, on the command line and on the screen.

mod fft3;
mod hats_of_tin;
mod newport;
mod scruby;
