import Foundation
import Strata

extension FlattenState {
    /// The finest pixels per point an appearance is cached at, and the coarsest.
    static let appearanceScaleRange = (1.0 / 16)...16.0
    /// Side in pixels of the pass that holds a frame's cached looks (one
    /// texture, so every cached quad can share one draw call); looks that do
    /// not fit are drawn directly.
    static let appearanceAtlasSide = 1024
    /// How many of the last looks asked about are remembered to skip building and hashing a key.
    static let recentAppearanceCount = 8

    /// One layer's items as a single textured quad from the appearance cache,
    /// or nil to draw them as they are.
    ///
    /// Only items that lie in the layer's own plane, sample no texture and
    /// carry no clip of their own qualify (background, border, corners and the
    /// closed-form shadow), and only when they cost something per pixel (a
    /// shadow or a border). The pass is rendered, along each of the layer's
    /// axes, at the most pixels per point any corner shows on screen, rounded
    /// up to a half octave (allowing 5 % of magnification first, so layers that
    /// tilt a little in perspective still share one entry). Scaling the axes
    /// apart keeps texels about one per pixel both ways on a layer seen nearly
    /// edge-on, where one scale would alias (or blur, with mipmaps). A
    /// transparent rim lets the quad's edges fade out through bilinear
    /// filtering instead of an edge test.
    mutating func cachedAppearance(
        of items: ArraySlice<DrawItem>, mapping: PlaneMapping, clip: Int32,
        label: ItemLabel
    ) -> CachedAppearance? {
        guard appearanceCache != nil, !items.isEmpty else { return nil }
        var costly = false
        var reach = CGRect.null
        // By index: a `for item in items` copies each item (references and all).
        for i in items.indices {
            guard items[i].kind != .composite, items[i].content == nil, items[i].mask == nil, items[i].clip == clip,
                items[i].mapping == mapping, items[i].antialiasedEdges == 0b1111, items[i].opacity == 1
            else { return nil }
            if items[i].kind == .shadow || items[i].borderWidth > 0 { costly = true }
            let blur = items[i].kind == .shadow ? 3 * items[i].blurSigma : 0
            reach = reach.union(items[i].shape.insetBy(dx: -blur, dy: -blur))
        }
        guard costly, !reach.isNull, reach.width > 0, reach.height > 0,
            reach.width.isFinite, reach.height.isFinite
        else { return nil }
        return cachedAppearance(.items(items), reach: reach, mapping: mapping, clip: clip, label: label)
    }

    /// The cached quad for a layer whose look is `remembered.key` (see
    /// `AppearanceMemo`), without building its items; nil when it is not
    /// drawn cached, or when its look has no place in this frame's atlas yet
    /// (then drawing its items and asking `cachedAppearance(of:…)` places it).
    mutating func cachedAppearance(
        remembered: AppearanceMemo.Entry, mapping: PlaneMapping, clip: Int32,
        label: ItemLabel
    ) -> CachedAppearance? {
        cachedAppearance(
            .remembered(remembered.key), reach: remembered.reach, mapping: mapping, clip: clip,
            label: label)
    }

    /// A layer's cached quad, its look's key and the part of its plane the look covers.
    typealias CachedAppearance = (item: DrawItem, key: AppearanceKey, reach: CGRect)

    /// What a look is known by: the layer's items, or its key from an earlier frame.
    private enum Look {
        case items(ArraySlice<DrawItem>)
        case remembered(AppearanceKey)
    }

    private mutating func cachedAppearance(
        _ look: Look, reach: CGRect, mapping: PlaneMapping, clip: Int32,
        label: ItemLabel
    ) -> CachedAppearance? {
        guard let cache = appearanceCache else { return nil }
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
                max(s, Self.appearanceScaleRange.lowerBound), Self.appearanceScaleRange.upperBound,
                Self.maximumLayerPassSide / longest)
        }
        let scaleU = bucket(ppuU), scaleV = bucket(ppuV)
        var key: AppearanceKey
        let found: Int?
        switch look {
        case .items(let items):
            found = recentAppearances.firstIndex { $0.key.matches(items, scaleU: scaleU, scaleV: scaleV) }
            key =
                found.map { recentAppearances[$0].key }
                ?? AppearanceKey(items: Array(items), scaleU: scaleU, scaleV: scaleV)
        case .remembered(let remembered):
            key =
                remembered.scaleU == scaleU && remembered.scaleV == scaleV
                ? remembered : remembered.rescaled(scaleU: scaleU, scaleV: scaleV)
            found = recentAppearances.firstIndex { $0.key == key }
        }
        let recentIndex: Int
        if let i = found {
            // Like a layer just before (a grid of cards, in a few colours and
            // tilts): same key, same decision, no key built, no hashing.
            guard recentAppearances[i].cached else { return nil }
            key = recentAppearances[i].key
            recentIndex = i
        } else {
            let cached = cache.shouldCache(key)
            if recentAppearances.count < Self.recentAppearanceCount {
                recentIndex = recentAppearances.count
                recentAppearances.append((key, cached, nil))
            } else {
                recentIndex = recentAppearanceNext
                recentAppearances[recentAppearanceNext] = (key, cached, nil)
                recentAppearanceNext = (recentAppearanceNext + 1) % Self.recentAppearanceCount
            }
            guard cached else { return nil }
        }

        let padded = reach.insetBy(dx: -2 / scaleU, dy: -2 / scaleV)
        let w = max(1, (Double(padded.width) * scaleU).rounded(.up))
        let h = max(1, (Double(padded.height) * scaleV).rounded(.up))
        let drawn = CGRect(x: padded.minX, y: padded.minY, width: w / scaleU, height: h / scaleV)
        let slot: CGRect
        if let known = recentAppearances[recentIndex].slot {
            slot = known
        } else if let existing = appearanceSlots[key] {
            slot = existing
            recentAppearances[recentIndex].slot = existing
        } else {
            // Placing a look in the atlas draws its items there: those of a remembered look are not at hand.
            guard case .items(let items) = look else { return nil }
            if appearanceAtlas == nil {
                list.passes.append(
                    RenderPass(
                        purpose: .appearance,
                        bounds: CGRect(
                            x: 0, y: 0, width: Self.appearanceAtlasSide,
                            height: Self.appearanceAtlasSide)))
                appearanceAtlas = (list.passes.count - 1, AtlasAllocator(pageSize: Self.appearanceAtlasSide, gutter: 1))
            }
            guard let placed = appearanceAtlas!.allocator.allocate(width: Int(w), height: Int(h)), placed.page == 0
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
                list.passes[appearanceAtlas!.pass].items.append(item)
            }
            appearanceSlots[key] = slot
            recentAppearances[recentIndex].slot = slot
        }
        let side = Double(Self.appearanceAtlasSide)
        let item = DrawItem(
            kind: .composite, label: label.with(.cached), mapping: mapping, quad: drawn, shape: drawn,
            content: .texture(
                .pass(appearanceAtlas!.pass),
                uv: CGRect(
                    x: slot.minX / side, y: slot.minY / side,
                    width: slot.width / side, height: slot.height / side),
                rect: drawn),
            clip: clip, antialiasedEdges: 0)
        return (item, key, reach)
    }
}
