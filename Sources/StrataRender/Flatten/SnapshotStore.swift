import Foundation
import Strata

/// What a flattener keeps from frame to frame: its layer-tree snapshot (the
/// nodes and their storage are reused; most of a tree is the same from one
/// frame to the next) and its last render list, handed out again while
/// nothing changes.
final class SnapshotStore: @unchecked Sendable {
    /// What besides the trees decides a render list: the flattener's settings.
    struct Settings: Hashable {
        var size: CGSize
        var scale: Double
        var background: CGColor?
        var forcesBlurredShadows: Bool
        var foldsClips: Bool
        var foldsBitmapMasks: Bool
        var foldsMaskedContent: Bool
        var foldsShapeMasks: Bool
        var rasterizer: ObjectIdentifier?
        var appearanceCache: ObjectIdentifier?
    }

    private let lock = NSLock()
    private var snapshot = LayerTreeSnapshot()
    /// The last list made, and the settings it was made with.
    private var last: (list: RenderList, settings: Settings)?
    /// Whether the last two lists made from an unchanged snapshot were equal:
    /// the list has settled (cached looks take a frame to appear), and the
    /// same snapshot gives it again.
    private var settled = false
    /// Leaves' cached looks, for the kept snapshot under `memoSettings`.
    private let memo = AppearanceMemo()
    /// Where leaves' bitmaps were asked for, for the kept snapshot under `memoSettings`.
    private let rasterPlacements = RasterPlacementMemo()
    private var memoSettings: Settings?

    /// What is remembered for the kept snapshot, handed to a flattening of it.
    struct Memos {
        let appearances: AppearanceMemo?
        let rasterPlacements: RasterPlacementMemo?
    }

    /// The render list of `roots`, made by `make` from the updated snapshot,
    /// or the last one when neither the snapshot nor `settings` changed and
    /// the list has settled (nil settings: always made). While another
    /// thread uses the kept snapshot (copies of a flattener share it), made
    /// from a fresh one. `make` gets the looks remembered for the kept
    /// snapshot under these settings, and where their bitmaps were asked for
    /// (none for a fresh snapshot, or without settings).
    func renderList(
        of roots: [CALayer], settings: Settings?,
        _ make: (LayerTreeSnapshot, Memos) -> RenderList
    ) -> RenderList {
        renderList(updating: { $0.update(from: roots) }, settings: settings, make)
    }

    /// `renderList(of:settings:_:)` for the trees `update` brings a snapshot to.
    func renderList(
        updating update: (inout LayerTreeSnapshot) -> Void, settings: Settings?,
        _ make: (LayerTreeSnapshot, Memos) -> RenderList
    ) -> RenderList {
        guard lock.try() else {
            var fresh = LayerTreeSnapshot()
            update(&fresh)
            return make(fresh, Memos(appearances: nil, rasterPlacements: nil))
        }
        defer { lock.unlock() }
        update(&snapshot)
        if memoSettings != settings {
            memo.removeAll()
            rasterPlacements.removeAll()
            memoSettings = settings
        }
        let memo =
            settings == nil
            ? Memos(appearances: nil, rasterPlacements: nil)
            : Memos(appearances: self.memo, rasterPlacements: rasterPlacements)
        guard let settings, !snapshot.hasChanges, let last, last.settings == settings else {
            settled = false
            let list = make(snapshot, memo)
            self.last = settings.map { (list, $0) }
            return list
        }
        if settled { return last.list }
        let list = make(snapshot, memo)
        settled = list == last.list
        self.last = (list, settings)
        return list
    }
}
