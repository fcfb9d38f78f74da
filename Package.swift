// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TableKit",
    products: [
        .library(name: "TableKit", targets: ["TableKit"]),
        .library(name: "TableKitTerminal", targets: ["TableKitTerminal"]),
        .executable(name: "table-browser", targets: ["TUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `make docs`: the DocC catalog of TableKit.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Property-based tests: random inputs, shrunk to the smallest counterexample.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // ncursesw, wide-character build; only TableKitTerminal may import it. No pkgConfig:
        // Debian's ncursesw.pc gives only -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600, which SwiftPM
        // drops with a "prohibited flag(s)" warning in every dependent's build; the module map
        // links ncursesw and shim.h asks for the wide-character API itself.
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        // Debian's simdjson behind a plain C API of ours.
        .target(
            name: "CSimdjson",
            path: "Sources/CSimdjson",
            cxxSettings: [
                .define("SIMDJSON_THREADS_ENABLED", to: "1"),
                // simdjson's inline code checks itself with assert(): on in debug builds (and
                // the tests), off in release, where it cost the loader about a tenth (issue 14).
                .define("NDEBUG", .when(configuration: .release)),
                .unsafeFlags(["-O3"]),
            ],
            linkerSettings: [.linkedLibrary("simdjson")]
        ),
        // The photo board's PNG and Exif decoding, through Debian's libpng and libexif (issue 27).
        // libpng reports errors by longjmp, so every libpng call stays in C.
        .target(
            name: "CPhotoDecoding",
            path: "Sources/CPhotoDecoding",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("exif")]
        ),
        // table-browser's first instruction (.preinit_array): crash signals end the process
        // quietly until main() installs the app's handlers, never the Swift runtime's
        // backtracer and its 30-second prompt (issue 38).
        .target(name: "CProcessStart", path: "Sources/CProcessStart"),
        // Pure Swift: models, layout, drawing into a Canvas, key handling. Never curses.
        .target(name: "TableKit", path: "Sources/TableKit"),
        // Runs a TableKit app: in a real terminal through curses, or headless with scripted keys.
        .target(name: "TableKitTerminal", dependencies: ["TableKit", "CNcurses"], path: "Sources/TableKitTerminal"),
        // The bundled JSON files and the one Swift file that finds them.
        .target(
            name: "BundledData",
            path: "Resources",
            resources: [.copy("books.json"), .copy("games.json"), .copy("tweets.json"), .copy("tweets-new.json"), .copy("photos")]
        ),
        .executableTarget(
            name: "TUI",
            dependencies: [
                "TableKit", "TableKitTerminal", "CSimdjson", "CPhotoDecoding", "CProcessStart", "BundledData",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/TUI"
        ),
        // Small apps on the public API only; the tests build and run them.
        .executableTarget(name: "fruit-list", dependencies: ["TableKit", "TableKitTerminal"], path: "Examples/FruitList"),
        .executableTarget(name: "settings-example", dependencies: ["TableKit", "TableKitTerminal"], path: "Examples/SettingsExample"),
        .executableTarget(name: "inbox", dependencies: ["TableKit", "TableKitTerminal"], path: "Examples/Inbox"),
        // A model on the main actor, read and changed by data source, delegate, an alert's
        // answer and background work (issue 25).
        .executableTarget(name: "contacts", dependencies: ["TableKit", "TableKitTerminal"], path: "Examples/Contacts"),
        .executableTarget(name: "groceries", dependencies: ["TableKit", "TableKitTerminal"], path: "Examples/Groceries"),
        // expectFrame and the frame readers every test target shares (a library, not a test target).
        .target(name: "TableKitTestSupport", dependencies: ["TableKit"], path: "Tests/TestSupport"),
        .testTarget(name: "TableKitTests", dependencies: ["TableKit", "TableKitTestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
                    path: "Tests/TableKitTests"),
        // The public API only: `import Foundation`, `import TableKit` (and `TableKitTerminal`), never @testable.
        .testTarget(name: "TableKitAPITests", dependencies: ["TableKit", "TableKitTerminal", "TableKitTestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
                    path: "Tests/TableKitAPITests"),
        .testTarget(name: "TUITests", dependencies: ["TUI", "TableKit", "TableKitTerminal", "TableKitTestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
                    // The whole frames of the app's screens, read from the source tree by #filePath.
                    path: "Tests/TUITests", exclude: ["ScreenFrames/Frames"]),
    ],
    cxxLanguageStandard: .cxx17
)
