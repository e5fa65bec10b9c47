import Foundation

#if !canImport(CoreGraphics)
    /// A two-dimensional vector, as in Core Graphics (velocities, offsets, physics).
    ///
    /// swift-corelibs-foundation has `CGPoint`, `CGSize` and `CGRect` but no
    /// `CGVector`; this is Core Graphics' type with its Swift overlay: the same
    /// initializers, `zero`, `(dx, dy)` as its debug description, and Codable as
    /// an unkeyed `[dx, dy]`, so archives match Apple's.
    public struct CGVector: Hashable, Sendable {
        /// The x component of the vector.
        public var dx: CGFloat
        /// The y component of the vector.
        public var dy: CGFloat

        /// A vector whose components are both zero.
        @inlinable public init() { self.init(dx: 0, dy: 0) }

        /// A vector with the given components.
        @inlinable public init(dx: CGFloat, dy: CGFloat) {
            self.dx = dx
            self.dy = dy
        }

        /// A vector with the given components.
        @inlinable public init(dx: Double, dy: Double) { self.init(dx: CGFloat(dx), dy: CGFloat(dy)) }

        /// A vector with the given components.
        @inlinable public init(dx: Int, dy: Int) { self.init(dx: CGFloat(dx), dy: CGFloat(dy)) }

        /// The vector whose components are both zero.
        public static var zero: CGVector { CGVector(dx: 0, dy: 0) }
    }

    extension CGVector: CustomDebugStringConvertible {
        /// `(dx, dy)`, as Core Graphics' overlay prints it.
        public var debugDescription: String { "(\(dx), \(dy))" }
    }

    extension CGVector: Codable {
        /// Decodes `[dx, dy]` (an unkeyed container, as Core Graphics' overlay writes it).
        public init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            let dx = try container.decode(CGFloat.self)
            let dy = try container.decode(CGFloat.self)
            self.init(dx: dx, dy: dy)
        }

        /// Encodes `[dx, dy]`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(dx)
            try container.encode(dy)
        }
    }
#endif
