import Foundation
import Strata

/// A five-pointed star filling a `side` × `side` square: points at `outer`
/// and notches at `inner` of the side from its centre, the first point up.
/// No rounded rectangle, so a mask of it is drawn as a bitmap in a pass.
public func starPath(side: CGFloat, outer: CGFloat = 0.49, inner: CGFloat = 0.2) -> CGPath {
    let path = CGMutablePath()
    for k in 0..<10 {
        let r = (k % 2 == 0 ? outer : inner) * side, a = Double(k) * .pi / 5
        let p = CGPoint(x: side / 2 + r * sin(a), y: side / 2 - r * cos(a))
        if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
    }
    path.closeSubpath()
    return path
}
