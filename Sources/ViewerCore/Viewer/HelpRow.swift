/// One row of the help overlay and of `--help`'s key list: the story screen's actions it explains,
/// and the Ctrl keys of `Keymap.control` that do the same (Ctrl-C quits too). The keys come from
/// `Keymap`; the descriptions are the catalogue's.
package struct HelpRow: Sendable {
    package let actions: [ViewerAction]
    package let control: [ViewerAction]

    package init(_ actions: [ViewerAction], control: [ViewerAction] = []) {
        self.actions = actions
        self.control = control
    }

    /// The rows in the order the help shows them; the mouse line follows them (see `Messages`).
    package static let all: [HelpRow] = [
        HelpRow([.next]), HelpRow([.previous]), HelpRow([.hold]), HelpRow([.togglePause]),
        HelpRow([.nextGroup, .previousGroup]), HelpRow([.first, .last]), HelpRow([.storyList]), HelpRow([.caption]),
        HelpRow([.help]), HelpRow([.reload]), HelpRow([.quit], control: [.interrupt]),
    ]

    /// The keys as the help writes them: each action's keys, then the Ctrl keys; actions `between`
    /// apart. Space is named by the caller (`spaceName`), in the active language.
    package func label(ascii: Bool, spaceName: String, between: String = "  ") -> String {
        let parts = actions.map { action in
            Keymap.keys(for: action).map { $0 == .character(" ") ? spaceName : $0.label(ascii: ascii) }
                .joined(separator: " ")
        }
        let controls = control.flatMap { Keymap.keys(for: $0) }.map(Keymap.controlLabel)
        return (parts + controls).joined(separator: actions.count > 1 ? between : " ")
    }
}
