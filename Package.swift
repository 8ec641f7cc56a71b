// swift-tools-version:6.0
import PackageDescription

/// A C library reached through pkg-config, with the Debian package that provides it.
func systemLibrary(_ name: String, pkgConfig: String?, apt: [String]) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt(apt)])
}

let package = Package(
    name: "Folio",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "folio", targets: ["folio"]),
    ],
    targets: [
        // C libraries, each reached from exactly one Folio module.
        systemLibrary("CPangoCairo", pkgConfig: "pangocairo", apt: ["libpango1.0-dev", "libcairo2-dev"]),
        systemLibrary("CLCMS2", pkgConfig: "lcms2", apt: ["liblcms2-dev"]),
        systemLibrary("CJPEG", pkgConfig: "libjpeg", apt: ["libjpeg62-turbo-dev"]),
        systemLibrary("CCurl", pkgConfig: "libcurl", apt: ["libcurl4-openssl-dev"]),
        // GitHub's CommonMark parser with its extensions, from Document only.
        systemLibrary("CCmarkGFM", pkgConfig: "libcmark-gfm", apt: ["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]),
        systemLibrary("CHyphen", pkgConfig: nil, apt: ["libhyphen-dev"]),
        systemLibrary("CSQLite", pkgConfig: "sqlite3", apt: ["libsqlite3-dev"]),
        systemLibrary("CPQ", pkgConfig: "libpq", apt: ["libpq-dev"]),
        systemLibrary("CMHD", pkgConfig: "libmicrohttpd", apt: ["libmicrohttpd-dev"]),
        // ZIP exports (Day One) are read through libarchive, from Import/Importers only.
        systemLibrary("CArchive", pkgConfig: "libarchive", apt: ["libarchive-dev"]),
        systemLibrary("CZlib", pkgConfig: "zlib", apt: ["zlib1g-dev"]),
        // systemd's readiness, watchdog and stopping notifications (sd_notify), from Jobs/Runner only.
        systemLibrary("CSystemd", pkgConfig: "libsystemd", apt: ["libsystemd-dev"]),
        systemLibrary("CPNG", pkgConfig: "libpng16", apt: ["libpng-dev"]),
        systemLibrary("CQPDF", pkgConfig: "libqpdf", apt: ["libqpdf-dev"]),
        // Photos are turned upright and resampled with pixman (the library Cairo paints with),
        // from Prepress/Photo/Pixman only.
        systemLibrary("CPixman", pkgConfig: "pixman-1", apt: ["libpixman-1-dev"]),
        // The formats phones and the web write besides JPEG and PNG (issue 39), each read by one
        // decoder in its own room of Prepress/Photo: HEIC and AVIF through libheif (with its HEVC
        // and AV1 decoders), WebP, GIF and TIFF.
        systemLibrary("CHeif", pkgConfig: "libheif", apt: ["libheif-dev"]),
        systemLibrary("CWebP", pkgConfig: "libwebpdemux", apt: ["libwebp-dev"]),
        systemLibrary("CGIF", pkgConfig: nil, apt: ["libgif-dev"]),
        systemLibrary("CTIFF", pkgConfig: "libtiff-4", apt: ["libtiff-dev"]),
        // Hashes and HMAC come from OpenSSL, never from Folio's own code.
        systemLibrary("CCrypto", pkgConfig: "libcrypto", apt: ["libssl-dev"]),
        // Shims only where Swift cannot call the API: libjpeg's setjmp error handling, curl's
        // variadic setopt, libmicrohttpd's variadic daemon start and connection info.
        .target(name: "CJPEGShim", dependencies: ["CJPEG"]),
        .target(name: "CCurlShim", dependencies: ["CCurl"]),
        .target(name: "CMHDShim", dependencies: ["CMHD"]),

        // The bottom of the house: the codes jobs end with and what the queue does about them,
        // digests, HMAC and atomic files; depends on no Folio module.
        .target(name: "Diagnostics", dependencies: ["CCrypto"]),
        .target(name: "Prepress", dependencies: ["Diagnostics", "CJPEGShim", "CJPEG", "CPNG", "CLCMS2", "CZlib", "CQPDF", "CPixman",
                                                      "CHeif", "CWebP", "CGIF", "CTIFF"]),
        // An entry's content as plain values, read once by cmark-gfm: what the book sets, the
        // EPUB writes and the completeness check expects. Imports no renderer.
        .target(name: "Document", dependencies: ["Diagnostics", "CCmarkGFM"]),
        // What comes in: orders, journals and every app's export read into entries of
        // Documents, each app's syntax counted where it is left out. Reaches no renderer.
        .target(name: "Import", dependencies: ["Diagnostics", "Document", "CArchive"]),
        .target(name: "Render", dependencies: ["Diagnostics", "Prepress", "Document", "CPangoCairo", "CHyphen"],
                resources: [.copy("Text/Dictionaries")]),
        .target(name: "Upload", dependencies: ["CCurlShim", "CCurl"]),
        .target(name: "Jobs", dependencies: ["Diagnostics", "Document", "Import", "Render", "Prepress", "Upload", "CSQLite", "CPQ", "CSystemd"],
                resources: [.copy("Queue/SQL"), .copy("Report/ReportAssets")]),
        .target(name: "Console", dependencies: ["Jobs", "Diagnostics", "CMHDShim", "CMHD"], resources: [.copy("ConsoleAssets")]),
        // What `folio` and `folio-bench` share of the command line: arguments and where they speak.
        .target(name: "FolioCommandLine"),
        // The `folio` program: its commands, arguments to `Jobs` and `Console`, outcomes to exit
        // codes. A library, so that the tests' `folio-with-faults` is the same program.
        .target(name: "FolioCommands", dependencies: ["Jobs", "Import", "Console", "Prepress", "Upload", "Diagnostics", "FolioCommandLine"]),
        .executableTarget(name: "folio", dependencies: ["FolioCommands"]),
        // The bench of `make bench`, its diaries' generators and the queue's claim loop: a tool
        // beside the product, never shipped in it. It runs the `folio` built beside it.
        .executableTarget(name: "folio-bench", dependencies: ["Jobs", "Render", "Prepress", "Diagnostics", "FolioCommandLine"]),
        // What the tests share: workspaces, the fault server, a private PostgreSQL, PDF, EPUB and
        // image checks. Public API only, so that a release build of every target still builds it.
        .target(name: "FolioTestSupport", dependencies: ["Jobs", "Render", "Prepress"], path: "Tests/FolioTestSupport"),
        // `folio` with the faults FOLIO_TEST_FAULT names in its job processes (a write to address
        // 16, a malloc loop, SIGKILL after a delivery): a test build, so the product holds none.
        .executableTarget(name: "folio-with-faults", dependencies: ["FolioCommands", "Jobs"], path: "Tests/FolioWithFaults"),
        .testTarget(name: "FolioTests", dependencies: ["Jobs", "Document", "Import", "Render", "Prepress", "Upload", "Console", "Diagnostics",
                                                       "folio-bench", "FolioTestSupport"]),
    ]
)
