import Foundation
import Strata

/// The animated card grid of `../shared/peer/grid.py`, built with the public
/// API: `count` rounded, bordered, shadowed 34×24 cards at 1280×720, each
/// turning about y forever under its own perspective.
enum CardGrid {
    static let size = CGSize(width: 1280, height: 720)

    static func make(count: Int) -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        let columns = 36
        for i in 0..<count {
            let card = CALayer()
            card.bounds = CGRect(x: 0, y: 0, width: 34, height: 24)
            card.position = CGPoint(x: 17 + CGFloat(i % columns) * 35.5, y: 12 + CGFloat(i / columns) * 25)
            card.backgroundColor = CGColor(red: 0.23, green: 0.53, blue: 1, alpha: 1)
            card.cornerRadius = 6
            card.borderWidth = 2
            card.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.5)
            card.shadowOpacity = 0.6
            card.shadowRadius = 4
            card.shadowOffset = CGSize(width: 0, height: 4)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 500
            card.transform = perspective
            let turn = CABasicAnimation(keyPath: "transform.rotation.y")
            turn.fromValue = 0
            turn.toValue = 2 * Double.pi
            turn.duration = 4
            turn.beginTime = -Double(i % 40) / 10
            turn.repeatCount = .infinity
            card.add(turn, forKey: "turn")
            root.addSublayer(card)
        }
        return root
    }
}
