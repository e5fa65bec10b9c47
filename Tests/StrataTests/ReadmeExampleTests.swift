import Foundation
import Strata
import Testing

/// The README's example, verbatim between the markers, so it keeps compiling.
@Suite struct ReadmeExampleTests {
    @Test func readmeExampleAnimatesTheFlip() {
        let ticker: FrameTicker
        var flipped = false
        do {
            // README example begins.
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 800, height: 600)
            let card = CALayer()
            card.bounds = CGRect(x: 0, y: 0, width: 200, height: 120)
            card.position = CGPoint(x: 400, y: 300)
            card.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 1)
            card.cornerRadius = 12
            card.shadowOpacity = 0.5
            root.addSublayer(card)
            // README example pauses: the tree must have been drawn once to animate implicitly.
            ticker = FrameTicker(rootLayer: root)
            ticker.tick(at: 0)
            // README example resumes.
            var t = CATransform3DIdentity
            t.m34 = -1.0 / 500
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.5)
            CATransaction.setCompletionBlock { flipped = true }
            card.transform = CATransform3DRotate(t, .pi, 0, 1, 0)  // animates implicitly
            CATransaction.commit()
            // README example ends.
            #expect(card.animationKeys()?.count == 1)
            let midway = ticker.tick(at: 0.25).sublayers![0]
            #expect(midway.transform != card.transform && midway.transform != CATransform3DIdentity)
        }
        ticker.tick(at: 0.6)
        #expect(flipped)
    }

    @Test func readmeReplicatorExampleSpinsDotsInTurn() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let ticker = FrameTicker(rootLayer: root)
        ticker.tick(at: 0)
        // README replicator example begins.
        let spinner = CAReplicatorLayer()
        spinner.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let dot = CALayer()
        dot.frame = CGRect(x: 46, y: 4, width: 8, height: 8)
        dot.cornerRadius = 4
        dot.backgroundColor = CGColor(red: 1, green: 0.75, blue: 0, alpha: 1)
        spinner.addSublayer(dot)
        spinner.instanceCount = 12
        spinner.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        spinner.instanceDelay = 1.0 / 12
        spinner.instanceAlphaOffset = -0.07
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.1
        fade.duration = 1
        fade.repeatCount = .infinity
        dot.add(fade, forKey: "fade")
        // README replicator example ends.
        root.addSublayer(spinner)
        ticker.tick(at: 0)
        let shown = try #require(ticker.tick(at: 1.5).sublayers?.first as? CAReplicatorLayer)
        // Instance k is k/12 s behind: at 1.5 s instance 5 is 1/12 s into its second cycle.
        #expect(abs(Double(shown.sublayers(ofInstance: 0)[0].opacity) - 0.55) < 1e-6)
        #expect(abs(Double(shown.sublayers(ofInstance: 5)[0].opacity) - (1 - 0.9 / 12)) < 1e-6)
        #expect(abs(Double(spinner.color(ofInstance: 11).alpha) - 0.23) < 1e-6)
    }
}
