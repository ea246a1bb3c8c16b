/// Checks the images a deck names (docs/IMAGES.md, `--check`): given image paths resolved against the deck's folder
/// (`ImagePath.resolve`), says for each, in order, why it cannot be shown, or nil when it can.
///
/// `DeckLoader` calls it while it validates, with at most `DeckValidator.imageCheckBatch` paths at a time, each path
/// once a call, so that a deck of a million pictures never holds a million paths. It may do I/O (open, read a
/// header, decode in a helper process); it is never called for a deck loaded without one (the viewer's reloads).
public typealias ImageCheck = @Sendable (_ resolvedPaths: [String]) -> [ImageProblem?]
