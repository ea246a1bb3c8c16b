import Foundation
import Glibc

/// Runs a command and collects its standard output, without `Foundation.Process` (which hangs
/// when the child is a tmux server that inherits its internal socket). Signals are unblocked
/// and reset to their defaults in the child, and every descriptor above 2 is closed.
enum ProcessRunner {
    /// The result of a finished command.
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
        /// The raw bytes of standard output and standard error, for checks that must not be fooled by decoding.
        var outputBytes: [UInt8] = []
        var errorBytes: [UInt8] = []
        /// CPU seconds the child used (user + system, from `wait4`): unlike wall time, not lengthened
        /// by other programs on a loaded machine.
        var cpuSeconds: Double = 0
    }

    /// Runs `arguments` (looked up in PATH), feeding `input` to its standard input. With `timeout`, a child
    /// still running after that many seconds is killed (SIGKILL, so the status is 137). `blocked` signals
    /// reach the child blocked, as a careless parent hands them down.
    @discardableResult
    static func run(_ arguments: [String], input: String? = nil, environment: [String: String]? = nil,
                    timeout: Double? = nil, blocked: [Int32] = []) -> Output {
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        var inPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0, pipe(&inPipe) == 0 else {
            return Output(status: -1, standardOutput: "", standardError: "pipe failed")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        let maxDescriptor = min(Int32(sysconf(Int32(_SC_OPEN_MAX))), 1024)
        for descriptor in 3..<maxDescriptor where fcntl(descriptor, F_GETFD) != -1 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        for signal in blocked { sigaddset(&empty, signal) }
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environmentList = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environmentList.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environmentList)
        close(inPipe[0])
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            close(inPipe[1]); close(outPipe[0]); close(errPipe[0])
            return Output(status: -1, standardOutput: "", standardError: "spawn failed: \(spawned)")
        }
        if let input {
            var bytes = Array(input.utf8)
            _ = bytes.withUnsafeMutableBytes { write(inPipe[1], $0.baseAddress, $0.count) }
        }
        close(inPipe[1])
        // Read both streams together so that neither pipe fills up and blocks the child.
        var outData = [UInt8]()
        var errData = [UInt8]()
        var open = [outPipe[0], errPipe[0]]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        var killed = false
        while !open.isEmpty {
            if let deadline, !killed, Date() >= deadline {
                kill(pid, SIGKILL)
                killed = true
            }
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&descriptors, nfds_t(descriptors.count), deadline == nil ? 10_000 : 50)
            for descriptor in descriptors where descriptor.revents != 0 {
                let count = read(descriptor.fd, &buffer, buffer.count)
                if count > 0 {
                    if descriptor.fd == outPipe[0] { outData += buffer[0..<count] } else { errData += buffer[0..<count] }
                } else {
                    close(descriptor.fd)
                    open.removeAll { $0 == descriptor.fd }
                }
            }
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Output(status: exitStatus,
                      standardOutput: String(decoding: outData, as: UTF8.self),
                      standardError: String(decoding: errData, as: UTF8.self),
                      outputBytes: outData, errorBytes: errData, cpuSeconds: cpu)
    }
}
