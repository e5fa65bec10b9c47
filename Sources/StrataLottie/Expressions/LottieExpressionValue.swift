import Foundation

/// A property value an expression can compute: a number, or an array of
/// numbers (a point, a scale, a colour). Shapes (paths) are not.
protocol LottieExpressionValue: LottieValue {
    /// The value as the numbers a script sees.
    var expressionNumbers: [Double] { get }
    /// The value of numbers a script gave, already shaped to the property's dimensions.
    init(expressionNumbers: [Double])
    /// Whether a script sees the value as one number rather than an array.
    static var isExpressionScalar: Bool { get }
}

extension Double: LottieExpressionValue {
    var expressionNumbers: [Double] { [self] }
    init(expressionNumbers: [Double]) { self = expressionNumbers.first ?? 0 }
    static var isExpressionScalar: Bool { true }
}

extension LottieVector: LottieExpressionValue {
    var expressionNumbers: [Double] { values }
    init(expressionNumbers: [Double]) { self.init(expressionNumbers) }
    static var isExpressionScalar: Bool { false }
}
