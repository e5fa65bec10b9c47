import Foundation
import Strata

extension RenderList {
    /// Items that lie wholly inside their innermost clips (their quads at least half a
    /// device pixel in from the edge, away from rounded corners) are moved out to the
    /// enclosing clip, as far as that holds: such a clip cuts nothing from them, and
    /// each pixel of a clipped item pays for the clip's distance every frame. Lottie
    /// precompositions clip every layer in them to their size, and most of those
    /// layers lie inside it.
    ///
    /// An item that still reaches out of its clip has its quad cut to the part of
    /// its plane the clip's box shows (``fitQuad(of:box:toClip:boxes:)``): a layer seen
    /// nearly edge-on in a small clipped precomposition spans far more of the screen
    /// than it shows, and every pixel of its quad is shaded.
    mutating func liftClipsHoldingTheirItems() {
        guard !clips.isEmpty else { return }
        let everywhere = CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7)
        var boxes = [CGRect?](repeating: nil, count: clips.count)
        for p in passes.indices {
            for i in passes[p].items.indices where passes[p].items[i].clip >= 0 {
                let box = Self.deviceBounds(of: passes[p].items[i], within: everywhere)
                guard !box.isNull else { continue }
                var clip = passes[p].items[i].clip
                while clip >= 0, Int(clip) < clips.count, clips[Int(clip)].holds(box) { clip = clips[Int(clip)].parent }
                if clip != passes[p].items[i].clip { passes[p].items[i].clip = clip }
                if clip >= 0, Int(clip) < clips.count {
                    fitQuad(of: &passes[p].items[i], box: box, toClip: Int(clip), boxes: &boxes)
                }
            }
        }
    }

    /// The device box a clip and the clips enclosing it show (grown by a pixel for
    /// their edges' ramps); nil where one crosses the eye plane (no box is known).
    func deviceBox(ofClip index: Int, _ boxes: inout [CGRect?]) -> CGRect? {
        if let known = boxes[index] { return known.isInfinite ? nil : known }
        let clip = clips[index]
        var box: CGRect? = nil
        // An inverted clip shows everything outside it: no box.
        if !clip.inverted, let toDevice = clip.deviceToLocal.inverted() {
            var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
            var seen = true
            for corner in 0..<4 {
                let u = Double(corner & 1 == 0 ? clip.rect.minX : clip.rect.maxX)
                let v = Double(corner < 2 ? clip.rect.minY : clip.rect.maxY)
                guard let p = toDevice.project(u, v), p.x.isFinite, p.y.isFinite else { seen = false; break }
                x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
            }
            if seen { box = CGRect(x: x0 - 1, y: y0 - 1, width: x1 - x0 + 2, height: y1 - y0 + 2) }
        }
        let parent = Int(clip.parent)
        if let own = box, parent >= 0, parent < index, let outer = deviceBox(ofClip: parent, &boxes) {
            box = own.intersection(outer)
        }
        boxes[index] = box ?? .infinite
        return box
    }

    /// Cuts `item`'s quad to the part of its plane that the device rectangle it
    /// and its clip's box share maps back to (the bounding rectangle of that
    /// quadrilateral), when the plane's horizon does not cross it. Coverage comes
    /// from the shape, contents and clips, not the quad, so the pixels are the same.
    /// A ring or frame mesh is measured from the quad's margin (``DrawItem/ringBand``,
    /// ``DrawItem/frameHole``): such an item keeps its quad.
    func fitQuad(of item: inout DrawItem, box: CGRect, toClip clip: Int, boxes: inout [CGRect?]) {
        guard let clipBox = deviceBox(ofClip: clip, &boxes), !clipBox.encloses(box), item.geometry == .quad else {
            return
        }
        let shown = box.intersection(clipBox)
        guard !shown.isNull, shown.width > 0, shown.height > 0 else {
            item.quad = CGRect(origin: item.quad.origin, size: .zero)
            return
        }
        guard let toLocal = item.mapping.inverted() else { return }
        var u0 = Double.infinity, v0 = Double.infinity, u1 = -Double.infinity, v1 = -Double.infinity
        var sign = 0.0
        for corner in 0..<4 {
            let x = Double(corner & 1 == 0 ? shown.minX : shown.maxX), y = Double(corner < 2 ? shown.minY : shown.maxY)
            let h = toLocal.apply(x, y)
            // One sign for every corner: the horizon (w = 0) does not cross the rectangle.
            guard abs(h.w) > 1e-12, sign == 0 || (h.w > 0) == (sign > 0) else { return }
            sign = h.w
            let u = h.x / h.w, v = h.y / h.w
            guard u.isFinite, v.isFinite, item.mapping.apply(u, v).w > 0 else { return }
            u0 = min(u0, u); v0 = min(v0, v); u1 = max(u1, u); v1 = max(v1, v)
        }
        let fitted = item.quad.intersection(CGRect(x: u0, y: v0, width: u1 - u0, height: v1 - v0))
        if fitted.isNull || fitted.isEmpty {
            item.quad = CGRect(origin: item.quad.origin, size: .zero)
        } else if fitted != item.quad {
            item.quad = fitted
        }
    }
}

extension ClipShape {
    /// Whether the device rectangle `box` lies inside the clip's full coverage: its
    /// corners, in the clip's plane, inside the rect shrunk by the largest corner
    /// radius and half a device pixel (where the edge ramp starts).
    func holds(_ box: CGRect) -> Bool {
        // An inverted clip cuts what lies inside it.
        guard !inverted else { return false }
        let r = radii.maximum
        // No arrays: this runs for every clipped item every frame.
        var points: (x0: Double, y0: Double, x1: Double, y1: Double, x2: Double, y2: Double, x3: Double, y3: Double) = (
            0, 0, 0, 0, 0, 0, 0, 0
        )
        var worst = 0.0
        for corner in 0..<4 {
            let x = Double(corner & 1 == 0 ? box.minX : box.maxX), y = Double(corner < 2 ? box.minY : box.maxY)
            guard let p = deviceToLocal.project(x, y),
                let (u, v) = deviceToLocal.pixelsPerUnitAlongAxes(at: x, y)
            else { return false }
            worst = max(worst, u, v)
            switch corner {
            case 0: points.x0 = p.x; points.y0 = p.y
            case 1: points.x1 = p.x; points.y1 = p.y
            case 2: points.x2 = p.x; points.y2 = p.y
            default: points.x3 = p.x; points.y3 = p.y
            }
        }
        let inset = r + worst / 2
        let x0 = Double(rect.minX) + inset, x1 = Double(rect.maxX) - inset
        let y0 = Double(rect.minY) + inset, y1 = Double(rect.maxY) - inset
        guard x0 < x1, y0 < y1 else { return false }
        func inside(_ x: Double, _ y: Double) -> Bool { x0 <= x && x <= x1 && y0 <= y && y <= y1 }
        return inside(points.x0, points.y0) && inside(points.x1, points.y1) && inside(points.x2, points.y2)
            && inside(points.x3, points.y3)
    }
}

extension RenderList {
    /// Drops the clips no item is cut by (with their enclosing clips kept for the
    /// ones that are), renumbering the rest in order. A layer clips its sublayers
    /// before it knows whether any draws: a Lottie precomposition whose layers are
    /// all outside their in and out points still adds its clip, and a clip that
    /// moves changes the list, so an unchanged picture was redrawn whole.
    mutating func dropUnusedClips() {
        guard !clips.isEmpty else { return }
        var used = [Bool](repeating: false, count: clips.count)
        for pass in passes {
            for item in pass.items where item.clip >= 0 {
                var c = Int(item.clip), steps = 0
                while c >= 0, c < clips.count, !used[c], steps < clips.count {
                    used[c] = true
                    c = Int(clips[c].parent)
                    steps += 1
                }
            }
        }
        guard used.contains(false) else { return }
        var renumbered = [Int32](repeating: -1, count: clips.count)
        var kept: [ClipShape] = []
        kept.reserveCapacity(clips.count)
        for i in clips.indices where used[i] {
            renumbered[i] = Int32(kept.count)
            kept.append(clips[i])
        }
        for i in kept.indices where kept[i].parent >= 0 {
            let parent = Int(kept[i].parent)
            kept[i].parent = parent < renumbered.count ? renumbered[parent] : -1
        }
        clips = kept
        for p in passes.indices {
            for i in passes[p].items.indices where passes[p].items[i].clip >= 0 {
                let c = Int(passes[p].items[i].clip)
                passes[p].items[i].clip = c < renumbered.count ? renumbered[c] : -1
            }
        }
    }
}
