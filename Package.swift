// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Strata",
    products: [
        .library(name: "Strata", targets: ["Strata"]),
        .library(name: "StrataRender", targets: ["StrataRender"]),
        .library(name: "StrataHost", targets: ["StrataHost", "StrataGL"]),
        .executable(name: "strata", targets: ["strata"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries from Debian's -dev packages.
        .systemLibrary(name: "CEpoxy", pkgConfig: "epoxy", providers: [.apt(["libepoxy-dev"])]),
        .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),

        // Model: Core Animation names, no GL.
        .target(name: "Strata", dependencies: ["CPNG"]),
        // Presentation, flattening, render list: no GL.
        .target(name: "StrataRender", dependencies: ["Strata", "CFreeType"]),
        // The OpenGL backend.
        .target(name: "StrataGL", dependencies: ["StrataRender", "CEpoxy"]),
        // Window (GLFW) and offscreen (EGL) hosts.
        .target(name: "StrataHost", dependencies: ["StrataGL", "CEpoxy", "CEGL", "CGLFW"]),
        // Fuzz targets for the readers of outside input, and their libFuzzer driver (Scripts/fuzz).
        .target(name: "_StrataFuzzTargets", dependencies: ["Strata", "StrataRender"]),
        .executableTarget(name: "strata-fuzz", dependencies: ["_StrataFuzzTargets"]),
        .executableTarget(
            name: "strata",
            dependencies: [
                "Strata", "StrataRender", "StrataGL", "StrataHost",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Helpers the test targets share (the thread stress harness).
        .target(name: "_StrataTestSupport", dependencies: ["Strata"], path: "Tests/_StrataTestSupport"),
        .testTarget(
            name: "StrataTests", dependencies: ["Strata", "_StrataTestSupport", "_StrataFuzzTargets"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "StrataRenderTests", dependencies: ["Strata", "StrataRender", "_StrataTestSupport"],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "StrataGLTests",
            dependencies: ["Strata", "StrataRender", "StrataGL", "StrataHost", "_StrataTestSupport"],
            exclude: ["Golden"]),
    ]
)
