import Foundation

/// How a `GestureRouter` reads devices: scroll units, dead zones.
public struct GestureSettings: Equatable, Sendable {
    /// Points a pan moves per unit of two-finger scrolling (GLFW reports a
    /// wheel notch, or a trackpad's equivalent, as 1).
    public var pointsPerScrollUnit = 10.0
    /// The factor a Control-scroll pinch scales by per scroll unit up (divides by, down).
    public var pinchFactorPerScrollUnit = 1.1
    /// The left stick's radial dead zone, as a fraction of full tilt: tilts
    /// inside it read as centred, those outside are rescaled to start at 0.
    public var stickDeadZone = 0.2
    /// Each trigger's dead zone, as a fraction of a full pull.
    public var triggerDeadZone = 0.1

    /// The defaults.
    public init() {}

    /// The left stick's tilt (GLFW axes, -1…1, y down) past the dead zone: 0
    /// inside it, rising from 0 at its edge to 1 at full tilt.
    public func stick(x: Double, y: Double) -> (x: Double, y: Double) {
        let magnitude = hypot(x, y)
        guard magnitude > stickDeadZone else { return (0, 0) }
        let scaled = min(1, (magnitude - stickDeadZone) / (1 - stickDeadZone))
        return (x / magnitude * scaled, y / magnitude * scaled)
    }

    /// A trigger's pull (GLFW axis, -1 at rest … 1 pulled) past its dead zone, 0…1.
    public func trigger(_ value: Double) -> Double {
        let pull = (value + 1) / 2
        guard pull > triggerDeadZone else { return 0 }
        return min(1, (pull - triggerDeadZone) / (1 - triggerDeadZone))
    }
}
