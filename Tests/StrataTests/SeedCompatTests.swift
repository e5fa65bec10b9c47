import Foundation
import Strata  // on iOS: import QuartzCore (or UIKit); nothing else below changes
import Testing

// Core Animation code written the way the seed tutorials write it (page fold,
// carousel, card fold, gallery fan, side menu), compiled against Strata with
// only the import changed. The tests at the bottom run it on a FrameTicker
// (Strata's stand-in for the display) and check a few resulting values.

// MARK: - Seed code (iOS style)

/// Seed 001: a page folded down its middle, pinched open and closed.
final class PageFoldController {
    let rootLayer = CALayer()
    let leftPage = CALayer()
    let rightPage = CALayer()
    var pinchShadow: CALayer?
    private(set) var scale: CGFloat = 1

    init(size: CGSize) {
        rootLayer.bounds = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 1000
        rootLayer.sublayerTransform = perspective

        let pageSize = CGSize(width: size.width / 2, height: size.height)
        for (page, anchorX) in [(leftPage, CGFloat(1)), (rightPage, CGFloat(0))] {
            page.bounds = CGRect(origin: .zero, size: pageSize)
            page.anchorPoint = CGPoint(x: anchorX, y: 0.5)
            page.position = CGPoint(x: size.width / 2, y: size.height / 2)
            page.backgroundColor = CGColor(red: 0.95, green: 0.93, blue: 0.88, alpha: 1)
            page.isDoubleSided = false
            rootLayer.addSublayer(page)
        }
        let shadow = CALayer()
        shadow.frameLike(in: rootLayer.bounds)
        shadow.backgroundColor = CGColor(gray: 0, alpha: 0.3)
        rootLayer.addSublayer(shadow)
        pinchShadow = shadow
    }

    /// Folds both pages by `angle` (radians) about the spine.
    func fold(by angle: CGFloat) {
        leftPage.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
        rightPage.transform = CATransform3DMakeRotation(-angle, 0, 1, 0)
    }

    /// While pinching: follow the fingers without animation.
    func pinchChanged(to newScale: CGFloat) {
        scale = newScale
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.transform = CATransform3DScale(CATransform3DIdentity, scale, scale, 1)
        CATransaction.commit()
    }

    /// On release: spring back, then drop the shadow layer.
    func pinchEnded() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.5 / Double(scale))
        CATransaction.setCompletionBlock { [weak self] in
            self?.pinchShadow?.removeFromSuperlayer()
            self?.pinchShadow = nil
        }
        rootLayer.transform = CATransform3DIdentity
        CATransaction.commit()
    }
}

extension CALayer {
    /// Sets bounds and position to fill `rect` (the seeds set `frame`).
    func frameLike(in rect: CGRect) {
        bounds = CGRect(origin: .zero, size: rect.size)
        position = CGPoint(x: rect.midX, y: rect.midY)
    }
}

/// A carousel of panels around a vertical axis in one 3D space.
final class CarouselController {
    let containerLayer = CALayer()
    let transformLayer = CATransformLayer()
    var panels: [CALayer] = []
    let radius: CGFloat = 250
    private(set) var currentAngle: CGFloat = 0

    init(count: Int) {
        containerLayer.bounds = CGRect(x: 0, y: 0, width: 800, height: 600)
        containerLayer.position = CGPoint(x: 400, y: 300)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        containerLayer.sublayerTransform = perspective
        transformLayer.bounds = containerLayer.bounds
        transformLayer.position = CGPoint(x: 400, y: 300)
        containerLayer.addSublayer(transformLayer)
        for i in 0..<count {
            let panel = CALayer()
            panel.bounds = CGRect(x: 0, y: 0, width: 200, height: 280)
            panel.position = CGPoint(x: 400, y: 300)
            panel.cornerRadius = 12
            panel.backgroundColor = CGColor(red: CGFloat(i) / CGFloat(count), green: 0.4, blue: 0.8, alpha: 1)
            let angle = CGFloat(i) * 2 * .pi / CGFloat(count)
            var t = CATransform3DMakeRotation(angle, 0, 1, 0)
            t = CATransform3DTranslate(t, 0, 0, radius)
            panel.transform = t
            transformLayer.addSublayer(panel)
            panels.append(panel)
        }
    }

    /// Turns the carousel to `angle` with an explicit animation.
    func turn(to angle: CGFloat) {
        let from = transformLayer.transform
        let to = CATransform3DMakeRotation(angle, 0, 1, 0)
        let animation = CABasicAnimation(keyPath: "transform")
        animation.fromValue = NSValue(caTransform3D: from)
        animation.toValue = NSValue(caTransform3D: to)
        animation.duration = 0.4
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        transformLayer.transform = to
        CATransaction.commit()
        transformLayer.add(animation, forKey: "turn")
        currentAngle = angle
    }
}

/// A card that folds shut along its middle, the halves shaded by gradients.
final class CardFoldController {
    let card = CALayer()
    let top = CALayer()
    let bottom = CALayer()
    let topShade = CAGradientLayer()

    init() {
        card.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
        card.position = CGPoint(x: 300, y: 300)
        top.bounds = CGRect(x: 0, y: 0, width: 400, height: 200)
        top.anchorPoint = CGPoint(x: 0.5, y: 0)
        top.position = CGPoint(x: 200, y: 0)
        top.backgroundColor = CGColor(red: 1, green: 0.55, blue: 0, alpha: 1)
        bottom.bounds = CGRect(x: 0, y: 0, width: 400, height: 200)
        bottom.anchorPoint = CGPoint(x: 0.5, y: 1)
        bottom.position = CGPoint(x: 200, y: 400)
        bottom.backgroundColor = CGColor(red: 0.12, green: 0.39, blue: 1, alpha: 1)
        topShade.frameLike(in: top.bounds)
        topShade.colors = [CGColor(gray: 0, alpha: 0), CGColor(gray: 0, alpha: 0.5)]
        topShade.opacity = 0
        top.addSublayer(topShade)
        card.addSublayer(bottom)
        card.addSublayer(top)
    }

    func fold(angle: CGFloat, animated: Bool, completion: (() -> Void)? = nil) {
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        CATransaction.begin()
        CATransaction.setDisableActions(!animated)
        CATransaction.setAnimationDuration(0.6)
        CATransaction.setCompletionBlock(completion)
        top.transform = CATransform3DRotate(t, -angle, 1, 0, 0)
        bottom.transform = CATransform3DRotate(t, angle, 1, 0, 0)
        topShade.opacity = Float(angle / (.pi / 2))
        CATransaction.commit()
    }
}

/// Photos fanned out from a common pivot below them, with drop shadows.
final class GalleryFanController {
    let container = CALayer()
    var cards: [CALayer] = []

    init(count: Int) {
        container.bounds = CGRect(x: 0, y: 0, width: 600, height: 500)
        container.position = CGPoint(x: 300, y: 250)
        for i in 0..<count {
            let card = CALayer()
            card.bounds = CGRect(x: 0, y: 0, width: 160, height: 220)
            card.anchorPoint = CGPoint(x: 0.5, y: 1.6)
            card.position = CGPoint(x: 300, y: 420)
            card.backgroundColor = CGColor(gray: 1, alpha: 1)
            card.borderWidth = 4
            card.borderColor = CGColor(gray: 0.9, alpha: 1)
            card.cornerRadius = 8
            card.shadowColor = CGColor(gray: 0, alpha: 1)
            card.shadowOpacity = 0.4
            card.shadowRadius = 6
            card.shadowOffset = CGSize(width: 0, height: 4)
            card.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 8, cornerHeight: 8, transform: nil)
            card.zPosition = CGFloat(i)
            let mask = CAShapeLayer()
            mask.path = CGPath(roundedRect: card.bounds, cornerWidth: 8, cornerHeight: 8, transform: nil)
            card.mask = mask
            container.addSublayer(card)
            cards.append(card)
        }
    }

    func fan(spread: CGFloat) {
        let mid = CGFloat(cards.count - 1) / 2
        for (i, card) in cards.enumerated() {
            card.transform = CATransform3DMakeRotation((CGFloat(i) - mid) * spread, 0, 0, 1)
        }
    }
}

/// A side menu that swings in like a door, the content sliding over.
final class SideMenuController: CAAnimationDelegate {
    let root = CALayer()
    let menu = CALayer()
    let content = CALayer()
    var finished = false

    init() {
        root.bounds = CGRect(x: 0, y: 0, width: 375, height: 667)
        root.position = CGPoint(x: 187.5, y: 333.5)
        menu.bounds = CGRect(x: 0, y: 0, width: 260, height: 667)
        menu.anchorPoint = CGPoint(x: 0, y: 0.5)
        menu.position = CGPoint(x: 0, y: 333.5)
        menu.backgroundColor = CGColor(red: 0.2, green: 0.2, blue: 0.25, alpha: 1)
        var t = CATransform3DIdentity
        t.m34 = -1 / 600
        menu.transform = CATransform3DRotate(t, .pi / 2, 0, 1, 0)
        content.frameLike(in: root.bounds)
        content.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.addSublayer(content)
        root.addSublayer(menu)
    }

    func open() {
        var t = CATransform3DIdentity
        t.m34 = -1 / 600
        let animation = CABasicAnimation(keyPath: "transform")
        animation.fromValue = NSValue(caTransform3D: menu.transform)
        animation.toValue = NSValue(caTransform3D: t)
        animation.duration = 0.5
        animation.delegate = self
        menu.transform = t
        menu.add(animation, forKey: "open")
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.toValue = 187.5 + 260
        slide.duration = 0.5
        slide.fillMode = .forwards
        slide.isRemovedOnCompletion = false
        content.add(slide, forKey: "slide")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        finished = flag
    }
}

// MARK: - Tests (Strata's ticker stands in for the display)

@Suite struct SeedCompatTests {
    @Test func pageFoldPinchAndRelease() {
        CATransaction.flush()
        let page = PageFoldController(size: CGSize(width: 600, height: 400))
        let ticker = FrameTicker(rootLayer: page.rootLayer)
        ticker.tick(at: 0)
        page.fold(by: .pi / 6)
        ticker.tick(at: 0)
        for (i, s) in [1.1, 1.2, 1.3].enumerated() {
            page.pinchChanged(to: CGFloat(s))
            ticker.tick(at: Double(i + 1) / 60)
            #expect(page.rootLayer.presentation()?.transform.m11 == CGFloat(s))
        }
        page.pinchEnded()
        let start = 3.0 / 60
        ticker.tick(at: start + 0.5 / 1.3 / 2)
        let halfway = page.rootLayer.presentation()?.transform.m11 ?? 0
        #expect(halfway > 1 && halfway < 1.3)
        #expect(page.pinchShadow != nil)
        ticker.tick(at: start + 0.5 / 1.3)
        #expect(page.pinchShadow == nil)
        #expect(page.rootLayer.sublayers?.count == 2)
        // The fold animated implicitly from flat (0.25 s); at the end the pages meet at the spine.
        ticker.tick(at: 1)
        let right = page.rightPage.presentation()
        #expect(abs((right?.transform.m11 ?? 0) - cos(.pi / 6)) < 1e-12)
        #expect(page.rightPage.anchorPoint == CGPoint(x: 0, y: 0.5))
        #expect(page.rootLayer.sublayerTransform.m34 == -0.001)
    }

    @Test func carouselTurnsThroughTheMiddle() {
        CATransaction.flush()
        let carousel = CarouselController(count: 6)
        let ticker = FrameTicker(rootLayer: carousel.containerLayer)
        ticker.tick(at: 0)
        // Panel 1 sits 60° round the ring, 250 out.
        let t = carousel.panels[1].transform
        #expect(abs(t.m41 - 250 * sin(.pi / 3)) < 1e-9 && abs(t.m43 - 250 * cos(.pi / 3)) < 1e-9)
        carousel.turn(to: .pi / 3)
        ticker.tick(at: 0.2)  // halfway in time; easeInEaseOut is symmetric: halfway in angle
        let mid = carousel.transformLayer.presentation()?.transform ?? CATransform3DIdentity
        let expected = CATransform3DMakeRotation(.pi / 6, 0, 1, 0)
        #expect(zip(mid.elements, expected.elements).allSatisfy { abs($0 - $1) < 1e-6 })
        ticker.tick(at: 0.5)
        #expect(carousel.transformLayer.animationKeys() == nil)
        #expect(carousel.transformLayer.presentation()?.transform == CATransform3DMakeRotation(.pi / 3, 0, 1, 0))
    }

    @Test func cardFoldAnimatesBothHalvesAndCompletes() {
        CATransaction.flush()
        let fold = CardFoldController()
        let ticker = FrameTicker(rootLayer: fold.card)
        ticker.tick(at: 0)
        var done = false
        fold.fold(angle: .pi / 4, animated: true) { done = true }
        #expect(fold.top.animationKeys() == ["transform"])
        #expect(fold.topShade.animationKeys() == ["opacity"])
        ticker.tick(at: 0.3)
        let shade = fold.topShade.presentation()?.opacity ?? 0
        #expect(shade > 0 && shade < 0.5)
        #expect(!done)
        ticker.tick(at: 0.6)
        #expect(done)
        #expect(fold.topShade.presentation()?.opacity == 0.5)
        fold.fold(angle: 0, animated: false)
        #expect(fold.top.animationKeys() == nil)
        #expect(fold.top.transform.m34 == -1.0 / 500)
    }

    @Test func galleryFanRotatesAboutTheCommonPivot() {
        CATransaction.flush()
        let gallery = GalleryFanController(count: 5)
        gallery.fan(spread: 0.2)
        let cards = gallery.cards
        #expect(cards[0].transform == CATransform3DMakeRotation(-0.4, 0, 0, 1))
        #expect(cards[2].transform == CATransform3DIdentity)
        #expect(cards[4].zPosition == 4)
        #expect(cards[1].shadowOffset == CGSize(width: 0, height: 4))
        #expect((cards[1].mask as? CAShapeLayer)?.path?.elements.count == 10)
        #expect(cards[1].shadowPath?.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 160, height: 220))
        #expect(cards[1].shadowPath?.contains(CGPoint(x: 1, y: 1)) == false)  // rounded corner
        #expect(cards[1].shadowPath?.contains(CGPoint(x: 8, y: 1)) == true)
        // Every card turns about the same point (anchor 1.6 down the card).
        let pivot = cards[0].anchorPoint.y * cards[0].bounds.height
        #expect(pivot == 352)
    }

    @Test func sideMenuOpensAndTellsItsDelegate() {
        CATransaction.flush()
        let menu = SideMenuController()
        let ticker = FrameTicker(rootLayer: menu.root)
        ticker.tick(at: 0)
        menu.open()
        ticker.tick(at: 0)
        ticker.tick(at: 0.25)
        let angle = (menu.menu.presentation()?.value(forKeyPath: "transform.rotation.y") as? NSNumber)?.doubleValue ?? 0
        #expect(angle > 0.1 && angle < .pi / 2 - 0.1)
        #expect(menu.content.presentation()?.position.x == 187.5 + 130)
        ticker.tick(at: 0.5)
        #expect(menu.finished)
        #expect(menu.content.presentation()?.position.x == 187.5 + 260)
        #expect(menu.content.position.x == 187.5)  // the model never moved
    }
}
