import Foundation
import Strata

/// What a `.particles` draw needs besides its program and texture: which of
/// the frame's births it draws and the uniforms that place them
/// (`Shaders/particles.vert`).
package struct PlannedParticles: Hashable, Sendable {
    /// Vectors each look takes in ``looks``.
    package static let vectorsPerLook = 3
    /// Indices into ``FramePlan/particles``, or with ``kept`` into the kept births.
    package var births: Range<Int>
    /// The births are in the buffer the backend keeps between frames (``KeptParticleUpdate``).
    package var kept = false
    /// Per look of the batch, in order: its image's texture coordinates
    /// (u0, v0, u1, v1), its size at scale 1 and its speed (w, h, speed, 0),
    /// and its acceleration (x, y, z, 0).
    package var looks: [SIMD4<Float>]
    /// The layer time drawn, relative to the births' origin.
    package var time: Float
    /// Every particle adds its colour (alpha 0).
    package var additive: Bool
    /// The emitter layer's plane to device pixels: the rows of its plane mapping.
    package var mapping: [Float]
    /// Multiplies every particle's colour, as an item's opacity does.
    package var opacity: Float
    /// Multiplies every component (premultiplied), as an item's tint does.
    package var tint: SIMD4<Float>
    /// Index into the frame's clips of the innermost clip, or -1.
    package var clip: Int32
    /// Index into ``looks`` of every birth drawn, or -1: each birth's own.
    package var look: Int32 = -1
    /// The births are drawn from the last to the first.
    package var reversed = false
}
