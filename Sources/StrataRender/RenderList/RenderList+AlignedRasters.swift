import Foundation
import Strata

extension RenderList {
    /// Cuts the quad of every bitmap drawn alone (no fill, border, clip, mask or
    /// tint) whose rectangle lands on whole device pixels to that rectangle: the
    /// pixels around it are outside every edge test (half a pixel out, an
    /// anti-aliased edge covers nothing and a hard one stops), so the margin is
    /// shaded for nothing, and without it the bitmap is drawn as it is
    /// (``DrawItem/shading``).
    mutating func trimPixelAlignedRasters() {
        for p in passes.indices {
            // Fields read in place first: every item of every frame passes here.
            for i in passes[p].items.indices where passes[p].items[i].drawsOnlyItsContents {
                guard case .texture(.raster, _, let rect)? = passes[p].items[i].content,
                    passes[p].items[i].quad != rect, passes[p].items[i].quad.encloses(rect),
                    passes[p].items[i].mapsToWholePixels(rect)
                else { continue }
                passes[p].items[i].quad = rect
            }
        }
    }
}

extension RenderList {
    /// Replaces every bitmap the textured-quad program draws whose paint lies in
    /// a part of it (``RasterImage/paintedRuns``) by one quad per run of painted
    /// tiles: the transparent rest of a large bitmap (the sky over a hill, the
    /// space between a character's limbs) was shaded for nothing. Only bitmaps
    /// drawn pixel for pixel on whole device pixels: the quads' shared edges then
    /// lie on pixel boundaries, far from any pixel's centre, so each pixel is
    /// drawn once whatever the rounding of the edges.
    mutating func splitSparseRasters() {
        for p in passes.indices {
            // Most passes have no such bitmap: one look at each item, borrowed, not copied.
            guard let first = passes[p].items.firstIndex(where: { $0.drawsOnlyItsContents && $0.paintedQuads != nil })
            else { continue }
            var split = Array(passes[p].items[..<first])
            for item in passes[p].items[first...] {
                guard item.drawsOnlyItsContents, let quads = item.paintedQuads else {
                    split.append(item)
                    continue
                }
                for quad in quads {
                    var piece = item
                    piece.quad = quad
                    split.append(piece)
                }
            }
            passes[p].items = split
        }
    }
}

extension RenderList {
    /// Marks the composites that show their pass one texel per device pixel:
    /// the pass's bounds are the composite's content rectangle, on whole device
    /// pixels, at one pixel per unit (a pass drawn on the device, as masks,
    /// mattes and group opacity are). Their texels are read as they are
    /// (`Shading.texelQuad`). Run once the passes are numbered for good.
    mutating func markTexelForPixelComposites() {
        // Only passes drawn on the device are sampled whole; a frame with none has nothing to mark.
        guard passes.contains(where: { $0.purpose != .screen && $0.purpose != .appearance }) else { return }
        for p in passes.indices {
            for i in passes[p].items.indices where passes[p].items[i].kind == .composite {
                guard case .texture(.pass(let source), let uv, let rect)? = passes[p].items[i].content,
                    uv == CGRect(x: 0, y: 0, width: 1, height: 1), passes[source].bounds == rect,
                    rect.encloses(passes[p].items[i].quad)
                else { continue }
                let m = passes[p].items[i].mapping
                guard m.m11 == m.m33, m.m22 == m.m33, passes[p].items[i].mapsToWholePixels(rect) else { continue }
                passes[p].items[i].sampledTexelForPixel = true
            }
        }
    }
}

extension DrawItem {
    /// Whether the item draws its contents and nothing else: a layer body with no
    /// fill, border, clip, mask, tint or cut to its shape.
    var drawsOnlyItsContents: Bool { mask == nil && drawsOnlyItsContentsAndMask }

    /// Whether the item draws its contents, perhaps masked, and nothing else: a
    /// layer body with no fill, border, clip, tint or cut to its shape.
    var drawsOnlyItsContentsAndMask: Bool {
        kind == .layer && fill.isClear && borderWidth == 0 && clip < 0 && tint == .white && !clipsContentToShape
    }

    /// The quads (local units) of a textured-quad bitmap's painted runs, cut to
    /// its quad, where it is drawn pixel for pixel on whole device pixels; nil for
    /// any other item.
    var paintedQuads: [CGRect]? {
        guard case .texture(.raster(let raster), _, let rect)? = content, let runs = raster.paintedRuns,
            shading.readsTexelForPixel
        else { return nil }
        let ux = Double(rect.width) / Double(raster.width), uy = Double(rect.height) / Double(raster.height)
        return runs.compactMap { run in
            let q = CGRect(
                x: Double(rect.minX) + Double(run.minX) * ux, y: Double(rect.minY) + Double(run.minY) * uy,
                width: Double(run.width) * ux, height: Double(run.height) * uy
            ).intersection(quad)
            return q.isNull || q.isEmpty ? nil : q
        }
    }

    /// Whether `rect` (local units) maps onto a rectangle of whole device pixels:
    /// no rotation or perspective, and each edge within a thousandth of a pixel
    /// of a pixel boundary.
    func mapsToWholePixels(_ rect: CGRect) -> Bool {
        guard mapping.m12 == 0, mapping.m21 == 0, mapping.m13 == 0, mapping.m23 == 0, mapping.m33 > 0,
            rect.width > 0, rect.height > 0
        else { return false }
        func whole(_ v: Double) -> Bool { v.isFinite && abs(v - v.rounded()) <= 1e-3 }
        let w = mapping.m33
        return whole((mapping.m11 * Double(rect.minX) + mapping.m31) / w)
            && whole((mapping.m11 * Double(rect.maxX) + mapping.m31) / w)
            && whole((mapping.m22 * Double(rect.minY) + mapping.m32) / w)
            && whole((mapping.m22 * Double(rect.maxY) + mapping.m32) / w)
    }
}
