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

extension ImageError {
    /// The file does not exist.
    static func notFound(_ file: String) -> ImageError {
        ImageError(file: file, reason: "no such file")
    }

    /// The file exists but could not be read (permissions, a directory, I/O).
    static func unreadable(_ file: String, _ why: String) -> ImageError {
        ImageError(file: file, reason: "cannot read the file: \(why)")
    }

    /// The file is larger than any image Strata decodes could come from.
    static func fileTooLarge(_ file: String, bytes: Int, limit: Int) -> ImageError {
        ImageError(file: file, reason: "the file is \(bytes) bytes, over the \(limit)-byte limit")
    }

    /// The image's size is over the decoding limits.
    static func imageTooLarge(_ file: String, width: Int, height: Int, maxDimension: Int, maxBytes: Int) -> ImageError {
        ImageError(file: file, reason: "the image is \(width)×\(height) pixels; images may be at most "
                   + "\(maxDimension)×\(maxDimension) and \(maxBytes) bytes decoded")
    }

    /// libpng rejected the data (not a PNG, corrupt, truncated); `message` is libpng's.
    static func invalidPNG(_ file: String, _ message: String) -> ImageError {
        ImageError(file: file, reason: "not a valid PNG file: \(message.isEmpty ? "unknown libpng error" : message)")
    }

    /// The image could not be encoded as PNG.
    static func cannotEncode(_ file: String, _ why: String) -> ImageError {
        ImageError(file: file, reason: "cannot encode as PNG: \(why)")
    }

    /// The encoded PNG could not be written.
    static func cannotWrite(_ file: String, _ why: String) -> ImageError {
        ImageError(file: file, reason: "cannot write the file: \(why)")
    }
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
