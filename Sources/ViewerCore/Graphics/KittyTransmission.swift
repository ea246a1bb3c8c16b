/// How a kitty picture's data reaches the terminal (docs/IMAGES.md, "Kitty pictures by file"): in the
/// escape codes themselves, base64 in chunks (`t=d`), or in a temporary file the terminal reads and deletes
/// (`t=t`), only the file's path going over the tty. By file where the terminal answered the start-up probe's
/// query by file `OK` (it runs on this machine); directly elsewhere (over ssh the file is not there).
package enum KittyTransmission: String, Sendable, Hashable, CaseIterable {
    /// Base64 in the escape codes, in chunks (`t=d`, `m=1`).
    case direct
    /// A temporary file whose name holds `tty-graphics-protocol`, deleted by the terminal once read (`t=t`).
    case file

    /// The environment variable that forces one (`STORIES_TUI_KITTY_TRANSFER=direct|file`; unset, `auto` or any
    /// other value detects).
    package static let variable = "STORIES_TUI_KITTY_TRANSFER"

    /// The transmission `value` of `variable` forces, nil for detection (unset, `auto`, anything else).
    package static func forced(by value: String?) -> KittyTransmission? {
        value.flatMap { KittyTransmission(rawValue: $0) }
    }
}
