import Foundation
import Strata

extension RenderList {
    /// Turns a mask pass that draws one opaque rounded rectangle, or one ring
    /// (a border with nothing inside), into clips of the item that reads it,
    /// and drops the pass: a Lottie matte that is a rectangle, a progress
    /// ring's track as a mask. The clip's coverage is the rectangle's, worked
    /// out per pixel the way the pass drew it; a ring is the rectangle less
    /// its hole (an inverted clip), and an inverted matte (the rectangle
    /// xor-ed out of an opaque cover) is the rectangle inverted. Where the
    /// item was masked by device position it also keeps the pass's region,
    /// unless it lies inside it.
    ///
    /// Runs after ``foldMaskedContent()``: the readers are then composites
    /// (over the pass's own part of the device) and items drawn in their
    /// composite's place.
    mutating func foldShapeMasks() {
        guard passes.contains(where: { $0.purpose == .mask }) else { return }
        let uses = passSamplings()
        var dropped = Set<Int>()
        for p in passes.indices {
            for i in passes[p].items.indices {
                guard case .pass(let m)? = passes[p].items[i].mask, uses[m] == 1, !dropped.contains(m),
                    let shape = shapeMask(of: passes[m])
                else { continue }
                var item = passes[p].items[i]
                guard Self.cut(&item, by: shape, clips: &clips) else { continue }
                passes[p].items[i] = item
                dropped.insert(m)
            }
        }
        guard !dropped.isEmpty else { return }
        removePasses(dropped)
    }

    /// What a mask pass that ``foldShapeMasks()`` folds draws: a rounded
    /// rectangle in some plane, opaque, less its hole (a ring) or inverted.
    struct ShapeMask {
        var deviceToLocal: PlaneMapping
        var rect: CGRect
        var radii: CornerRadii
        var continuousCorners: Bool
        /// A ring's width in local units (nil: the whole rectangle).
        var ring: Double?
        var inverted: Bool
    }

    /// The rounded rectangle `pass` draws (see ``ShapeMask``); nil unless the
    /// pass is a mask drawing one opaque fill, or one opaque border with
    /// nothing inside (not inverted), and nothing else.
    func shapeMask(of pass: RenderPass) -> ShapeMask? {
        guard pass.purpose == .mask, pass.cacheKey == nil, pass.blurSigma <= 0.05, pass.colorMap == nil,
            pass.items.count == 1, let item = pass.items.first, item.kind == .layer, item.content == nil,
            item.mask == nil, item.clip < 0, item.opacity == 1, item.tint == .white, item.blurSigma == 0,
            item.antialiasedEdges == 0b1111, let inverted = Self.inversion(of: item, in: pass),
            let deviceToLocal = item.mapping.inverted()
        else { return nil }
        var ring: Double?
        if item.fill.a == 1 {
            ring = nil
        } else if item.fill.isClear, item.borderWidth > 0, item.borderColor.a == 1, !inverted {
            // A ring is the product of two clips only where its edges ramp apart: at least two pixels wide.
            let pixels = item.mapping.pixelsPerUnit(at: Double(item.shape.midX), Double(item.shape.midY))
            guard item.borderWidth * pixels >= 2 else { return nil }
            ring = item.borderWidth
        } else {
            return nil
        }
        return ShapeMask(
            deviceToLocal: deviceToLocal, rect: item.shape, radii: item.radii,
            continuousCorners: item.continuousCorners, ring: ring, inverted: inverted)
    }

    /// Cuts `item` by `shape` with clips (added to `clips`) in place of its
    /// mask; false (and `item` and `clips` as they were) where the item reads
    /// the mask some other way.
    static func cut(_ item: inout DrawItem, by shape: ShapeMask, clips: inout [ClipShape]) -> Bool {
        let placement = item.maskPlacement
        guard placement?.inverted != true, placement?.transposed != true, placement?.unitMap == nil,
            placement.map({ $0.area == SIMD4(0, 0, 1, 1) }) ?? true
        else { return false }
        var parent = item.clip
        switch item.kind {
        case .composite:
            // Its mask pass covers the composite's content on the device: no region to keep.
            guard placement?.region == nil else { return false }
        case .layer:
            guard let kept = placement?.region else { return false }
            let box = deviceBounds(of: item, within: CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7))
            // Within a hundredth of a pixel (a quad cut to the region, back through its mapping) is inside.
            let slack = 0.01
            if box.isNull
                || !(kept.minX - slack <= box.minX && box.maxX <= kept.maxX + slack && kept.minY - slack <= box.minY
                    && box.maxY <= kept.maxY + slack)
            {
                // Outside the region the composite it replaces drew nothing.
                clips.append(
                    ClipShape(
                        deviceToLocal: .identity, rect: kept, radii: .zero, continuousCorners: false,
                        parent: parent))
                parent = Int32(clips.count - 1)
            }
        default:
            return false
        }
        clips.append(
            ClipShape(
                deviceToLocal: shape.deviceToLocal, rect: shape.rect, radii: shape.radii,
                continuousCorners: shape.continuousCorners, parent: parent, inverted: shape.inverted))
        parent = Int32(clips.count - 1)
        if let width = shape.ring {
            // The hole, as the ring's inner edge is drawn: the rect inset by the width, each radius less it.
            let r = shape.radii
            let hole = CGRect(
                x: Double(shape.rect.minX) + width, y: Double(shape.rect.minY) + width,
                width: max(Double(shape.rect.width) - 2 * width, 0),
                height: max(Double(shape.rect.height) - 2 * width, 0))
            clips.append(
                ClipShape(
                    deviceToLocal: shape.deviceToLocal, rect: hole,
                    radii: CornerRadii(
                        minXMinY: max(r.minXMinY - width, 0), maxXMinY: max(r.maxXMinY - width, 0),
                        maxXMaxY: max(r.maxXMaxY - width, 0), minXMaxY: max(r.minXMaxY - width, 0)),
                    continuousCorners: shape.continuousCorners, parent: parent, inverted: true))
            parent = Int32(clips.count - 1)
        }
        item.clip = parent
        item.mask = nil
        item.maskPlacement = nil
        return true
    }
}
