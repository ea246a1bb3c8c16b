/// The exit codes of the man page, OPTIONS and EXIT STATUS (sysexits).
enum ExitCode {
    static let success: Int32 = 0
    static let usage: Int32 = 64
    static let invalidDeck: Int32 = 65
    static let cannotOpen: Int32 = 66
    static let ioError: Int32 = 74
}
