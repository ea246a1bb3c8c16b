// swift-tools-version:6.0
import PackageDescription

/// Where chafa's and glib's headers are on Debian (`pkg-config --cflags chafa`), for this machine's
/// multiarch triplet.
#if arch(arm64)
let multiarch = "aarch64-linux-gnu"
#else
let multiarch = "x86_64-linux-gnu"
#endif
let imageLibraryHeaders = ["/usr/include/chafa", "/usr/lib/\(multiarch)/chafa/include",
                           "/usr/include/glib-2.0", "/usr/lib/\(multiarch)/glib-2.0/include"].map { "-I" + $0 }

/// The program's own modules build without Swift's implicit `_StringProcessing` (regular expressions,
/// `String.contains(String)`) in every configuration, as the release build links them (Makefile): a use of
/// it then fails the debug build and the tests at once, not only `make deb`. Tests keep the import.
let withoutStringProcessing: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import"]),
]

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
        // Pictures to cells in C, behind a small header of plain C types (docs/IMAGES.md). It opens
        // libpng, TurboJPEG and chafa with dlopen when a picture is first decoded (only the picture
        // helper process does): the program is not linked with them, so the viewer starts without
        // mapping them. Their headers (Debian: libpng-dev, libturbojpeg0-dev, libchafa-dev, and
        // libglib2.0-dev for chafa.h) come from these folders: pkg-config's would bring its link flags.
        .target(
            name: "CImages",
            cSettings: [.unsafeFlags(imageLibraryHeaders)],
            linkerSettings: [.linkedLibrary("m")]
        ),
        // Hands `argv` to Swift's CommandLine from the C library, so that a statically linked
        // runtime does not read /proc/self/maps to find it before main (include/CArguments.h).
        .target(name: "CArguments"),
        // The commit for --version, in C so that a new commit relinks instead of recompiling TUI
        // (include/CBuildCommit.h; scripts/write-build-commit writes generated/commit.h, not in git).
        .target(name: "CBuildCommit"),
        // The viewer's sleep in nanoseconds (`ppoll`, which Swift's Glibc module does not declare:
        // include/CPoll.h), apart from CNCurses so that curses stays behind the one backend.
        .target(name: "CPoll"),
        .target(name: "Engine", swiftSettings: withoutStringProcessing),
        // The viewer without the operating system: the model, input decoding, layout, frames and the
        // screen diff. It imports Engine and the standard library only (no Glibc, Foundation or C
        // module; `CorePurityTests` holds that); what only TUI uses is `package`, not `public`.
        // In release its functions are serialised for TUI (-cross-module-optimization): the loop's calls
        // into it cost fewer instructions a bar step (Benchmarks/README.md, "the pure core").
        .target(name: "ViewerCore", dependencies: ["Engine"],
                swiftSettings: withoutStringProcessing
                    + [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),
        .executableTarget(
            name: "TUI",
            dependencies: ["Engine", "ViewerCore", "CNCurses", "CImages", "CArguments", "CBuildCommit", "CPoll"],
            swiftSettings: withoutStringProcessing
        ),
        .testTarget(name: "EngineTests", dependencies: ["Engine"]),
        // Writes test pictures (PNG of every colour type, JPEG with EXIF, CMYK) for the image tests, and
        // inflates kitty's zlib payloads.
        .target(name: "CImageFixtures", path: "Tests/CImageFixtures",
                linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("turbojpeg"), .linkedLibrary("z")]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "ViewerCore", "Engine", "CImageFixtures"], exclude: ["EndToEnd/Scripts"]),
    ],
    swiftLanguageModes: [.v6]
)
