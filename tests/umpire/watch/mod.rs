//! `umpire watch`: the players' view of a battle, in this process and followed live.

mod live;
mod view;
