import Foundation

/// A dashed stroke of a circle, drawn in closed form by the uber-shader: the
/// pattern runs from where the path starts, in the direction it turns, along the
/// stroke's centre line, and (the circle being closed) a dash that runs over the
/// start goes on into the first one, as the rasterizer's dashing does.
package struct CircleDashes: Hashable, Sendable {
    /// Where the path starts: radians in the local plane, from +x towards +y.
    package var start: Double
    /// The direction the path turns: 1 from +x towards +y, -1 the other way.
    package var turn: Double
    /// The dash's and the gap's lengths along the centre line (local units).
    package var dash: Double
    package var gap: Double
    /// How far into the pattern the path's start is (`lineDashPhase`).
    package var phase: Double
    /// Round caps (else butt).
    package var roundCaps: Bool

    package init(start: Double, turn: Double, dash: Double, gap: Double, phase: Double, roundCaps: Bool) {
        self.start = start; self.turn = turn; self.dash = dash; self.gap = gap; self.phase = phase
        self.roundCaps = roundCaps
    }
}
