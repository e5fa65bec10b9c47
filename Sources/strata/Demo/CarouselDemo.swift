import Foundation
import Strata

/// The seed carousel built in code, the way an iOS app writes it: gradient
/// planes with shadows in a `CATransformLayer`, turned with implicit
/// animations inside a `CATransaction`.
final class CarouselDemo {
    let root = CALayer()
    let carousel = CATransformLayer()
    var planes: [CAGradientLayer] = []
    private(set) var angle: CGFloat = 0
    /// Completed turns (the transaction's completion block counts them).
    private(set) var turnsCompleted = 0

    init(size: CGSize, count: Int = 5) {
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        root.backgroundColor = CGColor(red: 0.06, green: 0.08, blue: 0.09, alpha: 1)
        carousel.frame = root.bounds
        root.addSublayer(carousel)
        for i in 0..<count {
            let plane = CAGradientLayer()
            plane.bounds = CGRect(x: 0, y: 0, width: 250, height: 150)
            plane.position = CGPoint(x: size.width / 2, y: size.height / 2 - 20)
            plane.cornerRadius = 10
            plane.borderWidth = 4
            plane.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.3)
            let hue = CGFloat(i) / CGFloat(count)
            plane.colors = [CGColor(red: 0.5, green: 0, blue: 0.5 + hue / 2, alpha: 1),
                            CGColor(red: 1, green: hue * 0.6, blue: 0, alpha: 1)]
            plane.shadowOpacity = 1
            plane.shadowRadius = 20
            plane.shadowPath = CGPath(roundedRect: plane.bounds, cornerWidth: 10, cornerHeight: 10, transform: nil)
            carousel.addSublayer(plane)
            planes.append(plane)
        }
        layoutPlanes()
    }

    /// Each plane's transform for the current angle, as the seed computes it.
    func layoutPlanes() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 1000
        let step = 2 * CGFloat.pi / CGFloat(planes.count)
        for (i, plane) in planes.enumerated() {
            let turned = CATransform3DRotate(perspective, angle + CGFloat(i) * step, 0, 1, 0)
            plane.transform = CATransform3DTranslate(turned, 0, 0, 250)
        }
    }

    /// Turns by `steps` planes with an implicit animation.
    func turn(by steps: Int) {
        angle += CGFloat(steps) * 2 * .pi / CGFloat(planes.count)
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.5)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeInEaseOut))
        CATransaction.setCompletionBlock { [weak self] in self?.turnsCompleted += 1 }
        layoutPlanes()
        CATransaction.commit()
    }
}
