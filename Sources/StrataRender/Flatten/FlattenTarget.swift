import Foundation

/// The target the items being made are drawn into: the screen, a layer-space
/// pass, or the edgeless space a pass is measured in. Culling and the boxes
/// of parts behind the eye are relative to it; everything else a pass makes
/// (clips, ramps, passes) goes to the frame's list.
struct FlattenTarget {
    /// Its pixels.
    var size: CGSize
    /// Whether leaves entirely outside it are dropped; off where its edge is
    /// not known yet (the drawing probe, `FlattenState.probe(_:draw:)`).
    var cullsOutside: Bool

    /// The space a layer-space pass is measured in before its size is known:
    /// it has no edge (only parts behind the eye reach it), so nothing is culled.
    static let unbounded = FlattenTarget(size: CGSize(width: 1e9, height: 1e9), cullsOutside: false)
}
