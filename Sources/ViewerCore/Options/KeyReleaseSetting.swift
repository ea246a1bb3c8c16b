/// The `--key-release` option: whether holds use the terminal's key-release reports.
package enum KeyReleaseSetting: String, Sendable, CaseIterable {
    /// Ask the terminal (kitty keyboard protocol); where it does not answer, infer holds from key repeats.
    case auto
    /// Never ask: holds are always inferred from key repeats.
    case off
}
