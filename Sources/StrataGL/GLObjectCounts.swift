/// How many GL objects of each kind a context holds: made and not yet deleted
/// (an object whose Swift owner has gone counts until `collectGarbage()`
/// deletes it). For soak tests and leak hunts; see `GLContext.liveObjects`.
public struct GLObjectCounts: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var textures = 0
    public var buffers = 0
    public var framebuffers = 0
    public var renderbuffers = 0
    public var vertexArrays = 0
    public var programs = 0

    public init() {}

    /// All of them together.
    public var total: Int { textures + buffers + framebuffers + renderbuffers + vertexArrays + programs }

    public var description: String {
        "\(textures) textures, \(buffers) buffers, \(framebuffers) framebuffers, \(renderbuffers) renderbuffers, "
            + "\(vertexArrays) vertex arrays, \(programs) programs"
    }

    /// Adds `delta` to the count of `name`'s kind.
    mutating func add(_ delta: Int, for name: GLObjectName) {
        switch name {
        case .texture: textures += delta
        case .buffer: buffers += delta
        case .framebuffer: framebuffers += delta
        case .renderbuffer: renderbuffers += delta
        case .vertexArray: vertexArrays += delta
        case .program: programs += delta
        }
    }
}
