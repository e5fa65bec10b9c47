import Foundation
import Strata

/// Several threads changing one layer tree in every way Core Animation
/// allows, while the calling thread ticks it like a render loop; then checks
/// that nothing was lost: every completion block and delegate call came once,
/// every sublayer added and not removed is there, each thread's last values
/// stuck, the links of the tree agree, and changes made under
/// `CATransaction.lock()` were never seen half done.
///
/// Shared by the render-list stress test (tick and flatten) and the GL one
/// (tick, flatten and draw); both run under ThreadSanitizer (`Scripts/sanitize tsan`).
public final class ThreadStress: @unchecked Sendable {
    // @unchecked Sendable: the layers are guarded by Strata's transaction
    // lock (that is what is under test), the counters by their locks, and
    // `threadCount`/`iterations` are constants.

    /// The tree: one container per thread (holding its card, text and shape
    /// layers and the sublayers it adds), a container every thread adds to,
    /// and a pair of layers always moved together.
    public let root = CALayer()
    /// The ticker the calling thread drives.
    public let ticker: FrameTicker
    /// Canvas size in points.
    public let size = CGSize(width: 128, height: 128)

    let threadCount: Int
    let iterations: Int
    let containers: [CALayer]
    let cards: [CALayer]
    let texts: [CATextLayer]
    let shapes: [CAShapeLayer]
    let shared = CALayer()
    let pair = (CALayer(), CALayer())

    /// Completion blocks that ran, by id (each must run exactly once).
    let completions = Locked<[Int: Int]>([:])
    /// Completion blocks set, by id.
    let expectedCompletions = Locked<Set<Int>>([])
    /// Net sublayers each thread added to its own container and to the shared one.
    let netAdded = Locked<[Int: (own: Int, shared: Int)]>([:])
    let delegate = CountingDelegate()
    /// Threads still changing the tree.
    private let running = Locked(0)

    /// A stress run of `threads` threads doing `iterations` changes each.
    public init(threads: Int = 8, iterations: Int = 200) {
        threadCount = threads
        self.iterations = iterations
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        var containers: [CALayer] = [], cards: [CALayer] = [], texts: [CATextLayer] = [], shapes: [CAShapeLayer] = []
        for i in 0..<threads {
            let container = CALayer()
            container.name = "thread \(i)"
            container.frame = CGRect(x: CGFloat(i % 4) * 32, y: CGFloat(i / 4) * 32, width: 32, height: 32)
            let card = CALayer()
            card.frame = CGRect(x: 2, y: 2, width: 20, height: 20)
            card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: CGFloat(i) / CGFloat(threads), alpha: 1)
            card.shadowOpacity = 0.5
            let text = CATextLayer()
            text.frame = CGRect(x: 0, y: 20, width: 32, height: 12)
            text.fontSize = 8
            text.string = "t\(i)"
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 16, y: 0, width: 16, height: 16)
            shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 16, height: 16), transform: nil)
            for l in [card, text, shape] as [CALayer] { container.addSublayer(l) }
            root.addSublayer(container)
            containers.append(container); cards.append(card); texts.append(text); shapes.append(shape)
        }
        self.containers = containers; self.cards = cards; self.texts = texts; self.shapes = shapes
        shared.frame = CGRect(x: 0, y: 64, width: 128, height: 64)
        root.addSublayer(shared)
        for l in [pair.0, pair.1] {
            l.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
            l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.addSublayer(l)
        }
        ticker = FrameTicker(rootLayer: root)
    }

    /// What a run saw.
    public struct Report: Sendable {
        /// Frames ticked while the threads ran.
        public var framesWhileRunning = 0
        /// Frames ticked after they finished, until every animation ended.
        public var framesAfter = 0
        /// Everything that was lost or inconsistent, one line each (empty: none).
        public var problems: [String] = []
    }

    /// Starts the threads, then ticks the tree at 60 Hz of its own clock and
    /// hands each presentation tree to `frame` on the calling thread until
    /// they have all exited (committing what they left open), then until
    /// every animation has ended; then checks.
    public func run(frame: (CALayer) throws -> Void) rethrows -> Report {
        try run { time, report in
            let tree = ticker.tick(at: time)
            check(pairIn: tree, into: &report)
            try frame(tree)
        }
    }

    /// `run(frame:)` for a render loop that ticks the tree itself
    /// (`Flattener.renderList(ticking:at:)`): `frame` gets the ticker and
    /// the frame's time, and no presentation tree is checked.
    public func run(ticking frame: (FrameTicker, CFTimeInterval) throws -> Void) rethrows -> Report {
        try run { time, _ in try frame(ticker, time) }
    }

    /// The run, `step` making the frame at each time.
    private func run(step: (CFTimeInterval, inout Report) throws -> Void) rethrows -> Report {
        var report = Report()
        ticker.tick(at: 0)  // everything is on screen: later changes animate
        running.withLock { $0 = threadCount }
        let threads = (0..<threadCount).map { index in
            StressThread { [self] in
                work(thread: index)
                running.withLock { $0 -= 1 }
            }
        }
        var time = 0.0
        // Exit is counted before the thread's exit-time commit: join to see it.
        while running.withLock({ $0 }) > 0 {
            time += 1.0 / 60
            try step(time, &report)
            report.framesWhileRunning += 1
        }
        for thread in threads { thread.join() }
        // The longest animation is 0.5 s: a few seconds of frames end them all.
        for _ in 0..<300 {
            time += 1.0 / 30
            try step(time, &report)
            report.framesAfter += 1
            if isSettled { break }
        }
        checkFinalState(into: &report)
        return report
    }

    /// Whether every completion block and every delegate stop has come.
    var isSettled: Bool {
        let expected = expectedCompletions.withLock { $0 }
        let ran = completions.withLock { $0 }
        return expected.allSatisfy { ran[$0] != nil } && delegate.allStopped
    }

    // MARK: The threads

    /// One thread's changes: each iteration one kind of change, in turn.
    func work(thread i: Int) {
        var random = SplitMix(seed: UInt64(i + 1))
        let container = containers[i], card = cards[i], text = texts[i], shape = shapes[i]
        var ownAdded: [CALayer] = [], sharedAdded: [CALayer] = []
        var nextID = i * 1_000_000
        func completion() -> () -> Void {
            nextID += 1
            let id = nextID
            expectedCompletions.withLock { _ = $0.insert(id) }
            return { [self] in completions.withLock { $0[id, default: 0] += 1 } }
        }
        for j in 0..<iterations {
            switch j % 8 {
            case 0:  // an explicit transaction animating several properties, with a completion block
                CATransaction.begin()
                CATransaction.setAnimationDuration(random.unit() * 0.3 + 0.05)
                CATransaction.setCompletionBlock(completion())
                card.position = CGPoint(x: 4 + random.unit() * 20, y: 4 + random.unit() * 20)
                card.opacity = Float(0.3 + random.unit() * 0.7)
                card.backgroundColor = CGColor(red: random.unit(), green: random.unit(), blue: 0.5, alpha: 1)
                // (Not a layer another iteration may take out of the tree: a
                // detached layer's animations wait, and so would the block.)
                shared.cornerRadius = random.unit() * 8
                CATransaction.commit()
            case 1:  // sublayers added, to its own container and the shared one
                let own = CALayer()
                own.frame = CGRect(x: random.unit() * 24, y: random.unit() * 24, width: 6, height: 6)
                own.backgroundColor = CGColor(gray: random.unit(), alpha: 1)
                container.addSublayer(own)
                ownAdded.append(own)
                let other = CALayer()
                other.frame = CGRect(x: random.unit() * 120, y: random.unit() * 56, width: 6, height: 6)
                other.borderWidth = 1
                shared.insertSublayer(other, at: UInt32(random.below(4)))
                sharedAdded.append(other)
            case 2:  // and removed again, or moved between the two
                if ownAdded.count > 4, let l = ownAdded.popLast() { l.removeFromSuperlayer() }
                if sharedAdded.count > 4 {
                    let l = sharedAdded.remove(at: random.below(sharedAdded.count))
                    if random.below(2) == 0 {
                        l.removeFromSuperlayer()
                    } else {
                        container.addSublayer(l)  // moves it
                        ownAdded.append(l)
                    }
                }
            case 3:  // an explicit animation, replacing the one under the same key
                CATransaction.begin()
                let animation = CABasicAnimation(keyPath: j % 16 == 3 ? "transform.rotation.z" : "bounds.size.width")
                animation.fromValue = NSNumber(value: 0.5)
                animation.toValue = NSNumber(value: 20)
                animation.duration = 0.1 + random.unit() * 0.4
                animation.delegate = delegate
                delegate.animationAdded()
                card.add(animation, forKey: "k\(j % 3)")
                CATransaction.commit()
            case 4:  // changes in the thread's implicit transaction, now and then flushed
                card.cornerRadius = random.unit() * 10
                text.string = "t\(i) \(j)"
                shape.strokeEnd = random.unit()
                shape.fillColor = CGColor(red: random.unit(), green: 0.3, blue: 0.3, alpha: 1)
                if j % 16 == 4 { CATransaction.flush() }
            case 5:  // two layers changed together, holding the lock: never seen apart
                CATransaction.lock()
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                let x = CGFloat(i * 1000 + j)
                pair.0.position = CGPoint(x: x, y: 1)
                pair.1.position = CGPoint(x: x, y: 2)
                CATransaction.commit()
                CATransaction.unlock()
            case 6:  // reads, which walk the tree other threads are changing
                _ = card.presentation()?.position
                _ = card.frame
                _ = container.convert(CGPoint(x: 3, y: 3), to: root)
                _ = root.hitTest(CGPoint(x: random.unit() * 128, y: random.unit() * 128))
                _ = card.animationKeys()
                _ = card.value(forKeyPath: "transform.rotation.z")
                _ = shared.sublayers?.count
            default:  // nested transactions, each with its completion block
                CATransaction.begin()
                CATransaction.setCompletionBlock(completion())
                card.transform = CATransform3DMakeRotation(random.unit() * 3, 0, 0, 1)
                CATransaction.begin()
                CATransaction.setDisableActions(random.below(2) == 0)
                CATransaction.setCompletionBlock(completion())
                container.zPosition = random.unit()
                CATransaction.commit()
                CATransaction.commit()
            }
        }
        // Its final values, checked at the end.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        card.position = finalPosition(i)
        CATransaction.commit()
        // Left open on purpose: the thread's exit commits it.
        CATransaction.setCompletionBlock(completion())
        card.opacity = 0.75
        netAdded.withLock { $0[i] = (ownAdded.count, sharedAdded.count) }
    }

    func finalPosition(_ i: Int) -> CGPoint { CGPoint(x: CGFloat(i) + 0.5, y: 7) }

    // MARK: Checks

    /// The pair is only ever changed together, under the lock.
    func check(pairIn tree: CALayer, into report: inout Report) {
        guard let subs = tree.sublayers, subs.count == threadCount + 3 else {
            report.problems.append("the root's sublayers changed: \(tree.sublayers?.count ?? 0)")
            return
        }
        let a = subs[threadCount + 1].position.x, b = subs[threadCount + 2].position.x
        if a != b { report.problems.append("a tick saw the pair apart: \(a) and \(b)") }
    }

    func checkFinalState(into report: inout Report) {
        let ran = completions.withLock { $0 }
        let expected = expectedCompletions.withLock { $0 }
        let missing = expected.subtracting(ran.keys)
        if !missing.isEmpty {
            report.problems.append("\(missing.count) of \(expected.count) completion blocks never ran")
        }
        let twice = ran.filter { $0.value != 1 }
        if !twice.isEmpty { report.problems.append("\(twice.count) completion blocks ran more than once") }
        report.problems += delegate.problems()
        let net = netAdded.withLock { $0 }
        var sharedExpected = 0
        for i in 0..<threadCount {
            let (own, sharedCount) = net[i] ?? (-1, -1)
            sharedExpected += sharedCount
            let count = containers[i].sublayers?.count ?? 0
            if count != 3 + own {
                report.problems.append("thread \(i)'s container has \(count) sublayers, not \(3 + own)")
            }
            if cards[i].position != finalPosition(i) {
                report.problems.append("thread \(i)'s card is at \(cards[i].position), not \(finalPosition(i))")
            }
            if cards[i].opacity != 0.75 { report.problems.append("thread \(i)'s last opacity was lost") }
        }
        let sharedCount = shared.sublayers?.count ?? 0
        if sharedCount != sharedExpected {
            report.problems.append("the shared container has \(sharedCount) sublayers, not \(sharedExpected)")
        }
        var seen = Set<ObjectIdentifier>()
        func walk(_ layer: CALayer) {
            if !seen.insert(ObjectIdentifier(layer)).inserted {
                report.problems.append("\(layer.debugName) is in the tree twice")
            }
            for sub in layer.sublayers ?? [] {
                if sub.superlayer !== layer {
                    report.problems.append("\(sub.debugName)'s superlayer is not its parent")
                }
                walk(sub)
            }
        }
        walk(root)
    }
}
