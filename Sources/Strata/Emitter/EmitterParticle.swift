import Foundation

/// One particle of an emitter layer at one moment, as it is drawn (a Strata
/// addition: Core Animation does not show its particles; see
/// ``CAEmitterLayer/particles()``).
public struct EmitterParticle: Equatable, @unchecked Sendable {
    /// Where the particle's centre is, in the emitter layer's coordinates.
    public var position: CGPoint
    /// The particle's z in the emitter layer's space.
    public var zPosition: CGFloat
    /// Its rotation about z, in radians.
    public var angle: CGFloat
    /// Its scale (of its contents' natural size).
    public var scale: CGFloat
    /// Its colour, multiplying the contents: straight alpha, each in 0...1.
    public var red: Float, green: Float, blue: Float, alpha: Float
    /// The image drawn (nil: the particle is not drawn).
    public var contents: CGImage?
    /// The part of the image drawn, in unit coordinates.
    public var contentsRect: CGRect
    /// Pixels of the image per point.
    public var contentsScale: CGFloat
    /// When it was born, in the emitter layer's time.
    public var birthTime: CFTimeInterval
    /// How long it has lived and will live, in its cell's time.
    public var age: CFTimeInterval, lifetime: CFTimeInterval
    /// The name of its cell.
    public var cellName: String?
    /// Its cell's place among the emitter's cells (for ordering).
    var cellOrder: UInt64
    /// Whether its image is read from mip levels where it is drawn smaller than
    /// its pixels: its cell's `minificationFilter` is trilinear (Core Animation's
    /// default, linear, reads the image as it is).
    package var mipmapped = false

    public static func == (a: EmitterParticle, b: EmitterParticle) -> Bool {
        a.position == b.position && a.zPosition == b.zPosition && a.angle == b.angle && a.scale == b.scale
            && a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
            && a.contents === b.contents && a.contentsRect == b.contentsRect && a.contentsScale == b.contentsScale
            && a.birthTime == b.birthTime && a.age == b.age && a.lifetime == b.lifetime && a.cellName == b.cellName
            && a.cellOrder == b.cellOrder && a.mipmapped == b.mipmapped
    }

    /// The particle's size on its emitter layer: its contents' natural size times its scale.
    public var size: CGSize {
        guard let image = contents else { return .zero }
        let k = contentsScale > 0 ? 1 / contentsScale : 1
        return CGSize(
            width: CGFloat(image.width) * abs(contentsRect.width) * k * scale,
            height: CGFloat(image.height) * abs(contentsRect.height) * k * scale)
    }
}
