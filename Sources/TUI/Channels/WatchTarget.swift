/// A folder the watcher cares about and the names in it whose changes count (the deck file, or
/// the pictures of the deck that live there). When the folder is missing, the nearest existing
/// ancestor is watched instead, for the next part of the way back.
struct WatchTarget: Sendable, Equatable {
    /// The folder, absolute.
    let folder: String
    /// The entries in it that count.
    var names: Set<String>
    /// Every entry counts but hidden ones (a folder deck: pictures added, removed or renamed).
    var everyEntry = false

    /// The targets for absolute file paths: one per folder, in the order folders first appear.
    static func grouping(_ paths: [String]) -> [WatchTarget] {
        var targets: [WatchTarget] = []
        var indexOfFolder: [String: Int] = [:]
        for path in paths {
            let folder = FilePaths.folder(of: path)
            let name = FilePaths.name(of: path)
            if let index = indexOfFolder[folder] {
                targets[index].names.insert(name)
            } else {
                indexOfFolder[folder] = targets.count
                targets.append(WatchTarget(folder: folder, names: [name]))
            }
        }
        return targets
    }
}
