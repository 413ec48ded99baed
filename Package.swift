// swift-tools-version: 6.1
// Switchyard: URL and deep-link routing. The Swift core (`Switchyard`), its C ABI
// (`SwitchyardC`, implemented against include/switchyard.h with @c @implementation) and
// jansson as a system library. CMakeLists.txt builds the same sources; see docs/BUILD.md.
// The `switchyard` command-line tool (SwitchyardCLI, docs/CLI.md) checks, resolves, lists and
// compares rule documents.
import PackageDescription

let package = Package(
    name: "Switchyard",
    // The OS releases that ship the Swift 6.0 standard library, the first with
    // Synchronization's Atomic (the router's table id, read once per resolve) and
    // String(validating:as:). Other platforms (Linux, Windows) take the toolchain's library.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Switchyard", targets: ["Switchyard"]),
        .library(name: "switchyard", type: .dynamic, targets: ["SwitchyardC"]),
        // The tool. SwiftPM names its binary switchyard-cli because the C library product above is
        // already called switchyard; `cmake --install` installs it as `switchyard`.
        .executable(name: "switchyard-cli", targets: ["SwitchyardCLI"]),
        // The common program (register, resolve, read two parameters, handle errors) in Swift.
        .executable(name: "switchyard-example-common", targets: ["SwitchyardExampleCommon"]),
    ],
    // Rule documents and app-link files are JSON read with the system's jansson. A Swift app
    // that only adds routes in code can leave them out, and jansson with them:
    // `.package(url: ..., from: ..., traits: ["FoundationURL"])` (or `traits: []` to leave
    // out the URL overloads, and Foundation, too). The C library and the tool need them.
    traits: [
        .trait(name: "RuleDocuments",
               description: "Rule documents and app-link files (JSON), read with the system's jansson (libjansson-dev)"),
        .trait(name: "FoundationURL",
               description: "Router.resolve overloads that take Foundation's URL (the C library is built without them)"),
        .default(enabledTraits: ["RuleDocuments", "FoundationURL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The hand-written public header, read through include/module.modulemap (shared with CMake).
        .systemLibrary(name: "CSwitchyard", path: "include"),
        .systemLibrary(
            name: "CJansson", path: "Sources/CJansson", pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]),
        .target(name: "Switchyard",
                dependencies: [.target(name: "CJansson", condition: .when(traits: ["RuleDocuments"]))]),
        .target(name: "SwitchyardC", dependencies: ["Switchyard", "CSwitchyard", "CJansson"]),
        .executableTarget(
            name: "SwitchyardCLI",
            dependencies: ["Switchyard", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(name: "SwitchyardExampleCommon", dependencies: ["Switchyard"], path: "examples/common",
                          exclude: ["common.c"], sources: ["common.swift"]),
        .testTarget(name: "SwitchyardTests", dependencies: ["Switchyard", "SwitchyardCLI"]),
    ]
)
