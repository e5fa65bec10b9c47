import Foundation

// Core Animation properties Strata stores, copies, reads through key-value
// coding and animates as Core Animation does, but whose drawing it does not
// change: hints to a renderer that Strata's has no use for, and Core Image
// filters, which Strata does not have (it draws its own `CALayerFilter`s
// from `filters`). Code that sets them compiles and runs unchanged; see the
// porting guide for what each means here.
extension CALayer {
    /// Whether `draw(in:)`'s commands are queued and run on a background
    /// thread (default false). Strata keeps the value only: `display()`
    /// draws at once, on the thread that ticks the tree, whatever it is, and
    /// its bitmap is the same.
    public var drawsAsynchronously: Bool {
        get { withStateLock { _state.drawsAsynchronously } }
        set { changeValue(forKey: "drawsAsynchronously") { _state.drawsAsynchronously = newValue } }
    }

    /// The pixel format for contents the layer draws (default `RGBA8Uint`).
    /// Strata draws 8-bit RGBA whatever it is.
    public var contentsFormat: CALayerContentsFormat {
        get { withStateLock { _state.contentsFormat } }
        set { changeValue(forKey: "contentsFormat") { _state.contentsFormat = newValue } }
    }

    /// Whether the contents may hold colours brighter than white (default
    /// false). Strata composites in 8-bit sRGB: kept, not used.
    public var wantsExtendedDynamicRangeContent: Bool {
        get { withStateLock { _state.wantsExtendedDynamicRangeContent } }
        set {
            changeValue(forKey: "wantsExtendedDynamicRangeContent") {
                _state.wantsExtendedDynamicRangeContent = newValue
            }
        }
    }

    /// The bias added to the mip level when the contents is drawn smaller
    /// with the `trilinear` filter (default 0). Kept, not used: Strata picks
    /// levels without a bias.
    public var minificationFilterBias: Float {
        get { withStateLock { _state.minificationFilterBias } }
        set { changeValue(forKey: "minificationFilterBias") { _state.minificationFilterBias = newValue } }
    }

    /// Filters applied to the layer and its sublayers, in order: Strata
    /// draws the ``CALayerFilter``s in it; anything else (Core Image's
    /// filters on macOS) is kept and draws nothing.
    public var filters: [Any]? {
        get { withStateLock { _state.filters } }
        set { changeValue(forKey: "filters") { _state.filters = newValue } }
    }

    /// Core Image filters applied to what lies behind the layer (macOS).
    /// Kept, not drawn, as `filters`.
    public var backgroundFilters: [Any]? {
        get { withStateLock { _state.backgroundFilters } }
        set { changeValue(forKey: "backgroundFilters") { _state.backgroundFilters = newValue } }
    }

    /// How far from the corner, in units of `cornerRadius`, a corner of
    /// `curve` leaves the straight edge: 1 for circular corners; for
    /// continuous ones, 1.547302, where the continuous curve Strata draws
    /// leaves it (see `CGPath.roundedRect(_:radius:corners:continuous:)`).
    public class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? 1.547302 : 1
    }

    /// Whether `key`'s value is archived (always true; Strata does not archive layers).
    public func shouldArchiveValue(forKey key: String) -> Bool { true }
}
