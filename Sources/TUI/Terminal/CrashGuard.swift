import Glibc

/// What the fatal-signal handler needs, prepared before it is installed: the bytes that give the
/// terminal back (modes off, attributes reset, cursor shown, normal screen), the terminal's mode
/// before curses changed it, and a message. Allocated once and never freed.
private nonisolated(unsafe) var crashRestore: UnsafeMutableRawBufferPointer?
private nonisolated(unsafe) var crashMessage: UnsafeMutableRawBufferPointer?
private nonisolated(unsafe) var crashTermios = termios()
private nonisolated(unsafe) var crashTerminal: Int32 = -1
/// The handlers that were there before (the Swift runtime's backtracer), to chain to when asked.
private nonisolated(unsafe) var previousActions: UnsafeMutablePointer<sigaction>?
private nonisolated(unsafe) var chainToPrevious = false

/// The handler: only async-signal-safe calls. Restores the terminal, says what happened, then lets
/// the signal end the process (or hands it to the runtime's backtracer when the user asked for it).
private func crashed(_ number: Int32) {
    if let restore = crashRestore { _ = write(STDOUT_FILENO, restore.baseAddress, restore.count) }
    if crashTerminal >= 0 { _ = tcsetattr(crashTerminal, TCSANOW, &crashTermios) }
    if let message = crashMessage { _ = write(STDERR_FILENO, message.baseAddress, message.count) }
    KittyTemporaryFiles.removeAll()
    var this = sigset_t()
    sigemptyset(&this)
    sigaddset(&this, number)
    if chainToPrevious, let previous = previousActions, number < 65 {
        // The backtracer runs here, unblocked, and returns when it is done: then the default action
        // below ends the process (a signal sent by `kill` is not repeated by any instruction, so
        // returning from this handler would let the program run on without its terminal).
        sigaction(number, previous + Int(number), nil)
        pthread_sigmask(SIG_UNBLOCK, &this, nil)
        raise(number)
    }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    sigaction(number, &action, nil)
    pthread_sigmask(SIG_UNBLOCK, &this, nil)
    raise(number)
}

/// A crash (a trap, a bad access, an abort) must never leave the terminal in the alternate screen
/// with the cursor hidden and the mouse on, nor hand it to an interactive debugger: the Swift
/// runtime's backtracer would otherwise take over the tty ("Press space to interact"). The guard
/// restores the terminal and ends the process with the signal. With `SWIFT_BACKTRACE` set by the
/// user, the runtime's handler runs after the terminal is restored (the user asked for it).
enum CrashGuard {
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]

    /// Installs the handlers on an alternate stack (a stack overflow still restores the terminal).
    /// - Parameters:
    ///   - restore: the bytes that give the terminal back.
    ///   - terminal: the descriptor whose mode `mode` restores, or -1.
    ///   - message: one line for standard error.
    ///   - chain: run the previous handler (the backtracer) after restoring.
    static func install(restore: [UInt8], terminal: Int32, mode: termios, message: String, chain: Bool) {
        crashRestore = copy(restore)
        crashMessage = copy(Array(message.utf8))
        crashTermios = mode
        crashTerminal = terminal
        chainToPrevious = chain
        let stackSize = 64 * 1024
        if let memory = malloc(stackSize) {
            var stack = stack_t(ss_sp: memory, ss_flags: 0, ss_size: stackSize)
            sigaltstack(&stack, nil)
        }
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        previous.initialize(repeating: sigaction(), count: 65)
        for number in signals { sigaction(number, nil, previous + Int(number)) }
        previousActions = previous
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = crashed
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_ONSTACK) | Int32(bitPattern: UInt32(SA_RESETHAND))
            sigaction(number, &action, nil)
        }
    }

    /// Ends the process at once with `code`: the restore sequence written without blocking (a
    /// terminal that stopped reading cannot hold us), the terminal mode reset. For the quit watchdog.
    static func emergencyExit(code: Int32, restoreTerminal: Bool) -> Never {
        if restoreTerminal {
            // A description of our own, non-blocking: the shell's (shared with stdout) keeps its flags.
            let terminal = open("/dev/tty", O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            if terminal >= 0, let restore = crashRestore {
                if write(terminal, restore.baseAddress, restore.count) < 0 && errno == EAGAIN {
                    // A terminal stopped by XOFF with a full queue: drop the queued frames so the restore
                    // sequence fits. (A pseudo-terminal whose reader stalled may not make room: the mode
                    // is still reset below, the screen is the reader's to recover.)
                    tcflush(terminal, TCOFLUSH)
                    _ = write(terminal, restore.baseAddress, restore.count)
                }
                close(terminal)
            }
            if crashTerminal >= 0 { _ = tcsetattr(crashTerminal, TCSANOW, &crashTermios) }
        }
        KittyTemporaryFiles.removeAll()
        _exit(code)
    }

    /// Replaces the restore bytes (the kitty keyboard flags went on or off the stack). The old buffer is
    /// kept: a handler running on another thread may still read it.
    static func updateRestore(_ restore: [UInt8]) {
        crashRestore = copy(restore)
    }

    private static func copy(_ bytes: [UInt8]) -> UnsafeMutableRawBufferPointer {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
        return UnsafeMutableRawBufferPointer(rebasing: buffer[0..<bytes.count])
    }
}
