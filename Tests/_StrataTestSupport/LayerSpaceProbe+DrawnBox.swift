import Foundation
import StrataRender

extension LayerSpaceProbe {
    /// The box of the probe's drawing (`.null`: nothing drawn), as layer-space
    /// passes were measured before they had bounds functions: the union of
    /// the items' quads, each cut to the reach of the masks whose clips it is
    /// inside.
    package var drawnBox: CGRect {
        var box = CGRect.null
        for item in items {
            var reach = item.mapping.deviceBox(of: item.quad, orElse: CGRect(origin: .zero, size: targetSize))
            var clip = item.clip
            while clip >= 0 {
                if let mask = maskClipReach[clip] { reach = reach.intersection(mask) }
                clip = clips[Int(clip)].parent
            }
            if !reach.isNull { box = box.union(reach) }
        }
        return box
    }
}
