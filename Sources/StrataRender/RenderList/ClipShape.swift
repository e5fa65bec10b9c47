import Foundation
import Strata

/// A `masksToBounds` clip: a rounded rectangle in some layer's plane, tested per
/// fragment by mapping the fragment's device position into that plane.
public struct ClipShape: Hashable, Sendable {
    /// Device pixels → the clip layer's local plane.
    public var deviceToLocal: PlaneMapping
    /// The clip rectangle (the layer's bounds) in local units.
    public var rect: CGRect
    public var radii: CornerRadii
    public var continuousCorners: Bool
    /// The enclosing clip's index, or -1.
    public var parent: Int32
    /// Whether the edge ramps over a pixel; a hard clip takes whole pixels up
    /// to half a pixel outside its edge (the earlier half of a plane split in
    /// 3D sorting, so the two halves never both fade at the cut).
    public var antialiased: Bool

    public init(
        deviceToLocal: PlaneMapping, rect: CGRect, radii: CornerRadii,
        continuousCorners: Bool, parent: Int32, antialiased: Bool = true
    ) {
        self.deviceToLocal = deviceToLocal; self.rect = rect; self.radii = radii
        self.continuousCorners = continuousCorners; self.parent = parent; self.antialiased = antialiased
    }
}
