import Foundation
import Strata

/// The radius of each corner of a rounded rectangle, in the layer's units.
package struct CornerRadii: Hashable, Sendable {
    /// Corners at (minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY).
    package var minXMinY: Double, maxXMinY: Double, maxXMaxY: Double, minXMaxY: Double

    package init(minXMinY: Double, maxXMinY: Double, maxXMaxY: Double, minXMaxY: Double) {
        self.minXMinY = minXMinY; self.maxXMinY = maxXMinY
        self.maxXMaxY = maxXMaxY; self.minXMaxY = minXMaxY
    }

    /// Square corners.
    package static let zero = CornerRadii(minXMinY: 0, maxXMinY: 0, maxXMaxY: 0, minXMaxY: 0)

    /// Core Animation's corners: `radius` (clamped to half the shorter side) on the masked corners.
    package init(radius: Double, corners: CACornerMask, size: CGSize) {
        let r = max(0, min(radius, Double(min(size.width, size.height)) / 2))
        func on(_ c: CACornerMask) -> Double { corners.contains(c) ? r : 0 }
        self.init(
            minXMinY: on(.layerMinXMinYCorner), maxXMinY: on(.layerMaxXMinYCorner),
            maxXMaxY: on(.layerMaxXMaxYCorner), minXMaxY: on(.layerMinXMaxYCorner))
    }

    /// Whether every corner is square.
    package var isZero: Bool { self == .zero }

    /// The largest radius.
    package var maximum: Double { max(minXMinY, maxXMinY, maxXMaxY, minXMaxY) }
}
