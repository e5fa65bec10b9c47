import Foundation
import Strata

/// A mask that lets through what is outside `cut`, as Lottie builds inverted
/// mattes: `cut` xor-ed out of an opaque cover reaching `margin` past `bounds`
/// (a layer's bounds, which the mask is given as its frame).
public func invertedMatte(over bounds: CGRect, cutting cut: CALayer, margin: CGFloat = 10) -> CALayer {
    let holder = CALayer()
    holder.frame = bounds
    let cover = CALayer()
    cover.frame = holder.bounds.insetBy(dx: -margin, dy: -margin)
    cover.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    holder.addSublayer(cover)
    cut.compositingFilter = "xor"
    holder.addSublayer(cut)
    return holder
}
