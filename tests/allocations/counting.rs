//! The system's allocator, counting: this binary counts every allocation it makes (the bytes held
//! now, and the most held at any moment), so that a test can say how much a piece of the program
//! holds at once — provided that nothing else allocates meanwhile: each test measures [`alone`].

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The system's allocator, counting the bytes allocated now and the most at any moment.
struct Counting;

pub static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = NOW.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call is passed on to the system's allocator unchanged; only counted.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout, passed on.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: a block this allocator gave out, with its layout.
        unsafe { System.dealloc(ptr, layout) };
        NOW.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: a block this allocator gave out, with its layout.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            NOW.fetch_sub(layout.size(), Ordering::Relaxed);
            grew(new_size);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most bytes held at once, above what was held before, while `f` runs.
pub fn held_at_most(f: impl FnOnce()) -> usize {
    let before = NOW.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    f();
    PEAK.load(Ordering::Relaxed) - before
}

/// The bytes held now.
pub fn held_now() -> usize {
    NOW.load(Ordering::Relaxed)
}

/// The bytes held now, above `before`.
pub fn held_since(before: usize) -> usize {
    held_now().saturating_sub(before)
}

/// Held by a test for as long as it measures: the tests of this binary run on threads of one
/// process, and the allocator counts what every thread allocates, so they take turns. (Taking the
/// lock allocates nothing.)
pub fn alone() -> MutexGuard<'static, ()> {
    static ALONE: Mutex<()> = Mutex::new(());
    ALONE.lock().unwrap_or_else(PoisonError::into_inner)
}
