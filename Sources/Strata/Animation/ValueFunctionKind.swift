import Foundation

/// Which of the predefined value functions a `CAValueFunction` is, as a
/// plain value: what turns its input numbers into a matrix every frame
/// (a name's string is compared once, when the function is made).
enum ValueFunctionKind: UInt8 {
    case rotateX, rotateY, rotateZ, scale, scaleX, scaleY, scaleZ, translate, translateX, translateY, translateZ

    init?(_ name: CAValueFunctionName) {
        switch name {
        case .rotateX: self = .rotateX
        case .rotateY: self = .rotateY
        case .rotateZ: self = .rotateZ
        case .scale: self = .scale
        case .scaleX: self = .scaleX
        case .scaleY: self = .scaleY
        case .scaleZ: self = .scaleZ
        case .translate: self = .translate
        case .translateX: self = .translateX
        case .translateY: self = .translateY
        case .translateZ: self = .translateZ
        default: return nil
        }
    }

    /// Whether the input is three numbers (`scale`, `translate`), not one.
    var takesThree: Bool { self == .scale || self == .translate }

    /// The matrix for an input of `count` numbers (at least one), `number(i)`
    /// the i-th: a three-number function takes a missing y as x, and a
    /// missing z as the identity's (1 for a scale, 0 for a translation); a
    /// one-number function takes the first.
    @inline(__always)
    func matrix(count: Int, _ number: (Int) -> Double) -> CATransform3D {
        let x = CGFloat(number(0))
        if takesThree {
            let y = CGFloat(count > 1 ? number(1) : number(0))
            let z = CGFloat(count > 2 ? number(2) : (self == .scale ? 1 : 0))
            return self == .scale ? CATransform3DMakeScale(x, y, z) : CATransform3DMakeTranslation(x, y, z)
        }
        switch self {
        case .rotateX: return CATransform3DMakeRotation(x, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(x, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(x, 0, 0, 1)
        case .scaleX: return CATransform3DMakeScale(x, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, x, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, x)
        case .translateX: return CATransform3DMakeTranslation(x, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, x, 0)
        default: return CATransform3DMakeTranslation(0, 0, x)
        }
    }
}
