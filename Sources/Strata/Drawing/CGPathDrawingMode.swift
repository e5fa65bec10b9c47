import Foundation

/// What `CGContext.drawPath(using:)` paints: fill (non-zero or even-odd), stroke, or both.
public enum CGPathDrawingMode: Int32, Hashable, Sendable {
    case fill = 0
    case eoFill
    case stroke
    case fillStroke
    case eoFillStroke
}
