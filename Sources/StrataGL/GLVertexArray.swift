internal import CEpoxy

/// A vertex array object: which buffers feed which attribute locations, and the
/// index buffer.
///
/// Keeps the `GLBuffer`s attached to it alive. Create and use with the context
/// current; see `GLContext` for when the GL object is deleted.
package final class GLVertexArray: @unchecked Sendable {
    // @unchecked Sendable: `attached` is only touched while the owning context is
    // current, which hosts grant to one thread at a time.

    /// The GL vertex array name.
    package let name: UInt32
    /// The name in messages and GL debuggers.
    package let label: String

    private weak var context: GLContext?
    private var attached: [ObjectIdentifier: GLBuffer] = [:]

    /// An empty vertex array. Leaves it bound.
    package init(context: GLContext, label: String) throws(GLError) {
        context.requireCurrent("GLVertexArray(\(label))")
        var name: GLuint = 0
        sglGenVertexArrays(1, &name)
        context.didCreate(.vertexArray(name))
        self.name = name
        self.label = label
        self.context = context
        sglBindVertexArray(name)
        context.setDebugLabel(label, identifier: GL_VERTEX_ARRAY, name: name)
        try context.checkError(label: label, operation: "creating a vertex array")
    }

    deinit {
        context?.scheduleDeletion(.vertexArray(name))
    }

    /// Binds the vertex array.
    package func bind() {
        assert(context?.isCurrent ?? false, "GLVertexArray \(label): its context is not current")
        sglBindVertexArray(name)
    }

    /// Feeds `attributes` from `buffer`, whose vertices (or instances) are `stride`
    /// bytes apart. Leaves the vertex array and the buffer bound.
    package func setAttributes(_ attributes: [GLVertexAttribute], buffer: GLBuffer, stride: Int) {
        precondition(stride > 0, "GLVertexArray \(label): stride must be positive")
        precondition(buffer.target == .vertex, "GLVertexArray \(label): \(buffer.label) is not a vertex buffer")
        bind()
        buffer.bind()
        attached[ObjectIdentifier(buffer)] = buffer
        for attribute in attributes {
            let offset = UnsafeRawPointer(bitPattern: attribute.offset)
            sglEnableVertexAttribArray(attribute.location)
            if attribute.isInteger {
                sglVertexAttribIPointer(
                    attribute.location, GLint(attribute.components), attribute.type.glType,
                    GLsizei(stride), offset)
            } else {
                sglVertexAttribPointer(
                    attribute.location, GLint(attribute.components), attribute.type.glType,
                    GLboolean(attribute.normalized ? GL_TRUE : GL_FALSE), GLsizei(stride),
                    offset)
            }
            sglVertexAttribDivisor(attribute.location, GLuint(attribute.divisor))
        }
    }

    /// Makes `buffer` the index buffer. Leaves the vertex array bound.
    package func setIndexBuffer(_ buffer: GLBuffer) {
        precondition(buffer.target == .index, "GLVertexArray \(label): \(buffer.label) is not an index buffer")
        bind()
        buffer.bind()
        attached[ObjectIdentifier(buffer)] = buffer
    }
}
