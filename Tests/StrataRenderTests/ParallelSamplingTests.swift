import Foundation
import Testing

@testable import Strata
@testable import StrataLayerRaster
@testable import StrataRender

/// A tick into a snapshot samples long sublayer lists on several threads
/// (`LayerTreeSnapshot.addInParallel`), and the flattener culls them on
/// several (`FlattenState.sublayerVisits`). Whatever the number of threads,
/// the snapshot and the frames drawn from it must be the same, byte for byte.
@Suite struct ParallelSamplingTests {
    // (Most of the grid lies below the canvas: the flattener culls it.)
    private static let size = CGSize(width: 640, height: 160)
    // (One set of colours and one path for every tree: states compare them by identity.)
    private static let colors = (0..<5).map { CGColor(red: Double($0) / 4, green: 0.5, blue: 1, alpha: 1) }
    private static let yellow = CGColor(red: 1, green: 0.8, blue: 0, alpha: 1)
    private static let shade = CGColor(red: 0, green: 0, blue: 0, alpha: 0.5)
    private static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    private static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private static let dot = CGPath(ellipseIn: CGRect(x: 1, y: 1, width: 10, height: 8), transform: nil)
    /// A route some cards move along, shared by their animations.
    private static let route: CGPath = {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 12, y: 6), control1: CGPoint(x: 4, y: 9), control2: CGPoint(x: 8, y: -3))
        return path
    }()

    /// A grid of 2,100 cards under one container, of many kinds: turning
    /// cards, cards with an animated child, a mask, a still card, a shape
    /// fading, groups, paths and byValues, cards whose `zPosition` (set, or animated) reorders them, and one whose
    /// animation ends at 0.5 s (a notification: that frame is sampled on one thread).
    private static func makeTree() -> (root: CALayer, container: CALayer, ending: CALayer) {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        let container = CALayer()
        container.frame = root.frame
        (root.name, container.name) = ("root", "container")
        container.sublayerTransform.m34 = -1 / 500
        root.addSublayer(container)
        var ending: CALayer?
        for i in 0..<2100 {
            let card: CALayer
            if i % 17 == 5 {
                let shape = CAShapeLayer()
                shape.path = dot
                shape.fillColor = yellow
                card = shape
            } else {
                card = CALayer()
                card.backgroundColor = colors[i % 5]
            }
            card.frame = CGRect(x: CGFloat(i % 50) * 12.8, y: CGFloat(i / 50) * 8, width: 12, height: 10)
            card.cornerRadius = 2
            card.name = "card \(i)"
            card.isHidden = i % 23 == 7
            if i % 29 == 3 { card.opacity = 0 }
            if i % 31 == 4 { card.zPosition = 5 }  // the model's order sorts
            container.addSublayer(card)
            if i % 13 == 0 { continue }  // a still card
            card.add(spin(from: Double(i) / 50, duration: 2), forKey: "spin")
            if i % 7 == 0 {
                let child = CALayer()
                child.frame = CGRect(x: 2, y: 2, width: 6, height: 4)
                child.backgroundColor = shade
                child.name = "child \(i)"
                child.add(basic("opacity", 1, 0.2, duration: 1.5), forKey: "fade")
                card.addSublayer(child)
            }
            if i % 11 == 0 {
                let mask = CALayer()
                mask.frame = CGRect(x: 0, y: 0, width: 8, height: 10)
                mask.backgroundColor = black
                mask.name = "mask \(i)"
                card.mask = mask
            }
            if i % 19 == 0 { card.add(basic("zPosition", 0, 40, duration: 1), forKey: "rise") }
            // Colours and a shape's own properties: plans that write values (a
            // colour made each frame) and the shape's content, on the threads.
            if card is CAShapeLayer {
                let tint = CAKeyframeAnimation(keyPath: "fillColor")
                tint.values = [yellow, red, shade]
                tint.duration = 0.9
                tint.repeatCount = .infinity
                card.add(tint, forKey: "tint")
                card.add(basic("lineWidth", 0, 3, duration: 1.1), forKey: "width")
            } else if i % 37 == 9 {
                let blush = CABasicAnimation(keyPath: "backgroundColor")
                blush.toValue = red
                blush.duration = 1.5
                card.add(blush, forKey: "blush")
            } else if i % 41 == 2 {
                // Animations in a group, and ones their evaluators make each frame (along a
                // shared path, by a value): plans too, on the threads.
                let along = CAKeyframeAnimation(keyPath: "position")
                along.path = route
                along.calculationMode = .paced
                along.isAdditive = true
                along.duration = 0.7
                let pulse = CAAnimationGroup()
                pulse.animations = [along, basic("opacity", 1, 0.4, duration: 0.5)]
                pulse.duration = 0.9
                pulse.repeatCount = .infinity
                card.add(pulse, forKey: "pulse")
            } else if i % 43 == 6 {
                let widen = CABasicAnimation(keyPath: "bounds.size.width")
                widen.byValue = 4
                widen.duration = 0.6
                widen.autoreverses = true
                widen.repeatCount = .infinity
                card.add(widen, forKey: "widen")
            }
            if i == 1234 {
                card.add(basic("opacity", 1, 0, duration: 0.5), forKey: "end")
                ending = card
            }
        }
        return (root, container, ending!)
    }

    private static func basic(_ keyPath: String, _ from: Double, _ to: Double, duration: Double) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        return animation
    }

    private static func spin(from begin: Double, duration: Double) -> CABasicAnimation {
        let animation = basic("transform.rotation.y", 0, 2 * Double.pi, duration: duration)
        animation.beginTime = -begin
        animation.repeatCount = .infinity
        return animation
    }

    /// What one number of threads gave, frame by frame.
    private struct Run {
        var snapshots: [LayerTreeSnapshot] = []
        var lists: [RenderList] = []
        var parallelLists: [Int] = []
        var stops = 0
    }

    /// Counts the ending card's stop.
    private final class StopCounter: NSObject, CAAnimationDelegate {
        var stops = 0
        func animationDidStart(_ anim: CAAnimation) {}
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops += 1 }
    }

    private static let times: [Double] = [0, 1 / 60, 2 / 60, 0.25, 0.25 + 1 / 60, 0.5, 0.5 + 1 / 60, 0.75, 0.8, 1.2]

    /// Plays the tree on `threads` threads: the same frames each time; at
    /// 0.75 s a card is taken out and another put in the middle, at 0.8 s
    /// one more is taken out.
    private static func play(threads: Int, rasterizer: ShapeLayerRasterizer) -> Run {
        let (root, container, ending) = makeTree()
        let counter = StopCounter()
        ending.animation(forKey: "end")?.delegate = counter
        let ticker = FrameTicker(rootLayer: root)
        ticker.samplingThreads = threads
        var flattener = Flattener(size: size, rasterizer: rasterizer)
        flattener.threads = threads
        var snapshot = LayerTreeSnapshot()
        var run = Run()
        for time in times {
            if time == 0.75 {
                container.sublayers?[40].removeFromSuperlayer()
                let newcomer = CALayer()
                newcomer.frame = CGRect(x: 300, y: 200, width: 20, height: 20)
                newcomer.backgroundColor = red
                newcomer.name = "newcomer"
                container.insertSublayer(newcomer, at: 1500)
            }
            // Every node after it moves up one: the cards behind are written
            // anew (their nodes held other layers) on the threads, the turning
            // ones from the layers themselves (the shapes' content read
            // without taking the lock this thread holds), the still ones from their copies.
            if time == 0.8 { container.sublayers?[100].removeFromSuperlayer() }
            ticker.tick(at: time, into: &snapshot)
            run.snapshots.append(snapshot)
            run.parallelLists.append(snapshot.parallelLists)
            // The flattener's own snapshot, ticked a moment later (the same time).
            run.lists.append(flattener.renderList(ticking: ticker, at: time))
        }
        run.stops = counter.stops
        return run
    }

    /// Whether two snapshots (of two trees built alike) hold the same nodes,
    /// links and changes (each layer is told by its name: the trees' layers are not the same objects).
    private static func same(_ a: LayerTreeSnapshot, _ b: LayerTreeSnapshot) -> Bool {
        guard a.nodes.count == b.nodes.count, a.links == b.links, a.instanceLinks == b.instanceLinks,
            a.roots == b.roots, a.changedNodeCount == b.changedNodeCount, a.hasChanges == b.hasChanges
        else { return false }
        var left = a.nodes, right = b.nodes
        for i in left.indices {
            let (x, y) = (left[i], right[i])
            guard x.name != nil, x.kind == y.kind, x.content == y.content, x.parent == y.parent,
                CATransform3DEqualToTransform(x.toParent, y.toParent), x.sublayers == y.sublayers, x.mask == y.mask,
                x.changes == y.changes, x.lookVersion == y.lookVersion, x.name == y.name,
                sameState(&left[i].state, &right[i].state)
            else { return false }
        }
        return true
    }

    /// Whether two states hold the same fields, an animated colour (made anew
    /// by each run, another object) compared by its value.
    private static func sameState(_ a: inout LayerState, _ b: inout LayerState) -> Bool {
        if LayerState.sameFields(&a, &b) { return true }
        guard a.backgroundColor == b.backgroundColor, a.borderColor == b.borderColor, a.shadowColor == b.shadowColor
        else { return false }
        var (x, y) = (a, b)
        (x.backgroundColor, x.borderColor, x.shadowColor) = (nil, nil, nil)
        (y.backgroundColor, y.borderColor, y.shadowColor) = (nil, nil, nil)
        return LayerState.sameFields(&x, &y)
    }

    @Test func oneTwoAndFourThreadsGiveTheSameSnapshotsAndFrames() {
        // (Values compared first, so that a failure does not print whole snapshots.)
        // One rasterizer: bitmaps compare by identity, and its cache hands every run the same.
        // (A first run fills it: bitmaps made in a first frame are not those found later.)
        let rasterizer = ShapeLayerRasterizer()
        _ = Self.play(threads: 1, rasterizer: rasterizer)
        let one = Self.play(threads: 1, rasterizer: rasterizer)
        #expect(one.parallelLists.allSatisfy { $0 == 0 })
        for threads in [2, 4] {
            let many = Self.play(threads: threads, rasterizer: rasterizer)
            for (k, time) in Self.times.enumerated() {
                let sameSnapshots = Self.same(one.snapshots[k], many.snapshots[k])
                let sameLists = one.lists[k] == many.lists[k]
                #expect(sameSnapshots, "\(threads) threads at \(time)")
                #expect(sameLists, "\(threads) threads at \(time)")
            }
            #expect(many.stops == 1 && one.stops == 1)
            // The list was split in every last sampling of a frame (a delegate
            // told of a start or stop makes the tick sample again) but where a
            // notification was due (the rises ending at 1.2 s) or a layer had
            // no copy yet (the newcomer); not in a first sampling that makes
            // the plans or delivers a notification (at 0 and 0.5 s).
            let split = Self.times.indices.filter { many.parallelLists[$0] > 0 }
            #expect(split == [0, 1, 2, 3, 4, 5, 6, 8], "\(threads) threads: \(many.parallelLists)")
        }
    }
}
