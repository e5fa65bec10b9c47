import Foundation

/// A separable Gaussian blur of one channel, for `CGContext` shadows.
enum GaussianBlur {
    /// `values` (`width × height`, rows from the top) blurred with standard
    /// deviation `sigma` pixels, padded by `pad` pixels on every side (3σ,
    /// where the kernel has fallen below 1 %); no blur below a tenth of a pixel.
    static func blur(_ values: [Float], width: Int, height: Int, sigma: Double)
        -> (values: [Float], width: Int, height: Int, pad: Int)
    {
        guard sigma >= 0.1, sigma.isFinite else { return (values, width, height, 0) }
        let radius = min(Int((3 * sigma).rounded(.up)), 2048)
        var kernel = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let w = width + 2 * radius, h = height + 2 * radius
        // Across: each source row into a padded row.
        var across = [Float](repeating: 0, count: w * height)
        for y in 0..<height {
            for x in 0..<width {
                let v = values[y * width + x]
                if v == 0 { continue }
                let base = y * w + x
                for k in 0...(2 * radius) { across[base + k] += v * kernel[k] }
            }
        }
        // Down: each padded column into padded rows.
        var out = [Float](repeating: 0, count: w * h)
        for y in 0..<height {
            for x in 0..<w {
                let v = across[y * w + x]
                if v == 0 { continue }
                for k in 0...(2 * radius) { out[(y + k) * w + x] += v * kernel[k] }
            }
        }
        return (out, w, h, radius)
    }
}
