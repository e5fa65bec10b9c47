import Foundation
import Strata
import StrataHost

/// The seed side menu, driven by a drag: the menu hangs off the left edge
/// (anchor x = 1) and swings open in 3D as you drag right, turning from
/// edge-on to flat while it slides in, fading in for depth and rasterized
/// while it moves; the content slides over, and the menu button flips about
/// its diagonal. On release (or a tap on the button) it opens or shuts.
public final class SideMenuDemo: Demo {
    public static let name = "sidemenu"
    public static let summary =
        "Drag right to swing the menu open in 3D from the left edge, left to close; tap the button to toggle."

    public let rootLayer = CALayer()
    public let background = CGColor(gray: 0, alpha: 1)
    public let menu = CALayer()
    public let content = CALayer()
    public let menuButton = CALayer()
    public private(set) var items: [CALayer] = []

    /// 0 shut … 1 open.
    public private(set) var progress: CGFloat = 0
    /// Open and close animations that have finished.
    public private(set) var movesCompleted = 0
    private var dragStart: CGFloat = 0
    private var menuWidth: CGFloat = 300
    private var contentScale: CGFloat = 1

    public init(size: CGSize) {
        rootLayer.name = "sidemenu"
        menu.name = "menu"
        menu.anchorPoint = CGPoint(x: 1, y: 0.5)
        menu.backgroundColor = CGColor(red: 0x2a / 255.0, green: 0x9d / 255.0, blue: 0x8f / 255.0, alpha: 1)
        for i in 0..<6 {
            let item = CALayer()
            item.name = "item\(i)"
            item.cornerRadius = 8
            item.backgroundColor = CGColor(red: 0xe9 / 255.0, green: 0xf5 / 255.0, blue: 0xf3 / 255.0, alpha: 1)
            item.borderWidth = 2
            item.borderColor = CGColor(red: 0x26 / 255.0, green: 0x46 / 255.0, blue: 0x53 / 255.0, alpha: 1)
            menu.addSublayer(item)
            items.append(item)
        }
        content.name = "content"
        content.backgroundColor = CGColor(red: 0xf4 / 255.0, green: 0xf1 / 255.0, blue: 0xde / 255.0, alpha: 1)
        content.shadowOpacity = 0.5
        content.shadowRadius = 12
        menuButton.name = "menuButton"
        menuButton.bounds = CGRect(x: 0, y: 0, width: 44, height: 44)
        menuButton.backgroundColor = CGColor(red: 0xe7 / 255.0, green: 0x6f / 255.0, blue: 0x51 / 255.0, alpha: 1)
        menuButton.cornerRadius = 6
        content.addSublayer(menuButton)
        for i in 0..<3 {
            let line = CALayer()
            line.frame = CGRect(x: 10, y: 13 + CGFloat(i) * 8, width: 24, height: 3)
            line.backgroundColor = .white
            menuButton.addSublayer(line)
        }
        rootLayer.addSublayer(content)
        rootLayer.addSublayer(menu)
        layout(in: size, contentScale: 1)
    }

    public func layout(in size: CGSize, contentScale: CGFloat) {
        self.contentScale = contentScale
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        menuWidth = min(300, size.width * 0.75)
        menu.bounds = CGRect(x: 0, y: 0, width: menuWidth, height: size.height)
        menu.position = CGPoint(x: 0, y: size.height / 2)
        menu.rasterizationScale = contentScale
        for (i, item) in items.enumerated() {
            item.bounds = CGRect(x: 0, y: 0, width: menuWidth * 0.8, height: 50)
            item.position = CGPoint(x: menuWidth / 2, y: 80 + CGFloat(i) * 70)
        }
        content.bounds = rootLayer.bounds
        content.shadowPath = CGPath(rect: content.bounds, transform: nil)
        menuButton.position = CGPoint(x: 40, y: 40)
        setProgress(progress)
    }

    public func attach(to router: GestureRouter) {
        router.addGestureRecognizer(PanGestureRecognizer { [unowned self] in dragged($0) }, to: rootLayer)
        router.addGestureRecognizer(TapGestureRecognizer { [unowned self] _ in toggle() }, to: menuButton)
        router.focusableLayers = [menuButton]
    }

    public func keyPressed(_ key: Key) -> Bool {
        guard key == .space else { return false }
        toggle()
        return true
    }

    /// Lays out the menu `p` of the way open (0…1).
    func setProgress(_ p: CGFloat) {
        progress = p
        // Turned from edge-on (−90°) to flat about its right edge, under
        // perspective, then slid right by as much as it has opened.
        var t = CATransform3DRotate(perspective(1000), -(1 - p) * .pi / 2, 0, 1, 0)
        t = CATransform3DConcat(t, CATransform3DMakeTranslation(menuWidth * p, 0, 0))
        menu.transform = t
        menu.opacity = Float(p)
        content.position = CGPoint(x: rootLayer.bounds.midX + menuWidth * p, y: rootLayer.bounds.midY)
        // Half a turn about its diagonal: edge-on halfway, mirrored when open.
        menuButton.transform = CATransform3DRotate(perspective(1000), p * .pi, 1, 1, 0)
    }

    func dragged(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began, .changed:
            if pan.state == .began {
                dragStart = progress
                for layer in [menu, content, menuButton] { layer.removeAllAnimations() }
                menu.shouldRasterize = true
            }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            setProgress(clamp(dragStart + pan.translation(in: nil).x / menuWidth, 0...1))
            CATransaction.commit()
        case .ended, .cancelled:
            let flick = pan.velocity(in: nil).x
            move(open: flick > 500 || (flick > -500 && progress > 0.5))
        default:
            break
        }
    }

    /// Opens or shuts the menu.
    public func toggle() { move(open: progress < 0.5) }

    /// Animates to open or shut in 0.35 s, rasterizing the menu until it stops.
    func move(open: Bool) {
        let start = progress, target: CGFloat = open ? 1 : 0
        menu.shouldRasterize = true
        animateTogether(
            [(menu, "transform"), (menu, "opacity"), (content, "position"), (menuButton, "transform")],
            duration: 0.35,
            completion: { [weak self] in
                self?.menu.shouldRasterize = false
                self?.movesCompleted += 1
            }
        ) { p in
            setProgress(start + (target - start) * CGFloat(p))
        }
    }
}
