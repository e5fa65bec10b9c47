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

extension PathDataError {
    // The wording of every SVG path data error, in one place.

    static func missingMove(at offset: Int, found: String) -> PathDataError {
        PathDataError(offset: offset, reason: "path data must start with a move (M or m), found \"\(found)\"")
    }

    static func unexpected(at offset: Int, found: String) -> PathDataError {
        PathDataError(offset: offset, reason: "expected a command letter, found \"\(found)\"")
    }

    static func expectedNumber(at offset: Int, found: String?, command: String) -> PathDataError {
        let what = found.map { "found \"\($0)\"" } ?? "found the end"
        return PathDataError(offset: offset, reason: "expected a number for \"\(command)\", \(what)")
    }

    static func expectedFlag(at offset: Int, found: String?) -> PathDataError {
        let what = found.map { "found \"\($0)\"" } ?? "found the end"
        return PathDataError(offset: offset, reason: "expected an arc flag (0 or 1), \(what)")
    }

    static func outOfRange(at offset: Int, number: String) -> PathDataError {
        PathDataError(offset: offset, reason: "number \"\(number)\" is out of range")
    }

    static func numberAfterClose(at offset: Int) -> PathDataError {
        PathDataError(offset: offset, reason: "a number cannot follow \"Z\"; expected a command letter")
    }
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
