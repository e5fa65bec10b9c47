import Foundation

/// One operand's edges sorted into horizontal bands, for its winding number at a point
/// (a ray to the right crosses only the edges of the point's band).
struct WindingBands {
    private var bands: [[PathBoolean.Edge]]
    private let minY: Double
    private let height: Double

    init(_ edges: [PathBoolean.Edge]) {
        let lo = edges.map { Double(min($0.a.y, $0.b.y)) }.min() ?? 0
        let hi = edges.map { Double(max($0.a.y, $0.b.y)) }.max() ?? 0
        let count = max(1, min(256, edges.count / 8))
        minY = lo
        height = max(hi - lo, 1e-300) / Double(count)
        bands = Array(repeating: [], count: count)
        for e in edges {
            let a = band(Double(min(e.a.y, e.b.y))), b = band(Double(max(e.a.y, e.b.y)))
            for k in a...b { bands[k].append(e) }
        }
    }

    private func band(_ y: Double) -> Int { min(max(Int((y - minY) / height), 0), bands.count - 1) }

    /// The winding number of the edges around `p` (crossings upward count +1, downward −1).
    func winding(at p: CGPoint) -> Int {
        let y = Double(p.y)
        guard !bands.isEmpty, y >= minY, y <= minY + height * Double(bands.count) else { return 0 }
        var w = 0
        for e in bands[band(y)] {
            let ay = Double(e.a.y), by = Double(e.b.y)
            let side = Double(e.b.x - e.a.x) * (y - ay) - (Double(p.x) - Double(e.a.x)) * (by - ay)
            if ay <= y {
                if by > y && side > 0 { w += 1 }
            } else if by <= y && side < 0 {
                w -= 1
            }
        }
        return w
    }
}
