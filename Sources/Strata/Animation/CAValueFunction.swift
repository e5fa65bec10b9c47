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
    /// The same, as a plain value.
    let kind: ValueFunctionKind
    /// The input that makes the identity (0 for rotations and translations,
    /// 1 for scales): the "current value" beneath the function's animation.
    let identityInput: AnimValue

    /// The function named `name`, or nil when there is none of that name.
    public init?(name: CAValueFunctionName) {
        guard let kind = ValueFunctionKind(name) else { return nil }
        self.name = name
        self.kind = kind
        switch kind {
        case .scale: identityInput = .numbers([1, 1, 1])
        case .translate: identityInput = .numbers([0, 0, 0])
        case .scaleX, .scaleY, .scaleZ: identityInput = .number(1)
        default: identityInput = .number(0)
        }
        super.init()
    }

    /// The kind of value the function takes: one number, or three.
    var inputKind: ValueKind { kind.takesThree ? .numbers : .number }

    /// The transform for an input value (nil when the value is not one the function takes).
    func transform(for value: AnimValue) -> CATransform3D? {
        if kind.takesThree {
            guard let v = value.numbersValue, !v.isEmpty else { return nil }
            return kind.matrix(count: v.count) { v[$0] }
        }
        guard let v = value.doubleValue else { return nil }
        return kind.matrix(count: 1) { _ in v }
    }
}
