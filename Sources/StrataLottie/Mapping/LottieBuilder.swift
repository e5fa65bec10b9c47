import Foundation
import Strata

/// Builds the Core Animation layer tree of a composition: one `CALayer` per
/// Lottie layer (inside transform-only copies of its parents, as lottie-ios
/// does), `CAShapeLayer`s for fills and strokes, `CAGradientLayer`s masked by
/// shapes for gradients, `mask` layers for masks and track mattes, and
/// `CAKeyframeAnimation`s for everything that moves.
struct LottieBuilder {
    let composition: LottieComposition
    var factory: LottieAnimationFactory
    var warnings: [LottieWarning] = []
    private(set) var layerCount = 0
    /// Decoded images by asset id (nil: could not be decoded, warned once).
    var images: [String: CGImage?] = [:]
    /// Outlines of the file's `chars` (100-unit em), by family, style and character.
    var characterOutlines: [String: CGPath] = [:]

    init(composition: LottieComposition) {
        self.composition = composition
        factory = LottieAnimationFactory(
            inPoint: composition.inPoint, outPoint: composition.outPoint,
            frameRate: composition.frameRate)
    }

    /// Counts one more layer against ``LottieLimits/maximumBuiltLayers``.
    mutating func count(at path: String) throws(LottieError) {
        layerCount += 1
        guard layerCount <= LottieLimits.maximumBuiltLayers else { throw .tooManyLayers(at: path) }
    }

    /// A new layer (anchor point 0, 0), counted against ``LottieLimits/maximumBuiltLayers``.
    mutating func make<L: CALayer>(_ made: @autoclosure () -> L, name: String? = nil, at path: String)
        throws(LottieError) -> L
    {
        try count(at: path)
        let layer = made()
        layer.anchorPoint = .zero
        layer.name = name
        return layer
    }

    mutating func warn(_ warning: LottieWarning) {
        if !warnings.contains(warning) { warnings.append(warning) }
    }

    /// The root layer: the canvas, with the composition's layers.
    mutating func buildRoot() throws(LottieError) -> CALayer {
        let root = try make(CALayer(), name: composition.name ?? "Lottie", at: "")
        root.bounds = CGRect(x: 0, y: 0, width: composition.width, height: composition.height)
        root.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        root.position = CGPoint(x: composition.width / 2, y: composition.height / 2)
        root.masksToBounds = true
        try buildLayers(composition.layers, map: .identity, into: root, depth: 0, precomps: [], path: "layers")
        warnings += factory.warnings
        return root
    }

    // MARK: Layers

    /// Adds `layers` (one composition's, first on top) to `container`.
    mutating func buildLayers(
        _ layers: [LottieLayer], map: LottieTimeMap, into container: CALayer, depth: Int,
        precomps: [String], path: String
    ) throws(LottieError) {
        var byIndex: [Int: Int] = [:]
        for (i, layer) in layers.enumerated() {
            if let index = layer.index, byIndex[index] == nil { byIndex[index] = i }
        }
        // Which layer mattes which: `tp` names it, else it is the layer just before.
        var matteOf: [Int: Int] = [:]
        var usedAsMatte = Set<Int>()
        for (i, layer) in layers.enumerated() where layer.matteMode != nil {
            let source = layer.matteParent.flatMap { byIndex[$0] } ?? (i > 0 ? i - 1 : nil)
            if let source, source != i {
                matteOf[i] = source
                usedAsMatte.insert(source)
            }
        }
        var built: [CALayer] = []
        for (i, layer) in layers.enumerated() {
            let layerPath = "\(path)[\(i)]"
            if layer.isMatteSource || usedAsMatte.contains(i) || layer.isHidden { continue }
            guard
                var node = try buildLayer(
                    layer, in: layers, byIndex: byIndex, map: map, depth: depth,
                    precomps: precomps, path: layerPath)
            else { continue }
            if let source = matteOf[i], let mode = layer.matteMode {
                let matte = layers[source]
                let wrapper = try make(CALayer(), name: (layer.source.name ?? "layer") + " (matted)", at: layerPath)
                wrapper.addSublayer(node)
                let matteNode = try buildLayer(
                    matte, in: layers, byIndex: byIndex, map: map, depth: depth,
                    precomps: precomps, path: "\(path)[\(source)]", forceBuild: true,
                    matteMode: mode)
                let holder = try make(CALayer(), name: (matte.source.name ?? "matte") + " (matte)", at: layerPath)
                if let matteNode { holder.addSublayer(matteNode) }
                try applyMatteMode(mode, to: holder, at: layerPath)
                wrapper.mask = holder
                node = wrapper
            }
            // The layer blends as drawn, matted and masked, with the layers beneath it in its composition.
            if let filter = layer.blendMode.compositingFilter { node.compositingFilter = filter }
            built.append(node)
        }
        // Core Animation draws sublayers back to front; Lottie lists layers front to back.
        for node in built.reversed() { container.addSublayer(node) }
    }

    /// One layer inside transform-only copies of its parents; nil when it draws nothing.
    mutating func buildLayer(
        _ layer: LottieLayer, in layers: [LottieLayer], byIndex: [Int: Int], map: LottieTimeMap,
        depth: Int, precomps: [String], path: String, forceBuild: Bool = false,
        matteMode: LottieLayer.MatteMode? = nil
    ) throws(LottieError) -> CALayer? {
        guard
            let own = try buildOwnLayer(
                layer, map: map, depth: depth, precomps: precomps, path: path,
                forceBuild: forceBuild, matteMode: matteMode)
        else { return nil }
        var node = own
        var next = layer.parent
        var seen = Set<Int>()
        while let p = next, let i = byIndex[p], seen.insert(p).inserted, seen.count <= 256 {
            let parent = layers[i]
            let holder = try make(
                CALayer(), name: "\(layer.source.name ?? "layer") (parent \(parent.source.name ?? "\(p)"))",
                at: path)
            bindTransform(parent.transform, to: holder, map: map, autoOrient: parent.autoOrient, opacity: false)
            holder.addSublayer(node)
            node = holder
            next = parent.parent
        }
        return node
    }

    /// The layer itself: its transform, opacity, visibility, masks and content.
    mutating func buildOwnLayer(
        _ layer: LottieLayer, map: LottieTimeMap, depth: Int, precomps: [String], path: String,
        forceBuild: Bool, matteMode: LottieLayer.MatteMode?
    ) throws(LottieError) -> CALayer? {
        let own = try make(CALayer(), name: layer.source.name, at: path)
        guard try bindVisibility(layer, map: map, to: own) || forceBuild else { return nil }
        bindTransform(layer.transform, to: own, map: map, autoOrient: layer.autoOrient, opacity: true)
        // Masks of mode none clip nothing (they are outlines for effects): a layer with only those has no mask.
        if layer.masks.contains(where: { $0.mode != .none }) {
            own.mask = try buildMasks(layer.masks, map: map, path: path)
        }
        switch layer.content {
        case .null:
            break
        case .shapes(let items):
            var context = LottieShapeContext(map: map, luma: matteMode == .luma || matteMode == .lumaInverted)
            _ = try buildShapeGroup(items, into: own, context: &context, depth: 0, path: path + ".shapes")
        case .text(let text):
            try buildText(
                text, into: own, map: map, luma: matteMode == .luma || matteMode == .lumaInverted,
                path: path + ".t")
        case .solid(let color, let width, let height):
            let solid = try make(CALayer(), at: path)
            solid.bounds = CGRect(x: 0, y: 0, width: width, height: height)
            solid.backgroundColor = Self.matteColor(color, matteMode)
            own.addSublayer(solid)
        case .image(let id):
            if let image = image(id, at: path), case .image(let w, let h, _, _)? = composition.assets[id] {
                let holder = try make(CALayer(), at: path)
                holder.bounds = CGRect(
                    x: 0, y: 0, width: w > 0 ? w : Double(image.width), height: h > 0 ? h : Double(image.height))
                holder.contents = image
                own.addSublayer(holder)
            }
        case .precomposition(let id, let width, let height):
            guard case .precomposition(let assetLayers, _)? = composition.assets[id] else {
                warn(.missingAsset(id, at: path))
                break
            }
            guard !precomps.contains(id) else { throw .precompCycle(id, at: path) }
            guard depth + 1 <= LottieLimits.maximumPrecompDepth else { throw .precompTooDeep(at: path) }
            let clip = try make(CALayer(), name: id, at: path)
            if width > 0 && height > 0 {
                clip.bounds = CGRect(x: 0, y: 0, width: width, height: height)
                clip.masksToBounds = true
            }
            let childMap =
                layer.timeRemap.map {
                    map.remapped($0, frameRate: composition.frameRate, stretch: layer.timeStretch)
                } ?? map.precomposition(start: layer.startTime, stretch: layer.timeStretch)
            try buildLayers(
                assetLayers, map: childMap, into: clip, depth: depth + 1, precomps: precomps + [id],
                path: "assets[\(id)].layers")
            own.addSublayer(clip)
        }
        try applyEffects(layer, to: own, map: map, path: path)
        return own
    }

    /// Hides `layer` outside its in and out points; false when it is never visible.
    mutating func bindVisibility(_ layer: LottieLayer, map: LottieTimeMap, to own: CALayer) throws(LottieError) -> Bool
    {
        let ip = factory.inPoint, op = factory.outPoint
        // rlottie and lottie-ios draw a layer from its ip to its op, both included.
        let slack = 1e-3
        if let linear = map.linear, linear.scale > 0 {
            let first = linear.offset + linear.scale * layer.inPoint
            let last = linear.offset + linear.scale * layer.outPoint
            if last < ip || first > op || last < first { return false }
            if first <= ip && last >= op { return true }
            // Shown a hair before the in point and hidden a hair after the out point, so the
            // frames themselves (sampled with rounding in the seconds) show the layer.
            var points: [LottieAnimationFactory.Point] = [
                .init(frame: min(first, ip) - 1, value: NSNumber(value: true), timing: nil)
            ]
            points.append(.init(frame: first - slack, value: NSNumber(value: false), timing: nil))
            points.append(.init(frame: last + slack, value: NSNumber(value: true), timing: nil))
            own.isHidden = first > ip
            factory.add("hidden", points: points, to: own) { $0.calculationMode = .discrete }
            return true
        }
        // A remapped (or reversed) time: sampled.
        var anyVisible = false
        let frames = factory.sampleFrames()
        for f in frames {
            let local = map.localFrame(f)
            if local >= layer.inPoint && local <= layer.outPoint { anyVisible = true; break }
        }
        guard anyVisible else { return false }
        factory.addSampled("hidden", to: own, discrete: true) { f in
            let local = map.localFrame(f)
            return NSNumber(value: !(local >= layer.inPoint && local <= layer.outPoint))
        }
        return true
    }

    // MARK: Images

    mutating func image(_ id: String, at path: String) -> CGImage? {
        if let cached = images[id] { return cached }
        var result: CGImage?
        switch composition.assets[id] {
        case .image(_, _, let file, let data)?:
            do {
                // PNG or JPEG by the first bytes: a data URL's MIME type and a file's name may say either.
                if let data {
                    result = try CGImage(data: data, label: "asset \(id)")
                } else if let file {
                    let url =
                        composition.baseURL.map { URL(fileURLWithPath: file, relativeTo: $0) }
                        ?? URL(fileURLWithPath: file)
                    result = try CGImage(contentsOf: url)
                }
            } catch {
                warn(.image(error.reason, at: path))
            }
        default:
            warn(.missingAsset(id, at: path))
        }
        images[id] = .some(result)
        return result
    }
}
