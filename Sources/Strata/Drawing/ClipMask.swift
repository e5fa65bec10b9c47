import Foundation

/// A context's clip in pixels (rows from the top): a rectangle of pixels and,
/// unless every pixel in it is wholly inside, how much of each pixel is (0…255).
struct ClipMask {
    /// The pixel rectangle outside which nothing is drawn.
    var bounds: PixelRect
    /// `bounds.width × bounds.height` coverage bytes, rows from the top; nil: all 255.
    var coverage: [UInt8]?

    /// How much of pixel (x, y) (inside `bounds`) is inside the clip, 0…255.
    @inline(__always)
    func value(x: Int, y: Int) -> UInt8 {
        guard let coverage else { return 255 }
        return coverage[(y - bounds.y) * bounds.width + (x - bounds.x)]
    }

    /// This clip narrowed to `mask` (coverage over `maskBounds`, nil: all covered).
    func intersected(with maskBounds: PixelRect, mask: [UInt8]?) -> ClipMask {
        let r = bounds.intersection(maskBounds)
        guard !r.isEmpty else { return ClipMask(bounds: .empty, coverage: nil) }
        if coverage == nil && mask == nil { return ClipMask(bounds: r, coverage: nil) }
        var bytes = [UInt8](repeating: 0, count: r.width * r.height)
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
                let a = Int(value(x: x, y: y))
                let b = mask.map { Int($0[(y - maskBounds.y) * maskBounds.width + (x - maskBounds.x)]) } ?? 255
                bytes[(y - r.y) * r.width + (x - r.x)] = UInt8((a * b + 127) / 255)
            }
        }
        return ClipMask(bounds: r, coverage: bytes)
    }
}

/// A rectangle of whole pixels.
struct PixelRect: Hashable, Sendable {
    var x: Int, y: Int, width: Int, height: Int

    static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

    var maxX: Int { x + width }
    var maxY: Int { y + height }
    var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The pixels `rect` touches (rounded outward); empty for a rect that is not finite.
    init(covering rect: CGRect) {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else {
            self = .empty
            return
        }
        // Clamped before converting, so far-off geometry cannot trap.
        func clamp(_ v: CGFloat) -> Int { Int(min(max(v, -1_073_741_824), 1_073_741_824)) }
        let x0 = clamp(rect.minX.rounded(.down)), y0 = clamp(rect.minY.rounded(.down))
        let x1 = clamp(rect.maxX.rounded(.up)), y1 = clamp(rect.maxY.rounded(.up))
        self.init(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .empty
    }

    func insetBy(_ d: Int) -> PixelRect {
        PixelRect(x: x + d, y: y + d, width: max(0, width - 2 * d), height: max(0, height - 2 * d))
    }

    var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }
}
