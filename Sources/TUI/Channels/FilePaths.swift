import Engine
import Glibc

/// Path arithmetic on strings, in one place: the folder and name of a path, and an absolute form
/// with symbolic links resolved where the path exists.
enum FilePaths {
    /// The folder part of a path (`PathParts`, shared with the deck loader).
    static func folder(of path: String) -> String { PathParts.folder(of: path) }

    /// The last part of a path.
    static func name(of path: String) -> String { PathParts.name(of: path) }

    /// The absolute path that `path` names, symbolic links followed as far as it exists: the real
    /// path of its longest existing beginning, then the rest without `.`, `..` and doubled slashes
    /// (a folder that does not exist yet has no links to follow).
    static func resolved(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : currentFolder() + "/" + path
        var head = absolute
        var rest: [String] = []
        while head != "/" {
            if let real = realPath(head) { return normalized(real + "/" + rest.reversed().joined(separator: "/")) }
            rest.append(name(of: head))
            head = folder(of: head)
        }
        return normalized(absolute)
    }

    /// The real path of an existing path (links followed), or nil.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func currentFolder() -> String {
        guard let folder = getcwd(nil, 0) else { return "/" }
        defer { free(folder) }
        return String(cString: folder)
    }

    private static func normalized(_ absolute: String) -> String {
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }
}
