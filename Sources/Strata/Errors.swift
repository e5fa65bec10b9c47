import Foundation

// Every error the Strata module throws for input from outside (files, images,
// path data, scene files), with its message, in one place so the wording stays
// consistent. Programmer mistakes are preconditions, not errors.

// MARK: - Images

/// An image file that could not be read or decoded.
public struct ImageError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file (or label) the image came from.
    public let file: String
    /// What went wrong.
    public let reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}

// MARK: - Path data

/// SVG path data that could not be parsed.
public struct PathDataError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Offset of the offending character in the path data.
    public let offset: Int
    /// What went wrong.
    public let reason: String

    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "path data at offset \(offset): \(reason)" }
}

// MARK: - Scene files

/// A scene file that could not be read: the field's path in the tree and what is wrong.
public struct SceneError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Where: `root.sublayers[2].transform[1]`, or the file for file-level errors.
    public let path: String
    /// What went wrong: `unknown op "rotat"`.
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
