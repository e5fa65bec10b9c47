import Foundation
import Strata

/// One timeline entry of a scene file: at time ``at`` a transaction opens,
/// sets each ``set`` change in file order, and commits.
///
/// Unless ``disableActions`` is true, each change to an animatable property
/// animates implicitly from the presentation value to the new model value,
/// over ``duration`` with ``timingFunction``.
public struct SceneTransaction {
    /// One `name.keyPath: value` entry of `set`.
    public struct Change {
        /// The layer's `name` (the key before its first dot).
        public var target: String
        /// The property or sub-key (the key after the first dot).
        public var keyPath: String
        /// The new value, as JSON (decoded once at load, so decoding it again cannot fail).
        public var value: JSONValue
        /// Where the entry is: `timeline[0].set["card.opacity"]`.
        public var path: String

        /// A change.
        public init(target: String, keyPath: String, value: JSONValue, path: String) {
            self.target = target
            self.keyPath = keyPath
            self.value = value
            self.path = path
        }
    }

    /// Scene time at which the transaction commits.
    public var at: CFTimeInterval
    /// Whether the changes take effect without implicit animations.
    public var disableActions = false
    /// The implicit animations' duration (default 0.25 s).
    public var duration: CFTimeInterval = 0.25
    /// The implicit animations' timing (default `default`).
    public var timingFunction: SceneTimingFunction = .default
    /// The changes, in file order.
    public var set: [Change] = []
    /// Where the entry is: `timeline[2]`.
    public var path: String

    /// An empty transaction at `at`.
    public init(at: CFTimeInterval, path: String) {
        self.at = at
        self.path = path
    }
}
