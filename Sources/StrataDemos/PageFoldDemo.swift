import Foundation
import Strata
import StrataHost

/// Seed 001, the page fold: a two-page spread that a pinch folds about its
/// spine (each half turned about the spine under m34 = -1/2000, following the
/// fingers with actions disabled), and that unfolds when the fingers lift, in
/// 0.5 / scale seconds, counted by a completion block. The outer corners are
/// rounded and each half casts a soft shadow. Dragging on a page draws on it.
public final class PageFoldDemo: Demo {
    public static let name = "pagefold"
    public static let summary =
        "Pinch (Control+scroll, or a gamepad's triggers) folds the spread about its spine; let go and it unfolds. Drag to draw."

    public let rootLayer = CALayer()
    public let background = CGColor(red: 0x5b / 255.0, green: 0x64 / 255.0, blue: 0x70 / 255.0, alpha: 1)
    /// Each half's hinge at the spine: carries the fold and the soft shadow.
    public let leftHinge = CALayer(), rightHinge = CALayer()
    /// The paper of each half, clipped to its rounded outer corners.
    public let leftPage = CALayer(), rightPage = CALayer()
    /// Darkening toward the spine as the pages fold.
    let leftShade = CAGradientLayer(), rightShade = CAGradientLayer()
    /// Ink drawn with the mouse.
    public let leftInk = CAShapeLayer(), rightInk = CAShapeLayer()
    private var strokes: [CAShapeLayer: CGMutablePath] = [:]

    /// The fold angle of each half (radians; 0 is flat).
    public private(set) var foldAngle: CGFloat = 0
    /// How many release animations have finished (their completion blocks ran).
    public private(set) var unfoldsCompleted = 0
    /// The pinch scale the fold last followed.
    private var pinchScale: CGFloat = 1
    let cornerRadius: CGFloat = 25

    public init(size: CGSize) {
        rootLayer.name = "pagefold"
        for (hinge, page, shade, ink, isLeft) in [
            (leftHinge, leftPage, leftShade, leftInk, true),
            (rightHinge, rightPage, rightShade, rightInk, false),
        ] {
            hinge.name = isLeft ? "leftHinge" : "rightHinge"
            hinge.anchorPoint = CGPoint(x: isLeft ? 1 : 0, y: 0.5)
            hinge.shadowColor = .black
            hinge.shadowOpacity = 0.6
            hinge.shadowRadius = 24
            hinge.shadowOffset = CGSize(width: 0, height: 6)
            page.name = isLeft ? "leftPage" : "rightPage"
            page.backgroundColor = .white
            page.contents = DemoArt.sketch
            page.contentsRect = CGRect(x: isLeft ? 0 : 0.5, y: 0, width: 0.5, height: 1)
            page.maskedCorners =
                isLeft
                ? [.layerMinXMinYCorner, .layerMinXMaxYCorner]
                : [.layerMaxXMinYCorner, .layerMaxXMaxYCorner]
            page.masksToBounds = true
            shade.colors = [CGColor(gray: 0, alpha: 0), CGColor(gray: 0, alpha: 0.55)]
            shade.startPoint = CGPoint(x: isLeft ? 0 : 1, y: 0.5)
            shade.endPoint = CGPoint(x: isLeft ? 1 : 0, y: 0.5)
            shade.opacity = 0
            ink.strokeColor = CGColor(red: 0.1, green: 0.25, blue: 0.7, alpha: 1)
            ink.fillColor = nil
            ink.lineWidth = 3
            ink.lineCap = .round
            ink.lineJoin = .round
            page.addSublayer(ink)
            page.addSublayer(shade)
            hinge.addSublayer(page)
            rootLayer.addSublayer(hinge)
        }
        layout(in: size, contentScale: 1)
    }

    public func layout(in size: CGSize, contentScale: CGFloat) {
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        // A 4:3 spread, 80% of the window.
        let height = min(size.height * 0.8, size.width * 0.8 * 3 / 4)
        let pageSize = CGSize(width: height * 2 / 3, height: height)
        let radius = min(cornerRadius, height / 12)
        for (hinge, page, shade, ink) in [
            (leftHinge, leftPage, leftShade, leftInk),
            (rightHinge, rightPage, rightShade, rightInk),
        ] {
            hinge.bounds = CGRect(origin: .zero, size: pageSize)
            hinge.position = CGPoint(x: size.width / 2, y: size.height / 2)
            hinge.shadowPath = roundedPath(hinge.bounds, radius: radius, corners: page.maskedCorners)
            page.frame = hinge.bounds
            page.cornerRadius = radius
            shade.frame = page.bounds
            ink.frame = page.bounds
            ink.contentsScale = contentScale
        }
        fold(angle: foldAngle, scale: pageScale(for: pinchScale))
    }

    public func attach(to router: GestureRouter) {
        router.addGestureRecognizer(PinchGestureRecognizer { [unowned self] in pinched($0) }, to: rootLayer)
        for (page, ink) in [(leftPage, leftInk), (rightPage, rightInk)] {
            router.addGestureRecognizer(
                PanGestureRecognizer { [unowned self] in draw($0, on: page, ink: ink) }, to: page)
        }
    }

    /// Both halves turned by `angle` about the spine (toward the viewer), scaled by `scale`.
    func fold(angle: CGFloat, scale: CGFloat) {
        foldAngle = angle
        for (hinge, shade, sign) in [(leftHinge, leftShade, CGFloat(1)), (rightHinge, rightShade, CGFloat(-1))] {
            var t = perspective(2000)
            t = CATransform3DScale(t, scale, scale, scale)
            hinge.transform = CATransform3DRotate(t, sign * angle, 0, 1, 0)
            shade.opacity = Float(angle / (.pi / 2))
        }
    }

    /// Pinching in (scale < 1) folds, up to 80°; the pages shrink a little with the fingers.
    func foldAngle(for scale: CGFloat) -> CGFloat { min(80 * .pi / 180, (1 - min(scale, 1)) * 0.6 * .pi) }
    func pageScale(for scale: CGFloat) -> CGFloat { clamp(0.85 + 0.15 * scale, 0.85...1.05) }

    func pinched(_ pinch: PinchGestureRecognizer) {
        switch pinch.state {
        case .began, .changed:
            pinchScale = clamp(CGFloat(pinch.scale), 0.3...1.3)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            fold(angle: foldAngle(for: pinchScale), scale: pageScale(for: pinchScale))
            CATransaction.commit()
        case .ended, .cancelled:
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.5 / Double(pinchScale))
            CATransaction.setCompletionBlock { [weak self] in self?.unfoldsCompleted += 1 }
            pinchScale = 1
            fold(angle: 0, scale: 1)
            CATransaction.commit()
        default:
            break
        }
    }

    /// Extends the stroke under the pointer, in the page's own (folded) coordinates.
    func draw(_ pan: PanGestureRecognizer, on page: CALayer, ink: CAShapeLayer) {
        let point = pan.location(in: page)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if pan.state == .began {
            let path = strokes[ink] ?? CGMutablePath()
            let start = pan.translation(in: page)
            path.move(to: CGPoint(x: point.x - start.x, y: point.y - start.y))
            strokes[ink] = path
        }
        if let path = strokes[ink], pan.state.isActive || pan.state == .ended {
            path.addLine(to: point)
            ink.path = path.copy()
        }
        CATransaction.commit()
    }
}
