import Foundation
import Strata

/// What one flattening reads and never changes: the snapshot being flattened
/// and the flattener's settings. Made once per list by `Flattener` and shared
/// by every pass of it (the screen, layer-space passes, the drawing probe).
struct FlattenContext {
    /// The nodes of the `LayerTreeSnapshot` being flattened, read in place
    /// (the caller keeps the snapshot alive): a layer is its node's index.
    let nodes: UnsafeBufferPointer<LayerSnapshotNode>
    /// The snapshot's sublayer lists, and those of delayed replicator instances.
    let links: UnsafeBufferPointer<Int32>
    let instanceLinks: UnsafeBufferPointer<Range<Int32>>
    /// Makes bitmaps for shape and text layers (nil: they draw no contents).
    let rasterizer: LayerRasterizer?
    /// Skip the closed-form shadow (see `Flattener.forcesBlurredShadows`).
    let forcesBlurredShadows: Bool
    /// Whether each layer-space pass is also drawn once more for tests of the
    /// bounds functions, and recorded (`FlattenState.probes`).
    let recordsProbes: Bool
    /// How many threads a long list of sublayers is culled on (see `FlattenState.sublayerVisits`).
    var threads = 1
}
