import Foundation

/// A `CATransition` at one moment, as a presentation layer carries it for the
/// renderer (see `CALayer.transitionFrame`): the rendering before the change,
/// the kind of transition and how far it has run.
package struct TransitionFrame: @unchecked Sendable {
    /// The layer as it was drawn before the change: a frozen presentation
    /// tree, drawn in the layer's place (nil when the layer had not been drawn).
    package let old: CALayer?
    package let type: CATransitionType
    package let subtype: CATransitionSubtype?
    /// How far the transition has run, 0…1.
    package let progress: Double

    package init(old: CALayer?, type: CATransitionType, subtype: CATransitionSubtype?, progress: Double) {
        self.old = old
        self.type = type
        self.subtype = subtype
        self.progress = progress
    }

    /// Where the two renderings go: each moved by an offset in the layer's
    /// bounds space and drawn at an opacity, the old one on top for `reveal`.
    package struct Placement: Hashable, Sendable {
        package var oldOffset: CGSize
        package var oldOpacity: Double
        package var newOffset: CGSize
        package var newOpacity: Double
        package var oldOnTop: Bool
    }

    /// The placement for a layer of bounds size `size`; `newCoversOld` says
    /// the new rendering is opaque over all of the old one (a fade then draws
    /// the old one whole under it, which is the exact cross-fade).
    package func placement(size: CGSize, newCoversOld: Bool) -> Placement {
        let p = min(max(progress, 0), 1)
        // The way things move on screen (y down): toward the side opposite `subtype`'s.
        let motion: (x: CGFloat, y: CGFloat) =
            switch subtype {
            case .fromRight?: (-1, 0)
            case .fromTop?: (0, 1)
            case .fromBottom?: (0, -1)
            default: (1, 0)
            }
        let q = CGFloat(p)
        let incoming = CGSize(width: -motion.x * size.width * (1 - q), height: -motion.y * size.height * (1 - q))
        let outgoing = CGSize(width: motion.x * size.width * q, height: motion.y * size.height * q)
        switch type {
        case .moveIn:
            return Placement(oldOffset: .zero, oldOpacity: 1, newOffset: incoming, newOpacity: 1, oldOnTop: false)
        case .push:
            return Placement(oldOffset: outgoing, oldOpacity: 1, newOffset: incoming, newOpacity: 1, oldOnTop: false)
        case .reveal:
            return Placement(oldOffset: outgoing, oldOpacity: 1, newOffset: .zero, newOpacity: 1, oldOnTop: true)
        default:
            return Placement(
                oldOffset: .zero, oldOpacity: newCoversOld ? 1 : 1 - p, newOffset: .zero,
                newOpacity: p, oldOnTop: false)
        }
    }
}
