import Foundation
import Testing
import Strata

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
            card.transform = CATransform3DRotate(t, .pi, 0, 1, 0)   // animates implicitly
            CATransaction.commit()
            // README example ends.
            #expect(card.animationKeys()?.count == 1)
            let midway = ticker.tick(at: 0.25).sublayers![0]
            #expect(midway.transform != card.transform && midway.transform != CATransform3DIdentity)
        }
        ticker.tick(at: 0.6)
        #expect(flipped)
    }
}
