import Foundation
import Strata

/// Pictures the demos show, drawn here pixel by pixel (no image files to
/// ship): landscapes for the gallery and a sketch for the page fold. An iOS
/// app would draw these with Core Graphics; Strata has no `CGContext`, so the
/// pixels are written directly. Each is made once and shared.
public enum DemoArt {
    /// Five landscapes, each with its own palette (sky, sun, hills, ground), 320 × 240.
    public static let photos: [CGImage] = (0..<5).map { photo($0) }

    /// A sheet of paper with ruled lines, a heading and a drawing, 512 × 384
    /// (both pages of the spread: each shows half, through `contentsRect`).
    public static let sketch: CGImage = makeSketch()

    /// The main colour of photo `index` (its sky), to find it on screen.
    public static func skyColour(_ index: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let p = palettes[index % palettes.count].sky
        return (UInt8(p.0 * 255), UInt8(p.1 * 255), UInt8(p.2 * 255))
    }

    typealias RGB = (Double, Double, Double)

    static let palettes: [(sky: RGB, horizon: RGB, sun: RGB, hills: RGB, ground: RGB)] = [
        ((0.20, 0.45, 0.85), (0.70, 0.85, 0.95), (1.0, 0.95, 0.6), (0.25, 0.55, 0.30), (0.15, 0.35, 0.15)),
        ((0.85, 0.35, 0.20), (1.00, 0.75, 0.40), (1.0, 0.90, 0.5), (0.45, 0.20, 0.30), (0.25, 0.10, 0.20)),
        ((0.10, 0.10, 0.35), (0.35, 0.25, 0.55), (0.9, 0.9, 0.95), (0.15, 0.20, 0.35), (0.05, 0.08, 0.15)),
        ((0.55, 0.80, 0.75), (0.95, 0.95, 0.85), (1.0, 1.00, 0.9), (0.75, 0.65, 0.40), (0.60, 0.50, 0.30)),
        ((0.60, 0.25, 0.65), (0.95, 0.55, 0.60), (1.0, 0.80, 0.7), (0.30, 0.15, 0.40), (0.20, 0.10, 0.25)),
    ]

    static func photo(_ index: Int, width: Int = 320, height: Int = 240) -> CGImage {
        let p = palettes[index % palettes.count]
        let sun = (x: Double(width) * (0.25 + 0.12 * Double(index)), y: Double(height) * 0.3, r: Double(height) * 0.1)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            let fy = Double(y) / Double(height)
            for x in 0..<width {
                let fx = Double(x) / Double(width)
                // Two rolling hill lines; the ground below the nearer.
                let far = 0.55 + 0.06 * sin(fx * 7 + Double(index)) + 0.03 * sin(fx * 19)
                let near = 0.72 + 0.05 * sin(fx * 4 + Double(index) * 2)
                var c: RGB
                if fy > near {
                    c = p.ground
                } else if fy > far {
                    c = p.hills
                } else {
                    let t = fy / far
                    c = mix(p.sky, p.horizon, t * t)
                    let d = hypot(Double(x) - sun.x, Double(y) - sun.y)
                    if d < sun.r {
                        c = p.sun
                    } else if d < sun.r * 1.6 {
                        c = mix(p.sun, c, (d - sun.r) / (sun.r * 0.6))
                    }
                }
                let i = (y * width + x) * 4
                pixels[i] = UInt8(c.0 * 255)
                pixels[i + 1] = UInt8(c.1 * 255)
                pixels[i + 2] = UInt8(c.2 * 255)
            }
        }
        return CGImage(width: width, height: height, pixels: pixels, label: "photo \(index)")
    }

    static func makeSketch(width: Int = 512, height: Int = 384) -> CGImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        func set(_ x: Int, _ y: Int, _ c: RGB) {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            let i = (y * width + x) * 4
            pixels[i] = UInt8(c.0 * 255)
            pixels[i + 1] = UInt8(c.1 * 255)
            pixels[i + 2] = UInt8(c.2 * 255)
        }
        let paper: RGB = (0.98, 0.96, 0.90), rule: RGB = (0.70, 0.80, 0.92), ink: RGB = (0.15, 0.20, 0.35)
        for y in 0..<height { for x in 0..<width { set(x, y, paper) } }
        // Ruled lines on both pages, a margin line on each.
        for y in stride(from: 60, to: height - 20, by: 22) { for x in 0..<width { set(x, y, rule) } }
        for y in 0..<height { set(40, y, (0.9, 0.5, 0.5)); set(width / 2 + 40, y, (0.9, 0.5, 0.5)) }
        // "Text": ink dashes of varied lengths on the left page's lines.
        var seed: UInt64 = 7
        func random() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 33) / Double(1 << 31)
        }
        for line in stride(from: 60, to: height - 40, by: 22) {
            var x = 50
            while x < width / 2 - 30 {
                let length = 8 + Int(random() * 30)
                for dx in 0..<min(length, width / 2 - 30 - x) { for dy in -5..<(-1) { set(x + dx, line + dy, ink) } }
                x += length + 6
            }
        }
        // A drawing on the right page: a sun and a house.
        let cx = Double(width) * 0.75, cy = Double(height) * 0.4
        for a in stride(from: 0.0, to: 2 * Double.pi, by: 0.002) {
            for r in [40.0, 41, 42] { set(Int(cx + r * cos(a)), Int(cy + r * sin(a)), (0.9, 0.6, 0.1)) }
        }
        for x in Int(cx) - 60...Int(cx) + 60 {
            for t in 0..<3 { set(x, Int(cy) + 110 + t, ink); set(x, Int(cy) + 190 + t, ink) }
        }
        for y in Int(cy) + 110...Int(cy) + 192 {
            for t in 0..<3 { set(Int(cx) - 60 + t, y, ink); set(Int(cx) + 58 + t, y, ink) }
        }
        for i in 0...60 {
            for t in 0..<3 {
                set(Int(cx) - 60 + i, Int(cy) + 110 - i + t, ink)
                set(Int(cx) + 60 - i, Int(cy) + 110 - i + t, ink)
            }
        }
        return CGImage(width: width, height: height, pixels: pixels, label: "sketch")
    }

    static func mix(_ a: RGB, _ b: RGB, _ t: Double) -> RGB {
        let t = min(1, max(0, t))
        return (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
    }
}
