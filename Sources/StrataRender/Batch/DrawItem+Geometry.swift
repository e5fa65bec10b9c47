import Foundation
import Strata

extension DrawItem {
    /// The mesh the item is drawn with.
    package var geometry: DrawGeometry {
        if ringBand != nil { return .ring }
        return frameHole == nil ? .quad : .frame
    }

    /// The rectangle (local units) a frame mesh leaves out of the quad: the shape
    /// inset by the border, the largest corner radius and a pixel, where the border
    /// cannot reach (`Shaders/layer.vert` computes the same). Nil for an item that
    /// is not a border with nothing inside, or where the hole is under a third of
    /// the quad.
    package var frameHole: CGRect? {
        guard kind == .layer, borderWidth > 0, fill.isClear, mask == nil, content == nil, !continuousCorners
        else { return nil }
        let inset = borderWidth + radii.maximum + meshMargin
        let hole = shape.insetBy(dx: inset, dy: inset)
        guard !hole.isNull, hole.width > 0, hole.height > 0,
            Double(hole.width * hole.height) * 3 >= Double(quad.width * quad.height)
        else { return nil }
        // A small hole saves fewer pixels than a draw of its own costs (a frame
        // cannot share the draw of the quads around it).
        let density = mapping.pixelsPerUnit(at: Double(hole.midX), Double(hole.midY))
        guard Double(hole.width * hole.height) * density * density >= Self.smallestFrameHole else { return nil }
        return hole
    }

    /// Device pixels a frame's hole must leave out to be worth a draw of its own.
    static let smallestFrameHole = 4096.0

    /// Two thirds of the quad's margin around the shape (as `Shaders/layer.vert`
    /// takes): the quad's is a pixel and a half, and an edge ramps over half a
    /// pixel each side, so a pixel reaches every pixel an edge touches.
    var meshMargin: Double {
        max(
            Double(shape.minX - quad.minX), Double(shape.minY - quad.minY),
            Double(quad.maxX - shape.maxX), Double(quad.maxY - shape.maxY), 0) * 2 / 3
    }

    /// The part of the plane a ring mesh covers, in local units: the band from
    /// `inner` to `outer` around `centre` (`outer` is the radius its polygon's
    /// edges touch), from angle `from` through `span` (signed; 2π when whole).
    /// `Shaders/layer.vert` computes the same band from the instance. Nil for an
    /// item that is not a round stroke or border with nothing inside, or whose
    /// mesh would save under a third of its quad's pixels.
    package var ringBand: (centre: CGPoint, from: Double, span: Double, inner: Double, outer: Double)? {
        guard kind == .layer, borderWidth > 0, fill.isClear, mask == nil, !continuousCorners,
            antialiasedEdges == 0b1111
        else { return nil }
        switch content {
        case nil, .borderArc?, .borderDashes?: break
        case .texture?, .gradient?, .particles?: return nil
        }
        let w = Double(shape.width), half = w / 2
        guard w > 0, abs(Double(shape.height) - w) <= 1e-6 * w,
            [radii.minXMinY, radii.maxXMinY, radii.maxXMaxY, radii.minXMaxY].allSatisfy({
                abs(Double($0) - half) <= 1e-6 * w
            })
        else { return nil }
        let margin = meshMargin
        let outer = half + margin, inner = max(half - borderWidth - margin, 0)
        var from = 0.0, span = 2 * Double.pi
        if case .borderArc(let start, let sweep, _)? = content {
            // Caps (round ones reach half the width past either end) and anti-aliasing
            // stay within a disk of half the width plus the margin around each end.
            let halfWidth = borderWidth / 2, centreLine = half - halfWidth
            let ratio = (halfWidth + margin) / max(centreLine, 1e-9)
            let reach = ratio >= 1 ? Double.pi : asin(ratio)
            if abs(sweep) + 2 * reach < 2 * Double.pi {
                let turn: Double = sweep < 0 ? -1 : 1
                from = start - turn * reach
                span = turn * (abs(sweep) + 2 * reach)
            }
        }
        let band = (centre: CGPoint(x: shape.midX, y: shape.midY), from: from, span: span, inner: inner, outer: outer)
        guard Self.ringMeshArea(band) <= 2.0 / 3.0 * Double(quad.width * quad.height) else { return nil }
        return band
    }

    /// The local area of a band's mesh: its segments' outer triangles less their inner ones.
    static func ringMeshArea(_ band: (centre: CGPoint, from: Double, span: Double, inner: Double, outer: Double))
        -> Double
    {
        let n = Double(DrawGeometry.ringSegments), step = abs(band.span) / n
        let reach = band.outer / cos(step / 2)
        return n * 0.5 * sin(step) * (reach * reach - band.inner * band.inner)
    }
}
