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
    /// A tinted image with anti-aliased square edges and nothing else: an
    /// emitter's particles (`Shaders/particle.frag`).
    case particle
    /// An emitter's particles in bulk, placed by the vertex shader from their
    /// births (`Shaders/particles.vert` with `Shaders/particle.frag`).
    case particles
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
            let inside = rect.contains(quad) && mapsToWholePixels(rect)
            if inside, isTexelForPixel(raster, in: rect) { return .texelQuad }
            if raster.hasClearEdges || inside { return .texturedQuad }
        }
        // A clipped particle takes the layer program, for its clip test.
        if kind == .particle, clip < 0, mask == nil { return .particle }
        return .layer
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
