internal import CEpoxy

/// One vertex or instance attribute: its GLSL name, location and layout in a buffer.
///
/// Declare each attribute once on the Swift side (a `static let` array); the same
/// list binds names to locations when a program links
/// (`ShaderLibrary.program(vertex:fragment:attributes:)`) and points the
/// vertex array at the buffer (`GLVertexArray.setAttributes(_:buffer:stride:)`).
package struct GLVertexAttribute: Hashable, Sendable {
    /// The type of each component in the buffer.
    package enum ComponentType: Hashable, Sendable {
        /// 32-bit float.
        case float
        /// 16-bit float.
        case halfFloat
        /// 8-bit unsigned integer.
        case unsignedByte
        /// 8-bit signed integer.
        case byte
        /// 16-bit unsigned integer.
        case unsignedShort
        /// 16-bit signed integer.
        case short
        /// 32-bit unsigned integer.
        case unsignedInt
        /// 32-bit signed integer.
        case int

        /// The GL type enum.
        var glType: GLenum {
            switch self {
            case .float: GLenum(GL_FLOAT)
            case .halfFloat: GLenum(GL_HALF_FLOAT)
            case .unsignedByte: GLenum(GL_UNSIGNED_BYTE)
            case .byte: GLenum(GL_BYTE)
            case .unsignedShort: GLenum(GL_UNSIGNED_SHORT)
            case .short: GLenum(GL_SHORT)
            case .unsignedInt: GLenum(GL_UNSIGNED_INT)
            case .int: GLenum(GL_INT)
            }
        }
    }

    /// The `in` variable's name in the vertex shader: `a_position`.
    package var name: String
    /// The location bound to `name` before linking.
    package var location: UInt32
    /// Components per vertex, 1 to 4.
    package var components: Int
    /// Component type in the buffer.
    package var type: ComponentType
    /// Byte offset of the first component within one vertex or instance.
    package var offset: Int
    /// Whether integer components are mapped to 0…1 (unsigned) or -1…1 (signed) floats.
    package var normalized: Bool
    /// Whether the shader reads integers (`ivec`, `uvec`: `glVertexAttribIPointer`).
    package var isInteger: Bool
    /// 0: advances per vertex; n: advances every n instances.
    package var divisor: Int

    /// An attribute; by default a per-vertex float attribute.
    package init(
        _ name: String, location: UInt32, components: Int, type: ComponentType = .float,
        offset: Int, normalized: Bool = false, isInteger: Bool = false, divisor: Int = 0
    ) {
        precondition((1...4).contains(components), "GLVertexAttribute \(name): components must be 1…4")
        precondition(offset >= 0 && divisor >= 0, "GLVertexAttribute \(name): negative offset or divisor")
        precondition(
            !(isInteger && (type == .float || type == .halfFloat)),
            "GLVertexAttribute \(name): integer attributes need an integer component type")
        self.name = name
        self.location = location
        self.components = components
        self.type = type
        self.offset = offset
        self.normalized = normalized
        self.isInteger = isInteger
        self.divisor = divisor
    }
}
