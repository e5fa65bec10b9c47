import Foundation

extension CAGradientLayer {
    /// The gradient as values (see ``CALayer/drawnContent``), read from the
    /// stored state under one lock (not through the getters, a lock each).
    package var gradientContent: GradientContent {
        withStateLock {
            let g = _gradient
            return GradientContent(
                colors: (g.colors ?? []).compactMap { $0 as? CGColor },
                locations: g.locations?.map(\.doubleValue),
                startPoint: g.startPoint, endPoint: g.endPoint, type: g.type,
                radialFocus: g.radialFocus)
        }
    }
}
