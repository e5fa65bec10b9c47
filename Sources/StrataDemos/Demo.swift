import Foundation
import Strata
import StrataHost

/// An interactive effect built with Strata's public API, as an iOS app would
/// write it with QuartzCore (and gesture recognizers standing in for UIKit's).
///
/// A demo owns a layer tree sized to the window; a ``DemoSession`` drives it
/// frame by frame from any input source (a window, a recording, a script).
public protocol Demo: AnyObject {
    /// The name `strata demo NAME` takes.
    static var name: String { get }
    /// One line on what it shows and how to drive it.
    static var summary: String { get }

    /// Builds the demo's layers for a window of `size` points.
    init(size: CGSize)

    /// The root of the demo's tree, filling the window.
    var rootLayer: CALayer { get }
    /// The window's colour behind the tree.
    var background: CGColor { get }

    /// Attaches the demo's gesture recognizers and lists what the gamepad can focus.
    func attach(to router: GestureRouter)
    /// Lays the layers out again for a window of `size` points at
    /// `contentScale` pixels per point (called with actions disabled).
    func layout(in size: CGSize, contentScale: CGFloat)
    /// Called once a frame before the tree is drawn, at `time`.
    func update(at time: Double)
    /// A key went down; returns whether the demo used it.
    func keyPressed(_ key: Key) -> Bool
}

extension Demo {
    public func update(at time: Double) {}
    public func keyPressed(_ key: Key) -> Bool { false }
}

/// The demos `strata demo` knows, in the order `--list` shows them.
public enum DemoCatalog {
    /// Every demo type.
    public static var all: [any Demo.Type] {
        [
            PageFoldDemo.self, CarouselDemo.self, CardFoldDemo.self, SideMenuDemo.self, GalleryDemo.self,
            ChartDemo.self, ConfettiDemo.self,
        ]
    }

    /// The demo called `name`, if there is one.
    public static func demo(named name: String) -> (any Demo.Type)? {
        all.first { $0.name == name }
    }
}
