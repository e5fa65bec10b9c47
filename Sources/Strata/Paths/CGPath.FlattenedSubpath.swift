import Foundation

extension CGPath {
    /// One subpath flattened to a polyline (Strata addition).
    package struct FlattenedSubpath: Hashable, Sendable {
        /// The polyline's points. A closed subpath does not repeat its start at the end: the
        /// closing edge from the last point back to the first is implied by `isClosed`.
        package var points: [CGPoint]
        /// Whether the subpath was closed with `closeSubpath`.
        package var isClosed: Bool

        /// A polyline with the given points.
        package init(points: [CGPoint], isClosed: Bool) {
            self.points = points
            self.isClosed = isClosed
        }
    }
}
