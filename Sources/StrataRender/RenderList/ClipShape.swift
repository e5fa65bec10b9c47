import Foundation
import Strata

/// A `masksToBounds` clip: a rounded rectangle in some layer's plane, tested per
/// fragment by mapping the fragment's device position into that plane.
package struct ClipShape: Hashable, Sendable {
    /// Device pixels → the clip layer's local plane.
    package var deviceToLocal: PlaneMapping
    /// The clip rectangle (the layer's bounds) in local units.
    package var rect: CGRect
    package var radii: CornerRadii
    package var continuousCorners: Bool
    /// The enclosing clip's index, or -1.
    package var parent: Int32
    /// Whether the edge ramps over a pixel; a hard clip takes whole pixels up
    /// to half a pixel outside its edge (the earlier half of a plane split in
    /// 3D sorting, so the two halves never both fade at the cut).
    package var antialiased: Bool
    /// Whether the clip keeps what lies outside the rounded rectangle instead
    /// (one minus its anti-aliased coverage): the hole of a ring, or an
    /// inverted matte, folded from a mask pass (``RenderList/foldShapeMasks()``).
    package var inverted: Bool

    package init(
        deviceToLocal: PlaneMapping, rect: CGRect, radii: CornerRadii,
        continuousCorners: Bool, parent: Int32, antialiased: Bool = true, inverted: Bool = false
    ) {
        precondition(antialiased || !inverted, "ClipShape: an inverted clip is anti-aliased")
        self.deviceToLocal = deviceToLocal; self.rect = rect; self.radii = radii
        self.continuousCorners = continuousCorners; self.parent = parent; self.antialiased = antialiased
        self.inverted = inverted
    }
}
