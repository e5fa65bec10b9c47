import Foundation

#if !canImport(CoreGraphics)
    /// The shape of a stroke's corners, as in Core Graphics.
    public enum CGLineJoin: Int32, Hashable, Sendable {
        /// The outer edges meet in a point, unless that point is farther than the miter limit allows.
        case miter = 0
        /// A disc of the line width's diameter around the corner.
        case round = 1
        /// The outer edges' ends are joined by a straight line.
        case bevel = 2
    }
#endif

extension CGLineJoin {
    /// The Core Graphics join for a shape layer's line join (Strata addition).
    package init(_ join: CAShapeLayerLineJoin) {
        switch join {
        case .round: self = .round
        case .bevel: self = .bevel
        default: self = .miter
        }
    }
}
