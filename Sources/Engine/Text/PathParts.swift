/// The parts of a path written as a string, in one place for the loader and the viewer's channels.
public enum PathParts {
    /// The folder part of a path: `.` for a bare file name, `/` for a file in the root.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = path[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// The last part of a path (after the last `/`).
    public static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
