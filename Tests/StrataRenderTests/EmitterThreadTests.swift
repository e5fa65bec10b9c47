import Foundation
import Strata
import StrataRender
import Testing
import _StrataTestSupport

/// An emitter and its cells changed from four threads (directly, by key
/// path, by animations) while a render loop ticks and flattens its tree.
@Suite struct EmitterThreadTests {
    @Test func fourThreadsChangeAnEmitterWhileItIsDrawn() {
        let root = canvasRoot()
        let model = CAEmitterLayer()
        model.frame = root.bounds
        let cell = CAEmitterCell()
        cell.name = "dot"
        cell.birthRate = 5
        cell.lifetime = 2
        cell.velocity = 50
        cell.emissionRange = 6
        cell.contents = particleImage
        model.emitterCells = [cell]
        root.addSublayer(model)
        let ticker = FrameTicker(rootLayer: root)
        let flattener = Flattener(size: CGSize(width: 200, height: 100))
        nonisolated(unsafe) let shared = model
        let done = SharedCounter()
        let threads = (0..<4).map { k in
            StressThread {
                for i in 0..<300 {
                    switch (i + k) % 5 {
                    case 0: shared.setValue(Float(5 + i % 7), forKeyPath: "emitterCells.dot.birthRate")
                    case 1: shared.emitterCells?.first?.lifetime = Float(1 + i % 3)
                    case 2: shared.emitterPosition = CGPoint(x: i % 200, y: 50)
                    case 3:
                        let pulse = CABasicAnimation(keyPath: "emitterCells.dot.velocity")
                        pulse.fromValue = 10
                        pulse.toValue = 90
                        pulse.duration = 0.05
                        shared.add(pulse, forKey: "pulse\(k)")
                    default:
                        let cell = CAEmitterCell()
                        cell.name = "dot"
                        cell.birthRate = 3
                        cell.lifetime = 2
                        cell.contents = particleImage
                        if i % 10 == 4 { shared.emitterCells = [cell] }
                        shared.removeAnimation(forKey: "pulse\(k)")
                    }
                    CATransaction.flush()
                }
                done.increment()
            }
        }
        var frames = 0, items = 0
        var t = 0.0
        while done.value < 4 || frames < 120 {
            t += 1.0 / 60
            let tree = ticker.tick(at: t)
            items += flattener.renderList(for: tree).itemCount
            frames += 1
        }
        for thread in threads { thread.join() }
        let final = ticker.tick(at: t + 1)
        let particles = (final.sublayers?.first as? CAEmitterLayer)?.particles() ?? []
        #expect(frames >= 120 && items > 0)
        #expect(particles.allSatisfy { $0.position.x.isFinite && $0.age >= 0 && $0.age <= $0.lifetime })
    }
}
