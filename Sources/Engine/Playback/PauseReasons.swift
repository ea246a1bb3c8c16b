/// The reasons the deck is paused; it plays only while the set is empty.
public struct PauseReasons: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    /// Creates a set from its raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Paused until toggled off: `p`, a tap of space, the control FIFO, SIGUSR1.
    public static let sticky = PauseReasons(rawValue: 1 << 0)
    /// Paused while space or the mouse button is held.
    public static let hold = PauseReasons(rawValue: 1 << 1)
    /// Paused while the help overlay or the story list is open.
    public static let overlay = PauseReasons(rawValue: 1 << 2)
    /// Paused while the process is stopped (Ctrl-Z, SIGTSTP) until it continues.
    public static let stopped = PauseReasons(rawValue: 1 << 3)
}
