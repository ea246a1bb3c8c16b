/// A mouse report at a 0-based cell position.
struct MouseEvent: Sendable, Equatable {
    enum Action: Sendable, Hashable {
        case press, release, drag, move, wheelUp, wheelDown
    }

    enum Button: Sendable, Hashable {
        case left, middle, right, none
    }

    var action: Action
    var button: Button
    var column: Int
    var row: Int
    var modifiers: KeyModifiers = []
}
