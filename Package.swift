// swift-tools-version: 6.1
// Switchyard: URL and deep-link routing. The Swift core (`Switchyard`), its C ABI
// (`SwitchyardC`, implemented against include/switchyard.h with @c @implementation) and
// jansson as a system library. CMakeLists.txt builds the same sources; see docs/BUILD.md.
import PackageDescription

let package = Package(
    name: "Switchyard",
    products: [
        .library(name: "Switchyard", targets: ["Switchyard"]),
        .library(name: "switchyard", type: .dynamic, targets: ["SwitchyardC"]),
    ],
    targets: [
        // The hand-written public header, read through include/module.modulemap (shared with CMake).
        .systemLibrary(name: "CSwitchyard", path: "include"),
        .systemLibrary(
            name: "CJansson", path: "Sources/CJansson", pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]),
        .target(name: "Switchyard", dependencies: ["CJansson"]),
        .target(name: "SwitchyardC", dependencies: ["Switchyard", "CSwitchyard", "CJansson"]),
        .testTarget(name: "SwitchyardTests", dependencies: ["Switchyard"]),
    ]
)
