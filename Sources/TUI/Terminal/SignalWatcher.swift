import Glibc
import Synchronization

/// Signals the handler has seen and not yet handed out, one bit per signal number.
private let pendingSignals = Atomic<UInt64>(0)
/// The write end of the self-pipe: a byte written there wakes the main loop's `poll`.
private let wakeDescriptor = Atomic<Int32>(-1)

/// The write end of the watchdog's pipe: a quit signal's number written there starts its countdown.
let quitWatchdogDescriptor = Atomic<Int32>(-1)

/// The signal handler: only async-signal-safe work, atomic stores and `write`s.
private func recordSignal(_ number: Int32) {
    let savedErrno = errno
    pendingSignals.bitwiseOr(UInt64(1) << UInt64(number), ordering: .sequentiallyConsistent)
    var byte: UInt8 = 1
    _ = write(wakeDescriptor.load(ordering: .sequentiallyConsistent), &byte, 1)
    if SignalWatcher.quitting.contains(number) {
        var signal = UInt8(truncatingIfNeeded: number)
        _ = write(quitWatchdogDescriptor.load(ordering: .sequentiallyConsistent), &signal, 1)
    }
    errno = savedErrno
}

/// Turns asynchronous signals into something the main loop can wait for: handlers record the
/// signal and write a byte to a pipe; the loop polls the pipe's read end and asks what arrived.
/// Installed before curses starts, so that curses keeps its own handlers out of the way.
final class SignalWatcher {
    /// Signals that end the program; they must win within 100 ms whatever the loop is doing (`QuitWatchdog`).
    static let quitting: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// Signals that end the program (exit 128 + N; SIGQUIT is Ctrl-\\), suspend it, toggle pause, or resize.
    static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGUSR1, SIGWINCH, SIGTSTP, SIGCONT]

    /// The descriptor to poll: readable when a signal has arrived.
    let descriptor: Int32
    private let writeEnd: Int32
    private let pipe: WakePipe

    /// Creates the pipe, unblocks every signal (a parent may hand down a blocked mask), and
    /// installs the handlers.
    init?() {
        guard let pipe = WakePipe() else { return nil }
        self.pipe = pipe
        descriptor = pipe.readEnd
        writeEnd = pipe.writeEnd
        // Touch both globals now, so that a handler never runs their lazy initialisation.
        pendingSignals.store(0, ordering: .sequentiallyConsistent)
        wakeDescriptor.store(writeEnd, ordering: .sequentiallyConsistent)
        _ = quitWatchdogDescriptor.load(ordering: .sequentiallyConsistent)
        var empty = sigset_t()
        sigemptyset(&empty)
        sigprocmask(SIG_SETMASK, &empty, nil)
        for signal in Self.watched { Self.install(signal) }
        // A file-size limit (RLIMIT_FSIZE) reached by the events file is a failed write (EFBIG,
        // reported, exit 74), not a signal that ends the program with a core and the screen left up.
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Unblocks the quit signals (a parent may hand them down blocked), leaving their actions as they are: called
    /// before the deck is read, so that a read that waits (a FIFO with no writer, a terminal as standard input)
    /// ends at once on Ctrl-C, SIGTERM or SIGHUP by the signal's own default action (the shell's 128 + N), with
    /// nothing written yet and the terminal not yet touched. A signal the parent ignores (`nohup`) stays ignored.
    static func unblockQuitting() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in Self.quitting { sigaddset(&set, signal) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// Puts back the handler for one signal (after a suspend resets SIGTSTP to its default).
    static func install(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = recordSignal
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, nil)
    }

    /// Restores the default action for a signal.
    static func reset(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }

    /// Forgets a signal that arrived but is already dealt with (the SIGCONT of our own Ctrl-Z).
    func discard(_ signal: Int32) {
        pendingSignals.bitwiseAnd(~(UInt64(1) << UInt64(signal)), ordering: .sequentiallyConsistent)
    }

    /// The signals that arrived since the last call, in number order; drains the pipe.
    func take() -> [Int32] {
        pipe.drain()
        let mask = pendingSignals.exchange(0, ordering: .sequentiallyConsistent)
        return (1..<64).filter { mask & (UInt64(1) << UInt64($0)) != 0 }.map { Int32($0) }
    }
}
