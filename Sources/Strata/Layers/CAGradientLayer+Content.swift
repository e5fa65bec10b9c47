import Foundation

extension CAGradientLayer {
    /// The gradient as values (see ``CALayer/drawnContent``).
    package var gradientContent: GradientContent {
        withStateLock {
            GradientContent(colors: (colors ?? []).compactMap { $0 as? CGColor },
                            locations: locations?.map(\.doubleValue),
                            startPoint: startPoint, endPoint: endPoint, type: type)
        }
    }
}
