import Foundation
import Strata
import Testing

// Ported code imports Foundation beside the layer module, as iOS code imports
// Foundation beside QuartzCore. This file compiles only if the two export no
// clashing names (Strata re-exporting Linux's CoreFoundation made `M_PI`
// ambiguous with Glibc's).

/// Math, dispatch and dates from Foundation, next to Strata's names.
@Suite struct FoundationImportTests {
    @Test func foundationNamesBesideStrata() async {
        let angle = CGFloat(M_PI) / 2
        #expect(abs(angle - .pi / 2) < 1e-12)
        #expect(sqrt(2.0) * sqrt(2.0) - 2 < 1e-12)
        #expect(pow(2.0, 10.0) == 1024)
        #expect(abs(M_PI_2 - Double.pi / 2) < 1e-15)

        let layer = CALayer()
        layer.transform = CATransform3DMakeRotation(CGFloat(M_PI), 0, 0, 1)
        #expect(abs(layer.transform.m11 + 1) < 1e-12)

        let start = Date()
        let begin: CFTimeInterval = CACurrentMediaTime()
        let value = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: 42) }
        }
        #expect(value == 42)
        #expect(Date().timeIntervalSince(start) >= 0)
        #expect(CACurrentMediaTime() >= begin)
    }

    @Test func coreFoundationNamesQuartzCoreBrings() {
        let disabled = CATransaction.disableActions()
        CATransaction.begin()
        CATransaction.setValue(kCFBooleanTrue, forKey: kCATransactionDisableActions)
        #expect(CATransaction.disableActions())
        CATransaction.commit()
        #expect(CATransaction.disableActions() == disabled)
        let now = CFAbsoluteTimeGetCurrent()
        #expect(abs(now + kCFAbsoluteTimeIntervalSince1970 - Date().timeIntervalSince1970) < 5)
    }
}
