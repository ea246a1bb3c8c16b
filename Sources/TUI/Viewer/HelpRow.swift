/// One row of the help overlay: the actions it explains (their keys come from `KeyBinding`), plus
/// keys that are not bindings (Ctrl-C is a signal). The description is the catalogue's.
struct HelpRow: Sendable {
    let actions: [ViewerAction]
    let extraKeys: [String]

    init(_ actions: [ViewerAction], extraKeys: [String] = []) {
        self.actions = actions
        self.extraKeys = extraKeys
    }

    /// The rows in the order the help shows them; the mouse line follows them (see `Messages`).
    static let all: [HelpRow] = [
        HelpRow([.next]), HelpRow([.previous]), HelpRow([.hold]), HelpRow([.togglePause]),
        HelpRow([.nextGroup, .previousGroup]), HelpRow([.first, .last]), HelpRow([.storyList]), HelpRow([.caption]),
        HelpRow([.help]), HelpRow([.reload]), HelpRow([.quit], extraKeys: ["Ctrl-C"]),
    ]

    /// The keys as the help writes them: each action's keys, actions two spaces apart. Space is
    /// named by the caller (`spaceName`), in the active language.
    func label(ascii: Bool, spaceName: String) -> String {
        let parts = actions.map { action in
            KeyBinding.keys(for: action).map { $0 == .character(" ") ? spaceName : $0.label(ascii: ascii) }
                .joined(separator: " ")
        }
        return (parts + extraKeys).joined(separator: actions.count > 1 ? "  " : " ")
    }
}
