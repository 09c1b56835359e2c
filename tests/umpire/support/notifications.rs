//! The system's file-change notifications, shared by the tests that follow a journal: one test
//! exhausts them on purpose (`watch::live`, to see followers past the limit fall back to looking
//! at the file), and while it holds them every other follower on this machine's account would
//! fall back too and say so. The tests that follow a journal hold [`shared`] for their length;
//! that one holds [`exclusive`], so it runs alone among them.

use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

static NOTIFICATIONS: RwLock<()> = RwLock::new(());

/// Held by a test that follows a journal (in process or by a program it runs).
pub fn shared() -> RwLockReadGuard<'static, ()> {
    NOTIFICATIONS.read().unwrap_or_else(|e| e.into_inner())
}

/// Held by the test that takes every notification there is.
pub fn exclusive() -> RwLockWriteGuard<'static, ()> {
    NOTIFICATIONS.write().unwrap_or_else(|e| e.into_inner())
}
