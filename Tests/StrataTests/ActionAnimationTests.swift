import Foundation
import Strata
import Testing

@Suite struct ActionAnimationTests {
    /// iOS code often installs bare animations as actions: `layer.actions = ["opacity": CABasicAnimation()]`.
    /// They animate the changed key from the value shown before the change to the new one.
    @Test func anActionAnimationWithNoValuesOrKeyPathAnimatesTheChange() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let fade = CABasicAnimation()
        fade.duration = 1
        layer.actions = ["opacity": fade]
        root.addSublayer(layer)
        let ticker = FrameTicker(rootLayer: root)
        ticker.tick(at: 0)
        layer.opacity = 0
        #expect(layer.animation(forKey: "opacity") != nil)
        let midway = ticker.tick(at: 0.5).sublayers![0].opacity
        #expect(abs(midway - 0.5) < 0.01, "opacity at t = 0.5 is \(midway)")
        #expect(ticker.tick(at: 1.5).sublayers![0].opacity == 0)
        // The installed action itself is not changed.
        #expect(fade.keyPath == nil)
    }
}
