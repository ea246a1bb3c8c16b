/// What one `Screen.draw` cost, in cells: how many it looked at and how many it handed the backend.
/// Tests pin the mechanism with it (a bar step looks at one or two cells, at any width and deck size).
package struct DrawCount: Sendable, Equatable {
    /// Cells laid out or compared.
    package var visited = 0
    /// Cells put to the backend.
    package var written = 0
}
