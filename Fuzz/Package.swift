// swift-tools-version:6.0
// A libFuzzer target for the deck loader. Not part of `swift test` or CI: build and run with ./run.sh.
// `Sources/Engine` is a symbolic link to the main package's Engine sources (a path dependency would be
// named after the checkout folder, which differs between worktrees).
import PackageDescription

let package = Package(
    name: "stories-tui-fuzz",
    targets: [
        .target(name: "Engine"),
        .executableTarget(
            name: "DeckFuzzer",
            dependencies: ["Engine"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
