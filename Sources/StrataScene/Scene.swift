import Foundation
import Strata

/// A scene file (`*.scene.json`, see `scene-format.md`): a canvas, a layer tree,
/// the tree's explicit animations and a timeline of transactions.
///
/// Loading reads every field into a `CALayer` tree (``root``); animations and
/// the timeline stay data (``animations``, ``timeline``) for the animation code
/// to turn into `CAAnimation`s and transactions. ``jsonData()`` writes the
/// scene back; loading what it writes gives an equal scene and the same bytes.
///
/// ## A fresh tree per render
///
/// Applying a timeline or animations changes a tree, so each render at a time
/// `t` should start from ``instantiate()``, which copies ``root`` into a new
/// tree and retargets the animations to it (``SceneInstance``). ``root``
/// itself is never changed by Strata.
///
/// Loading sets the layers' stored values directly: it looks up no actions and
/// opens no transactions.
public final class Scene {
    /// The canvas size in points.
    public var size: CGSize
    /// Pixels per point (default 1).
    public var scale: CGFloat
    /// The colour the canvas is cleared to; nil for transparent black.
    public var background: CGColor?
    /// The time the scene is sampled at by default (the CLI's `--time` overrides it).
    public var time: CFTimeInterval
    /// The frame rate the scene's motion was made at, when it has one (a
    /// Lottie file's `fr`): its clips are drawn at that rate unless told
    /// another. Nil for scene files (clips default to 30 fps).
    public var frameRate: Double?
    /// The root layer. When the file gives it no `bounds` it has the canvas
    /// bounds, and no `position` puts it at the canvas centre.
    public var root: CALayer
    /// The folder that relative image files are resolved against: the scene file's folder.
    public let baseURL: URL?
    /// The explicit animations, in file order (depth first, a layer's own before its mask's and sublayers').
    public var animations: [SceneAnimation]
    /// The timeline, in file order (apply the entries with `at <= t` by `at`, file order for equal times).
    public var timeline: [SceneTransaction]
    /// Layers by `name` (masks included); where names repeat, the first in tree order
    /// (depth first: a layer, then its mask, then its sublayers).
    /// Computed when the scene is loaded or made; call ``reindexNames()`` after renaming or re-parenting.
    public private(set) var layersByName: [String: CALayer]
    /// Names more than one layer has (a timeline cannot target them).
    public private(set) var ambiguousNames: Set<String>
    let images: SceneImageTable

    /// The largest scene file read (64 MiB).
    public static let maximumFileSize = 64 << 20
    /// The deepest layer tree (the root is depth 1; a mask is one level below its layer).
    public static let maximumDepth = 256
    /// The most layers a scene may have (masks included).
    public static let maximumLayerCount = 1_000_000
    /// The longest canvas side, in points.
    public static let maximumCanvasSide: CGFloat = 16384
    /// The most pixels per point.
    public static let maximumScale: CGFloat = 16
    /// The largest `instanceCount` a replicator layer may have.
    public static let maximumInstanceCount = 10_000

    /// A scene made in code. Images in the tree need a file name
    /// (``setImageFile(_:for:)``) before ``jsonData()`` can write them.
    public init(
        size: CGSize, root: CALayer, scale: CGFloat = 1, background: CGColor? = nil,
        time: CFTimeInterval = 0, animations: [SceneAnimation] = [], timeline: [SceneTransaction] = [],
        baseURL: URL? = nil
    ) {
        self.size = size
        self.root = root
        self.scale = scale
        self.background = background
        self.time = time
        self.animations = animations
        self.timeline = timeline
        self.baseURL = baseURL
        self.images = SceneImageTable(baseURL: baseURL)
        (layersByName, ambiguousNames) = Scene.indexNames(root)
    }

    /// Reads a scene from JSON `data`; relative image files resolve against `baseURL` (a folder).
    public convenience init(data: Data, baseURL: URL?) throws(SceneError) {
        var reader = SceneReader(images: SceneImageTable(baseURL: baseURL))
        let parts = try reader.read(data)
        self.init(
            size: parts.size, root: parts.root, scale: parts.scale, background: parts.background,
            time: parts.time, animations: reader.animations, timeline: parts.timeline,
            images: reader.images, layersByName: reader.layersByName, ambiguousNames: reader.ambiguousNames)
    }

    init(
        size: CGSize, root: CALayer, scale: CGFloat, background: CGColor?, time: CFTimeInterval,
        animations: [SceneAnimation], timeline: [SceneTransaction], images: SceneImageTable,
        layersByName: [String: CALayer], ambiguousNames: Set<String>
    ) {
        self.size = size
        self.root = root
        self.scale = scale
        self.background = background
        self.time = time
        self.animations = animations
        self.timeline = timeline
        self.baseURL = images.baseURL
        self.images = images
        self.layersByName = layersByName
        self.ambiguousNames = ambiguousNames
    }

    /// Reads the scene file at `url`; errors carry the file's path as given.
    public static func load(contentsOf url: URL) throws(SceneError) -> Scene {
        let file = url.isFileURL ? url.relativePath : url.absoluteString
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            if attributes[.type] as? FileAttributeType == .typeDirectory {
                throw SceneError(file: file, path: "", reason: "is a directory")
            }
            // Check the size before reading, so a huge file costs nothing.
            if let bytes = (attributes[.size] as? NSNumber)?.intValue, bytes > maximumFileSize {
                throw SceneError.fileTooLarge(bytes).inFile(file)
            }
            data = try Data(contentsOf: url)
        } catch let error as SceneError {
            throw error
        } catch {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw SceneError(file: file, path: "", reason: exists ? "cannot read the file" : "no such file")
        }
        do {
            return try Scene(data: data, baseURL: url.deletingLastPathComponent())
        } catch {
            throw error.inFile(file)
        }
    }

    /// The number of layers in the tree, masks included.
    public var layerCount: Int {
        var count = 0
        var stack = [root]
        while let layer = stack.popLast() {
            count += 1
            stack.append(contentsOf: layer._sublayers)
            if let mask = layer._mask { stack.append(mask) }
        }
        return count
    }

    /// Recomputes ``layersByName`` and ``ambiguousNames`` from ``root``.
    public func reindexNames() {
        (layersByName, ambiguousNames) = Scene.indexNames(root)
    }

    /// The image file `image` is written as (the file it was read from), if any.
    public func imageFile(for image: CGImage) -> String? { images.file(of: image) }

    /// Sets the file name `image` is written as, relative to ``baseURL``.
    public func setImageFile(_ file: String, for image: CGImage) { images.register(image, file: file) }

    /// Decodes an animation or timeline value for `keyPath`, as
    /// `SceneValueDecoder.decodeValue(_:forKeyPath:of:at:baseURL:)` does,
    /// sharing the scene's images (so `contents` values are the same `CGImage`s).
    package func decodeValue(
        _ json: JSONValue, forKeyPath keyPath: String, of type: SceneLayerType? = nil,
        at path: String
    ) throws(SceneError) -> Any {
        try SceneValueDecoder.decodeValue(json, forKeyPath: keyPath, of: type, at: path, images: images)
    }

    /// Layers by name in file order (first wins), and the names that repeat.
    static func indexNames(_ root: CALayer) -> ([String: CALayer], Set<String>) {
        var byName: [String: CALayer] = [:]
        var repeated: Set<String> = []
        // Depth first, a layer before its mask before its sublayers: file order.
        var stack = [root]
        while let layer = stack.popLast() {
            if let name = layer.name {
                if byName[name] == nil { byName[name] = layer } else { repeated.insert(name) }
            }
            stack.append(contentsOf: layer._sublayers.reversed())
            if let mask = layer._mask { stack.append(mask) }
        }
        return (byName, repeated)
    }
}

extension SceneValueDecoder {
    /// `decodeValue` with the scene's image table for `contents`.
    static func decodeValue(
        _ json: JSONValue, forKeyPath keyPath: String, of type: SceneLayerType?,
        at path: String, images: SceneImageTable
    ) throws(SceneError) -> Any {
        if keyPath == "contents" { return try images.image(json, at: path) }
        guard let decode = keyPathDecoder(keyPath, for: type) else {
            throw .unknownKeyPath(keyPath, type: type?.rawValue, at: path)
        }
        return try decode(json, path)
    }
}
