import Foundation

/// A layer whose contents is drawn in tiles: `draw(in:)` is called once per
/// tile, with the context clipped to it (`ctx.boundingBoxOfClipPath` is the
/// tile), as Core Animation draws large content such as maps and documents.
///
/// Strata draws every tile of the bounds, one after the other on the thread
/// that ticks the tree, at one level of detail (the layer's `contentsScale`),
/// into one bitmap: as any drawn layer, no larger than
/// `CGContext.maximumSide` pixels a side (a larger layer is drawn at a lower
/// scale). Core Animation instead draws the visible tiles on background
/// threads, at the levels of detail the zoom asks for; `levelsOfDetail` and
/// `levelsOfDetailBias` are kept for it and not used here. The layer draws
/// without `setNeedsDisplay()` when first ticked, and again when its bounds
/// or `contentsScale` change; a new drawing fades in over `fadeDuration()`.
open class CATiledLayer: CALayer {
    var _levelsOfDetail = 1
    var _levelsOfDetailBias = 0
    var _tileSize = CGSize(width: 256, height: 256)

    /// Tiles drawn at most per display: smaller tiles are grown to stay under it.
    static let maximumTiles = 4096

    /// A tiled layer, to be drawn at the next tick of its tree.
    public override init() {
        super.init()
        becomeTiled()
    }

    /// A copy of `layer`'s properties (see `CALayer.init(layer:)`).
    public override init(layer: Any) { super.init(layer: layer) }

    /// A tiled layer with the defaults (Strata does not archive layers).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        becomeTiled()
    }

    private func becomeTiled() {
        _needsDisplayOnBoundsChange = true
        markNeedsDisplay()
    }

    override func strataCopy() -> CALayer { CATiledLayer(layer: self) }

    override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        guard let o = other as? CATiledLayer else { return }
        _levelsOfDetail = o._levelsOfDetail; _levelsOfDetailBias = o._levelsOfDetailBias; _tileSize = o._tileSize
    }

    /// How long a new drawing takes to fade in, in seconds (0.25). Override
    /// to change it; 0 shows new drawings at once.
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    /// The number of levels of detail Core Animation keeps (default 1; kept, not used).
    open var levelsOfDetail: Int {
        get { withStateLock { _levelsOfDetail } }
        set { withTreeLock { _levelsOfDetail = newValue } }
    }

    /// How many of the levels of detail are magnified ones (default 0; kept, not used).
    open var levelsOfDetailBias: Int {
        get { withStateLock { _levelsOfDetailBias } }
        set { withTreeLock { _levelsOfDetailBias = newValue } }
    }

    /// The largest size of a tile, in pixels of the contents (default
    /// 256 × 256). Changing it redraws the layer.
    open var tileSize: CGSize {
        get { withStateLock { _tileSize } }
        set {
            withTreeLock {
                _tileSize = newValue
                markNeedsDisplay()
            }
        }
    }

    /// A change of `contentsScale` redraws the tiles too.
    open override class func needsDisplay(forKey key: String) -> Bool {
        key == "contentsScale" || super.needsDisplay(forKey: key)
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "tileSize": return NSValue(cgSize: tileSize)
        case "levelsOfDetail": return NSNumber(value: levelsOfDetail)
        case "levelsOfDetailBias": return NSNumber(value: levelsOfDetailBias)
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "tileSize": if let size = AnimValue.size(from: value) { tileSize = size }
        case "levelsOfDetail": if let n = AnimValue.double(from: value), n.isFinite { levelsOfDetail = Int(n) }
        case "levelsOfDetailBias": if let n = AnimValue.double(from: value), n.isFinite { levelsOfDetailBias = Int(n) }
        default: super.setValue(value, forKey: key)
        }
    }

    /// Draws the bounds tile by tile into `ctx` (the lock held): `draw(in:)`
    /// once per tile, clipped to it, rows from the bounds' origin.
    func drawTiles(into ctx: CGContext) {
        let bounds = _state.bounds
        let ctm = ctx.ctm
        let determinant = abs(Double(ctm.a * ctm.d - ctm.b * ctm.c))
        let scale = CGFloat(determinant > 0 && determinant.isFinite ? determinant.squareRoot() : 1)
        // The tile in points; grown until the bounds take at most `maximumTiles`.
        var tile = CGSize(
            width: max(1, _tileSize.width.isFinite ? _tileSize.width : 256) / scale,
            height: max(1, _tileSize.height.isFinite ? _tileSize.height : 256) / scale)
        while (bounds.width / tile.width).rounded(.up) * (bounds.height / tile.height).rounded(.up)
            > CGFloat(Self.maximumTiles)
        {
            tile = CGSize(width: tile.width * 2, height: tile.height * 2)
        }
        var y = bounds.minY
        while y < bounds.maxY {
            var x = bounds.minX
            while x < bounds.maxX {
                let rect = CGRect(x: x, y: y, width: tile.width, height: tile.height).intersection(bounds)
                ctx.saveGState()
                ctx.clip(to: rect)
                draw(in: ctx)
                ctx.restoreGState()
                x += tile.width
            }
            y += tile.height
        }
    }

    /// Runs `setContents` (a new drawing becoming the contents) so that it
    /// fades in over `fadeDuration()` (at once for 0).
    func fadingIn(_ setContents: () -> Void) {
        let fade = type(of: self).fadeDuration()
        CATransaction.begin()
        if fade > 0 && fade.isFinite {
            CATransaction.setAnimationDuration(fade)
        } else {
            CATransaction.setDisableActions(true)
        }
        setContents()
        CATransaction.commit()
    }
}
