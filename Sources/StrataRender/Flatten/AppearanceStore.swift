import Foundation
import Strata

/// The one owner of a flattening's cached looks and of the caches behind
/// them: which looks are drawn cached (`AppearanceCache`, kept across
/// frames), which leaves' looks are remembered by node (`AppearanceMemo`, for
/// a kept snapshot), where this frame's looks lie in the appearance atlas
/// pass, and the last few looks asked about. `FlattenState` asks it for a
/// layer's cached quad (`FlattenState+Appearance.swift` decides which items
/// qualify); nothing else reads these.
struct AppearanceStore {
    /// The finest pixels per point an appearance is cached at, and the coarsest.
    static let scaleRange = (1.0 / 16)...16.0
    /// Side in pixels of the pass that holds a frame's cached looks (one
    /// texture, so every cached quad can share one draw call); looks that do
    /// not fit are drawn directly.
    static let atlasSide = 1024
    /// How many of the last looks asked about are remembered to skip building and hashing a key.
    static let recentCount = 8

    /// Decides which looks are drawn from the atlas pass (nil: none are).
    let cache: AppearanceCache?
    /// Leaves' cached looks from earlier frames, for a kept snapshot (nil: none kept).
    let memo: AppearanceMemo?
    /// This frame's cached looks, by look: where each lies in the atlas pass.
    private var slots: [AppearanceKey: CGRect] = [:]
    /// The last few looks asked about, and whether each is drawn cached (a
    /// ring: `recentNext` is the entry replaced next), with its atlas slot
    /// once it has one this frame (no hashing of the key to find it).
    private var recent: [(key: AppearanceKey, cached: Bool, slot: CGRect?)] = []
    private var recentNext = 0
    /// The pass holding this frame's cached looks, and where they are placed.
    private var atlas: (pass: Int, allocator: AtlasAllocator)?

    init(cache: AppearanceCache?, memo: AppearanceMemo?) {
        self.cache = cache
        self.memo = memo
    }

    /// Whether any look may be drawn cached this frame.
    var isEnabled: Bool { cache != nil }

    /// What a look is known by: a layer's items, or its key from an earlier frame.
    enum Look {
        case items(ArraySlice<DrawItem>)
        case remembered(AppearanceKey)
    }

    /// Where a layer's cached look lies this frame: its look's key, the part
    /// of its plane the look covers, and the part of the atlas pass drawn
    /// over `drawn` (of the plane). The quad item is made where it is
    /// appended (`item(label:mapping:clip:)`): an item is hundreds of bytes,
    /// and a returned one was copied a few times on its way, for every cached
    /// layer every frame.
    struct Placement {
        let key: AppearanceKey
        let reach: CGRect
        let drawn: CGRect
        let pass: Int
        let uv: CGRect

        /// The quad drawing the look from the atlas pass.
        func item(label: ItemLabel, mapping: PlaneMapping, clip: Int32) -> DrawItem {
            DrawItem(
                kind: .composite, label: label.with(.cached), mapping: mapping, quad: drawn, shape: drawn,
                content: .texture(.pass(pass), uv: uv, rect: drawn), clip: clip, antialiasedEdges: 0)
        }
    }

    /// Where `look` (covering `reach` of a plane seen through `mapping`) lies
    /// in the atlas pass, placing it there (its items drawn into the pass,
    /// made in `list` the first time) when it has no slot yet; nil when the
    /// look is not drawn cached, does not fit, or is `.remembered` and has no
    /// slot this frame (its items are not at hand to place it).
    mutating func placement(
        for look: Look, reach: CGRect, mapping: PlaneMapping, in list: inout RenderList
    ) -> Placement? {
        guard let cache else { return nil }
        // Pixels per point along each of the layer's axes, at its most magnified corner.
        var ppuU = 0.0, ppuV = 0.0
        for corner in 0..<4 {  // not an array of corners: that allocates, for every cached layer every frame
            let u = corner & 1 == 0 ? reach.minX : reach.maxX, v = corner < 2 ? reach.minY : reach.maxY
            guard let (alongU, alongV) = mapping.pixelsPerUnitAlongAxes(at: Double(u), Double(v)) else { return nil }
            ppuU = max(ppuU, alongU)
            ppuV = max(ppuV, alongV)
        }
        guard ppuU.isFinite, ppuV.isFinite, ppuU > 0, ppuV > 0 else { return nil }
        let longest = Double(max(reach.width, reach.height)) + 4
        func bucket(_ ppu: Double) -> Double {
            // One texel per pixel: supersampling only blurred edges in measurements
            // (bilinear sampling of a minified texture).
            let s = pow(2, (log2(ppu / 1.05) * 2).rounded(.up) / 2)
            return min(
                max(s, Self.scaleRange.lowerBound), Self.scaleRange.upperBound,
                FlattenState.maximumLayerPassSide / longest)
        }
        let scaleU = bucket(ppuU), scaleV = bucket(ppuV)
        var key: AppearanceKey
        let found: Int?
        switch look {
        case .items(let items):
            found = recent.firstIndex { $0.key.matches(items, scaleU: scaleU, scaleV: scaleV) }
            key =
                found.map { recent[$0].key }
                ?? AppearanceKey(items: Array(items), scaleU: scaleU, scaleV: scaleV)
        case .remembered(let remembered):
            key =
                remembered.scaleU == scaleU && remembered.scaleV == scaleV
                ? remembered : remembered.rescaled(scaleU: scaleU, scaleV: scaleV)
            found = recent.firstIndex { $0.key == key }
        }
        let recentIndex: Int
        if let i = found {
            // Like a layer just before (a grid of cards, in a few colours and
            // tilts): same key, same decision, no key built, no hashing.
            guard recent[i].cached else { return nil }
            key = recent[i].key
            recentIndex = i
        } else {
            let cached = cache.shouldCache(key)
            if recent.count < Self.recentCount {
                recentIndex = recent.count
                recent.append((key, cached, nil))
            } else {
                recentIndex = recentNext
                recent[recentNext] = (key, cached, nil)
                recentNext = (recentNext + 1) % Self.recentCount
            }
            guard cached else { return nil }
        }

        let padded = reach.insetBy(dx: -2 / scaleU, dy: -2 / scaleV)
        let w = max(1, (Double(padded.width) * scaleU).rounded(.up))
        let h = max(1, (Double(padded.height) * scaleV).rounded(.up))
        let drawn = CGRect(x: padded.minX, y: padded.minY, width: w / scaleU, height: h / scaleV)
        let slot: CGRect
        if let known = recent[recentIndex].slot {
            slot = known
        } else if let existing = slots[key] {
            slot = existing
            recent[recentIndex].slot = existing
        } else {
            // Placing a look in the atlas draws its items there: those of a remembered look are not at hand.
            guard case .items(let items) = look else { return nil }
            if atlas == nil {
                list.passes.append(
                    RenderPass(
                        purpose: .appearance,
                        bounds: CGRect(x: 0, y: 0, width: Self.atlasSide, height: Self.atlasSide)))
                atlas = (list.passes.count - 1, AtlasAllocator(pageSize: Self.atlasSide, gutter: 1))
            }
            guard let placed = atlas!.allocator.allocate(width: Int(w), height: Int(h)), placed.page == 0
            else {
                return nil
            }
            slot = CGRect(x: placed.x, y: placed.y, width: placed.width, height: placed.height)
            let toPass = PlaneMapping(
                CATransform3DMakeTranslation(-drawn.minX, -drawn.minY, 0)
                    .concatenating(CATransform3DMakeScale(CGFloat(scaleU), CGFloat(scaleV), 1))
                    .concatenating(CATransform3DMakeTranslation(slot.minX, slot.minY, 0)))
            for var item in items {
                item.mapping = toPass
                item.clip = -1
                let blur = item.kind == .shadow ? 3 * item.blurSigma : 0
                item.quad = item.shape.insetBy(dx: -(blur + 1.5 / scaleU), dy: -(blur + 1.5 / scaleV))
                    .intersection(drawn)
                list.passes[atlas!.pass].items.append(item)
            }
            slots[key] = slot
            recent[recentIndex].slot = slot
        }
        let side = Double(Self.atlasSide)
        return Placement(
            key: key, reach: reach, drawn: drawn, pass: atlas!.pass,
            uv: CGRect(x: slot.minX / side, y: slot.minY / side, width: slot.width / side, height: slot.height / side))
    }

    /// Ends the frame once `list` is made: the atlas pass is keyed by its
    /// items (the same looks in the same places: the backend keeps last
    /// frame's pixels), and this frame's looks become the cache's previous ones.
    func endFrame(of list: inout RenderList) {
        if let atlas {
            var hasher = Hasher()
            hasher.combine(list.passes[atlas.pass].items)
            list.passes[atlas.pass].cacheKey = hasher.finalize()
        }
        cache?.endFrame()
    }
}
