import Foundation
import Strata

/// One pass of a frame as a backend replays it: bind `target`, set the
/// viewport, then for each region clear (within its scissor) and draw; then
/// recolour and blur if asked.
package struct PlannedPass: Hashable, Sendable {
    /// A part of the pass's target drawn on its own: all of it (no scissor),
    /// or one damaged rectangle of the screen.
    package struct Region: Hashable, Sendable {
        /// Device pixels, y down; nil: the whole viewport.
        package var scissor: CGRect?
        package var draws: [PlannedDraw]
    }

    /// A separable Gaussian blur of the pass's pixels in place, through a scratch target.
    package struct Blur: Hashable, Sendable {
        package var sigma: Double
        package var scratch: PassTarget
        /// The directions blurred (a layer filter may blur one way only).
        package var axes: RenderPass.BlurAxes = .both
    }

    /// The pass's colours replaced in place (a layer's colour filter), through a scratch target.
    package struct ColorStep: Hashable, Sendable {
        package var map: LuminanceMap
        package var scratch: PassTarget
    }

    /// The pass's index in the render list.
    package var index: Int
    package var purpose: RenderPass.Purpose
    package var target: PassTarget
    /// The viewport: the pixels of the target this pass uses.
    package var width: Int
    package var height: Int
    /// The viewport's lower-left corner in the target (GL rows count up): not
    /// the target's corner when passes share the target (``sharesTarget``).
    package var viewportX = 0
    package var viewportY = 0
    /// Whether other passes draw into other parts of the target
    /// (``PassSheets``): the pass draws only within its viewport and a
    /// one-pixel gutter around it, and clears nothing but what
    /// `clearsSharedTarget` says.
    package var sharesTarget = false
    /// For the first pass into a shared target: the whole target is cleared
    /// to transparent before it draws. A sharing pass whose `clear` is not
    /// transparent fills its viewport and gutter with it; the others clear nothing.
    package var clearsSharedTarget = false
    /// The device point at the viewport's corner (passes cover part of the frame).
    package var origin: CGPoint
    package var clear: PremultipliedColor
    package var regions: [Region]
    package var blur: Blur?
    /// Applied before `blur`.
    package var colorStep: ColorStep?

    /// Draw calls of the pass.
    package var drawCount: Int { regions.reduce(0) { $0 + $1.draws.count } }
}
