import Foundation
import Strata
import StrataHost

/// The seed gallery: photos fanned down the window under a strong
/// perspective `sublayerTransform`, each tilted back. Tapping the background
/// stacks them (and fans them out again) with 0.33 s `CABasicAnimation`s;
/// tapping a photo brings it forward, flat, and fades the others; any tap
/// then puts it back. Dragging up or down closes or opens the fan.
public final class GalleryDemo: Demo {
    public static let name = "gallery"
    public static let summary =
        "Tap a photo to bring it forward (the others fade), tap again to put it back; tap the background or Space to stack or fan; drag up or down to close or open the fan."

    public let rootLayer = CALayer()
    public let background = CGColor(gray: 0, alpha: 1)
    /// The photos, back to front.
    public private(set) var photos: [CALayer] = []
    /// Whether the photos are fanned out (else stacked).
    public private(set) var isFanned = true
    /// The photo brought forward, if any.
    public private(set) var selected: Int?
    /// Animations that have finished (one per toggle or selection).
    public private(set) var animationsCompleted = 0
    /// The fan's spacing, as a fraction of the window's height per photo.
    public private(set) var spread: CGFloat = 0.16
    private var dragStartSpread: CGFloat = 0
    private var size = CGSize.zero

    public init(size: CGSize) {
        rootLayer.name = "gallery"
        rootLayer.sublayerTransform = perspective(250)
        for (i, image) in DemoArt.photos.enumerated() {
            let photo = CALayer()
            photo.name = "photo\(i)"
            photo.anchorPoint = CGPoint(x: 0.5, y: 0)
            photo.contents = image
            photo.contentsGravity = .resizeAspectFill
            photo.masksToBounds = true
            rootLayer.addSublayer(photo)
            photos.append(photo)
        }
        layout(in: size, contentScale: 1)
    }

    public func layout(in size: CGSize, contentScale: CGFloat) {
        self.size = size
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        for (i, photo) in photos.enumerated() {
            photo.bounds = rootLayer.bounds
            photo.position = CGPoint(x: size.width / 2, y: 0)
            photo.transform = transform(for: i)
            photo.opacity = selected.map { $0 == i ? 1 : 0.25 } ?? 1
        }
    }

    public func attach(to router: GestureRouter) {
        router.addGestureRecognizer(TapGestureRecognizer { [unowned self] _ in tappedBackground() }, to: rootLayer)
        router.addGestureRecognizer(PanGestureRecognizer { [unowned self] in dragged($0) }, to: rootLayer)
        for (i, photo) in photos.enumerated() {
            router.addGestureRecognizer(TapGestureRecognizer { [unowned self] _ in tappedPhoto(i) }, to: photo)
        }
        router.focusableLayers = photos
    }

    public func keyPressed(_ key: Key) -> Bool {
        guard key == .space else { return false }
        tappedBackground()
        return true
    }

    /// Photo `i`'s place: brought forward flat, or tilted back 22.5°, squashed
    /// and moved down to its place in the fan (or the stack).
    func transform(for i: Int) -> CATransform3D {
        if selected == i {
            return CATransform3DScale(CATransform3DMakeTranslation(0, size.height * 0.12, 0), 0.8, 0.8, 1)
        }
        let y = isFanned ? size.height * (0.06 + spread * CGFloat(i)) : size.height * (0.3 + 0.015 * CGFloat(i))
        var t = CATransform3DMakeTranslation(0, y, 0)
        t = CATransform3DScale(t, 0.95, 0.6, 1)
        return CATransform3DRotate(t, 22.5 * .pi / 180, -1, 0, 0)
    }

    /// A vertical drag opens (down) or closes (up) the fan, following the finger.
    func dragged(_ pan: PanGestureRecognizer) {
        guard pan.state.isActive, selected == nil else { return }
        if pan.state == .began {
            dragStartSpread = isFanned ? spread : 0.015
            isFanned = true
            for photo in photos { photo.removeAllAnimations() }
        }
        let perPhoto = pan.translation(in: nil).y / (size.height * CGFloat(max(1, photos.count - 1)))
        spread = clamp(dragStartSpread + perPhoto, 0.015...0.22)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (i, photo) in photos.enumerated() { photo.transform = transform(for: i) }
        CATransaction.commit()
    }

    func tappedBackground() {
        if selected != nil { return select(nil) }
        isFanned.toggle()
        if isFanned { spread = 0.16 }
        animateLayout()
    }

    func tappedPhoto(_ i: Int) {
        select(selected == nil ? i : nil)
    }

    func select(_ i: Int?) {
        selected = i
        animateLayout()
    }

    /// Moves every photo to its place with explicit 0.33 s animations from where it is shown.
    private func animateLayout() {
        CATransaction.begin()
        CATransaction.setCompletionBlock { [weak self] in self?.animationsCompleted += 1 }
        for (i, photo) in photos.enumerated() {
            let shown = photo.presentation() ?? photo
            let transform = CABasicAnimation(keyPath: "transform")
            transform.fromValue = NSValue(caTransform3D: shown.transform)
            transform.toValue = NSValue(caTransform3D: self.transform(for: i))
            let opacity = CABasicAnimation(keyPath: "opacity")
            opacity.fromValue = NSNumber(value: shown.opacity)
            opacity.toValue = NSNumber(value: selected.map { $0 == i ? 1 : 0.25 } ?? Float(1))
            for animation in [transform, opacity] {
                animation.duration = 0.33
                animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            photo.transform = self.transform(for: i)
            photo.opacity = (opacity.toValue as? NSNumber)?.floatValue ?? 1
            // The selected photo is drawn in front of the rest.
            photo.zPosition = selected == i ? 10 : 0
            CATransaction.commit()
            photo.add(transform, forKey: "place")
            photo.add(opacity, forKey: "fade")
        }
        CATransaction.commit()
    }
}
