// swift-tools-version: 6.1
// Switchyard's side-by-side Swift benchmark: Switchyard vs Vapor RoutingKit on the
// route sets of Tests/Data/router-bench. Its own package so the library's package stays free of
// benchmark dependencies. Run through `make bench` (Benchmarks/run.sh).
import Foundation
import PackageDescription

// A path dependency's identity is the name of its directory, which depends on where the
// repository was cloned; read it from this file's location instead of hard-coding it.
let rootIdentity = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "SwitchyardBenchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/vapor/routing-kit.git", exact: "4.9.3"),
    ],
    targets: [
        // Counts heap allocations by defining malloc & co. in the executable (no LD_PRELOAD).
        .target(name: "CAllocCounter", path: "Sources/CAllocCounter"),
        .executableTarget(
            name: "SwiftBench",
            dependencies: [
                "CAllocCounter",
                .product(name: "Switchyard", package: rootIdentity),
                .product(name: "RoutingKit", package: "routing-kit"),
            ]
        ),
    ]
)
