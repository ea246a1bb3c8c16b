import Engine

extension ImageInspector {
    /// The Engine's image check for `--check`: each batch of paths verified by a fresh helper process.
    static let check: ImageCheck = { paths in ImageInspector().inspect(paths) }
}
