import Foundation
import Strata
import StrataHost

/// The seed card fold, driven by a drag: the top half turns back about its
/// top edge, and the bottom half hangs from the top half's transformed
/// bottom edge (`top.frame.maxY`, the bounding box as Core Animation
/// computes it through the perspective), at its depth, turned the other
/// way, so the card folds about its middle like paper. On release it opens or shuts with
/// keyframe animations sampled along one eased path, so the bottom half keeps
/// following.
public final class CardFoldDemo: Demo {
    public static let name = "cardfold"
    public static let summary =
        "Drag the card up (or the left stick) to fold it about its middle; let go and it opens, or shuts if folded past half."

    public let rootLayer = CALayer()
    public let background = CGColor(red: 0.94, green: 0.94, blue: 0.94, alpha: 1)
    public let card = CALayer()
    public let top = CALayer(), bottom = CALayer()
    let topShade = CAGradientLayer(), bottomShade = CAGradientLayer()

    /// How far the card is folded (radians, 0 open … `maximumAngle`).
    public private(set) var foldAngle: CGFloat = 0
    /// The fold when shut.
    public let maximumAngle: CGFloat = 80 * .pi / 180
    /// Release animations that have finished.
    public private(set) var settlesCompleted = 0
    private var dragStartAngle: CGFloat = 0

    public init(size: CGSize) {
        rootLayer.name = "cardfold"
        card.name = "card"
        for (half, shade, colour, isTop) in [
            (top, topShade, CGColor(red: 1, green: 0.55, blue: 0, alpha: 1), true),
            (bottom, bottomShade, CGColor(red: 0.12, green: 0.39, blue: 1, alpha: 1), false),
        ] {
            half.name = isTop ? "top" : "bottom"
            half.anchorPoint = CGPoint(x: 0.5, y: 0)
            half.backgroundColor = colour
            half.cornerRadius = 12
            half.maskedCorners =
                isTop
                ? [.layerMinXMinYCorner, .layerMaxXMinYCorner]
                : [.layerMinXMaxYCorner, .layerMaxXMaxYCorner]
            half.masksToBounds = true
            let label = CALayer()
            label.name = isTop ? "topLabel" : "bottomLabel"
            label.backgroundColor = .white
            label.cornerRadius = 6
            half.addSublayer(label)
            // The top half darkens toward the fold, the bottom half away from it.
            shade.colors = [CGColor(gray: 0, alpha: 0), CGColor(gray: 0, alpha: 0.6)]
            shade.startPoint = CGPoint(x: 0.5, y: isTop ? 0 : 1)
            shade.endPoint = CGPoint(x: 0.5, y: isTop ? 1 : 0)
            shade.opacity = 0
            half.addSublayer(shade)
        }
        card.addSublayer(bottom)
        card.addSublayer(top)
        rootLayer.addSublayer(card)
        layout(in: size, contentScale: 1)
    }

    public func layout(in size: CGSize, contentScale: CGFloat) {
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        let side = min(size.width, size.height) * 0.6
        card.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        card.position = CGPoint(x: size.width / 2, y: size.height / 2)
        for half in [top, bottom] {
            half.bounds = CGRect(x: 0, y: 0, width: side, height: side / 2)
            let label = half.sublayers?.first
            label?.bounds = CGRect(x: 0, y: 0, width: side * 0.75, height: side * 0.1)
            label?.position = CGPoint(x: side / 2, y: side / 4)
            half.sublayers?.last?.frame = half.bounds
        }
        top.position = CGPoint(x: side / 2, y: 0)
        fold(to: foldAngle)
    }

    public func attach(to router: GestureRouter) {
        router.addGestureRecognizer(PanGestureRecognizer { [unowned self] in dragged($0) }, to: rootLayer)
        router.focusableLayers = [card]
    }

    /// Sets the fold: the top half turned back by `angle`, the bottom half hung
    /// from the top's transformed height and turned forward by as much.
    func fold(to angle: CGFloat) {
        foldAngle = angle
        let halfHeight = top.bounds.height
        top.transform = CATransform3DRotate(perspective(500), -angle, 1, 0, 0)
        // The fold edge lies as deep as the top half's bottom edge went, so the
        // halves meet at the same width; the bottom edge comes back to the card's plane.
        let atFold = CATransform3DTranslate(perspective(500), 0, 0, -halfHeight * sin(angle))
        bottom.transform = CATransform3DRotate(atFold, angle, 1, 0, 0)
        bottom.position = CGPoint(x: top.position.x, y: top.frame.maxY)
        let shading = Float(angle / maximumAngle)
        topShade.opacity = shading
        bottomShade.opacity = shading * 0.5
    }

    func dragged(_ pan: PanGestureRecognizer) {
        // Dragging up the card's half height folds it shut.
        let halfHeight = card.bounds.height / 2
        switch pan.state {
        case .began, .changed:
            if pan.state == .began {
                dragStartAngle = foldAngle
                for layer in [top, bottom, topShade, bottomShade] { layer.removeAllAnimations() }
            }
            let angle = dragStartAngle - pan.translation(in: nil).y / halfHeight * maximumAngle
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            fold(to: clamp(angle, 0...maximumAngle))
            CATransaction.commit()
        case .ended, .cancelled:
            let flick = pan.velocity(in: nil).y
            let shut = flick < -500 || (flick < 500 && foldAngle > maximumAngle / 2)
            settle(to: shut ? maximumAngle : 0)
        default:
            break
        }
    }

    /// Animates the fold to `target` in 0.4 s, the halves and shades together.
    func settle(to target: CGFloat) {
        let start = foldAngle
        animateTogether(
            [
                (top, "transform"), (bottom, "transform"), (bottom, "position"),
                (topShade, "opacity"), (bottomShade, "opacity"),
            ],
            duration: 0.4, completion: { [weak self] in self?.settlesCompleted += 1 }
        ) { p in
            fold(to: start + (target - start) * CGFloat(p))
        }
    }
}
