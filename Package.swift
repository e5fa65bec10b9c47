// swift-tools-version: 6.1
import PackageDescription
import class Foundation.ProcessInfo

let package = Package(
    name: "Strata",
    products: [
        .library(name: "Strata", targets: ["Strata"]),
        .library(name: "StrataScene", targets: ["StrataScene"]),
        .library(name: "StrataRender", targets: ["StrataRender"]),
        .library(name: "StrataLayerRaster", targets: ["StrataLayerRaster"]),
        .library(name: "StrataHost", targets: ["StrataHost", "StrataGL"]),
        .library(name: "StrataLottie", targets: ["StrataLottie"]),
        .executable(name: "strata", targets: ["strata"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries from Debian's -dev packages.
        .systemLibrary(name: "CEpoxy", pkgConfig: "epoxy", providers: [.apt(["libepoxy-dev"])]),
        .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev"])]),
        // CGLFW.X11: the X window under a GLFW window, and XInput 2.4 gestures on it.
        .systemLibrary(
            name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev", "libxi-dev", "libxrandr-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // Font files by family and style, for fonts other than the DejaVu faces Strata finds by file name.
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // Lottie expressions: Duktape, an embeddable JavaScript engine (shim.h runs every script protected).
        .systemLibrary(name: "CDuktape", pkgConfig: "duktape", providers: [.apt(["duktape-dev"])]),

        // Scan conversion of edges into coverage masks: below the model, which draws paths with it.
        .target(name: "StrataRaster"),
        // What Swift cannot say: a layer subclass's own `init(layer:)` called on a class known only at
        // run time (Strata's presentation copies), through the runtime's vtable lookup.
        .target(name: "CStrataRuntime"),
        // Model: Core Animation names, no GL; CPU drawing (CGContext, paths, Core Text through FreeType).
        .target(
            name: "Strata",
            dependencies: ["StrataRaster", "CStrataRuntime", "CPNG", "CTurboJPEG", "CFreeType", "CFontconfig"]),
        // Scene files (`*.scene.json`): reader, writer, playback, schema.
        .target(name: "StrataScene", dependencies: ["Strata"]),
        // Presentation, flattening, render list: no GL.
        .target(name: "StrataRender", dependencies: ["Strata", "CStrataRuntime"]),
        // Layer contents rasterized on the CPU (shape paths, text through FreeType): StrataRender's LayerRasterizer.
        .target(name: "StrataLayerRaster", dependencies: ["Strata", "StrataRender", "CFreeType"]),
        // Lottie (Bodymovin) files as layer trees with keyframe animations, through the public API.
        .target(name: "StrataLottie", dependencies: ["Strata", "StrataScene", "CDuktape"]),
        // The OpenGL backend.
        .target(name: "StrataGL", dependencies: ["StrataRender", "CEpoxy"]),
        // Window (GLFW) and offscreen (EGL) hosts; StrataScene for its JSON reader (input recordings).
        .target(
            name: "StrataHost",
            dependencies: ["StrataGL", "StrataLayerRaster", "StrataScene", "CStrataRuntime", "CEGL", "CGLFW"]),
        // Video files and frame sequences: y4m, ffmpeg, joining split renders (no GL).
        .target(name: "StrataExport"),
        // The interactive demos, written against the public API as an app would be.
        .target(name: "StrataDemos", dependencies: ["Strata", "StrataScene", "StrataRender", "StrataGL", "StrataHost"]),
        // Fuzz targets for the readers of outside input, and their libFuzzer driver (Scripts/fuzz).
        .target(
            name: "_StrataFuzzTargets",
            dependencies: ["Strata", "StrataScene", "StrataRender", "StrataLayerRaster", "StrataLottie"]),
        .executableTarget(name: "strata-fuzz", dependencies: ["_StrataFuzzTargets"]),
        .executableTarget(
            name: "strata",
            dependencies: [
                "Strata", "StrataScene", "StrataRender", "StrataLayerRaster", "StrataGL", "StrataHost", "StrataExport",
                "StrataDemos", "StrataLottie",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Helpers the test targets share: the thread stress harness, golden images, render-list snapshots (no GL),
        // scratch folders.
        .target(name: "_StrataTestSupport", dependencies: ["Strata", "StrataRender"], path: "Tests/_StrataTestSupport"),
        .testTarget(
            name: "StrataTests", dependencies: ["Strata", "StrataScene", "_StrataTestSupport", "_StrataFuzzTargets"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "StrataExportTests", dependencies: ["StrataExport", "_StrataTestSupport"]),
        .testTarget(
            name: "StrataRenderTests",
            dependencies: [
                "Strata", "StrataRaster", "StrataScene", "StrataRender", "StrataLayerRaster", "_StrataTestSupport",
            ],
            exclude: ["Snapshots"]),
        .testTarget(name: "StrataHostTests", dependencies: ["Strata", "StrataHost"]),
        .testTarget(name: "StrataLottieTests", dependencies: ["Strata", "StrataScene", "StrataLottie"]),
        .testTarget(
            name: "StrataDemosTests", dependencies: ["Strata", "StrataHost", "StrataDemos", "_StrataTestSupport"]),
        .testTarget(
            name: "StrataGLTests",
            dependencies: [
                "Strata", "StrataScene", "StrataRender", "StrataLayerRaster", "StrataGL", "StrataHost", "StrataExport",
                "_StrataTestSupport",
            ],
            exclude: ["Golden", "Scenes"]),
    ]
)

// Micro-benchmarks of the per-frame hot paths (ordo-one/benchmark: time and
// allocations per frame), only when asked for, so that building and testing
// the package does not build the benchmark tool:
// `STRATA_BENCHMARKS=1 swift package benchmark`.
if ProcessInfo.processInfo.environment["STRATA_BENCHMARKS"] == "1" {
    package.dependencies.append(
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]))
    package.targets.append(
        .executableTarget(
            name: "FrameBenchmarks",
            dependencies: ["Strata", "StrataRender", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/FrameBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]))
}


// Swift-DocC's plugin, only when asked for, so that building and testing the
// package does not resolve it: `STRATA_DOCS=1 swift package generate-documentation`
// builds the DocC catalogs (Sources/*/*.docc) of every library target.
if ProcessInfo.processInfo.environment["STRATA_DOCS"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
