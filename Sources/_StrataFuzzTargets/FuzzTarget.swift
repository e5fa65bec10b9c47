import Foundation
import Strata
import StrataLayerRaster
import StrataLottie
import StrataRender
import StrataScene

/// The readers of outside input, as fuzz targets: each takes any bytes and
/// must return (an error is fine) without crashing, hanging or tripping a
/// sanitizer. Where an input is accepted, what is made of it is used the way
/// Strata would use it, and must hold up too.
///
/// `strata-fuzz TARGET` runs one under libFuzzer (`Scripts/fuzz`); the tests
/// replay every input that ever crashed one (`Tests/Fuzz/crashes/TARGET/`)
/// and the seed corpus through them.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `Scene(data:baseURL:)`; a scene read is played (two frames), flattened
    /// at a small size, written and read back.
    case scene
    /// `CGImage(pngData:)`; an image decoded is encoded and decoded again.
    case png
    /// `CGImage(jpegData:)`; an image decoded must decode the same through `CGImage(data:)`, and survive PNG.
    case jpeg
    /// `CGPath(svgPathData:)`; a path parsed is measured, stroked, dashed and rasterized.
    case svgPath = "svg-path"
    /// `LottieComposition(data:)`; an animation read is built into a scene, played (two frames) and flattened.
    case lottie

    /// Runs the target on one input.
    public func run(_ data: Data) {
        switch self {
        case .scene: Self.scene(data)
        case .png: Self.png(data)
        case .jpeg: Self.jpeg(data)
        case .svgPath: Self.svgPath(data)
        case .lottie: Self.lottie(data)
        }
    }

    /// Seed files for the target: the scene files, PNGs and JPEGs in the repository
    /// and beside it (`../shared/scenes`), and the malformed corpus.
    public func seedFiles(packageRoot: URL) -> [URL] {
        let folders: [String]
        let suffix: String
        switch self {
        case .scene:
            folders = [
                "Tests/Scenes", "Resources/Scenes", "../shared/scenes", "Tests/StrataTests/Fixtures/malformed",
                "Tests/StrataTests/Fixtures/scenes",
            ]
            suffix = ".json"
        case .png:
            folders = [
                "Tests/Scenes/images", "Tests/StrataTests/Fixtures/png", "Tests/StrataTests/Fixtures/malformed",
                "Documentation",
            ]
            suffix = ".png"
        case .jpeg:
            folders = [
                "Tests/StrataTests/Fixtures/jpeg", "Tests/StrataTests/Fixtures/malformed/images",
                "Tests/Lottie/images", "Tests/StrataGLTests/Scenes/images",
            ]
            suffix = ".jpg"
        case .svgPath:
            folders = ["Tests/Fuzz/seeds/svg-path"]
            suffix = ".txt"
        case .lottie:
            folders = ["Tests/Lottie"]
            suffix = ".json"
        }
        return folders.flatMap { folder -> [URL] in
            let url = packageRoot.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.filter { $0.hasSuffix(suffix) }.sorted().map { url.appendingPathComponent($0) }
        }
    }

    // MARK: The targets

    static func scene(_ data: Data) {
        guard let scene = try? Scene(data: data, baseURL: nil) else { return }
        // Written out, what was read must read back.
        if let json = try? scene.jsonData() {
            precondition(
                (try? Scene(data: json, baseURL: nil)) != nil, "FuzzTarget.scene: a written scene does not read")
        }
        guard let player = try? ScenePlayer(scene) else { return }
        // A small canvas: the fuzzer looks for crashes, not for big pictures.
        var flattener = Flattener(
            size: CGSize(
                width: min(max(scene.size.width, 1), 64),
                height: min(max(scene.size.height, 1), 64)),
            rasterizer: ShapeLayerRasterizer())
        flattener.appearanceCache = AppearanceCache()
        for time in [scene.time, scene.time + 0.25] where time.isFinite {
            _ = flattener.renderList(for: player.frame(at: time))
        }
    }

    static func lottie(_ data: Data) {
        guard let composition = try? LottieComposition(data: data), let scene = try? composition.makeScene(),
            let player = try? ScenePlayer(scene)
        else { return }
        let flattener = Flattener(
            size: CGSize(
                width: min(max(scene.size.width, 1), 64),
                height: min(max(scene.size.height, 1), 64)),
            rasterizer: ShapeLayerRasterizer())
        // Ticked into the flattener's snapshot, as clips are rendered (scenes above go through trees).
        for time in [0, composition.duration / 2] where time.isFinite {
            player.advance(to: time)
            _ = flattener.renderList(ticking: player.ticker, at: time)
        }
    }

    static func png(_ data: Data) {
        guard let image = try? CGImage(pngData: data, label: "fuzz") else { return }
        guard let encoded = try? image.pngData() else { return }
        let again = try? CGImage(pngData: encoded, label: "fuzz again")
        precondition(again?.pixels == image.pixels, "FuzzTarget.png: an image does not survive encoding")
    }

    static func jpeg(_ data: Data) {
        guard let image = try? CGImage(jpegData: data, label: "fuzz") else { return }
        let sniffed = try? CGImage(data: data, label: "fuzz sniffed")
        precondition(sniffed?.pixels == image.pixels, "FuzzTarget.jpeg: CGImage(data:) decodes a JPEG differently")
        guard let png = try? image.pngData() else { return }
        precondition(
            (try? CGImage(pngData: png, label: "fuzz png"))?.pixels == image.pixels,
            "FuzzTarget.jpeg: a decoded JPEG does not survive PNG")
    }

    static func svgPath(_ data: Data) {
        guard let path = try? CGPath(svgPathData: String(decoding: data, as: UTF8.self)) else { return }
        _ = path.copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        _ = path.copy(dashingWithPhase: 1, lengths: [3, 2])
        // A path thousands of points across is rasterized at up to
        // ShapeLayerRasterizer.maximumSide² (bounded, 0.6 s in a release
        // build, but most of a minute under ASan): the parser, stroker and
        // dasher above see every path, the rasterizer the ones of a sane size.
        let box = path.boundingBox
        guard box.width.isFinite, box.height.isFinite, box.width <= 512, box.height <= 512 else { return }
        let layer = CAShapeLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 32, height: 32)
        layer.path = path
        layer.strokeColor = CGColor(gray: 0, alpha: 1)
        _ = ShapeLayerRasterizer().rasterContents(of: RasterSource(layer), pixelsPerPoint: 1)
    }
}
