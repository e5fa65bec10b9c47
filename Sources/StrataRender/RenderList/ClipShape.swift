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

    public init(deviceToLocal: PlaneMapping, rect: CGRect, radii: CornerRadii,
                continuousCorners: Bool, parent: Int32) {
        self.deviceToLocal = deviceToLocal; self.rect = rect; self.radii = radii
        self.continuousCorners = continuousCorners; self.parent = parent
    }
}
