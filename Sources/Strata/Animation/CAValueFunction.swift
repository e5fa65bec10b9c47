import Foundation

/// The names of the predefined value functions.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A rotation in radians about x.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    /// A rotation in radians about y.
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    /// A rotation in radians about z.
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// A scale by three numbers (x, y, z).
    public static let scale = CAValueFunctionName(rawValue: "scale")
    /// A scale of x.
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    /// A scale of y.
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    /// A scale of z.
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// A translation by three numbers (x, y, z).
    public static let translate = CAValueFunctionName(rawValue: "translate")
    /// A translation along x.
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    /// A translation along y.
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    /// A translation along z.
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Turns an animation's interpolated numbers into a transform, so that a
/// `transform` animation can spin past a full turn (its values are angles,
/// not matrices).
open class CAValueFunction: NSObject, @unchecked Sendable {
    // Immutable after init, hence @unchecked Sendable.

    /// The function's name.
    public let name: CAValueFunctionName

    /// The function named `name`, or nil when there is none of that name.
    public init?(name: CAValueFunctionName) {
        let known: [CAValueFunctionName] = [
            .rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
            .translate, .translateX, .translateY, .translateZ,
        ]
        guard known.contains(name) else { return nil }
        self.name = name
        super.init()
    }

    /// The kind of value the function takes: one number, or three.
    var inputKind: ValueKind {
        name == .scale || name == .translate ? .numbers : .number
    }

    /// The transform for an input value (nil when the value is not one the function takes).
    func transform(for value: AnimValue) -> CATransform3D? {
        if inputKind == .numbers {
            guard let v = value.numbersValue, !v.isEmpty else { return nil }
            let x = CGFloat(v[0]), y = CGFloat(v.count > 1 ? v[1] : v[0]),
                z = CGFloat(v.count > 2 ? v[2] : (name == .scale ? 1 : 0))
            return name == .scale ? CATransform3DMakeScale(x, y, z) : CATransform3DMakeTranslation(x, y, z)
        }
        guard let v = value.doubleValue.map({ CGFloat($0) }) else { return nil }
        switch name {
        case .rotateX: return CATransform3DMakeRotation(v, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(v, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(v, 0, 0, 1)
        case .scaleX: return CATransform3DMakeScale(v, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, v, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, v)
        case .translateX: return CATransform3DMakeTranslation(v, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, v, 0)
        default: return CATransform3DMakeTranslation(0, 0, v)
        }
    }

    /// The input that makes the identity (0 for rotations and translations, 1 for scales).
    var identityInput: AnimValue {
        switch name {
        case .scale: return .numbers([1, 1, 1])
        case .translate: return .numbers([0, 0, 0])
        case .scaleX, .scaleY, .scaleZ: return .number(1)
        default: return .number(0)
        }
    }
}
