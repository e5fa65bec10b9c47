import Foundation
import Strata

extension FlattenState {
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
    /// filtering instead of an edge test (see `AppearanceStore.placement`).
    mutating func cachedAppearance(
        of items: ArraySlice<DrawItem>, mapping: PlaneMapping, clip: Int32
    ) -> AppearanceStore.Placement? {
        guard appearances.isEnabled, !items.isEmpty else { return nil }
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
        return appearances.placement(for: .items(items), reach: reach, mapping: mapping, in: &list)
    }

    /// The cached quad for a layer whose look is `remembered.key` (see
    /// `AppearanceMemo`), without building its items; nil when it is not
    /// drawn cached, or when its look has no place in this frame's atlas yet
    /// (then drawing its items and asking `cachedAppearance(of:…)` places it).
    mutating func cachedAppearance(
        remembered: AppearanceMemo.Entry, mapping: PlaneMapping
    ) -> AppearanceStore.Placement? {
        appearances.placement(for: .remembered(remembered.key), reach: remembered.reach, mapping: mapping, in: &list)
    }
}
