import Foundation
import Strata

extension LottieGeometry {
    /// `mm`: `paths` (in file order) combined into one by `mode`, as lottie-android combines
    /// them: the first path against all the others together (their union): added to it,
    /// subtracted from it, intersected with it or xor-ed with it. Each path is filled by the
    /// non-zero rule; the result fills the same by either rule. Past
    /// ``LottieLimits/maximumMergedPaths`` the rest are added as they are (a repeater's
    /// thousand copies would cost a thousand operations a frame).
    static func merge(_ paths: [CGPath], mode: LottieMergePaths.Mode) -> CGPath {
        guard let first = paths.first else { return CGPath() }
        let worked = paths.prefix(LottieLimits.maximumMergedPaths)
        var result = first
        if mode == .merge || worked.count < 2 {
            result = CGPath(elements: worked.flatMap(\.elements))
        } else {
            let rest = worked.dropFirst(2).reduce(worked[worked.startIndex + 1]) { $0.union($1) }
            switch mode {
            case .merge, .add: result = first.union(rest)
            case .subtract: result = first.subtracting(rest)
            case .intersect: result = first.intersection(rest)
            case .excludeIntersections: result = first.symmetricDifference(rest)
            }
        }
        guard paths.count > worked.count else { return result }
        return CGPath(elements: result.elements + paths.dropFirst(worked.count).flatMap(\.elements))
    }
}
