import Foundation
import Strata

/// A Lottie (Bodymovin) animation, read into typed values: the composition's
/// size, frame rate and frames, its layers, assets and markers.
///
/// ```swift
/// let lottie = try LottieComposition.load(contentsOf: url)
/// let scene = try lottie.makeScene()     // a layer tree with CAKeyframeAnimations
/// for warning in lottie.warnings { print(warning) }
/// ```
///
/// Reading checks every field it uses and throws ``LottieError`` naming the
/// first wrong one; what Strata cannot draw (text on a path, some effects and
/// blend modes, expressions it cannot evaluate…) is listed in ``warnings``.
public struct LottieComposition: Equatable, Sendable {
    /// `v`: the Bodymovin version that wrote the file.
    public var version: String
    /// `nm`.
    public var name: String?
    /// `fr`: frames per second.
    public var frameRate: Double
    /// `ip`: the first frame.
    public var inPoint: Double
    /// `op`: the last frame (rlottie and lottie-ios draw it too).
    public var outPoint: Double
    /// `w`, `h`: the canvas in points.
    public var width: Double
    /// See ``width``.
    public var height: Double
    /// `layers`, first on top.
    package var layers: [LottieLayer]
    /// `assets`, by `id`.
    package var assets: [String: LottieAsset]
    /// `markers`: named spans of frames.
    public var markers: [LottieMarker]
    /// `fonts.list`: the fonts text documents name.
    package var fonts: [LottieFont] = []
    /// `chars`: glyphs drawn into the file, for text in its fonts.
    package var characters: [LottieCharacter] = []
    /// What the file asks for that Strata does not draw, one line each.
    public var warnings: [LottieWarning]
    /// The folder image files are resolved against.
    public var baseURL: URL?

    /// The largest file read (64 MiB).
    public static let maximumFileSize = 64 << 20

    /// How long the animation plays: (op − ip) / fr seconds.
    public var duration: Double { max(0, outPoint - inPoint) / frameRate }
}

/// The limits that keep a hostile file from costing unbounded memory or time.
public enum LottieLimits {
    /// The most layers one animation may build (precompositions are built once per use).
    public static let maximumBuiltLayers = 100_000
    /// The deepest nesting of precompositions.
    public static let maximumPrecompDepth = 32
    /// The deepest nesting of shape groups.
    public static let maximumGroupDepth = 64
    /// The most samples a property sampled per frame gets.
    public static let maximumSamples = 3_600
    /// The most path elements (or numbers) that values sampled per frame may hold in all.
    public static let maximumSampledElements = 8_000_000
    /// The most copies a repeater makes.
    public static let maximumRepeaterCopies = 1_000
    /// The most points a polystar has.
    public static let maximumPolystarPoints = 1_000
    /// The most ridges a zig-zag modifier puts on each side of a path.
    public static let maximumZigZagRidges = 1_000
    /// The most points a zig-zag modifier gives one subpath (fewer ridges a side where it would give more).
    public static let maximumZigZagPoints = 100_000
    /// The most paths one merge-paths item combines by its mode (the rest are added as they are).
    public static let maximumMergedPaths = 64
    /// The most characters one text layer draws (each document; the rest is left out).
    public static let maximumTextCharacters = 5_000
    /// The most documents (text keyframes) one text layer draws.
    public static let maximumTextDocuments = 500
    /// The most canvas pixels per side.
    public static let maximumCanvasSide = 16_384.0
}
