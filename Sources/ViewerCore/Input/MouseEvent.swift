/// A mouse report at a 0-based cell position.
package struct MouseEvent: Sendable, Equatable {
    package enum Action: Sendable, Hashable {
        case press, release, drag, move, wheelUp, wheelDown
    }

    package enum Button: Sendable, Hashable {
        case left, middle, right, none
    }

    package var action: Action
    package var button: Button
    package var column: Int
    package var row: Int
    package var modifiers: KeyModifiers = []
}
