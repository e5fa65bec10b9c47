import Foundation

/// Which program shades an item. Every fragment of an item pays for each
/// feature its program has, so items that need less get a smaller program.
package enum Shading: UInt8, Hashable, Sendable {
    /// The layer shader: shapes, borders, shadows, gradients, contents, clips, masks.
    case layer
    /// A texture drawn as it is, times opacity: cached appearances and passes
    /// whose edges are already in their pixels (no edge test, clip, mask or tint).
    case texturedQuad
    /// A bitmap drawn texel for pixel: its rectangle on whole device pixels at
    /// one texel per pixel, so each pixel's centre is a texel's centre and the
    /// texel is read as it is (`textured.frag` with `TEXEL_FOR_PIXEL`): no
    /// filtering, about a quarter less of llvmpipe's time per pixel than sampling.
    case texelQuad
    /// A bitmap drawn texel for pixel, times a mask whose texels lie one per
    /// device pixel too (a matte's bitmap or pass over a path's bitmap), read
    /// by position, unfiltered (`textured.frag` with `TEXEL_FOR_PIXEL` and
    /// `MASKED`): two texel reads a pixel, where the layer program pays for
    /// edge ramps and two filtered reads.
    case maskedTexelQuad
    /// A tinted image with anti-aliased square edges and nothing else: an
    /// emitter's particles (`Shaders/particle.frag`).
    case particle
    /// An emitter's particles in bulk, placed by the vertex shader from their
    /// births (`Shaders/particles.vert` with `Shaders/particle.frag`).
    case particles
}

extension Shading {
    /// Whether the program reads the item's texture one texel per device pixel.
    package var readsTexelForPixel: Bool { self == .texelQuad || self == .maskedTexelQuad }
}

extension DrawItem {
    /// The smallest program that draws this item exactly.
    package var shading: Shading {
        if kind == .composite, antialiasedEdges == 0, clip < 0, mask == nil, fill.isClear, texture != nil,
            tint == .white
        {
            return sampledTexelForPixel ? .texelQuad : .texturedQuad
        }
        if kind == .particles { return .particles }
        // A CPU-made bitmap (a path, text) with transparent edges, or drawn on whole
        // device pixels by a quad inside its rectangle, and nothing else drawn with
        // it: its pixels are the whole picture, as a pass's are.
        if drawsOnlyItsContents, case .texture(.raster(let raster), _, let rect)? = content {
            let inside = rect.encloses(quad) && mapsToWholePixels(rect)
            if inside, isTexelForPixel(raster, in: rect) { return .texelQuad }
            if raster.hasClearEdges || inside { return .texturedQuad }
        }
        // The same bitmap under a mask read texel for pixel: what is left of the
        // layer program is the mask's texel.
        if drawsOnlyItsMaskedContents, case .texture(.raster(let raster), _, let rect)? = content,
            rect.encloses(quad), mapsToWholePixels(rect), isTexelForPixel(raster, in: rect)
        {
            return .maskedTexelQuad
        }
        // A clipped particle takes the layer program, for its clip test.
        if kind == .particle, clip < 0, mask == nil { return .particle }
        return .layer
    }

    /// Whether the item draws its contents under a mask and nothing else, the
    /// mask's texels one per device pixel over the rectangle it spans, neither
    /// turned nor flipped: a mask pass read where it was drawn, or a bitmap
    /// placed on whole pixels at one texel per pixel.
    var drawsOnlyItsMaskedContents: Bool {
        guard drawsOnlyItsContentsAndMask, let mask, let placement = maskPlacement, let region = placement.region,
            placement.unitMap == nil, !placement.transposed
        else { return false }
        if placement.texelForPixel { return true }
        guard case .raster(let bitmap) = mask, bitmap.width > 0, bitmap.height > 0 else { return false }
        let a = placement.area
        guard a.x < a.z, a.y < a.w else { return false }
        func whole(_ v: Double) -> Bool { v.isFinite && abs(v - v.rounded()) <= 1e-3 }
        // The area's edges on texel edges, the region's on pixel edges, and as many of one as of the other.
        let w = Double(bitmap.width), h = Double(bitmap.height)
        let x0 = Double(a.x) * w, x1 = Double(a.z) * w, y0 = Double(a.y) * h, y1 = Double(a.w) * h
        return whole(x0) && whole(x1) && whole(y0) && whole(y1) && whole(Double(region.minX))
            && whole(Double(region.minY)) && abs((x1 - x0) - Double(region.width)) <= 1e-3
            && abs((y1 - y0) - Double(region.height)) <= 1e-3
    }

    /// Whether `raster`, shown over `rect` (local units, on whole device
    /// pixels), has one texel per device pixel along both axes.
    func isTexelForPixel(_ raster: RasterImage, in rect: CGRect) -> Bool {
        guard raster.width > 0, raster.height > 0 else { return false }
        let ux = Double(rect.width) / Double(raster.width), uy = Double(rect.height) / Double(raster.height)
        // mapsToWholePixels leaves only a scale and a translation.
        return abs(mapping.m11 * ux / mapping.m33 - 1) < 1e-6 && abs(mapping.m22 * uy / mapping.m33 - 1) < 1e-6
    }
}
