import Engine
import Glibc
import Synchronization

/// The read end of the watchdog's pipe.
private let watchdogReadEnd = Atomic<Int32>(-1)
/// Set once the terminal has been given back normally: the watchdog then leaves it alone.
let terminalRestored = Atomic<Bool>(false)

/// The watchdog thread: waits for a quit signal's number, gives the main loop a little under
/// 100 ms to end, and otherwise ends the process itself. A 0 instead of a number is a quit that
/// is already giving the terminal back (`QuitWatchdog.guardRestore`): if the terminal is restored
/// within the grace, the thread goes back to waiting; else the process exits 0 with the mode reset.
private func watch(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    while true {
        var signal: UInt8 = 0
        let count = SystemCall.retrying { read(watchdogReadEnd.load(ordering: .sequentiallyConsistent), &signal, 1) }
        guard count == 1 else { return nil }
        usleep(QuitWatchdog.grace)
        let restored = terminalRestored.load(ordering: .sequentiallyConsistent)
        if signal == 0 && restored { continue }
        CrashGuard.emergencyExit(code: signal == 0 ? 0 : 128 + Int32(signal), restoreTerminal: !restored)
    }
}

/// docs/RELIABILITY.md: a pending SIGINT, SIGTERM, SIGHUP (or SIGQUIT) ends the program within 100 ms with the
/// terminal restored, whatever the loop is doing: blocked on a terminal that stopped reading (XOFF,
/// a stalled ssh), busy, or waiting for a slow reader at exit. The signal handler starts this
/// thread's countdown; if the process is still there after the grace period, the thread writes the
/// restore sequence without blocking, resets the terminal mode and exits with 128 + N. Normally
/// the loop ends well before, having restored the terminal itself.
enum QuitWatchdog {
    /// Microseconds the loop gets before the watchdog acts: under 100 ms with room to act.
    static let grace: UInt32 = 80_000

    /// Called as a quit starts giving the terminal back (`CursesBackend.stop`): the way back writes
    /// (the restore sequence, curses' last output) and waits for the output to drain (`endwin`'s
    /// `tcsetattr(TCSADRAIN)`), which never ends while the terminal does not read (Ctrl-S, a stalled
    /// link). If the terminal is not restored within the grace, the watchdog gives that output up,
    /// resets the mode (`tcsetattr(TCSANOW)`, an ioctl, no output) and exits 0. Never blocks.
    static func guardRestore() {
        startThread()
        var quit: UInt8 = 0
        _ = write(quitWatchdogDescriptor.load(ordering: .sequentiallyConsistent), &quit, 1)
    }

    /// Creates the pipe; call before signal handlers can run. A quit signal's number waits there until the
    /// thread runs (`startThread`: after the first frame, or when a quit starts giving the terminal back).
    /// False when no descriptor is available (the loop then handles quit signals alone).
    @discardableResult
    static func start() -> Bool {
        // The thread blocks on the read end; the handler never blocks on the write end.
        guard let pipe = WakePipe(nonBlockingRead: false) else { return false }
        watchdogReadEnd.store(pipe.readEnd, ordering: .sequentiallyConsistent)
        _ = terminalRestored.load(ordering: .sequentiallyConsistent)
        quitWatchdogDescriptor.store(pipe.writeEnd, ordering: .sequentiallyConsistent)
        return true
    }

    /// Starts the thread, once (main thread only): after the first frame (`CursesBackend`), so that no
    /// thread is created before it (Benchmarks/README.md, "The first frame: lld, metadata accessors, threads
    /// after it"). Without a thread the loop handles quit signals alone, as without the pipe.
    static func startThread() {
        guard !threadStarted.exchange(true, ordering: .sequentiallyConsistent),
              watchdogReadEnd.load(ordering: .sequentiallyConsistent) >= 0 else { return }
        var thread = pthread_t()
        guard pthread_create(&thread, nil, watch, nil) == 0 else { return }
        pthread_detach(thread)
    }
}

/// Whether `QuitWatchdog.startThread` ran.
private let threadStarted = Atomic<Bool>(false)
