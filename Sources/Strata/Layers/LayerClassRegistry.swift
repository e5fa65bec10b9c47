import CStrataRuntime
import Foundation

/// Tells Strata's own layer classes from subclasses written outside Strata,
/// and how each subclass of yours is copied, remembered per class.
///
/// A Strata class copies every stored property in `copyProperties(from:)`,
/// so its presentation copies can be made by `strataCopy()` and refreshed in
/// place; a subclass of yours has properties only its `init(layer:)` copies.
/// Swift reaches a subclass's `init(layer:)` from its class alone only
/// through the runtime (see `CStrataRuntime`): no initializer is required of
/// subclasses, so iOS code that declares its own `init()` compiles as it is.
final class LayerClassRegistry: @unchecked Sendable {
    static let shared = LayerClassRegistry()

    /// What is known of a class.
    private struct ClassFacts {
        /// Declared in the Strata module.
        var isStrata: Bool
        /// Its allocating `init(layer:)` from the vtable (nil for Strata's).
        var initializer: UnsafeRawPointer?
        /// The initializer turned out to be Swift's stub for a class that
        /// declares initializers of its own but not `init(layer:)`.
        var hasNoLayerInitializer = false
    }

    private let lock = NSLock()
    private var known: [ObjectIdentifier: ClassFacts] = [:]

    /// Strata's layer classes, told without the lock and the table (every
    /// animated layer asks, every frame).
    private static let strataLayerClasses: [ObjectIdentifier] = [
        CALayer.self, CAGradientLayer.self, CAShapeLayer.self, CATextLayer.self, CAReplicatorLayer.self,
        CATransformLayer.self, CAEmitterLayer.self, CAScrollLayer.self, CATiledLayer.self,
    ].map { ObjectIdentifier($0) }

    private func facts(_ cls: CALayer.Type) -> ClassFacts {
        lock.lock()
        defer { lock.unlock() }
        let id = ObjectIdentifier(cls)
        if let facts = known[id] { return facts }
        // The module is the first component of the class's full name.
        let isStrata = String(reflecting: cls).hasPrefix("Strata.")
        let metadata = unsafeBitCast(cls, to: UnsafeRawPointer.self)
        let facts = ClassFacts(isStrata: isStrata, initializer: isStrata ? nil : strata_layer_initializer(metadata))
        known[id] = facts
        return facts
    }

    /// Whether `cls` is declared in the Strata module.
    func isStrataClass(_ cls: AnyClass) -> Bool {
        if Self.strataLayerClasses.contains(ObjectIdentifier(cls)) { return true }
        guard let layerClass = cls as? CALayer.Type else { return false }
        return facts(layerClass).isStrata
    }

    /// Whether presentation copies of `cls` are made by its own `init(layer:)`:
    /// a class of yours, not yet known to lack one.
    func copiesAsOwnClass(_ cls: CALayer.Type) -> Bool {
        if Self.strataLayerClasses.contains(ObjectIdentifier(cls)) { return false }
        let facts = facts(cls)
        return !facts.isStrata && !facts.hasNoLayerInitializer
    }

    /// A new instance of `layer`'s class made by the class's `init(layer:)`
    /// with `layer`; nil when the class has none (it declares initializers of
    /// its own and not that one: on iOS, asking for its presentation layer
    /// crashes), which is then remembered.
    func copyByLayerInitializer(of layer: CALayer) -> CALayer? {
        let cls = type(of: layer)
        let facts = facts(cls)
        guard !facts.hasNoLayerInitializer, let initializer = facts.initializer else { return nil }
        let argument = UnsafeMutablePointer<Any>.allocate(capacity: 1)
        defer { argument.deallocate() }
        argument.initialize(to: layer)
        var unimplemented: Int32 = 0
        // The name Swift's stub reports: the class's own, without its module, outer types or generic arguments.
        let name = String(describing: cls).prefix { $0 != "<" }
        let object = String(name).withCString {
            strata_call_layer_initializer(
                initializer, $0, argument, unsafeBitCast(cls, to: UnsafeRawPointer.self), &unimplemented)
        }
        guard unimplemented == 0, let object else {
            argument.deinitialize(count: 1)
            lock.lock()
            known[ObjectIdentifier(cls)]?.hasNoLayerInitializer = true
            lock.unlock()
            return nil
        }
        return Unmanaged<CALayer>.fromOpaque(object).takeRetainedValue()
    }
}

extension CALayer {
    /// Whether `cls` is one of Strata's layer classes (not a subclass of yours).
    static func isStrataClass(_ cls: CALayer.Type) -> Bool { LayerClassRegistry.shared.isStrataClass(cls) }

    /// Whether presentation copies of `cls` are of `cls` itself, made by its
    /// `init(layer:)` (a class of yours that has one, inherited or its own).
    static func copiesAsOwnClass(_ cls: CALayer.Type) -> Bool { LayerClassRegistry.shared.copiesAsOwnClass(cls) }
}
