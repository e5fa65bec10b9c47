import Foundation
import Strata

/// What a `.particles` draw needs besides its program and texture: which of
/// the frame's births it draws and the uniforms that place them
/// (`Shaders/particles.vert`).
public struct PlannedParticles: Hashable, Sendable {
    /// Vectors each look takes in ``looks``.
    public static let vectorsPerLook = 3
    /// Indices into ``FramePlan/particles``.
    public var births: Range<Int>
    /// Per look of the batch, in order: its image's texture coordinates
    /// (u0, v0, u1, v1), its size at scale 1 and its speed (w, h, speed, 0),
    /// and its acceleration (x, y, z, 0).
    public var looks: [SIMD4<Float>]
    /// The layer time drawn, relative to the births' origin.
    public var time: Float
    /// Every particle adds its colour (alpha 0).
    public var additive: Bool
    /// The emitter layer's plane to device pixels: the rows of its plane mapping.
    public var mapping: [Float]
    /// Multiplies every particle's colour, as an item's opacity does.
    public var opacity: Float
    /// Multiplies every component (premultiplied), as an item's tint does.
    public var tint: SIMD4<Float>
    /// Index into the frame's clips of the innermost clip, or -1.
    public var clip: Int32
}
