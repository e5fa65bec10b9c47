import CStrataRuntime
import Foundation
import Strata

/// What one flattening builds: the list, and what making it needs to
/// remember along the way. What it reads and never changes is its
/// `context`; the target the items being made go to is `target`.
struct FlattenState {
    /// The snapshot and settings this flattening reads.
    let context: FlattenContext
    /// The target being filled: the screen, a layer-space pass, or the
    /// space a pass is measured in.
    var target: FlattenTarget
    var list: RenderList
    /// Ramps already in `list.gradients`, by what they are made of.
    var gradientIndex: [GradientKey: Int] = [:]
    /// Layers' cached looks: which are drawn from the appearance atlas pass, and where.
    var appearances: AppearanceStore
    /// Layers (nodes) being drawn as one side of a `CATransition` (see
    /// `FlattenState+Transition.swift`), with the shift in their own space.
    var transitionParts: [Int: CATransform3D] = [:]
    /// Layers visited for replicator instances so far (see `maximumReplicatedLayers`).
    var replicatedLayers = 0
    /// With `context.recordsProbes`, each layer-space pass drawn once more, for tests.
    var probes: [LayerSpaceProbe] = []
    /// Where each leaf's bitmap is asked for, remembered for the next frame's
    /// bitmaps made ahead (nil: not remembered).
    var rasterPlacements: RasterPlacementMemo?
    /// The device box (whole pixels) of each clip made from a mask (`clip(items:from:to:)`),
    /// handed to tests with a probe (`LayerSpaceProbe.maskClipReach`). Kept only with
    /// `context.recordsProbes` (no frame's drawing reads it).
    var maskClipReach: [Int32: CGRect] = [:]

    /// A state that starts `list`, drawn on the screen (the list's pixels).
    init(context: FlattenContext, list: RenderList, appearances: AppearanceStore) {
        self.context = context
        self.list = list
        self.appearances = appearances
        target = FlattenTarget(size: CGSize(width: list.pixelWidth, height: list.pixelHeight), cullsOutside: true)
    }

    /// The snapshot's nodes (`context.nodes`): read for every layer, so named short.
    var nodes: UnsafeBufferPointer<LayerSnapshotNode> { context.nodes }

    /// A plane of a 3D context: the items of one layer (its subtree flattened into it).
    struct Plane {
        /// The layer's bounds space → the context's space (unflattened).
        var toContext: CATransform3D
        /// The layer's plane → device pixels.
        var mapping: PlaneMapping
        var bounds: CGRect
        /// Where its items lie in the context's item array.
        var items: Range<Int>
    }

    /// Visits `layer` (a node of `tree`) and appends what it draws to `out`.
    ///
    /// A subtree's items are appended once, where they end up; a layer's
    /// effects (mask, group opacity, blending) work on its range of `out`,
    /// replacing it by one composite item when they need a pass, so a deep
    /// tree costs its number of items, not that times its depth.
    ///
    /// - Parameters:
    ///   - superlayer: the node drawing this one: its superlayer, or the
    ///     replicator `instance` is an instance of (−1: none, for roots and masks).
    ///   - parentToDevice: the superlayer's bounds space → device pixels.
    ///   - parentIsFlat: whether the superlayer flattens its sublayers into its
    ///     plane (a plain layer, or none: the canvas).
    ///   - opacity: opacity inherited from transform-layer ancestors (which
    ///     apply it to each sublayer instead of the group).
    ///   - instance: for a sublayer drawn as an instance of a replicator
    ///     (`superlayer`), the instance's transform in the replicator's bounds
    ///     space (instance k's is the replicator's `instanceTransform` k times, about its centre).
    mutating func visit(
        _ layer: Int, superlayer: Int, parentToDevice: CATransform3D,
        parentIsFlat: Bool, clip: Int32, opacity: Double, instance: CATransform3D? = nil,
        into out: inout [DrawItem]
    ) {
        // No hashing per layer, and no optional matrix made or bound unless
        // there is one: each copies (and `== nil` compares) whole matrices,
        // for every layer every frame.
        let isPart = !transitionParts.isEmpty && transitionParts.index(forKey: layer) != nil
        if !isPart, let transition = nodes[layer].transition {
            return visitTransition(
                layer, transition, superlayer: superlayer, parentToDevice: parentToDevice,
                parentIsFlat: parentIsFlat, clip: clip, opacity: opacity, into: &out)
        }
        if nodes[layer].state.isHidden { return }
        list.layerCount += 1
        var local: CATransform3D
        let isInstance: Bool
        if case .some = instance {
            local = localTransform(of: layer, replicatedBy: superlayer, instance: instance!)
            isInstance = true
        } else {
            local = nodes[layer].toParent
            isInstance = false
        }
        if isPart { local = transitionParts[layer]!.concatenating(local) }
        let toDevice: CATransform3D, mapping: PlaneMapping, reach: LeafReach, groupOpacity: Double
        switch Self.landing(
            of: layer, local: local, parentToDevice: parentToDevice, parentIsFlat: parentIsFlat, opacity: opacity,
            nodes: nodes, target: target)
        {
        case .nothing: return
        case .context(let toDevice):
            visit3DContext(
                layer, toDevice: toDevice, toContext: local, clip: clip,
                opacity: opacity * Double(nodes[layer].state.opacity), into: &out)
            return
        case .drawn(let device, let plane, let leaf, let group):
            (toDevice, mapping, reach, groupOpacity) = (device, plane, leaf, group)
        }
        let start = out.count
        if nodes[layer].state.shouldRasterize {
            rasterize(layer, mapping: mapping, clip: clip, into: &out)
        } else {
            // One name in the list's labels for the layer's items, cached or drawn.
            let label = itemLabel(layer)
            // A plain leaf that only moved since its look was cached: its quad, without building its items.
            let memo =
                !isInstance && nodes[layer].kind == .plain && nodes[layer].sublayers.isEmpty
                ? appearances.memo : nil
            if let memo, let remembered = memo.entry(of: layer, in: nodes),
                let cached = cachedAppearance(remembered: remembered, mapping: mapping)
            {
                out.append(cached.item(label: label, mapping: mapping, clip: clip))
            } else {
                drawLayer(layer, toDevice: toDevice, mapping: mapping, clip: clip, label: label, into: &out)
                // A shape layer's closed-form outline is drawn where it lands: a cached look of it
                // would be another texture between its neighbours' (a draw call each) and a
                // resampled edge, for a shader part that costs about what the look's lookup does.
                if nodes[layer].kind != .shape,
                    let cached = cachedAppearance(of: out[start...], mapping: mapping, clip: clip)
                {
                    out.removeSubrange(start...)
                    out.append(cached.item(label: label, mapping: mapping, clip: clip))
                    memo?.record(
                        .init(lookVersion: nodes[layer].lookVersion, key: cached.key, reach: cached.reach),
                        of: layer)
                } else {
                    memo?.forget(layer)
                }
            }
        }
        let mask = nodes[layer].mask
        if mask >= 0 { applyMask(Int(mask), of: layer, toDevice: toDevice, items: &out, from: start) }
        applyFilters(of: layer, mapping: mapping, items: &out, from: start)
        applyGroupOpacity(groupOpacity, of: layer, items: &out, from: start)
        if let blend = BlendMode(compositingFilter: nodes[layer].state.compositingFilter) {
            applyBlend(blend, of: layer, items: &out, from: start)
        }
        if target.cullsOutside, reach != .inside, nodes[layer].sublayers.isEmpty {
            // A leaf entirely outside the target draws nothing there.
            let targetBox = CGRect(origin: .zero, size: target.size)
            var kept = start
            for i in start..<out.count where deviceBox(of: out[i], useShape: false).intersects(targetBox) {
                if kept != i { out[kept] = out[i] }
                kept += 1
            }
            out.removeSubrange(kept...)
        }
    }

    /// A layer's own parts and its sublayers, at full opacity.
    /// Without `withSublayers`, only the layer's own parts (a preserving-depth
    /// replicator's plane in its 3D context).
    /// `label`: its items' label, when the caller made one (else one is made).
    mutating func drawLayer(
        _ layer: Int, toDevice: CATransform3D, mapping: PlaneMapping,
        clip: Int32, withShadow: Bool = true, withSublayers: Bool = true, label: ItemLabel? = nil,
        into items: inout [DrawItem]
    ) {
        let drawn = nodes[layer].content
        let bounds = nodes[layer].state.bounds
        let sublayers = withSublayers ? sublayers(of: layer) : context.links[0..<0]
        let margin = antialiasingMargin(mapping, bounds)
        let radii = CornerRadii(
            radius: Double(nodes[layer].state.cornerRadius), corners: nodes[layer].state.maskedCorners,
            size: bounds.size)
        let continuous = nodes[layer].state.cornerCurve == .continuous
        let label = label ?? itemLabel(layer)

        if withShadow && !nodes[layer].state.masksToBounds && nodes[layer].state.shadowOpacity > 0 {
            if !context.forcesBlurredShadows,
                let shadow = shadowItem(
                    layer, mapping: mapping, radii: radii,
                    continuous: continuous, clip: clip, label: label)
            {
                items.append(shadow)
            } else if let shadow = blurredShadowItem(layer, mapping: mapping, clip: clip, label: label) {
                items.append(shadow)
            }
        }

        let analytic = analyticShapeItems(of: layer, drawn, mapping: mapping, clip: clip, label: label)
        let content = analytic == nil ? contentFill(of: layer, drawn, mapping: mapping) : nil
        // Contents drawn as items of their own, between the background and the
        // sublayers: a cross-fade (old and new image), or cells (nine-part
        // stretching, edge pixels extended past the image).
        let separateContents =
            crossfadeItems(layer, new: content, mapping: mapping, label: label)
            ?? contentCells(layer, content: content, mapping: mapping, label: label)
        var body = DrawItem(
            label: label, mapping: mapping, quad: bounds.insetBy(dx: -margin, dy: -margin),
            shape: bounds, radii: radii, continuousCorners: continuous, clip: clip)
        if let bg = nodes[layer].state.backgroundColor { body.fill = PremultipliedColor(bg) }
        let border = borderParts(layer)
        // The border draws above contents and sublayers: on the body item only
        // when nothing else comes between.
        let borderOnBody = sublayers.isEmpty && separateContents == nil
        if borderOnBody, let border {
            body.borderWidth = border.width
            body.borderColor = border.color
        }
        if let content, separateContents == nil {
            body.content = content.fill
            body.quad = Self.bodyQuad(
                bounds: bounds, margin: margin, contents: content.rect,
                paintsBounds: !body.fill.isClear || body.borderWidth > 0)
            body.clipsContentToShape = nodes[layer].state.masksToBounds
        }
        if !body.fill.isClear || body.content != nil || (borderOnBody && border != nil) {
            items.append(body)
        }
        if let analytic { items.append(contentsOf: analytic) }

        // The clip of this layer's own bounds, made once when something needs it.
        var ownClip: Int32?
        func boundsClip(_ state: inout FlattenState) -> Int32? {
            if let ownClip { return ownClip }
            // Bounds that hold the whole target clip nothing (a Lottie canvas, a full-screen
            // root): no clip, so every pixel below does not test it.
            if state.coversTarget(bounds, radii: radii, mapping: mapping) { return clip }
            guard let toLocal = mapping.inverted() else { return nil }
            state.list.clips.append(
                ClipShape(
                    deviceToLocal: toLocal, rect: bounds, radii: radii,
                    continuousCorners: continuous, parent: clip))
            ownClip = Int32(state.list.clips.count - 1)
            return ownClip
        }
        if let separateContents {
            // Each item's own shape is only its part of the contents, so the
            // rounded bounds (masksToBounds) clip them with a clip.
            guard let contentClip = nodes[layer].state.masksToBounds ? boundsClip(&self) : clip else { return }
            for var item in separateContents {
                item.clip = contentClip
                items.append(item)
            }
        }

        if !sublayers.isEmpty {
            var childClip = clip
            if nodes[layer].state.masksToBounds {
                guard let c = boundsClip(&self) else { return }
                childClip = c
            }
            if case .replicator(let replicator) = drawn {
                drawInstances(of: replicator, in: layer, toDevice: toDevice, clip: childClip, into: &items)
            } else {
                // A long list (a grid's cards) culled ahead, on several threads.
                let visits = sublayerVisits(sublayers, toDevice: toDevice)
                for k in sublayers.startIndex..<sublayers.endIndex {
                    if let visits {
                        switch visits[k - sublayers.startIndex] {
                        case .visit: break
                        case .countOnly: list.layerCount += 1; continue
                        case .skip: continue
                        }
                    }
                    // The nodes of a long list of sublayers, a few ahead (each is a kilobyte).
                    if k + Self.prefetchDistance < sublayers.endIndex {
                        prefetchNode(Int(sublayers[k + Self.prefetchDistance]))
                    }
                    visit(
                        Int(sublayers[k]), superlayer: layer, parentToDevice: toDevice, parentIsFlat: true,
                        clip: childClip, opacity: 1, into: &items)
                }
            }
        }
        if !borderOnBody, let border {
            items.append(
                DrawItem(
                    label: label.with(.border), mapping: mapping,
                    quad: bounds.insetBy(dx: -margin, dy: -margin), shape: bounds, radii: radii,
                    continuousCorners: continuous, borderWidth: border.width,
                    borderColor: border.color, clip: clip))
        }
        if case .emitter(let emitter) = drawn {
            appendParticles(of: emitter, in: layer, toDevice: toDevice, mapping: mapping, clip: clip, into: &items)
        }
    }

    /// How many sublayers ahead of the one visited a walk brings nodes into the caches.
    static let prefetchDistance = 4

    /// Brings `node` into the caches ahead of its visit.
    @inline(__always)
    func prefetchNode(_ node: Int) {
        strata_prefetch(context.nodes.baseAddress! + node, UInt(MemoryLayout<LayerSnapshotNode>.stride))
    }

    /// The sublayers of `layer` in drawing order (see `LayerTreeSnapshot.sublayers(of:)`).
    func sublayers(of layer: Int) -> Slice<UnsafeBufferPointer<Int32>> { sublayers(of: layer, instance: 0) }

    /// The sublayers instance `instance` of replicator `layer` draws
    /// (see `LayerTreeSnapshot.sublayers(of:instance:)`).
    func sublayers(of layer: Int, instance: Int) -> Slice<UnsafeBufferPointer<Int32>> {
        context.links[
            LayerTreeSnapshot.links(
                sublayers: nodes[layer].sublayers,
                delayedInstances: nodes[layer].delayedInstances,
                instance: instance, instanceLinks: context.instanceLinks)]
    }

    /// `LayerState.transformToSuperlayerBounds` of `layer`, its fields read in place.
    func transformToSuperlayerBounds(of layer: Int) -> CATransform3D {
        LayerState.transformToSuperlayerBounds(
            nodes[layer].state.transform, bounds: nodes[layer].state.bounds,
            anchorPoint: nodes[layer].state.anchorPoint,
            anchorPointZ: nodes[layer].state.anchorPointZ,
            position: nodes[layer].state.position,
            zPosition: nodes[layer].state.zPosition)
    }

    /// Where `image` lands in `layer`'s bounds (`ContentsLayout`), its fields read in place.
    func contentsLayout(of image: CGImage, layer: Int) -> ContentsLayout {
        ContentsLayout(
            bounds: nodes[layer].state.bounds, pixelSize: CGSize(width: image.width, height: image.height),
            contentsRect: nodes[layer].state.contentsRect, gravity: nodes[layer].state.contentsGravity,
            contentsScale: nodes[layer].state.contentsScale,
            geometryFlipped: nodes[layer].state.isGeometryFlipped)
    }

    func borderParts(_ layer: Int) -> (width: Double, color: PremultipliedColor)? {
        guard nodes[layer].state.borderWidth > 0, let c = nodes[layer].state.borderColor else { return nil }
        let color = PremultipliedColor(c)
        return color.isClear ? nil : (Double(nodes[layer].state.borderWidth), color)
    }

    /// A label for `layer`'s items: its name (or class) added to the list's
    /// labels, once for each call (a layer asks once for the items it draws).
    mutating func itemLabel(_ layer: Int) -> ItemLabel {
        list.labels.add(nodes[layer].name ?? nodes[layer].kind.className)
    }

    /// The quad of a layer's body item with contents: the contents' rect, and the bounds
    /// only where the body paints them (background, border), both grown by `margin`. A
    /// shape layer's path often lies far from its bounds' origin (Lottie's shape layers
    /// have empty bounds at 0, 0), and a quad reaching back to the origin shades pixels,
    /// and sizes mask passes, for nothing.
    static func bodyQuad(bounds: CGRect, margin: Double, contents: CGRect, paintsBounds: Bool) -> CGRect {
        let quad = contents.insetBy(dx: -margin, dy: -margin)
        return paintsBounds ? quad.union(bounds.insetBy(dx: -margin, dy: -margin)) : quad
    }

    /// One device pixel in local units (the edge ramp's extent outside the shape),
    /// taken at the corner where the plane is most compressed.
    func antialiasingMargin(_ mapping: PlaneMapping, _ r: CGRect) -> Double {
        let corners = [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)]
        var ppu = Double.infinity
        for (x, y) in corners {
            let p = mapping.pixelsPerUnit(at: Double(x), Double(y))
            if p > 0 { ppu = min(ppu, p) }
        }
        guard ppu.isFinite, ppu > 0 else { return 1 }
        let extent = Double(max(r.width, r.height))
        return min(1.5 / ppu, max(1, extent))
    }
}
