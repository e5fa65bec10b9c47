import Foundation

#if !canImport(CoreGraphics)
    /// The shape of a stroke's open ends, as in Core Graphics.
    public enum CGLineCap: Int32, Hashable, Sendable {
        /// The stroke ends flat at the end point.
        case butt = 0
        /// A half disc of the line width's diameter around the end point.
        case round = 1
        /// The stroke goes on flat for half the line width past the end point.
        case square = 2
    }
#endif

extension CGLineCap {
    /// The Core Graphics cap for a shape layer's line cap (Strata addition).
    package init(_ cap: CAShapeLayerLineCap) {
        switch cap {
        case .round: self = .round
        case .square: self = .square
        default: self = .butt
        }
    }
}
