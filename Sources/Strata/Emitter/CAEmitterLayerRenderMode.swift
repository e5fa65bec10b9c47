import Foundation

/// How an emitter layer composites its particles (`CAEmitterLayer.renderMode`).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// In no promised order (Strata: cell by cell, each cell's oldest first); source-over (the default).
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// Oldest particles drawn first (newest on top); source-over.
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// Oldest particles drawn last (on top); source-over.
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// Farthest particles (smallest z) first; source-over.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Particles' colours added to what is beneath (in the order of `unordered`).
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}
