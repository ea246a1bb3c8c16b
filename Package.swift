// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "stories-tui",
    products: [
        .executable(name: "stories-tui", targets: ["TUI"]),
        .library(name: "Engine", targets: ["Engine"]),
    ],
    targets: [
        .systemLibrary(
            name: "CNCurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .target(name: "Engine"),
        .executableTarget(
            name: "TUI",
            dependencies: ["Engine", "CNCurses"]
        ),
        .testTarget(name: "EngineTests", dependencies: ["Engine"]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "Engine"]),
    ],
    swiftLanguageModes: [.v6]
)
