import Foundation
import Testing

/// ViewerCore is the viewer without the operating system (docs/ARCHITECTURE.md): its files import
/// Engine and the Swift standard library only, never Glibc, Foundation, a C module or TUI, and the
/// package gives the target no other dependency. A new `import` there fails here, with its file. In TUI,
/// curses is imported by the backend's files alone.
@Suite
struct CorePurityTests {
    /// The modules a core file may import.
    static let allowed: Set<String> = ["Engine", "Swift"]

    static let core = DocumentationTests.file("Sources/ViewerCore")

    /// Every Swift file under Sources/ViewerCore, as a path relative to it.
    static func coreFiles() throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: core.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    }

    @Test("every file of ViewerCore imports only Engine and the standard library")
    func coreImportsOnlyEngine() throws {
        let files = try Self.coreFiles()
        // The model, the decoder, the layout and the screen are all there: a wrong path reads nothing.
        for known in ["Viewer/ViewerModel.swift", "Input/InputDecoder.swift", "Layout/ScreenLayout.swift",
                      "Screen/Screen.swift", "Screen/FrameDiff.swift"] {
            #expect(files.contains(known), "Sources/ViewerCore/\(known) is missing")
        }
        #expect(files.count > 90)
        for file in files {
            let source = try String(contentsOf: Self.core.appendingPathComponent(file), encoding: .utf8)
            let others = SourceImports.modules(in: source).filter { !Self.allowed.contains($0) }
            #expect(others.isEmpty, "Sources/ViewerCore/\(file) imports \(others.joined(separator: ", "))")
        }
    }

    @Test("Package.swift gives ViewerCore Engine as its only dependency")
    func packageDependsOnEngineOnly() throws {
        let manifest = try DocumentationTests.text("Package.swift")
        #expect(manifest.contains(#".target(name: "ViewerCore", dependencies: ["Engine"]"#))
    }

    @Test("curses stays behind the one backend: only Sources/TUI/Terminal/CursesBackend*.swift import CNCurses")
    func cursesOnlyInTheBackend() throws {
        let tui = DocumentationTests.file("Sources/TUI")
        let files = (FileManager.default.enumerator(atPath: tui.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100, "a wrong path reads nothing")
        let importing = try files.filter { file in
            SourceImports.modules(in: try String(contentsOf: tui.appendingPathComponent(file), encoding: .utf8))
                .contains("CNCurses")
        }.sorted()
        #expect(importing.contains("Terminal/CursesBackend.swift"))
        let others = importing.filter { !$0.hasPrefix("Terminal/CursesBackend") }
        #expect(others.isEmpty, "CNCurses imported outside the backend: \(others)")
    }

    @Test("the import reader finds every form of import", arguments: [
        ("import Glibc", ["Glibc"]),
        ("@preconcurrency import Foundation", ["Foundation"]),
        ("@testable import TUI", ["TUI"]),
        ("import struct Glibc.stat", ["Glibc"]),
        ("#if canImport(Darwin)", ["Darwin"]),
        ("  import CNCurses // the backend", ["CNCurses"]),
        ("import Engine", ["Engine"]),
        ("// import Glibc", []),
        (#"let text = "import Glibc""#, []),
        ("let important = 1", []),
    ])
    func readerFindsImports(line: String, modules: [String]) {
        #expect(SourceImports.modules(in: "/// A file.\n" + line + "\n") == modules)
    }
}
