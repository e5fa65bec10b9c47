import Foundation
import Strata

/// A layer tree that never stops changing, for soak runs: every few frames a
/// layer of one more kind arrives (an image, text, a shape, a masked layer, a
/// blurred shadow, a group with overlapping sublayers, a burst of particles), animates, and is
/// removed some frames later. Images and strings are new every time, so
/// contents keep arriving in the atlas and the rasterizers' caches; the mix
/// on screen stays the same (a handful of layers of each kind), so what the
/// renderer holds should level off rather than grow.
final class SoakScene {
    let root = CALayer()
    let ticker: FrameTicker
    let size: CGSize
    /// Layers on screen, with the frame each leaves at.
    private var live: [(layer: CALayer, until: Int)] = []
    private var spawned = 0
    private var random = SoakRandom(seed: 1)

    init(size: CGSize) {
        self.size = size
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        root.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        ticker = FrameTicker(rootLayer: root)
    }

    /// Layers on screen now.
    var layerCount: Int { live.count }

    /// Changes the tree for frame `frame` and returns the presentation tree at its time.
    func step(frame: Int) -> CALayer {
        let time = Double(frame) / 60
        let tree = ticker.tick(at: time)
        // Changes after the tick: they commit, and their animations start, at the next one.
        live.removeAll { entry in
            guard entry.until <= frame else { return false }
            entry.layer.removeFromSuperlayer()
            return true
        }
        if frame % 8 == 0 { spawn(frame: frame) }
        if frame % 7 == 0, let (layer, _) = live.randomElement(using: &random) {
            // A change to a layer already on screen: an implicit animation.
            layer.position = randomPoint()
            layer.opacity = Float(0.4 + random.unit() * 0.6)
        }
        return tree
    }

    private func spawn(frame: Int) {
        let kind = spawned % 7
        spawned += 1
        let side = 12 + random.unit() * 28
        let layer: CALayer
        switch kind {
        case 0:
            layer = CALayer()
            layer.contents = makeImage(side: spawned % 40 == 0 ? 300 : Int(side), seed: spawned)
        case 1:
            let text = CATextLayer()
            text.string = "frame \(frame)"
            text.fontSize = 6 + random.unit() * 10
            text.foregroundColor = CGColor(red: random.unit(), green: 0.2, blue: 0.4, alpha: 1)
            layer = text
        case 2:
            let shape = CAShapeLayer()
            shape.path = starPath(side: side, points: 4 + spawned % 5)
            shape.fillColor = CGColor(red: 0.9, green: random.unit(), blue: 0.2, alpha: 1)
            shape.strokeColor = CGColor(gray: 0.1, alpha: 1)
            shape.lineWidth = 1.5
            let stroke = CABasicAnimation(keyPath: "strokeEnd")
            stroke.fromValue = NSNumber(value: 0)
            stroke.toValue = NSNumber(value: 1)
            stroke.duration = 0.3  // a new bitmap every frame while it runs
            shape.add(stroke, forKey: "stroke")
            layer = shape
        case 3:
            layer = CALayer()
            layer.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: random.unit(), alpha: 1)
            let mask = CAShapeLayer()
            mask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: side, height: side), transform: nil)
            layer.mask = mask
        case 4:
            // No shadow path, and not a (rounded) rectangle: the silhouette
            // (the star's, or the image's alpha) is rendered and blurred.
            if spawned % 2 == 0 {
                let shape = CAShapeLayer()
                shape.path = starPath(side: side, points: 5)
                shape.fillColor = CGColor(red: 0.3, green: 0.3, blue: 0.9, alpha: 1)
                layer = shape
            } else {
                layer = CALayer()
                layer.contents = makeImage(side: Int(side), seed: spawned)
            }
            layer.shadowOpacity = 0.6
            layer.shadowRadius = 1 + random.unit() * 2
            let blur = CABasicAnimation(keyPath: "shadowRadius")
            blur.toValue = NSNumber(value: 4)
            blur.duration = 0.5
            blur.autoreverses = true
            blur.repeatCount = 2
            layer.add(blur, forKey: "blur")
        case 5:
            // Births kept in chunks the renderer holds in slots: they must be let go with the layer.
            let emitter = CAEmitterLayer()
            emitter.emitterPosition = CGPoint(x: side / 2, y: side / 2)
            emitter.seed = UInt32(spawned)
            let cell = CAEmitterCell()
            cell.contents = makeImage(side: 6, seed: spawned)
            cell.birthRate = Float(100 + random.below(400))
            cell.lifetime = 1
            cell.velocity = 40
            cell.emissionRange = 2 * .pi
            emitter.emitterCells = [cell]
            layer = emitter
        default:
            layer = CALayer()
            layer.opacity = 0.7  // the sublayers overlap: an offscreen group
            for i in 0..<3 {
                let sub = CALayer()
                sub.frame = CGRect(
                    x: CGFloat(i) * side / 6, y: CGFloat(i) * side / 6, width: side / 2, height: side / 2)
                sub.backgroundColor = CGColor(red: CGFloat(i) / 3, green: 0.6, blue: 0.3, alpha: 1)
                layer.addSublayer(sub)
            }
        }
        layer.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        layer.position = randomPoint()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.toValue = NSNumber(value: Double.pi * (random.unit() - 0.5))
        spin.duration = 0.5 + random.unit()
        layer.add(spin, forKey: "spin")
        root.addSublayer(layer)
        live.append((layer, frame + 40 + random.below(80)))
    }

    private func randomPoint() -> CGPoint {
        CGPoint(x: random.unit() * size.width, y: random.unit() * size.height)
    }

    /// A new image: a pattern that differs with `seed`, straight-alpha RGBA.
    private func makeImage(side: Int, seed: Int) -> CGImage {
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let i = (y * side + x) * 4
                pixels[i] = UInt8(truncatingIfNeeded: x * 7 + seed)
                pixels[i + 1] = UInt8(truncatingIfNeeded: y * 5 + seed * 3)
                pixels[i + 2] = UInt8(truncatingIfNeeded: (x ^ y) + seed)
                pixels[i + 3] = (x + y + seed) % 9 == 0 ? 128 : 255
            }
        }
        return CGImage(width: side, height: side, pixels: pixels, label: "soak image \(seed)")
    }

    private func starPath(side: CGFloat, points: Int) -> CGPath {
        let path = CGMutablePath()
        let c = side / 2
        for i in 0..<(points * 2) {
            let r = i % 2 == 0 ? c : c * 0.45
            let a = Double(i) * .pi / Double(points)
            let p = CGPoint(x: c + r * CGFloat(sin(a)), y: c - r * CGFloat(cos(a)))
            if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        return path
    }
}
