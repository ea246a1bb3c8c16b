import Glibc

/// Writes bytes to a file descriptor and reports failures as values: `writeAll` for standard
/// output and error (every byte, or the errno that stopped it), `writeOnce` for a non-blocking
/// peer (as much as it takes now, never a wait, never a SIGPIPE).
enum DescriptorWriter {
    /// The outcome of one non-blocking write.
    enum Attempt: Sendable, Equatable {
        /// This many bytes (at least one) were taken.
        case wrote(Int)
        /// The peer takes nothing now (`EAGAIN`): try again when `poll` reports `POLLOUT`.
        case wouldBlock
        /// The write failed for good (`EPIPE`, `ENOSPC`, `EIO`, `EBADF`…).
        case failed(SystemError)
    }

    /// Writes every byte of `bytes`, retrying after `EINTR` and short writes and waiting in `poll`
    /// while a non-blocking descriptor is full.
    ///
    /// SIGPIPE keeps its disposition: with the default one, a closed pipe ends the process (the
    /// convention for `stories-tui --plain deck | head`); when it is ignored, `EPIPE` is returned.
    /// - Returns: nil when everything was written, else the error that stopped the write.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> SystemError? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written > 0 {
                offset += written
                continue
            }
            let error = written == 0 ? SystemError(code: EIO) : SystemError.current()
            switch error.code {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                var slot = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                if poll(&slot, 1, -1) < 0 && errno != EINTR { return SystemError.current() }
            default:
                return error
            }
        }
        return nil
    }

    /// Writes as much of `bytes` as the descriptor takes now, in one call (after `EINTR` it is
    /// tried again). A closed pipe gives `.failed(EPIPE)` and never raises SIGPIPE: the signal is
    /// blocked for this thread during the write and, if the write raised it, taken back.
    /// - Parameter descriptor: a descriptor opened with `O_NONBLOCK`.
    /// - Parameter bytes: at least one byte.
    static func writeOnce(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Attempt {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .wrote(0) }
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var pending = sigset_t()
        sigpending(&pending)
        let alreadyPending = sigismember(&pending, SIGPIPE) == 1
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
        while true {
            let written = write(descriptor, base, bytes.count)
            if written > 0 { return .wrote(written) }
            let error = written == 0 ? SystemError(code: EIO) : SystemError.current()
            switch error.code {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                return .wouldBlock
            case EPIPE where !alreadyPending:
                // The SIGPIPE this write raised is pending on this thread: take it, so that it is
                // not delivered once the mask is restored.
                var immediately = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSignal, nil, &immediately)
                return .failed(error)
            default:
                return .failed(error)
            }
        }
    }
}
