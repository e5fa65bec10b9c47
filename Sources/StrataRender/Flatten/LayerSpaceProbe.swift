import Foundation
import Strata

/// A layer-space pass drawn a second time, for tests of the bounds functions
/// that size it (`FlattenState+Bounds.swift`): the box they measured, and
/// the pass's drawing made once more at scale 1 in the layer's plane, on a
/// target with no edge that culls nothing, in a copy of the flattening that
/// was then dropped. The tests' support measures the drawing and checks that
/// the box holds it (see `Flattener.renderListRecordingProbes(for:)`).
package struct LayerSpaceProbe {
    /// The box the bounds functions measured, in the layer's plane at scale 1,
    /// before the pass's margin (`.null`: nothing drawn).
    package var bounds: CGRect
    /// The drawing's items.
    package var items: [DrawItem]
    /// The clips of the list the drawing was made into (those the items name
    /// and their parents).
    package var clips: [ClipShape]
    /// The device box (whole pixels) of each clip made from a mask: what the
    /// items it cuts can reach (a clip's own shape is smaller than the quads of
    /// the mask it stands for).
    package var maskClipReach: [Int32: CGRect]
    /// The pixels of the target the drawing was made on: what a part behind
    /// the eye is taken to cover.
    package var targetSize: CGSize
}
