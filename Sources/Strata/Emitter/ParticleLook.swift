import Foundation

/// What the particles of one cell share in a `ParticleBatch`: the image
/// they show and the constants of their motion.
package struct ParticleLook: Equatable, @unchecked Sendable {
    // @unchecked Sendable: CGImage is immutable once made.

    /// The image drawn.
    package var image: CGImage
    /// The part of the image drawn, in unit coordinates.
    package var contentsRect: CGRect
    /// The particle's size at scale 1 on its emitter layer: the part of the
    /// image drawn over its contents scale, in points.
    package var size: CGSize
    /// The cell's acceleration (points/s²).
    package var acceleration: (x: Float, y: Float, z: Float)
    /// The cell's speed: a particle's age is the layer time since its birth times this.
    package var speed: Float
    /// The smallest scale a particle of this look has at the batch's time
    /// (how much smaller than its pixels the image can be drawn).
    package var minimumScale: Double
    /// Whether the image is read from mip levels where it is drawn smaller than
    /// its pixels (``EmitterParticle/mipmapped``).
    package var mipmapped: Bool

    package static func == (a: ParticleLook, b: ParticleLook) -> Bool {
        a.image === b.image && a.contentsRect == b.contentsRect && a.size == b.size
            && a.acceleration == b.acceleration && a.speed == b.speed && a.minimumScale == b.minimumScale
            && a.mipmapped == b.mipmapped
    }

    /// Whether `other` draws like this look (the same image and motion), whatever its particles' scales.
    func drawsLike(_ other: ParticleLook) -> Bool {
        image === other.image && contentsRect == other.contentsRect && size == other.size
            && acceleration == other.acceleration && speed == other.speed && mipmapped == other.mipmapped
    }
}
