import Foundation
import Strata

extension RenderList {
    /// Folds an item's innermost clip into the item's own shape where the two
    /// planes differ by a scale and a translation and the cut is again a (rounded)
    /// rectangle: the item then needs no clip, whose distance every pixel of the
    /// item pays for from the clip texture. A layer whose parent masks to its
    /// bounds with a corner radius (an avatar's image, a card's picture), and a
    /// Lottie layer inside an ellipse-masked precomposition, become one shape.
    ///
    /// A body whose fill or gradient the clip cuts takes the clip's rectangle
    /// when that lies inside its square shape (or, for a square clip, the two
    /// rectangles' overlap); contents alone (nothing drawn with the fill) are
    /// cut by the clip's rectangle as their shape. Borders, rounded shapes,
    /// shadows, passes and hard (3D-sorting) clips keep their clips.
    mutating func foldClipsIntoShapes() {
        guard !clips.isEmpty else { return }
        for p in passes.indices {
            for i in passes[p].items.indices where passes[p].items[i].clip >= 0 {
                let c = Int(passes[p].items[i].clip)
                guard c < clips.count else { continue }
                Self.fold(clips[c], into: &passes[p].items[i])
            }
        }
    }

    /// Folds `clip` into `item` when it can (see ``foldClipsIntoShapes()``).
    static func fold(_ clip: ClipShape, into item: inout DrawItem) {
        guard item.kind == .layer, clip.antialiased, !clip.inverted, item.borderWidth == 0, item.mask == nil else {
            return
        }
        let paintsShape: Bool
        switch item.content {
        case nil: paintsShape = true
        case .gradient?: paintsShape = true
        case .texture?: paintsShape = !item.fill.isClear
        default: return
        }
        guard let cut = clip.rect(inPlaneOf: item.mapping) else { return }
        var shape: CGRect
        if paintsShape || item.clipsContentToShape {
            // The item's own shape also cuts what it draws: the result must be one rounded rectangle.
            guard item.radii.isZero, !item.continuousCorners else { return }
            if cut.radii.isZero {
                shape = cut.rect.intersection(item.shape)
            } else {
                let slack =
                    0.01 / max(item.mapping.pixelsPerUnit(at: Double(cut.rect.midX), Double(cut.rect.midY)), 1e-9)
                guard item.shape.insetBy(dx: -slack, dy: -slack).encloses(cut.rect) else { return }
                shape = cut.rect
            }
        } else {
            shape = cut.rect
        }
        if shape.isNull || shape.isEmpty { shape = CGRect(origin: cut.rect.origin, size: .zero) }
        item.shape = shape
        item.radii = cut.radii
        item.continuousCorners = clip.continuousCorners
        item.antialiasedEdges = 0b1111
        if case .texture? = item.content { item.clipsContentToShape = true }
        item.clip = clip.parent
        item.quad = Self.quad(item.quad, around: shape, mapping: item.mapping)
    }

    /// `quad` cut to `shape` and the ramp around it, where the mapping has no
    /// perspective (one scale across the plane).
    static func quad(_ quad: CGRect, around shape: CGRect, mapping: PlaneMapping) -> CGRect {
        guard mapping.m13 == 0, mapping.m23 == 0, mapping.m33 != 0 else { return quad }
        let pixels = mapping.pixelsPerUnit(at: Double(shape.midX), Double(shape.midY))
        guard pixels > 1e-9 else { return quad }
        let margin = 1.5 / pixels
        let cut = quad.intersection(shape.insetBy(dx: -margin, dy: -margin))
        return cut.isNull ? CGRect(origin: quad.origin, size: .zero) : cut
    }
}

extension ClipShape {
    /// The clip's rectangle and radii in the plane `mapping` takes to the device,
    /// when that plane and the clip's differ by a scale and a translation only
    /// (uniform where the corners are rounded, so circles stay circles).
    func rect(inPlaneOf mapping: PlaneMapping) -> (rect: CGRect, radii: CornerRadii)? {
        // The item's plane to the clip's: `mapping` to the device, then the clip's.
        let m = mapping.concatenating(deviceToLocal)
        // A negative w puts the item behind the clip plane's eye, which the shader takes as outside.
        guard m.m33.isFinite, m.m33 > 1e-12 else { return nil }
        let sx = m.m11 / m.m33, sy = m.m22 / m.m33, tx = m.m31 / m.m33, ty = m.m32 / m.m33
        let tolerance = 1e-9 * max(abs(sx), abs(sy))
        guard abs(m.m12 / m.m33) <= tolerance, abs(m.m21 / m.m33) <= tolerance,
            abs(m.m13 / m.m33) <= 1e-12, abs(m.m23 / m.m33) <= 1e-12,
            abs(sx) > 1e-12, abs(sy) > 1e-12, sx.isFinite, sy.isFinite, tx.isFinite, ty.isFinite
        else { return nil }
        var r = radii
        if !r.isZero {
            guard abs(abs(sx) - abs(sy)) <= 1e-6 * abs(sx) else { return nil }
            // A mirrored axis swaps the corners along it.
            if sx < 0 {
                r = CornerRadii(minXMinY: r.maxXMinY, maxXMinY: r.minXMinY, maxXMaxY: r.minXMaxY, minXMaxY: r.maxXMaxY)
            }
            if sy < 0 {
                r = CornerRadii(minXMinY: r.minXMaxY, maxXMinY: r.maxXMaxY, maxXMaxY: r.maxXMinY, minXMaxY: r.minXMinY)
            }
            let scale = 1 / abs(sx)
            r = CornerRadii(
                minXMinY: r.minXMinY * scale, maxXMinY: r.maxXMinY * scale, maxXMaxY: r.maxXMaxY * scale,
                minXMaxY: r.minXMaxY * scale)
        }
        // The clip plane's x is sx · u + tx: back to the item's u.
        let x0 = (Double(rect.minX) - tx) / sx, x1 = (Double(rect.maxX) - tx) / sx
        let y0 = (Double(rect.minY) - ty) / sy, y1 = (Double(rect.maxY) - ty) / sy
        return (CGRect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0)), r)
    }
}
