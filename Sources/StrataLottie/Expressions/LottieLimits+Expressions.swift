import Foundation

extension LottieLimits {
    /// The longest expression evaluated, in UTF-8 bytes.
    public static let maximumExpressionLength = 65_536
    /// The most frames at which one file's expressions are evaluated, all together.
    public static let maximumExpressionEvaluations = 400_000
    /// The most steps (loop iterations and function calls of the expressions'
    /// own code) one property's expression may take over all its frames.
    public static let maximumExpressionStepsPerProperty = 2_000_000
    /// The most steps one file's expressions may take, all together.
    public static let maximumExpressionSteps = 20_000_000
    /// The most bytes one expression's script heap may hold.
    public static let maximumExpressionMemory = 16 << 20
    /// The most seconds one file's expressions may run, all together: a backstop
    /// for work inside the engine's own functions that the step count cannot see.
    public static let maximumExpressionSeconds = 10.0
    /// The most seconds one property's expression may run, so that one slow expression leaves time for the rest.
    public static let maximumExpressionSecondsPerProperty = 2.0
    /// How deep expressions may read other layers' properties that have expressions of their own.
    public static let maximumExpressionNesting = 8
}
