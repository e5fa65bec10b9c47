import Foundation
import Strata

/// Turns a layer tree into a ``RenderList``: one pass over the tree, no GL.
///
/// - The trees are read as a `LayerTreeSnapshot` (values linked by index,
///   updated in place frame after frame), never as layer objects.
/// - Plain layers flatten their sublayers into their plane (the z output of each
///   sublayer's matrix is dropped); transform layers (and replicators that
///   preserve depth) keep their sublayers in one 3D space, depth-sorted as planes.
/// - What a layer's class draws is read as a value (`CALayer.drawnContent`),
///   never by casting the layer.
/// - Siblings draw in stable `zPosition` order; a layer draws shadow, background
///   and contents, sublayers, then its border.
/// - Group opacity folds into the items when they don't overlap, else the
///   subtree renders to an offscreen pass composited with the opacity.
/// - `masksToBounds` becomes a per-fragment clip in the clipping layer's plane.
public struct Flattener {
    /// Canvas size in points.
    public var size: CGSize
    /// Device pixels per point.
    public var scale: Double {
        didSet { precondition(scale > 0 && scale.isFinite, "Flattener: scale must be positive, got \(scale)") }
    }
    /// Clear colour.
    public var background: CGColor?
    /// Makes bitmaps for layer kinds drawn on the CPU (shape and text layers).
    public var rasterizer: LayerRasterizer? {
        didSet { rasterizerIdentity = Self.identity(of: rasterizer) }
    }
    /// `rasterizer`'s object identity: `.some(nil)` for none, nil for a value
    /// (whose sameness cannot be told). Worked out when it is set, not per
    /// frame: telling a class from a value is a dynamic cast.
    private var rasterizerIdentity: ObjectIdentifier??
    /// Draws every shadow with blur passes, even (rounded) rectangles that the
    /// closed form covers: for benchmarks and for checking the two agree.
    package var forcesBlurredShadows = false
    /// How many threads a long list of sublayers is culled on (nil:
    /// `WorkerThreads.count` at the time; the list is the same on any number).
    package var threads: Int?
    /// Folds clips into the shapes of the items they cut where the result is one
    /// rounded rectangle (`RenderList.foldClipsIntoShapes`); off only to check
    /// that the two draw the same.
    package var foldsClips = true
    /// Samples a mask pass's one bitmap in the pass's place
    /// (`RenderList.foldBitmapMasks`); off only to check that the two draw the same.
    package var foldsBitmapMasks = true
    /// Draws a masked-content pass's one item in its composite's place, masked
    /// by position (`RenderList.foldMaskedContent`); off only to check that
    /// the two draw the same.
    package var foldsMaskedContent = true
    /// Cuts the reader of a mask pass that draws one opaque rounded rectangle
    /// or ring by clips instead (`RenderList.foldShapeMasks`); off only to
    /// check that the two draw the same.
    package var foldsShapeMasks = true
    /// Remembers layer looks from frame to frame so that a look that holds
    /// still is drawn from the appearance atlas pass as one textured quad (nil: every
    /// frame draws every look; a single picture gains nothing from it).
    public var appearanceCache: AppearanceCache?
    /// The snapshot `renderList(for:)` updates each frame, and the last list,
    /// given again while the trees and settings hold still (shared by copies
    /// of this flattener; one in use elsewhere makes a fresh one).
    private let snapshots = SnapshotStore()

    public init(size: CGSize, scale: Double = 1, background: CGColor? = nil, rasterizer: LayerRasterizer? = nil) {
        precondition(scale > 0 && scale.isFinite, "Flattener: scale must be positive, got \(scale)")
        self.size = size; self.scale = scale; self.background = background; self.rasterizer = rasterizer
        rasterizerIdentity = Self.identity(of: rasterizer)
    }

    private static func identity(of rasterizer: LayerRasterizer?) -> ObjectIdentifier?? {
        guard let rasterizer else { return .some(nil) }
        guard type(of: rasterizer) is AnyClass else { return nil }
        return ObjectIdentifier(rasterizer as AnyObject)
    }

    /// The size of the lists it makes, in device pixels: `size × scale`, rounded.
    public var pixelSize: (width: Int, height: Int) {
        // Clamped before converting, so no size traps; a GL backend reports
        // what is over its texture limit.
        func pixels(_ points: CGFloat) -> Int {
            let p = (Double(points) * scale).rounded()
            return p.isFinite ? Int(min(max(p, 1), 1_048_576)) : 1
        }
        return (pixels(size.width), pixels(size.height))
    }

    /// The render list for `root` as it is now (pass a presentation tree).
    public func renderList(for root: CALayer) -> RenderList { renderList(for: [root]) }

    /// The render list for `roots` drawn one over the other, first at the
    /// back (an overlay such as an error banner goes last): each tree as a
    /// root of its own, so nothing of one (its transform, mask, clip) reaches
    /// the next.
    public func renderList(for roots: [CALayer]) -> RenderList {
        snapshots.renderList(of: roots, settings: reuseSettings) {
            renderList(for: $0, memo: $1.appearances, rasterPlacements: $1.rasterPlacements, recordingProbes: false)
                .list
        }
    }

    /// Ticks `ticker` to `time` and returns the render list of its tree as
    /// it then appears: `renderList(for: ticker.tick(at: time))` without the
    /// presentation tree. Its animations are written straight into the
    /// flattener's snapshot of the tree (a number-plan animation, such as
    /// a grid's cards turning, into its node's state bytes), so the frame
    /// copies each animated layer once, not into a copy and then a node.
    /// For render loops.
    public func renderList(ticking ticker: FrameTicker, at time: CFTimeInterval) -> RenderList {
        snapshots.renderList(updating: { ticker.tick(at: time, into: &$0) }, settings: reuseSettings) {
            renderList(for: $0, memo: $1.appearances, rasterPlacements: $1.rasterPlacements, recordingProbes: false)
                .list
        }
    }

    /// The settings the last list is given again under while its trees hold
    /// still; nil (always flatten) with a rasterizer that is not an object,
    /// whose sameness cannot be told.
    private var reuseSettings: SnapshotStore.Settings? {
        guard let rasterizerID = rasterizerIdentity else { return nil }
        return SnapshotStore.Settings(
            size: size, scale: scale, background: background,
            forcesBlurredShadows: forcesBlurredShadows, foldsClips: foldsClips,
            foldsBitmapMasks: foldsBitmapMasks, foldsMaskedContent: foldsMaskedContent,
            foldsShapeMasks: foldsShapeMasks,
            rasterizer: rasterizerID,
            appearanceCache: appearanceCache.map(ObjectIdentifier.init))
    }

    /// The render list, and each layer-space pass in it drawn once more
    /// (`LayerSpaceProbe`), for tests of the bounds functions that size them.
    package func renderListRecordingProbes(for roots: [CALayer]) -> (list: RenderList, probes: [LayerSpaceProbe]) {
        renderList(for: LayerTreeSnapshot(roots), memo: nil, rasterPlacements: nil, recordingProbes: true)
    }

    /// The render list for the trees of `snapshot`.
    package func renderList(for snapshot: LayerTreeSnapshot) -> RenderList {
        renderList(for: snapshot, memo: nil, rasterPlacements: nil, recordingProbes: false).list
    }

    private func renderList(
        for tree: LayerTreeSnapshot, memo: AppearanceMemo?, rasterPlacements: RasterPlacementMemo?,
        recordingProbes: Bool
    ) -> (list: RenderList, probes: [LayerSpaceProbe]) {
        tree.nodes.withUnsafeBufferPointer { nodes in
            tree.links.withUnsafeBufferPointer { links in
                tree.instanceLinks.withUnsafeBufferPointer { instanceLinks in
                    flatten(
                        tree.roots, nodes: nodes, links: links, instanceLinks: instanceLinks, memo: memo,
                        rasterPlacements: rasterPlacements, recordingProbes: recordingProbes)
                }
            }
        }
    }

    /// The render list of the snapshot with these roots, nodes and links.
    private func flatten(
        _ roots: [Int32], nodes: UnsafeBufferPointer<LayerSnapshotNode>,
        links: UnsafeBufferPointer<Int32>, instanceLinks: UnsafeBufferPointer<Range<Int32>>,
        memo: AppearanceMemo?, rasterPlacements: RasterPlacementMemo?, recordingProbes: Bool
    )
        -> (list: RenderList, probes: [LayerSpaceProbe])
    {
        let (w, h) = pixelSize
        var state = FlattenState(
            context: FlattenContext(
                nodes: nodes, links: links, instanceLinks: instanceLinks, rasterizer: rasterizer,
                forcesBlurredShadows: forcesBlurredShadows, recordsProbes: recordingProbes,
                threads: threads ?? WorkerThreads.count),
            list: RenderList(
                pixelWidth: w, pixelHeight: h,
                background: background.map { PremultipliedColor($0) } ?? .clear),
            appearances: AppearanceStore(cache: appearanceCache, memo: memo))
        if let rasterPlacements {
            rasterPlacements.beginFlattening()
            // The shapes that changed, made side by side before the walk asks for them one by one.
            if let preparing = rasterizer as? RasterPreparing {
                let requests = rasterPlacements.requests(in: nodes)
                if requests.count > 1 { preparing.prepare(requests) }
            }
            state.rasterPlacements = rasterPlacements
        }
        let device = CATransform3DMakeScale(CGFloat(scale), CGFloat(scale), 1)
        var items: [DrawItem] = []
        items.reserveCapacity(state.appearances.memo?.screenItemCount ?? 0)
        for root in roots {
            state.visit(
                Int(root), superlayer: -1, parentToDevice: device, parentIsFlat: true,
                clip: -1, opacity: 1, into: &items)
        }
        state.appearances.memo?.screenItemCount = items.count
        state.list.passes.append(
            RenderPass(
                purpose: .screen, bounds: CGRect(x: 0, y: 0, width: w, height: h),
                items: items))
        for i in state.list.passes.indices { SharedEdges.process(&state.list.passes[i].items) }
        state.list.liftClipsHoldingTheirItems()
        if foldsClips { state.list.foldClipsIntoShapes() }
        state.list.dropUnusedClips()
        state.list.foldCoveringFillsIntoBackground()
        state.list.trimPixelAlignedRasters()
        state.list.splitSparseRasters()
        state.appearances.endFrame(of: &state.list)
        // After the appearance atlas's pass is numbered and hashed: this drops passes.
        if foldsBitmapMasks { state.list.foldBitmapMasks() }
        if foldsMaskedContent { state.list.foldMaskedContent() }
        if foldsShapeMasks { state.list.foldShapeMasks() }
        state.list.dropUnsampledPasses()
        state.list.markTexelForPixelComposites()
        return (state.list, state.probes)
    }
}
