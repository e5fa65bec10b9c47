import Foundation
import Strata

/// Layer trees the benchmarks measure.
enum BenchmarkScenes {
    /// `count` rounded, bordered, background-coloured layers in a grid on a canvas of `size`.
    static func grid(_ count: Int, size: CGSize) -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        let columns = max(1, Int(Double(count).squareRoot().rounded(.up)))
        let cell = min(size.width, size.height) / CGFloat(columns)
        for i in 0..<count {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: cell * 0.8, height: cell * 0.8)
            l.position = CGPoint(x: cell * (CGFloat(i % columns) + 0.5), y: cell * (CGFloat(i / columns) + 0.5))
            l.backgroundColor = CGColor(red: CGFloat(i % 13) / 13, green: 0.4, blue: CGFloat(i % 7) / 7, alpha: 1)
            l.cornerRadius = cell * 0.2
            l.borderWidth = max(1, cell * 0.05)
            l.borderColor = CGColor(gray: 1, alpha: 0.8)
            root.addSublayer(l)
        }
        return root
    }
}

extension BenchmarkScenes {
    /// `count` rounded cards with soft shadows (σ = `shadowRadius`), scattered over `size`.
    static func shadowedCards(_ count: Int, size: CGSize, shadowRadius: CGFloat) -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        let columns = max(1, Int(Double(count).squareRoot().rounded(.up)))
        let cellW = size.width / CGFloat(columns), cellH = size.height / CGFloat((count + columns - 1) / columns)
        for i in 0..<count {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: cellW * 0.6, height: cellH * 0.6)
            l.position = CGPoint(x: cellW * (CGFloat(i % columns) + 0.5), y: cellH * (CGFloat(i / columns) + 0.5))
            l.backgroundColor = CGColor(gray: 0.95, alpha: 1)
            l.cornerRadius = min(cellW, cellH) * 0.12
            l.shadowOpacity = 0.6
            l.shadowRadius = shadowRadius
            l.shadowOffset = CGSize(width: 0, height: 4)
            root.addSublayer(l)
        }
        return root
    }
}
