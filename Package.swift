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
        // The image libraries' headers and link flags (pkg-config chafa pulls in glib's include paths);
        // only CImages' C files include them. Debian: libchafa-dev, libglib2.0-dev, libpng-dev, libturbojpeg0-dev.
        .systemLibrary(name: "CChafa", pkgConfig: "chafa"),
        // Pictures to cells in C, behind a small header of plain C types (docs/IMAGES.md).
        .target(
            name: "CImages",
            dependencies: ["CChafa"],
            linkerSettings: [.linkedLibrary("chafa"), .linkedLibrary("glib-2.0"),
                             .linkedLibrary("png16"), .linkedLibrary("turbojpeg"), .linkedLibrary("m")]
        ),
        .target(name: "Engine"),
        .executableTarget(
            name: "TUI",
            dependencies: ["Engine", "CNCurses", "CImages"]
        ),
        .testTarget(name: "EngineTests", dependencies: ["Engine"]),
        // Writes test pictures (PNG of every colour type, JPEG with EXIF, CMYK) for the image tests.
        .target(name: "CImageFixtures", dependencies: ["CChafa"], path: "Tests/CImageFixtures",
                linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("turbojpeg")]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "Engine", "CImageFixtures"], exclude: ["EndToEnd/Scripts"]),
    ],
    swiftLanguageModes: [.v6]
)
