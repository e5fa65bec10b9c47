import Foundation

/// Key paths that go on into a value held under a key, as NSObject's
/// `value(forKeyPath:)` does. swift-corelibs-foundation's NSObject has no
/// key-value coding, so this knows the containers that have it in Strata:
/// layers, animations, emitter cells, and dictionaries keyed by strings.
enum KeyValueCoding {
    /// The value at `keyPath` in `container` (nil when it is none of those).
    static func value(forKeyPath keyPath: String, in container: Any?) -> Any? {
        switch container {
        case let layer as CALayer: return layer.value(forKeyPath: keyPath)
        case let animation as CAAnimation: return animation.value(forKeyPath: keyPath)
        case let cell as CAEmitterCell: return cell.value(forKeyPath: keyPath)
        case let dictionary as [String: Any]:
            guard let dot = keyPath.firstIndex(of: ".") else { return dictionary[keyPath] }
            return value(
                forKeyPath: String(keyPath[keyPath.index(after: dot)...]),
                in: dictionary[String(keyPath[..<dot])])
        default: return nil
        }
    }

    /// Sets the value at `keyPath` in `container` (nothing when it is not a
    /// layer, an animation or a cell: a dictionary is a value here).
    static func setValue(_ value: Any?, forKeyPath keyPath: String, in container: Any?) {
        switch container {
        case let layer as CALayer: layer.setValue(value, forKeyPath: keyPath)
        case let animation as CAAnimation: animation.setValue(value, forKeyPath: keyPath)
        case let cell as CAEmitterCell: cell.setValue(value, forKeyPath: keyPath)
        default: break
        }
    }
}
