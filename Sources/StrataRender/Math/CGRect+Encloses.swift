import Foundation

extension CGRect {
    /// Whether `other` lies within this rectangle, edge by edge. Foundation's
    /// `contains(_:)` on Linux compares the union with `self`, which a
    /// rectangle equal to this one can fail by the last bit of a computed edge.
    package func encloses(_ other: CGRect) -> Bool {
        minX <= other.minX && minY <= other.minY && other.maxX <= maxX && other.maxY <= maxY
    }
}
