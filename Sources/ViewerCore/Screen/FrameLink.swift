/// A run of cells of one row that is a hyperlink (a story's `link`): the backend writes those cells
/// again inside an OSC 8 hyperlink after curses drew them (`CursesBackend+Links`), since curses has no
/// way to send one. `url` is the whole address as the deck wrote it (checked at load by `LinkRules`);
/// `cells` are the frame's cells of the run, filled in by `Frame.placedLinks`.
package struct FrameLink: Sendable, Equatable {
    package var row: Int
    package var column: Int
    package var width: Int
    package var url: String
    package var cells: [Cell] = []
}
