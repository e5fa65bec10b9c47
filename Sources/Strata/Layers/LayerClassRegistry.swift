import Foundation

/// Tells Strata's own layer classes from subclasses written outside Strata,
/// remembered per class.
///
/// A Strata class copies every stored property in `copyProperties(from:)`,
/// so its presentation copies can be made by `strataCopy()` and refreshed in
/// place; a subclass of yours has properties only its `init(layer:)` copies.
final class LayerClassRegistry: @unchecked Sendable {
    static let shared = LayerClassRegistry()

    private let lock = NSLock()
    private var known: [ObjectIdentifier: Bool] = [:]

    /// Strata's layer classes, told without the lock and the table (every
    /// animated layer asks, every frame).
    private static let strataLayerClasses: [ObjectIdentifier] = [
        CALayer.self, CAGradientLayer.self, CAShapeLayer.self, CATextLayer.self, CAReplicatorLayer.self,
        CATransformLayer.self, CAEmitterLayer.self,
    ].map { ObjectIdentifier($0) }

    /// Whether `cls` is declared in the Strata module.
    func isStrataClass(_ cls: AnyClass) -> Bool {
        let id = ObjectIdentifier(cls)
        if Self.strataLayerClasses.contains(id) { return true }
        lock.lock()
        defer { lock.unlock() }
        if let answer = known[id] { return answer }
        // The module is the first component of the class's full name.
        let answer = String(reflecting: cls).hasPrefix("Strata.")
        known[id] = answer
        return answer
    }
}

extension CALayer {
    /// Whether `cls` is one of Strata's layer classes (not a subclass of yours).
    static func isStrataClass(_ cls: CALayer.Type) -> Bool { LayerClassRegistry.shared.isStrataClass(cls) }
}
