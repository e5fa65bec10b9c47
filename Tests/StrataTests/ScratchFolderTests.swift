import Foundation
import Testing
import _StrataTestSupport

/// The scratch folder suites keep per test is made when it is, and removed
/// with what it holds when the last reference goes.
@Suite struct ScratchFolderTests {
    @Test func theFolderAndItsFilesGoWithTheLastReference() throws {
        var scratch: ScratchFolder? = ScratchFolder("strata-scratch-test")
        let url = try #require(scratch).url
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue)
        try Data("x".utf8).write(to: try #require(scratch).appendingPathComponent("file.txt"))
        #expect(url.lastPathComponent.hasPrefix("strata-scratch-test-"))
        scratch = nil
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
