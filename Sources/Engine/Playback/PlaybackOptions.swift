/// Command-line settings that override the deck's own.
public struct PlaybackOptions: Sendable, Equatable {
    /// `--loop` / `--once`: overrides the deck's strategy.
    public var strategy: Strategy?
    /// `--duration`: seconds for stories that set none; overrides the deck's default.
    public var defaultDuration: Double?
    /// `--leeway`: seconds in state `ready` before the first story; overrides the deck's.
    public var leeway: Double?
    /// False for `--no-autoplay`: never advance by timer; keys still move.
    public var autoplay: Bool
    /// `--start`: overrides the deck's start; one that names no story starts at the first.
    public var start: StartReference?

    /// Creates options; every nil keeps the deck's own setting.
    public init(
        strategy: Strategy? = nil,
        defaultDuration: Double? = nil,
        leeway: Double? = nil,
        autoplay: Bool = true,
        start: StartReference? = nil
    ) {
        self.strategy = strategy
        self.defaultDuration = defaultDuration
        self.leeway = leeway
        self.autoplay = autoplay
        self.start = start
    }
}
