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
        var inner = rect.insetBy(dx: r, dy: r)
        var worst = 0.0
        var corners: [(Double, Double)] = []
        for (x, y) in [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)] {
            guard let p = deviceToLocal.project(Double(x), Double(y)),
                  let (u, v) = deviceToLocal.pixelsPerUnitAlongAxes(at: Double(x), Double(y)) else { return false }
            worst = max(worst, u, v)
            corners.append(p)
        }
        inner = inner.insetBy(dx: worst / 2, dy: worst / 2)
        guard !inner.isNull, inner.width > 0, inner.height > 0 else { return false }
        return corners.allSatisfy { Double(inner.minX) <= $0.0 && $0.0 <= Double(inner.maxX)
            && Double(inner.minY) <= $0.1 && $0.1 <= Double(inner.maxY) }
    }
}
