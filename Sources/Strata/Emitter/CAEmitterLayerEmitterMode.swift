import Foundation

/// Which part of the emitter shape particles start from (`CAEmitterLayer.emitterMode`).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Points of the shape (Strata: anywhere in it, as `volume`).
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// The outline: a rectangle's or cuboid's edges, a circle's circumference, a sphere's equator.
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// The surface: a rectangle's or circle's area, a cuboid's faces, a sphere's surface.
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// Anywhere inside the shape (the default).
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}
