// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "stories-tui",
    products: [
        .executable(name: "stories-tui", targets: ["TUI"]),
        .library(name: "Engine", targets: ["Engine"]),
    ],
    targets: [
        // No pkgConfig: SwiftPM would drop its -D flags with a warning; shim.h defines what the
        // wide-character API needs and the module map links ncursesw (Debian: libncursesw5-dev).
        .systemLibrary(name: "CNCurses"),
        .target(name: "Engine"),
        .executableTarget(
            name: "TUI",
            dependencies: ["Engine", "CNCurses"]
        ),
        .testTarget(name: "EngineTests", dependencies: ["Engine"]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "Engine"], exclude: ["EndToEnd/Scripts"]),
    ],
    swiftLanguageModes: [.v6]
)
