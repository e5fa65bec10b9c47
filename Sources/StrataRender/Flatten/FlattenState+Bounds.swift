import Foundation
import Strata

/// How far a subtree draws, without drawing it: what a layer-space pass must
/// cover before its items are made.
///
/// Each function mirrors the one that makes the items (`visit`, `drawLayer`,
/// the 3D context, replicator instances, transitions, particles, nested
/// rasterization and blurred shadows) and returns the device box of the quads
/// those items would have, with no clips, passes, ramps or bitmaps made.
/// What a layer's parts are (its contents, `contentFill(measuring:)`; its
/// closed-form shadow, analytic shape, cells, cross-fade and particles; a
/// blurred shadow's layout) comes from the same functions the drawing calls,
/// so the two agree on them by construction; what these functions mirror is
/// the walk over the parts and the tree.
/// Where the drawing depends on the items themselves the box is a superset:
/// group opacity and blending may composite through a pass whose rectangle is
/// whole pixels, so the box is rounded out to whole pixels whenever a pass
/// could be made; a mask cuts the box to the mask's. Clips (`masksToBounds`)
/// do not shrink it: items keep their full quads, and the box covers them.
///
/// Layers are counted (`list.layerCount`, `replicatedLayers`) as drawing
/// counts them, so replicator instances stop where drawing stops. They run
/// only in the copy of the state `measuredBox` makes (its target has no
/// edge), and its counts are dropped with it.
extension FlattenState {
    /// The box of what `visit` with these arguments draws, in its device space
    /// (`.null`: nothing). Leaves are not culled.
    mutating func drawnBounds(
        of layer: Int, superlayer: Int, parentToDevice: CATransform3D,
        parentIsFlat: Bool, opacity: Double, instance: CATransform3D? = nil
    ) -> CGRect {
        let part = transitionParts.isEmpty ? nil : transitionParts[layer]
        if case .none = part, let transition = nodes[layer].transition {
            return transitionBounds(
                layer, transition, superlayer: superlayer, parentToDevice: parentToDevice,
                parentIsFlat: parentIsFlat, opacity: opacity)
        }
        if nodes[layer].state.isHidden { return .null }
        list.layerCount += 1
        var local =
            instance.map { localTransform(of: layer, replicatedBy: superlayer, instance: $0) }
            ?? nodes[layer].toParent
        if let part { local = part.concatenating(local) }
        guard local.isFinite else { return .null }
        let toDevice = (parentIsFlat ? local.flattened : local).concatenating(parentToDevice)
        let mapping = PlaneMapping(toDevice)

        if nodes[layer].preservesDepth {
            return contextBounds(
                layer, toDevice: toDevice, opacity: opacity * Double(nodes[layer].state.opacity), tint: nil)
        }
        if !nodes[layer].state.isDoubleSided && mapping.determinant < 0 { return .null }
        let groupOpacity = opacity * Double(nodes[layer].state.opacity)
        if groupOpacity <= 0 { return .null }
        var r =
            nodes[layer].state.shouldRasterize
            ? rasterizedBounds(layer, mapping: mapping)
            : drawLayerBounds(layer, toDevice: toDevice, mapping: mapping)
        if r.isNull { return r }
        let mask = nodes[layer].mask
        if mask >= 0 {
            let maskBounds = drawnBounds(
                of: Int(mask), superlayer: -1, parentToDevice: toDevice, parentIsFlat: true,
                opacity: 1)
            r = Self.wholePixels(r).intersection(Self.wholePixels(maskBounds))
            if r.isNull || r.isEmpty { return .null }
        }
        r = filteredBounds(r, of: layer, mapping: mapping)
        // Folded into the items, or composited through a pass of whole pixels.
        if groupOpacity < 1 && nodes[layer].state.allowsGroupOpacity { r = Self.wholePixels(r) }
        if BlendMode(compositingFilter: nodes[layer].state.compositingFilter) != nil { r = Self.wholePixels(r) }
        return r
    }

    /// The box of what `drawLayer` with these arguments draws.
    mutating func drawLayerBounds(
        _ layer: Int, toDevice: CATransform3D, mapping: PlaneMapping,
        withShadow: Bool = true, withSublayers: Bool = true
    ) -> CGRect {
        let drawn = nodes[layer].content
        let bounds = nodes[layer].state.bounds
        let sublayers = withSublayers ? sublayers(of: layer) : context.links[0..<0]
        let margin = antialiasingMargin(mapping, bounds)
        // Measured, never drawn: the items need no names.
        let label = ItemLabel.none
        var r = CGRect.null

        if withShadow && !nodes[layer].state.masksToBounds && nodes[layer].state.shadowOpacity > 0 {
            let radii = CornerRadii(
                radius: Double(nodes[layer].state.cornerRadius), corners: nodes[layer].state.maskedCorners,
                size: bounds.size)
            if !context.forcesBlurredShadows,
                let shadow = shadowItem(
                    layer, mapping: mapping, radii: radii,
                    continuous: nodes[layer].state.cornerCurve == .continuous,
                    clip: -1, label: label)
            {
                r = r.union(deviceBox(of: shadow, useShape: false))
            } else {
                r = r.union(blurredShadowBounds(layer, mapping: mapping))
            }
        }

        let analytic = analyticShapeItems(of: layer, drawn, mapping: mapping, clip: -1, label: label)
        let content = analytic == nil ? contentFill(of: layer, drawn, mapping: mapping, measuring: true) : nil
        let separateContents =
            crossfadeItems(layer, new: content, mapping: mapping, label: label)
            ?? contentCells(layer, content: content, mapping: mapping, label: label)
        var quad = bounds.insetBy(dx: -margin, dy: -margin)
        let border = borderParts(layer)
        let borderOnBody = sublayers.isEmpty && separateContents == nil
        let fill = nodes[layer].state.backgroundColor.map { PremultipliedColor($0) } ?? .clear
        if let content, separateContents == nil {
            quad = Self.bodyQuad(
                bounds: bounds, margin: margin, contents: content.rect,
                paintsBounds: !fill.isClear || (borderOnBody && border != nil))
        }
        if !fill.isClear || (content != nil && separateContents == nil) || (borderOnBody && border != nil) {
            r = r.union(deviceBox(of: quad, mapping: mapping))
        }
        for item in analytic ?? [] { r = r.union(deviceBox(of: item, useShape: false)) }
        // Drawing stops where it cannot make the clip of the layer's bounds.
        let clipFails = nodes[layer].state.masksToBounds && mapping.inverted() == nil
        if let separateContents {
            if clipFails { return r }
            for item in separateContents { r = r.union(deviceBox(of: item, useShape: false)) }
        }
        if !sublayers.isEmpty {
            if clipFails { return r }
            if case .replicator(let replicator) = drawn {
                forEachInstance(of: replicator, bounds: bounds, tint: nil) { state, k, transform, _ in
                    for sub in state.sublayers(of: layer, instance: k) {
                        r = r.union(
                            state.drawnBounds(
                                of: Int(sub), superlayer: layer, parentToDevice: toDevice,
                                parentIsFlat: true, opacity: 1, instance: transform))
                    }
                }
            } else {
                for sub in sublayers {
                    r = r.union(
                        drawnBounds(
                            of: Int(sub), superlayer: layer, parentToDevice: toDevice, parentIsFlat: true,
                            opacity: 1))
                }
            }
        }
        if !borderOnBody, border != nil {
            r = r.union(deviceBox(of: bounds.insetBy(dx: -margin, dy: -margin), mapping: mapping))
        }
        if case .emitter(let emitter) = drawn, !(nodes[layer].state.masksToBounds && mapping.inverted() == nil) {
            let additive = emitter.renderMode == .additive, preservesDepth = emitter.preservesDepth
            if let batch = emitter.batch,
                let item = Self.particleBatchItem(batch, additive: additive, mapping: mapping, label: .none, clip: -1)
            {
                r = r.union(deviceBox(of: item, useShape: false))
            }
            for particle in emitter.particles {
                if let item = Self.particleItem(
                    particle, additive: additive, preservesDepth: preservesDepth,
                    toDevice: toDevice, mapping: mapping, label: .none, clip: -1)
                {
                    r = r.union(deviceBox(of: item, useShape: false))
                }
            }
        }
        return r
    }

    /// The box of the planes of a 3D context (`collectPlanes`): its sublayers',
    /// each instance's for a replicator, after the replicator's own.
    private mutating func contextBounds(
        _ layer: Int, toDevice: CATransform3D, opacity: Double,
        tint: PremultipliedColor?
    ) -> CGRect {
        var r = CGRect.null
        guard case .replicator(let replicator) = nodes[layer].content else {
            for sub in sublayers(of: layer) {
                r = r.union(
                    planeBounds(
                        of: Int(sub), in: layer, toDevice: toDevice, opacity: opacity, tint: tint,
                        instance: nil))
            }
            return r
        }
        let mapping = PlaneMapping(toDevice)
        if opacity > 0, nodes[layer].state.isDoubleSided || mapping.determinant >= 0 {
            r = drawLayerBounds(layer, toDevice: toDevice, mapping: mapping, withSublayers: false)
        }
        forEachInstance(of: replicator, bounds: nodes[layer].state.bounds, tint: tint) {
            state, k, transform, instanceTint in
            for sub in state.sublayers(of: layer, instance: k) {
                r = r.union(
                    state.planeBounds(
                        of: Int(sub), in: layer, toDevice: toDevice, opacity: opacity,
                        tint: instanceTint, instance: transform))
            }
        }
        return r
    }

    /// The box of the planes of `sub` in a 3D context (`collectPlane`).
    private mutating func planeBounds(
        of sub: Int, in layer: Int, toDevice: CATransform3D, opacity: Double,
        tint: PremultipliedColor?, instance: CATransform3D?
    ) -> CGRect {
        guard !nodes[sub].state.isHidden else { return .null }
        let local =
            instance.map { localTransform(of: sub, replicatedBy: layer, instance: $0) }
            ?? nodes[sub].toParent
        guard local.isFinite else { return .null }
        if nodes[sub].preservesDepth {
            list.layerCount += 1
            return contextBounds(
                sub, toDevice: local.concatenating(toDevice), opacity: opacity * Double(nodes[sub].state.opacity),
                tint: tint)
        }
        return drawnBounds(
            of: sub, superlayer: layer, parentToDevice: toDevice, parentIsFlat: false,
            opacity: opacity, instance: instance)
    }

    /// The box of both sides of a `CATransition` (`visitTransition`).
    private mutating func transitionBounds(
        _ layer: Int, _ transition: LayerSnapshotNode.Transition, superlayer: Int,
        parentToDevice: CATransform3D, parentIsFlat: Bool,
        opacity: Double
    ) -> CGRect {
        let placement = transition.frame.placement(
            size: nodes[layer].state.bounds.size,
            newCoversOld: covers(layer, transition.oldNode))
        func side(_ part: Int, offset: CGSize, opacity partOpacity: Double, _ state: inout FlattenState) -> CGRect {
            guard partOpacity > 0 else { return .null }
            state.transitionParts[part] = CATransform3DMakeTranslation(offset.width, offset.height, 0)
            defer { state.transitionParts[part] = nil }
            let r = state.drawnBounds(
                of: part, superlayer: superlayer, parentToDevice: parentToDevice,
                parentIsFlat: parentIsFlat, opacity: opacity)
            return partOpacity < 1 && state.nodes[part].state.allowsGroupOpacity && !r.isNull
                ? Self.wholePixels(r) : r
        }
        let old =
            transition.oldNode < 0
            ? .null
            : side(Int(transition.oldNode), offset: placement.oldOffset, opacity: placement.oldOpacity, &self)
        return old.union(side(layer, offset: placement.newOffset, opacity: placement.newOpacity, &self))
    }

    /// The box of a rasterized layer's composite item (`rasterize`).
    private mutating func rasterizedBounds(_ layer: Int, mapping: PlaneMapping) -> CGRect {
        let scale = max(0.01, Double(nodes[layer].state.rasterizationScale))
        let box = drawLayerBounds(layer, toDevice: CATransform3DIdentity, mapping: .identity)
        guard let made = Self.layerSpaceExtent(of: box, scale: scale, margin: 1) else { return .null }
        return deviceBox(of: made.extent, mapping: mapping)
    }

    /// The box of a blurred shadow's composite item (`blurredShadowItem`).
    private mutating func blurredShadowBounds(_ layer: Int, mapping: PlaneMapping) -> CGRect {
        guard let (_, sigma, scale, path) = blurredShadowLayout(layer, mapping: mapping) else { return .null }
        let box = silhouetteBounds(layer, path: path)
        guard let made = Self.layerSpaceExtent(of: box, scale: scale, margin: 3 * sigma + 1) else { return .null }
        let offset = nodes[layer].state.shadowOffset
        return deviceBox(of: made.extent.offsetBy(dx: offset.width, dy: offset.height), mapping: mapping)
    }

    /// The box, in `layer`'s plane at scale 1, of the silhouette its blurred
    /// shadow is made from: `path` filled, or (nil) the layer's drawing.
    mutating func silhouetteBounds(_ layer: Int, path: CGPath?) -> CGRect {
        guard let path else {
            return drawLayerBounds(layer, toDevice: CATransform3DIdentity, mapping: .identity, withShadow: false)
        }
        return Self.pathSilhouetteRect(path, mapping: .identity) ?? .null
    }

    /// The local rect a layer-space pass covers, its pixels per unit and its
    /// size in pixels, for a drawing whose box (in the layer's plane at scale
    /// 1, from `measuredBox`) is `box`, grown by `margin`; nil when nothing draws.
    static func layerSpaceExtent(of box: CGRect, scale requested: Double, margin: Double)
        -> (extent: CGRect, scale: Double, width: Double, height: Double)?
    {
        guard !box.isNull, box.width > 0, box.height > 0, box.width.isFinite, box.height.isFinite
        else { return nil }
        let extent = box.insetBy(dx: -margin, dy: -margin)
        let longest = Double(max(extent.width, extent.height))
        let scale = min(requested, Self.maximumLayerPassSide / longest)
        let w = max(1, (Double(extent.width) * scale).rounded(.up))
        let h = max(1, (Double(extent.height) * scale).rounded(.up))
        return (CGRect(x: extent.minX, y: extent.minY, width: w / scale, height: h / scale), scale, w, h)
    }

    /// `r` grown to whole pixels, unclipped (`.null` stays `.null`).
    static func wholePixels(_ r: CGRect) -> CGRect {
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return r }
        let x0 = floor(r.minX), y0 = floor(r.minY), x1 = ceil(r.maxX), y1 = ceil(r.maxY)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
