import Foundation

/// The mesh each instance of a draw is: the vertex shader places it from the
/// instance's fields (`Shaders/layer.vert`).
package enum DrawGeometry: UInt8, Hashable, Sendable {
    /// The item's quad.
    case quad
    /// A band of ``ringSegments`` quads around a circle: the stroke of a circle
    /// (whole, trimmed or dashed) or the border of a round layer with nothing
    /// inside. The hole and, for an arc, the rest of the circle are not shaded,
    /// where the quad would shade them for nothing (``DrawItem/ringBand``).
    case ring
    /// The quad less a rectangle inside the border's inner edge: a border with
    /// nothing inside (an outlined layer, a stroked rectangle), whose middle
    /// would be shaded for nothing (``DrawItem/frameHole``).
    case frame

    /// Segments of the ring mesh. Each pushes the outer edge out by up to
    /// 1/cos(π/12), 3.5 %; more, thinner triangles shade fewer pixels but cost
    /// Mesa's rasterizer more per triangle (and its vertex shading runs on the
    /// submitting thread) than they save.
    package static let ringSegments = 12
}
