import Foundation
import Strata

extension RenderList {
    /// Items that lie wholly inside their innermost clips (their quads at least half a
    /// device pixel in from the edge, away from rounded corners) are moved out to the
    /// enclosing clip, as far as that holds: such a clip cuts nothing from them, and
    /// each pixel of a clipped item pays for the clip's distance every frame. Lottie
    /// precompositions clip every layer in them to their size, and most of those
    /// layers lie inside it.
    mutating func liftClipsHoldingTheirItems() {
        guard !clips.isEmpty else { return }
        let everywhere = CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7)
        for p in passes.indices {
            for i in passes[p].items.indices where passes[p].items[i].clip >= 0 {
                let box = Self.deviceBounds(of: passes[p].items[i], within: everywhere)
                guard !box.isNull else { continue }
                var clip = passes[p].items[i].clip
                while clip >= 0, Int(clip) < clips.count, clips[Int(clip)].holds(box) { clip = clips[Int(clip)].parent }
                if clip != passes[p].items[i].clip { passes[p].items[i].clip = clip }
            }
        }
    }
}

extension ClipShape {
    /// Whether the device rectangle `box` lies inside the clip's full coverage: its
    /// corners, in the clip's plane, inside the rect shrunk by the largest corner
    /// radius and half a device pixel (where the edge ramp starts).
    func holds(_ box: CGRect) -> Bool {
        let r = radii.maximum
        // No arrays: this runs for every clipped item every frame.
        var points: (x0: Double, y0: Double, x1: Double, y1: Double, x2: Double, y2: Double, x3: Double, y3: Double)
            = (0, 0, 0, 0, 0, 0, 0, 0)
        var worst = 0.0
        for corner in 0..<4 {
            let x = Double(corner & 1 == 0 ? box.minX : box.maxX), y = Double(corner < 2 ? box.minY : box.maxY)
            guard let p = deviceToLocal.project(x, y),
                  let (u, v) = deviceToLocal.pixelsPerUnitAlongAxes(at: x, y) else { return false }
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
