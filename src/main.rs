//! The `umpire` binary: a thin wrapper around [`umpire::cli::main`].

fn main() -> std::process::ExitCode {
    umpire::cli::main()
}
