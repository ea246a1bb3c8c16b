import Engine
import Glibc

/// Where the deck schema that `--print-deck`'s `$schema` names is on this machine, found from the running
/// program's own path: the installed copy beside it (`PREFIX/bin/stories-tui` → `PREFIX/share/doc/stories-tui/`),
/// else a checkout's `docs/deck.schema.json` above the build folder (`.build/…/debug/stories-tui`), else the
/// Debian package's path (`DeckJSONWriter.schemaLocation`). An editor that follows the address then finds a
/// file that exists, whether the program was installed or built here.
enum SchemaLocation {
    /// The schema's `file://` address for the program at `executable` (`/proc/self/exe` when running).
    static func address(executable: String = "/proc/self/exe") -> String {
        guard let program = FilePaths.realPath(executable) else { return DeckJSONWriter.schemaLocation }
        var folder = FilePaths.folder(of: program)
        let installed = FilePaths.folder(of: folder) + "/share/doc/stories-tui/deck.schema.json"
        if exists(installed) { return "file://" + installed }
        // A build folder is a few levels under the checkout (.build/x86_64-unknown-linux-gnu/debug).
        for _ in 0..<4 {
            folder = FilePaths.folder(of: folder)
            let checkout = folder + "/docs/deck.schema.json"
            if exists(checkout), exists(folder + "/Package.swift") { return "file://" + checkout }
            if folder == "/" { break }
        }
        return DeckJSONWriter.schemaLocation
    }

    private static func exists(_ path: String) -> Bool { access(path, R_OK) == 0 }
}
