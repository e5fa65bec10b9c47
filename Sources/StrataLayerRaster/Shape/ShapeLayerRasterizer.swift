import Foundation
import Strata
import StrataRender
import Synchronization

/// Draws shape layers' paths (``ShapeContent``) on the CPU: fill (non-zero or even-odd) and
/// stroke (width, caps, joins, miter limit, dashes, strokeStart/strokeEnd)
/// as exact-area coverage, composited into one premultiplied bitmap at about
/// device resolution.
///
/// Results are cached by everything that changes the pixels. A shape is
/// drawn at the density it is shown at, its pixels on the device's where it
/// lies on whole pixels, until it is shown at another density or place: from
/// then on its density is rounded up to a quarter octave and its bitmap starts
/// at the layer's origin, so an animated scale or position reuses bitmaps
/// instead of redrawing every frame. Safe to use from several threads.
public final class ShapeLayerRasterizer: LayerRasterizer, RasterPreparing, @unchecked Sendable {
    /// What a bitmap shows: everything that changes its pixels.
    private struct BitmapKey: Hashable {
        let shape: ShapeContent
        /// `shape`'s hash, taken once per drawing: the placements are looked up by it too,
        /// and hashing an animated path walks all its points.
        let shapeHash: Int
        let scaleX: Double, scaleY: Double
        /// The bitmap grid's shift in bitmap pixels (0 when it starts at the layer's origin).
        let phaseX: Double, phaseY: Double
        /// The local rect the bitmap covers: all of the shape, or the part of it that shows.
        let rect: CGRect

        static func == (a: BitmapKey, b: BitmapKey) -> Bool {
            a.shapeHash == b.shapeHash && a.scaleX == b.scaleX && a.scaleY == b.scaleY && a.phaseX == b.phaseX
                && a.phaseY == b.phaseY && a.rect == b.rect && a.shape == b.shape
        }

        func hash(into h: inout Hasher) {
            h.combine(shapeHash)
            h.combine(scaleX)
            h.combine(scaleY)
            h.combine(phaseX)
            h.combine(phaseY)
        }
    }

    /// Where a shape was first drawn within a device pixel and at what
    /// density, and whether either changed since.
    private struct Placement {
        /// nil until the shape is drawn where its phase on the device is known.
        var phase: (x: Double, y: Double)?
        var density: (x: Double, y: Double)
        var moved: Bool
        var rescaled: Bool
        /// The part of its plane first seen, while no other was (see `Layout.visible`).
        var visible: CGRect?
        var seenElsewhere: Bool
    }

    /// How a shape's bitmap is laid out (`steadyLayout`): where its grid starts
    /// within a device pixel (nil: at the layer's origin), its density along
    /// each axis, and whether it is made at that density `exactly` (else rounded
    /// up to a quarter octave).
    private struct Layout {
        var phase: (x: Double, y: Double)?
        var density: (x: Double, y: Double)
        var exactly: Bool
        /// The part of the plane its bitmap need cover (nil: all of the shape):
        /// given while the shape holds still and is seen through one window, so
        /// the bitmap made for it serves every frame it is asked for.
        var visible: CGRect?
    }

    /// A cached bitmap, and whether it was asked for since it was made or last
    /// spared from being dropped.
    private struct Cached {
        var bitmap: (image: RasterImage, rect: CGRect)
        var used: Bool
        /// For a bitmap kept as coverage: the key of its coverage alone (see `coverageKey`).
        var coverageKey: BitmapKey?
    }

    private let lock = NSLock()
    private var cache: [BitmapKey: Cached] = [:]
    /// A cached coverage bitmap's key by the key of its coverage alone: a shape
    /// whose paint changes and nothing else (an animated colour) reuses the
    /// coverage, painted anew, rather than being rasterized again.
    private var byCoverage: [BitmapKey: BitmapKey] = [:]
    /// By the shape's hash (not the shape: an animated path's every frame would
    /// be kept alive here): bitmaps of a shape that moves are made at the
    /// layer's origin, and of one that is scaled at rounded densities (see
    /// `steadyLayout`). Two shapes of one hash count as one that moved and was
    /// scaled, which costs only sharpness.
    private var placements: [Int: Placement] = [:]
    /// Shapes whose placements are kept, at most (then forgotten all at once).
    private static let placementCapacity = 4096
    /// The cached bitmaps' keys, the next one to drop first.
    private var order: [BitmapKey] = []
    /// Bitmaps made by every rasterizer in the process: each one's `RasterImage` key
    /// (equal keys must mean equal pixels, across rasterizers too).
    private static let bitmapsMade = Atomic<Int>(0)
    /// Cached bitmaps kept (least recently made dropped first).
    public let capacity: Int
    /// The most bytes of pixels the cached bitmaps hold together: an animated
    /// path makes new bitmaps every frame, which a cache of `capacity` large
    /// bitmaps would keep by the hundred megabytes (each frame's pixels then in
    /// fresh memory, faulted in page by page).
    public let byteCapacity: Int
    private var cachedBytes = 0
    /// Bitmaps made (not served from the cache), for tests and stats.
    public private(set) var made = 0
    /// Of those, the bitmaps made ahead (`prepare`).
    package private(set) var madeAhead = 0
    /// Of those, the bitmaps made from a cached one's coverage with another paint (not rasterized).
    package private(set) var repaints = 0
    /// The most pixels along either side of one bitmap.
    public static let maximumSide = 4096.0

    public init(capacity: Int = 128, byteCapacity: Int = 64 << 20) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
    }

    /// Made at the source's density along each axis where it gives them, else `pixelsPerPoint` along both.
    public func rasterContents(of source: RasterSource, pixelsPerPoint: Double) -> (image: RasterImage, rect: CGRect)? {
        guard case .shape(let shape) = source.content else { return nil }
        let hash = shape.hashValue
        let layout = steadyLayout(of: hash, source, pixelsPerPoint: pixelsPerPoint, records: true)
        return rasterContents(
            of: shape, pixelsPerPoint: layout.density, exactly: layout.exactly, phase: layout.phase,
            visible: layout.visible, shapeHash: hash)
    }

    public func contentsBounds(of source: RasterSource, pixelsPerPoint: Double) -> CGRect? {
        guard case .shape(let shape) = source.content else { return nil }
        let layout = steadyLayout(of: shape.hashValue, source, pixelsPerPoint: pixelsPerPoint, records: false)
        return contentsBounds(
            of: shape, pixelsPerPoint: layout.density, exactly: layout.exactly, phase: layout.phase)
    }

    /// Makes the bitmaps of the shapes among `requests` side by side on the
    /// cores, into the cache, where `rasterContents(of:pixelsPerPoint:)` with
    /// the same arguments finds them. Where the shape is placed is not
    /// recorded: the flattening's own ask does that. The bitmaps are numbered
    /// and cached in the order asked, so the cache (and what it later drops)
    /// does not depend on which core finished first.
    package func prepare(_ requests: [RasterRequest]) {
        // Waking other cores costs tens of microseconds and takes them from whatever else runs
        // (a frame being drawn, the GPU's own threads on a software rasterizer): worth it only
        // for bitmaps that take far longer to make. Judged first by the sizes the bitmaps had
        // when last made, before any path is hashed or measured.
        guard requests.reduce(0, { $0 + $1.pixels }) >= Self.fewestPixelsMadeAhead else { return }
        var keys = Set<BitmapKey>()
        var plans: [BitmapPlan] = [], coverageKeys: [BitmapKey?] = []
        for request in requests {
            guard case .shape(let shape) = request.source.content else { continue }
            let hash = shape.hashValue
            let layout = steadyLayout(
                of: hash, request.source, pixelsPerPoint: request.pixelsPerPoint, records: false)
            guard
                let plan = Self.bitmapPlan(
                    of: shape, pixelsPerPoint: layout.density, exactly: layout.exactly, phase: layout.phase,
                    visible: layout.visible, shapeHash: hash),
                cached(plan.key) == nil, keys.insert(plan.key).inserted
            else { continue }
            // One that only repaints a cached coverage is made by the walk, at once.
            let coverageKey = Self.coverageKey(of: plan)
            if let coverageKey, hasCoverage(coverageKey) { continue }
            plans.append(plan)
            coverageKeys.append(coverageKey)
        }
        guard plans.count > 1, plans.reduce(0, { $0 + $1.width * $1.height }) >= Self.fewestPixelsMadeAhead
        else { return }
        let toDraw = plans
        let first = Self.bitmapsMade.add(plans.count, ordering: .relaxed).newValue - plans.count + 1
        var drawn = [(image: RasterImage, rect: CGRect)?](repeating: nil, count: plans.count)
        drawn.withUnsafeMutableBufferPointer { out in
            let results = Results(base: out.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: plans.count) { k in
                results.base[k] = Self.draw(toDraw[k], number: first + k)
            }
        }
        for k in plans.indices { _ = keep(drawn[k]!, for: plans[k].key, coverageKey: coverageKeys[k], ahead: true) }
    }

    /// The fewest pixels, all bitmaps together, that `prepare` makes side by side.
    static let fewestPixelsMadeAhead = 262_144

    /// Where `prepare`'s bitmaps are written, each by its own iteration.
    private struct Results: @unchecked Sendable {
        let base: UnsafeMutablePointer<(image: RasterImage, rect: CGRect)?>
    }

    /// How the shape of hash `shapeHash`, asked for by `source` (at its pixel
    /// phase and its densities along the axes, else `pixelsPerPoint`), is laid out: at that phase and exactly that density while it holds
    /// still, its bitmap's pixels then the device's (drawn texel for pixel
    /// where it lies on whole pixels, not resampled). A shape that moves (or
    /// is drawn in several places) would need a bitmap per position, and one
    /// whose scale changes a bitmap per scale, made every frame: once it moved,
    /// its bitmap is made at the layer's origin, and once it was scaled, at the
    /// density rounded up to a quarter octave, then resampled where it lands.
    /// `records`: this drawing counts (measuring the bounds of what is then
    /// drawn, or making it ahead, does not).
    private func steadyLayout(
        of shapeHash: Int, _ source: RasterSource, pixelsPerPoint: Double, records: Bool
    ) -> Layout {
        let phase = source.pixelPhase
        let density = source.pixelsPerPointAlongAxes ?? (pixelsPerPoint, pixelsPerPoint)
        lock.lock()
        defer { lock.unlock() }
        // Only a bitmap on the device's grid is cut to what shows: one that moves is
        // made whole at the layer's origin, for every place it moves to.
        let visible = phase == nil ? nil : source.visibleRect
        guard var placement = placements[shapeHash] else {
            if records {
                if placements.count >= Self.placementCapacity { placements.removeAll(keepingCapacity: true) }
                placements[shapeHash] = Placement(
                    phase: phase, density: density, moved: false, rescaled: false, visible: visible,
                    seenElsewhere: false)
            }
            return Layout(phase: phase, density: density, exactly: true, visible: visible)
        }
        var layout = Layout(phase: nil, density: density, exactly: false)
        if let phase {
            if placement.phase == nil { placement.phase = phase }
            if !placement.moved, let first = placement.phase, first == phase {
                layout.phase = phase
            } else {
                placement.moved = true
            }
        }
        // The density it was first made at, while the one asked for is within a
        // sixty-fourth of it: a layer that moves has its scale worked out anew each
        // frame, and one that wobbles (a skew, a turn) changes it a little. Compared
        // exactly, such a shape would count as scaled at its first frame and fall back
        // to rounded densities; this way it keeps its bitmap, drawn a little off its
        // density (resampled, as a rounded density's bitmap always was).
        func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= max(abs(a), abs(b)) / 64 }
        if !placement.rescaled, same(placement.density.x, density.x), same(placement.density.y, density.y) {
            layout.density = placement.density
            layout.exactly = true
        } else {
            placement.rescaled = true
        }
        // Seen through another window (moved by whole pixels, or its target resized):
        // from then on made whole, as a bitmap per window would be made every frame.
        if placement.visible != visible { placement.seenElsewhere = true }
        if layout.phase != nil, layout.exactly, !placement.seenElsewhere { layout.visible = visible }
        if records { placements[shapeHash] = placement }
        return layout
    }

    /// The bitmap of `shape`'s fill and stroke at about `pixelsPerPoint` along
    /// each axis, and the local rect it covers; nil when it draws nothing.
    func rasterContents(
        of shape: ShapeContent, pixelsPerPoint: (x: Double, y: Double), exactly: Bool = false,
        phase: (x: Double, y: Double)? = nil, visible: CGRect? = nil, shapeHash: Int? = nil
    ) -> (image: RasterImage, rect: CGRect)? {
        guard
            let plan = Self.bitmapPlan(
                of: shape, pixelsPerPoint: pixelsPerPoint, exactly: exactly, phase: phase, visible: visible,
                shapeHash: shapeHash)
        else { return nil }
        if let hit = cached(plan.key) { return hit }
        let number = Self.bitmapsMade.add(1, ordering: .relaxed).newValue
        let coverageKey = Self.coverageKey(of: plan)
        if let coverageKey, let repainted = repainted(plan, coverageKey: coverageKey, number: number) {
            return keep(repainted, for: plan.key, coverageKey: coverageKey)
        }
        return keep(Self.draw(plan, number: number), for: plan.key, coverageKey: coverageKey)
    }

    /// The key of a bitmap's coverage alone, for one that is kept as coverage
    /// (one opaque paint): its shape with that paint made black. Nil for any other.
    ///
    /// Hashed by the path object, not its points: a shape whose paint alone
    /// changes keeps its path object, and an animated path (a new object
    /// every frame, a bitmap to rasterize anyway) then costs no second walk
    /// of its points. Keys are still compared whole.
    private static func coverageKey(of plan: BitmapPlan) -> BitmapKey? {
        let fills = !plan.fill.isClear
        guard fills != plan.strokes, (fills ? plan.fill : plan.stroke).isOpaque else { return nil }
        var shape = plan.key.shape
        if fills { shape.fillColor = Self.coveragePaint } else { shape.strokeColor = Self.coveragePaint }
        var hasher = Hasher()
        hasher.combine(ObjectIdentifier(plan.path))
        hasher.combine(fills)
        let key = plan.key
        return BitmapKey(
            shape: shape, shapeHash: hasher.finalize(), scaleX: key.scaleX, scaleY: key.scaleY, phaseX: key.phaseX,
            phaseY: key.phaseY, rect: key.rect)
    }

    /// The paint a coverage key names in place of the shape's own.
    private static let coveragePaint = CGColor(gray: 0, alpha: 1)

    /// Whether a cached bitmap has the coverage `coverageKey` names.
    private func hasCoverage(_ coverageKey: BitmapKey) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return byCoverage[coverageKey].map { cache[$0] != nil } ?? false
    }

    /// `plan`'s bitmap from a cached one with the same coverage and another
    /// paint, named by `number`; nil when there is none.
    private func repainted(_ plan: BitmapPlan, coverageKey: BitmapKey, number: Int) -> (
        image: RasterImage, rect: CGRect
    )? {
        lock.lock()
        defer { lock.unlock() }
        guard let key = byCoverage[coverageKey], let index = cache.index(forKey: key),
            let coverage = cache.values[index].bitmap.image.coverage
        else { return nil }
        let paint = plan.fill.isClear ? plan.stroke : plan.fill
        repaints += 1
        let image = RasterImage(
            key: "shape#\(number)", width: plan.width, height: plan.height, coverage: coverage, paint: paint)
        return (image, cache.values[index].bitmap.rect)
    }

    /// What a bitmap of a shape is: its key, where it lies and its paints.
    private struct BitmapPlan: @unchecked Sendable {
        let key: BitmapKey
        let path: CGPath
        let rect: CGRect
        let scaleX: Double, scaleY: Double
        let width: Int, height: Int
        let fill: PremultipliedColor, stroke: PremultipliedColor
        let lineWidth: Double
        let strokes: Bool
        /// Whether the bitmap is cut to the part of the shape that shows.
        let cut: Bool
    }

    /// The plan of `shape`'s bitmap; nil when it draws nothing.
    private static func bitmapPlan(
        of shape: ShapeContent, pixelsPerPoint: (x: Double, y: Double), exactly: Bool,
        phase: (x: Double, y: Double)?, visible: CGRect?, shapeHash: Int?
    ) -> BitmapPlan? {
        guard let path = shape.path, !path.isEmpty else { return nil }
        let fill = shape.fillColor.map { PremultipliedColor($0) } ?? .clear
        let stroke = shape.strokeColor.map { PremultipliedColor($0) } ?? .clear
        let lineWidth = max(0, Double(shape.lineWidth))
        let strokes = !stroke.isClear && lineWidth > 0 && shape.strokeEnd > shape.strokeStart
        guard !fill.isClear || strokes else { return nil }

        guard
            let layout = Self.bitmapLayout(
                of: shape, path: path, strokes: strokes, lineWidth: lineWidth,
                pixelsPerPoint: pixelsPerPoint, exactly: exactly, phase: phase, visible: visible)
        else { return nil }
        // Hashed, not printed: a key string with the path's SVG data cost more than stroking it.
        let key = BitmapKey(
            shape: shape, shapeHash: shapeHash ?? shape.hashValue, scaleX: layout.scaleX, scaleY: layout.scaleY,
            phaseX: layout.phaseX, phaseY: layout.phaseY, rect: layout.rect)
        return BitmapPlan(
            key: key, path: path, rect: layout.rect, scaleX: layout.scaleX, scaleY: layout.scaleY,
            width: layout.width, height: layout.height, fill: fill, stroke: stroke, lineWidth: lineWidth,
            strokes: strokes, cut: layout.cut)
    }

    /// The cached bitmap of `key`, if any.
    private func cached(_ key: BitmapKey) -> (image: RasterImage, rect: CGRect)? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = cache.index(forKey: key) else { return nil }
        if !cache.values[index].used { cache.values[index].used = true }
        return cache.values[index].bitmap
    }

    /// Draws the bitmap `plan` says, named by `number` (each bitmap made has its own).
    private static func draw(_ plan: BitmapPlan, number: Int) -> (image: RasterImage, rect: CGRect) {
        let shape = plan.key.shape, path = plan.path, rect = plan.rect
        let (fill, stroke, w, h) = (plan.fill, plan.stroke, plan.width, plan.height)
        let dash = shape.lineDashPattern
        let transform = CGAffineTransform(translationX: -rect.minX, y: -rect.minY)
            .concatenating(CGAffineTransform(scaleX: CGFloat(plan.scaleX), y: CGFloat(plan.scaleY)))
        var fillCoverage: [UInt8]?, strokeCoverage: [UInt8]?
        if !fill.isClear {
            var mask = PathRasterizer.fill(
                path: path, rule: shape.fillRule,
                transform: transform, width: w, height: h)
            if plan.cut { Self.clearEdges(of: &mask.bytes, width: w, height: h) }
            fillCoverage = mask.bytes
        }
        if plan.strokes {
            let trimmed =
                shape.strokeStart > 0 || shape.strokeEnd < 1
                ? path.trimmed(from: max(0, shape.strokeStart), to: min(1, shape.strokeEnd)) : path
            let usesDash = !dash.isEmpty && dash.contains { $0 > 0 } && dash.allSatisfy { $0 >= 0 && $0.isFinite }
            var mask = PathRasterizer.stroke(
                path: trimmed, lineWidth: CGFloat(plan.lineWidth), cap: shape.lineCap,
                join: shape.lineJoin, miterLimit: shape.miterLimit,
                dash: usesDash ? (shape.lineDashPhase, dash) : nil,
                transform: transform, width: w, height: h)
            if plan.cut { Self.clearEdges(of: &mask.bytes, width: w, height: h) }
            strokeCoverage = mask.bytes
        }
        let name = "shape#\(number)"
        let image: RasterImage
        switch (fillCoverage, strokeCoverage) {
        case (let coverage?, nil), (nil, let coverage?):
            let paint = fillCoverage != nil ? fill : stroke
            if paint.isOpaque {
                // One opaque paint: kept as its coverage, painted where it is drawn.
                image = RasterImage(key: name, width: w, height: h, coverage: coverage, paint: paint)
            } else if paint.paintsEveryCoveredPixel {
                // Its coverage says where the paint is, a quarter of the bytes to look through.
                image = RasterImage(
                    key: name, width: w, height: h, pixels: paint.painted(coverage: coverage),
                    paintedWhereNonZero: coverage)
            } else {
                image = RasterImage(key: name, width: w, height: h, pixels: paint.painted(coverage: coverage))
            }
        case (let under?, let over?):
            // The fill's paint writes every pixel; the stroke is composited over it.
            var pixels = fill.painted(coverage: under)
            stroke.composite(coverage: over, into: &pixels)
            image = RasterImage(key: name, width: w, height: h, pixels: pixels)
        case (nil, nil):
            preconditionFailure("ShapeLayerRasterizer: a bitmap plan paints neither a fill nor a stroke")
        }
        return (image, rect)
    }

    /// Clears the outermost pixels of a bitmap cut to what shows: they lie past
    /// the target's edge (see `bitmapLayout`), and with its edges clear the
    /// bitmap is drawn as it is, with no edge test (`RasterImage.hasClearEdges`).
    private static func clearEdges(of coverage: inout [UInt8], width w: Int, height h: Int) {
        coverage.withUnsafeMutableBufferPointer { bytes in
            for x in 0..<w {
                bytes[x] = 0
                bytes[(h - 1) * w + x] = 0
            }
            for y in 0..<h {
                bytes[y * w] = 0
                bytes[y * w + w - 1] = 0
            }
        }
    }

    /// Caches `result` as the bitmap of `key` and returns it. Past the
    /// capacities the oldest bitmap not asked for since it was made (or last
    /// spared) is dropped: a bitmap shown every frame stays while those of an
    /// animated path come and go.
    private func keep(
        _ result: (image: RasterImage, rect: CGRect), for key: BitmapKey, coverageKey: BitmapKey? = nil,
        ahead: Bool = false
    ) -> (image: RasterImage, rect: CGRect) {
        lock.lock()
        made += 1
        if ahead { madeAhead += 1 }
        // (A coverage bitmap only where it was made as one: a translucent paint's is pixels.)
        let coverageKey = result.image.coverage != nil ? coverageKey : nil
        if cache.updateValue(Cached(bitmap: result, used: false, coverageKey: coverageKey), forKey: key) == nil {
            order.append(key)
            cachedBytes += result.image.byteCount
        }
        if let coverageKey { byCoverage[coverageKey] = key }
        // The newest bitmap stays, however large. Each one spared is not asked for
        // again until it is dropped or kept, so the loop ends.
        while order.count > 1, order.count > capacity || cachedBytes > byteCapacity {
            let oldest = order.removeFirst()
            if oldest == key {
                order.append(oldest)
            } else if let index = cache.index(forKey: oldest), cache.values[index].used {
                cache.values[index].used = false
                order.append(oldest)
            } else if let dropped = cache.removeValue(forKey: oldest) {
                cachedBytes -= dropped.bitmap.image.byteCount
                if let coverageKey = dropped.coverageKey, byCoverage[coverageKey] == oldest {
                    byCoverage[coverageKey] = nil
                }
            }
        }
        lock.unlock()
        return result
    }

    /// The local rect `rasterContents` returns for `shape`, without drawing it.
    func contentsBounds(
        of shape: ShapeContent, pixelsPerPoint: (x: Double, y: Double), exactly: Bool = false,
        phase: (x: Double, y: Double)? = nil
    ) -> CGRect? {
        guard let path = shape.path, !path.isEmpty else { return nil }
        let fill = shape.fillColor.map { PremultipliedColor($0) } ?? .clear
        let stroke = shape.strokeColor.map { PremultipliedColor($0) } ?? .clear
        let lineWidth = max(0, Double(shape.lineWidth))
        let strokes = !stroke.isClear && lineWidth > 0 && shape.strokeEnd > shape.strokeStart
        guard !fill.isClear || strokes,
            let layout = Self.bitmapLayout(
                of: shape, path: path, strokes: strokes, lineWidth: lineWidth,
                pixelsPerPoint: pixelsPerPoint, exactly: exactly, phase: phase)
        else { return nil }
        return layout.rect
    }

    /// Where the bitmap of `shape` lies (the path's box grown by the stroke's
    /// reach and a point, on whole pixels of the bitmap), its pixels per point
    /// along each axis (`pixelsPerPoint` `exactly`, else rounded up to a quarter
    /// octave) and its size; nil for a path with coordinates that are not finite.
    static func bitmapLayout(
        of shape: ShapeContent, path: CGPath, strokes: Bool, lineWidth: Double,
        pixelsPerPoint: (x: Double, y: Double), exactly: Bool = false, phase: (x: Double, y: Double)? = nil,
        visible: CGRect? = nil
    )
        -> (
            rect: CGRect, scaleX: Double, scaleY: Double, width: Int, height: Int, phaseX: Double, phaseY: Double,
            cut: Bool
        )?
    {
        // Stroke reach past the path: half the width, more at square caps and at the path's
        // sharp corners under miter joins (not the miter limit everywhere: a circle's stroke
        // would get a bitmap ten times its area).
        let reach =
            strokes
            ? Double(
                path.strokeReach(
                    lineWidth: CGFloat(lineWidth), cap: shape.lineCap,
                    join: shape.lineJoin, miterLimit: shape.miterLimit)) : 0
        let box = path.boundingBoxOfPath
        guard box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite else { return nil }
        let grown = box.insetBy(dx: -CGFloat(reach) - 1, dy: -CGFloat(reach) - 1)
        // Densities as asked, or rounded up to a quarter octave (an animated scale reuses
        // bitmaps), and four pixels spare for the rounding out to whole pixels and the margin below.
        func density(_ ppp: Double, _ length: CGFloat) -> Double {
            let least = max(ppp, 1.0 / 64)
            let chosen = exactly ? least : pow(2, (log2(least) * 4).rounded(.up) / 4)
            return min(chosen, (Self.maximumSide - 4) / Double(max(length, 1)))
        }
        let sx = density(pixelsPerPoint.x, grown.width), sy = density(pixelsPerPoint.y, grown.height)
        // Whole bitmap pixels from the layer's origin: a layer placed on whole device pixels
        // shows its bitmap's pixels as they are, not resampled half a pixel off.
        // At the device's own density, the grid is shifted by where the layer's origin falls
        // in its pixel: the bitmap's pixels are the device's (drawn texel for pixel, not
        // resampled half a pixel off).
        func shift(_ density: Double, _ ppp: Double, _ phase: Double?) -> Double {
            guard let phase, abs(density - ppp) <= 1e-9 * ppp else { return 0 }
            return phase
        }
        let px = shift(sx, pixelsPerPoint.x, phase?.x), py = shift(sy, pixelsPerPoint.y, phase?.y)
        // Below a pixel per point the point of margin is less than a pixel: a whole clear
        // pixel more on each side keeps the bitmap's edges in its pixels, so it is drawn as
        // it is, turned or not (`RasterImage.hasClearEdges`), with no edge test per pixel.
        let marginX = sx < 1 ? 1.0 : 0, marginY = sy < 1 ? 1.0 : 0
        var x0 = (Double(grown.minX) * sx + px).rounded(.down) - marginX
        var y0 = (Double(grown.minY) * sy + py).rounded(.down) - marginY
        var w = max(1, Int((Double(grown.maxX) * sx + px).rounded(.up) + marginX - x0))
        var h = max(1, Int((Double(grown.maxY) * sy + py).rounded(.up) + marginY - y0))
        var cut = false
        if let visible, visible.minX.isFinite, visible.minY.isFinite, visible.maxX.isFinite, visible.maxY.isFinite {
            // Cut to the part that shows, on the same grid (its pixels are the whole
            // bitmap's), with two pixels spare for filtering and the antialiasing at
            // the target's edge. A part wholly out of sight keeps one pixel.
            let spare = 2.0
            let vx0 = (Double(visible.minX) * sx + px).rounded(.down) - spare
            let vy0 = (Double(visible.minY) * sy + py).rounded(.down) - spare
            let vx1 = (Double(visible.maxX) * sx + px).rounded(.up) + spare
            let vy1 = (Double(visible.maxY) * sy + py).rounded(.up) + spare
            let cx0 = max(x0, vx0), cy0 = max(y0, vy0)
            let cx1 = min(x0 + Double(w), vx1), cy1 = min(y0 + Double(h), vy1)
            if cx1 - cx0 < Double(w) || cy1 - cy0 < Double(h) {
                (x0, y0) = (min(cx0, x0 + Double(w) - 1), min(cy0, y0 + Double(h) - 1))
                (w, h) = (max(1, Int(cx1 - x0)), max(1, Int(cy1 - y0)))
                cut = true
            }
        }
        let rect = CGRect(x: (x0 - px) / sx, y: (y0 - py) / sy, width: Double(w) / sx, height: Double(h) / sy)
        return (rect, sx, sy, w, h, px, py, cut)
    }
}
