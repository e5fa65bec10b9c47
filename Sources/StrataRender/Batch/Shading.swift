import Foundation

/// Which program shades an item. Every fragment of an item pays for each
/// feature its program has, so items that need less get a smaller program.
package enum Shading: UInt8, Hashable, Sendable {
    /// The layer shader: shapes, borders, shadows, gradients, contents, clips, masks.
    case layer
    /// A texture drawn as it is, times opacity: cached appearances and passes
    /// whose edges are already in their pixels (no edge test, clip, mask or tint).
    case texturedQuad
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
            return .texturedQuad
        }
        if kind == .particles { return .particles }
        // A CPU-made bitmap (a path, text) with transparent edges, or drawn on whole
        // device pixels by a quad inside its rectangle, and nothing else drawn with
        // it: its pixels are the whole picture, as a pass's are.
        if drawsOnlyItsContents, case .texture(.raster(let raster), _, let rect)? = content,
            raster.hasClearEdges || (rect.contains(quad) && mapsToWholePixels(rect))
        {
            return .texturedQuad
        }
        // A clipped particle takes the layer program, for its clip test.
        if kind == .particle, clip < 0, mask == nil { return .particle }
        return .layer
    }
}
