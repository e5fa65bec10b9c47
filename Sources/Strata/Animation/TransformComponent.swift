import Foundation

/// One of Core Animation's transform key-path fields (`rotation.y`,
/// `scale`, `translation.x`, …), read from and written into a matrix's
/// decomposition. An enum rather than closures: an animated field is
/// written for every layer every frame, and a switch costs no indirect
/// calls or retained contexts.
enum TransformComponent {
    case rotationX, rotationY, rotationZ
    case scale, scaleX, scaleY, scaleZ
    case translation, translationX, translationY, translationZ

    typealias Angles = (x: Double, y: Double, z: Double)

    /// CA's names: `rotation(.x/.y/.z)` in radians (`rotation` is z),
    /// `scale(.x/.y/.z)` (`scale` is the mean of the three; setting it sets
    /// all three), `translation(.x/.y/.z)` (`translation` is a size of x and y).
    init?(keyPath name: String) {
        switch name {
        case "rotation", "rotation.z": self = .rotationZ
        case "rotation.x": self = .rotationX
        case "rotation.y": self = .rotationY
        case "scale": self = .scale
        case "scale.x": self = .scaleX
        case "scale.y": self = .scaleY
        case "scale.z": self = .scaleZ
        case "translation": self = .translation
        case "translation.x": self = .translationX
        case "translation.y": self = .translationY
        case "translation.z": self = .translationZ
        default: return nil
        }
    }

    /// The kind of the field's value: a size for `translation`, else a number.
    var kind: ValueKind { self == .translation ? .size : .number }

    /// The field in `d`, whose rotation has the Euler angles `angles`.
    func read(_ d: DecomposedTransform, _ angles: Angles) -> AnimValue {
        switch self {
        case .rotationX: return .number(angles.x)
        case .rotationY: return .number(angles.y)
        case .rotationZ: return .number(angles.z)
        case .scale: return .number((d.scale.x + d.scale.y + d.scale.z) / 3)
        case .scaleX: return .number(d.scale.x)
        case .scaleY: return .number(d.scale.y)
        case .scaleZ: return .number(d.scale.z)
        case .translation: return .size(CGSize(width: d.translation.x, height: d.translation.y))
        case .translationX: return .number(d.translation.x)
        case .translationY: return .number(d.translation.y)
        case .translationZ: return .number(d.translation.z)
        }
    }

    /// Sets the field in `d` (rotation Euler angles `angles`) to `value`.
    func write(_ value: AnimValue, into d: inout DecomposedTransform, _ angles: Angles) {
        if case .translation = self {
            let s = value.sizeValue ?? .zero
            d.translation.x = Double(s.width); d.translation.y = Double(s.height)
        } else {
            write(value.doubleValue ?? 0, into: &d, angles)
        }
    }

    /// Sets the field in `d` to the number `v` (`translation`, a size, takes
    /// a number as no size: zero, as through `AnimValue`).
    @inline(__always)
    func write(_ v: Double, into d: inout DecomposedTransform, _ angles: Angles) {
        switch self {
        case .rotationX: d.setEulerAngles(x: v, y: angles.y, z: angles.z)
        case .rotationY: d.setEulerAngles(x: angles.x, y: v, z: angles.z)
        case .rotationZ: d.setEulerAngles(x: angles.x, y: angles.y, z: v)
        case .scale: d.scale = (v, v, v)
        case .scaleX: d.scale.x = v
        case .scaleY: d.scale.y = v
        case .scaleZ: d.scale.z = v
        case .translation: d.translation.x = 0; d.translation.y = 0
        case .translationX: d.translation.x = v
        case .translationY: d.translation.y = v
        case .translationZ: d.translation.z = v
        }
    }
}
