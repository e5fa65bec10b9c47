import Foundation
import StrataScene
import Testing
import _StrataTestSupport

@testable import Strata
@testable import StrataLayerRaster
@testable import StrataRender

/// `Flattener.renderList(ticking:at:)` samples the model tree's animations
/// straight into the flattener's snapshot instead of making a presentation
/// tree first. Frame after frame it must give the lists the presentation
/// trees give, and write number-plan animations without touching a copy.
@Suite struct TickingSnapshotTests {
    /// A one-second animation of `keyPath` from `from` to `to`.
    private static func basic(_ keyPath: String, _ from: Double, _ to: Double) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 1
        return animation
    }

    @Test func tickingGivesThePresentationTreesLists() throws {
        let files = LayerSpaceBoundsTests.sceneFiles
        #expect(files.count >= 10, "found \(files.count) scene files")
        var compared = 0
        for file in files {
            let scene = try Scene.load(contentsOf: file)
            // Two players of the scene, each with its kept flattener: one
            // draws presentation trees, one ticks into its snapshot.
            let trees = try ScenePlayer(scene), ticked = try ScenePlayer(scene)
            // One rasterizer: bitmaps compare by identity, and its cache hands both the same.
            let rasterizer = StandardLayerRasterizer.shapesAndTextIfFonts()
            let fromTrees = Flattener(for: scene, rasterizer: rasterizer)
            let fromTicks = Flattener(for: scene, rasterizer: rasterizer)
            let end = max(scene.time, 0.5)
            // Consecutive frames (in-place updates), a jump, and the still tail.
            var times = (0..<8).map { Double($0) / 60 }
            times += [end / 2, end / 2 + 1 / 60, end, end + 0.25, end + 0.5]
            for time in times {
                let expected = fromTrees.renderList(for: trees.frame(at: time))
                ticked.advance(to: time)
                let list = fromTicks.renderList(ticking: ticked.ticker, at: time)
                #expect(list == expected, "\(file.lastPathComponent) at \(time)")
                compared += 1
            }
        }
        #expect(compared >= 100)
    }

    @Test func everyNodeHoldsWhatThePresentationLayerShows() throws {
        var compared = 0
        for file in LayerSpaceBoundsTests.sceneFiles {
            let scene = try Scene.load(contentsOf: file)
            let player = try ScenePlayer(scene)
            let end = max(scene.time, 0.5)
            var snapshot = LayerTreeSnapshot()
            // Frames in a row (nodes written in place), a jump, the end; presentation
            // copies made between them (which must not disturb the nodes).
            for time: CFTimeInterval in [0, 1 / 60, 2 / 60, 3 / 60, end / 2, end / 2 + 1 / 60, end] {
                player.advance(to: time)
                player.ticker.tick(at: time, into: &snapshot)
                // What `presentation()` gives each layer: its copy in the presentation tree.
                var shown: [ObjectIdentifier: CALayer] = [:]
                func collect(_ copy: CALayer) {
                    if let model = copy._modelLayer { shown[ObjectIdentifier(model)] = copy }
                    if let mask = copy.mask { collect(mask) }
                    for sublayer in copy.sublayers ?? [] { collect(sublayer) }
                }
                collect(player.instance.root.presentationTree(at: time))
                for node in snapshot.nodes {
                    // (Nodes of a replicator's delayed instances or a transition's old tree are copies' nodes.)
                    guard let copy = shown[node.layerID] else { continue }
                    let at = "\(file.lastPathComponent) at \(time): \(copy.name ?? "\(type(of: copy))")"
                    let state = node.state
                    #expect(state.position == copy.position && state.bounds == copy.bounds, "\(at)")
                    #expect(state.anchorPoint == copy.anchorPoint && state.zPosition == copy.zPosition, "\(at)")
                    #expect(CATransform3DEqualToTransform(state.transform, copy.transform), "\(at)")
                    #expect(CATransform3DEqualToTransform(state.sublayerTransform, copy.sublayerTransform), "\(at)")
                    #expect(state.opacity == copy.opacity && state.isHidden == copy.isHidden, "\(at)")
                    #expect(state.cornerRadius == copy.cornerRadius && state.borderWidth == copy.borderWidth, "\(at)")
                    #expect(state.backgroundColor?.components == copy.backgroundColor?.components, "\(at)")
                    #expect(node.content == copy.drawnContent, "\(at)")
                    compared += 1
                }
            }
        }
        #expect(compared >= 500, "compared \(compared) nodes")
    }

    /// A red card on a root, drawn once (at 0) by the ticker returned.
    private static func drawnCard() -> (card: CALayer, ticker: FrameTicker) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(card)
        let ticker = FrameTicker(rootLayer: root)
        ticker.tick(at: 0)
        return (card, ticker)
    }

    @Test func aNumberPlanIsWrittenIntoTheNodeWithoutItsCopy() throws {
        let (card, ticker) = Self.drawnCard()
        card.add(Self.basic("transform.rotation.z", 0, Double.pi), forKey: "turn")
        card.add(Self.basic("opacity", 1, 0), forKey: "fade")

        var snapshot = LayerTreeSnapshot()
        for time in [0.1, 0.2, 0.3, 0.5] {
            ticker.tick(at: time - 0.01, into: &snapshot)
            let written = card._sampledVersion
            ticker.tick(at: time, into: &snapshot)
            // The plan was written into the node, over the writing it held: no copy was made.
            #expect(written != 0 && card._sampledVersion == written, "at \(time)")
            #expect(snapshot.nodes[1].stateVersion == written, "at \(time)")
            #expect(card._presentationCache == nil, "at \(time)")
            let node = snapshot.nodes[1]
            #expect(abs(Double(node.state.opacity) - (1 - time)) < 1e-6, "at \(time)")
            #expect(node.changes.contains(.state) && node.changes.contains(.look))
            #expect(!snapshot.nodes[0].changes.contains(.state))
            // What the presentation layer shows at that time.
            let shown = try #require(card.presentation())
            #expect(node.state.opacity == shown.opacity, "at \(time)")
            #expect(CATransform3DEqualToTransform(node.state.transform, shown.transform), "at \(time)")
        }
    }

    @Test func anAnimationWithoutValuesStartsFromWhatAPlanShows() throws {
        // A render loop draws the card through its plan, frame after frame, keeping no copy of it.
        let (card, ticker) = Self.drawnCard()
        let pulse = Self.basic("opacity", 0, 1)
        pulse.duration = 10
        card.add(pulse, forKey: "pulse")
        var snapshot = LayerTreeSnapshot()
        for frame in 0...120 { ticker.tick(at: Double(frame) / 60, into: &snapshot) }
        #expect(abs(Double(snapshot.nodes[1].state.opacity) - 0.2) < 1e-6)

        // An animation without values runs from what is on screen (0.2 at 2 s), not from the
        // model (1) or from a frame drawn earlier, to the value the layer shows without it
        // (the pulse's, 0.25 at 2.5 s): half way, 0.225.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        card.opacity = 0.5
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.duration = 1
        card.add(fade, forKey: "fade")
        CATransaction.commit()
        ticker.tick(at: 2.5, into: &snapshot)
        #expect(abs(Double(snapshot.nodes[1].state.opacity) - 0.225) < 1e-6, "\(snapshot.nodes[1].state.opacity)")
    }

    @Test func shapesAnimatedByPlansAreWrittenInPlaceWithTheirContentKept() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        func ring(at x: CGFloat) -> CAShapeLayer {
            let ring = CAShapeLayer()
            ring.frame = CGRect(x: x, y: 20, width: 60, height: 60)
            ring.path = CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 50, height: 50), transform: nil)
            ring.fillColor = nil
            ring.strokeColor = CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)
            ring.lineWidth = 4
            ring.lineDashPattern = [10, 6]
            root.addSublayer(ring)
            return ring
        }
        let spinner = ring(at: 10), fader = ring(at: 100)
        let ticker = FrameTicker(rootLayer: root)
        ticker.tick(at: 0)
        spinner.add(Self.basic("transform.rotation.z", 0, 2 * Double.pi), forKey: "spin")
        fader.add(Self.basic("opacity", 1, 0), forKey: "fade")

        var snapshot = LayerTreeSnapshot()
        ticker.tick(at: 0.1, into: &snapshot)
        let spinning = spinner._sampledVersion, fading = fader._sampledVersion
        ticker.tick(at: 0.2, into: &snapshot)
        // Their nodes were written in place, and no copies made (a shape's
        // path and paint read nothing a plan writes).
        #expect(spinning != 0 && spinner._sampledVersion == spinning && snapshot.nodes[1].stateVersion == spinning)
        #expect(fading != 0 && fader._sampledVersion == fading && snapshot.nodes[2].stateVersion == fading)
        #expect(spinner._presentationCache == nil && fader._presentationCache == nil)
        #expect(snapshot.nodes[1].content == spinner.drawnContent)
        #expect(snapshot.nodes[2].content == fader.drawnContent)
        #expect(!snapshot.nodes[1].changes.contains(.look) && !snapshot.nodes[1].changes.contains(.content))
        #expect(snapshot.nodes[2].changes.contains(.look) && !snapshot.nodes[2].changes.contains(.content))
        let shown = try #require(spinner.presentation())
        #expect(CATransform3DEqualToTransform(snapshot.nodes[1].state.transform, shown.transform))
        let faded = try #require(fader.presentation())
        #expect(snapshot.nodes[2].state.opacity == faded.opacity)
        let fresh = Flattener(size: CGSize(width: 200, height: 100), rasterizer: ShapeLayerRasterizer())
        let ticked = Flattener(size: CGSize(width: 200, height: 100), rasterizer: ShapeLayerRasterizer())
        for time in [0.3, 0.4, 0.5] {
            #expect(
                ticked.renderList(ticking: ticker, at: time) == fresh.renderList(for: root.presentationTree(at: time)))
        }
    }

    @Test func callbacksThatChangeTheTreeShowInTheSameFrame() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        let mover = CALayer(), other = CALayer()
        mover.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        mover.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        other.frame = CGRect(x: 32, y: 32, width: 16, height: 16)
        other.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(mover)
        root.addSublayer(other)
        let ticker = FrameTicker(rootLayer: root)
        ticker.tick(at: 0)
        CATransaction.begin()
        CATransaction.setCompletionBlock {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            other.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            CATransaction.commit()
        }
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 8.0
        slide.toValue = 40.0
        slide.duration = 0.1
        mover.add(slide, forKey: "slide")
        CATransaction.commit()

        let flattener = Flattener(size: CGSize(width: 64, height: 64))
        _ = flattener.renderList(ticking: ticker, at: 0.05)
        let list = flattener.renderList(ticking: ticker, at: 0.2)
        let colors = list.screen.items.map(\.fill)
        // The completion block ran in this tick: its colour is in this frame.
        #expect(colors.contains { $0.b == 1 && $0.r == 0 }, "\(colors)")
        #expect(!colors.contains { $0.r == 1 && $0.b == 0 }, "\(colors)")
        let fresh = Flattener(size: CGSize(width: 64, height: 64)).renderList(for: root.presentationTree(at: 0.2))
        #expect(list == fresh)
    }

    /// Hears animations end and changes nothing.
    private final class Listener: CAAnimationDelegate {
        var stops = 0
        func animationDidStart(_ anim: CAAnimation) {}
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops += 1 }
    }

    /// A plan whose numbers did not change since it last wrote leaves its
    /// node as it is, only when that node holds that writing: here two
    /// snapshots sample one layer at other times, and the second snapshot's
    /// writing comes between two of the first's with the same numbers.
    @Test func aPlanWritesANodeThatAnotherSnapshotLeftBehind() throws {
        let (mover, ticker) = Self.drawnCard()
        // Held at 0 for the first half, then to 100.
        let slide = CAKeyframeAnimation(keyPath: "position.x")
        slide.values = [0, 0, 100]
        slide.keyTimes = [0, 0.5, 1]
        slide.duration = 1
        mover.add(slide, forKey: "slide")
        var first = LayerTreeSnapshot(), second = LayerTreeSnapshot()
        ticker.tick(at: 0, into: &first)
        ticker.tick(at: 0.9, into: &first)
        #expect(first.nodes[1].state.position.x > 50)
        ticker.tick(at: 0.1, into: &second)
        #expect(second.nodes[1].state.position.x == 0)
        ticker.tick(at: 0.2, into: &first)
        #expect(first.nodes[1].state.position.x == 0 && first.nodes[1].changes.contains(.state))
        #expect(mover._animationState?.numberPlan?.plan != nil)
    }

    @Test func aCallbackThatChangesNothingKeepsTheFramesChanges() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        let mover = CALayer()
        mover.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        mover.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        root.addSublayer(mover)
        let ticker = FrameTicker(rootLayer: root)
        ticker.tick(at: 0)
        let listener = Listener()
        // Held at x = 40 for a tenth of a second, then back to the model's 8.
        func hold() -> CABasicAnimation {
            let hold = CABasicAnimation(keyPath: "position.x")
            hold.fromValue = 40.0
            hold.toValue = 40.0
            hold.duration = 0.1
            hold.delegate = listener
            return hold
        }
        mover.add(hold(), forKey: "hold")

        let flattener = Flattener(size: CGSize(width: 64, height: 64))
        // Equal frames while it holds.
        let held = (1...4).map { flattener.renderList(ticking: ticker, at: Double($0) / 60) }
        #expect(held.allSatisfy { $0 == held[0] })
        let still = Flattener(size: CGSize(width: 64, height: 64)).renderList(for: root.presentationTree(at: 1))
        #expect(held[0] != still)
        // The hold ends in this tick and its delegate hears it: the tree is
        // sampled again, which finds nothing new since the first sampling.
        let ended = flattener.renderList(ticking: ticker, at: 0.2)
        #expect(listener.stops == 1)
        #expect(ended == still)

        // The snapshot's change bits say what changed since its last update,
        // however many samplings the tick took.
        var snapshot = LayerTreeSnapshot()
        mover.add(hold(), forKey: "hold")
        ticker.tick(at: 0.25, into: &snapshot)
        #expect(snapshot.nodes[1].changes.contains(.state) && snapshot.nodes[1].state.position.x == 40)
        // Still held: nothing new since the last update.
        ticker.tick(at: 0.3, into: &snapshot)
        #expect(!snapshot.hasChanges && snapshot.nodes[1].state.position.x == 40)
        ticker.tick(at: 0.5, into: &snapshot)
        #expect(listener.stops == 2)
        #expect(snapshot.hasChanges && snapshot.changedNodeCount == 1)
        #expect(snapshot.nodes[1].changes.contains(.state), "\(snapshot.nodes[1].changes)")
        #expect(snapshot.nodes[1].state.position.x == 8)
    }
}
