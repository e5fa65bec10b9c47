import Foundation
import Strata

/// One pass of a frame as a backend replays it: bind `target`, set the
/// viewport, then for each region clear (within its scissor) and draw; then
/// recolour and blur if asked.
public struct PlannedPass: Hashable, Sendable {
    /// A part of the pass's target drawn on its own: all of it (no scissor),
    /// or one damaged rectangle of the screen.
    public struct Region: Hashable, Sendable {
        /// Device pixels, y down; nil: the whole viewport.
        public var scissor: CGRect?
        public var draws: [PlannedDraw]
    }

    /// A separable Gaussian blur of the pass's pixels in place, through a scratch target.
    public struct Blur: Hashable, Sendable {
        public var sigma: Double
        public var scratch: PassTarget
        /// The directions blurred (a layer filter may blur one way only).
        public var axes: RenderPass.BlurAxes = .both
    }

    /// The pass's colours replaced in place (a layer's colour filter), through a scratch target.
    public struct ColorStep: Hashable, Sendable {
        public var map: LuminanceMap
        public var scratch: PassTarget
    }

    /// The pass's index in the render list.
    public var index: Int
    public var purpose: RenderPass.Purpose
    public var target: PassTarget
    /// The viewport: the pixels of the target this pass uses.
    public var width: Int
    public var height: Int
    /// The viewport's lower-left corner in the target (GL rows count up): not
    /// the target's corner when passes share the target (``sharesTarget``).
    public var viewportX = 0
    public var viewportY = 0
    /// Whether other passes draw into other parts of the target
    /// (``PassSheets``): the pass draws only within its viewport and a
    /// one-pixel gutter around it, and clears nothing but what
    /// `clearsSharedTarget` says.
    public var sharesTarget = false
    /// For the first pass into a shared target: the whole target is cleared
    /// to `clear` (transparent) before it draws; the others clear nothing.
    public var clearsSharedTarget = false
    /// The device point at the viewport's corner (passes cover part of the frame).
    public var origin: CGPoint
    public var clear: PremultipliedColor
    public var regions: [Region]
    public var blur: Blur?
    /// Applied before `blur`.
    public var colorStep: ColorStep?

    /// Draw calls of the pass.
    public var drawCount: Int { regions.reduce(0) { $0 + $1.draws.count } }
}
