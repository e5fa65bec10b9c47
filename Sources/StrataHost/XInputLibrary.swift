internal import CGLFW.X11
import Foundation

/// The four libXi functions the gesture reader calls, loaded when first
/// needed, as GLFW loads libXi itself: Strata does not link libXi, so a
/// machine without it (a headless server) still runs everything else, and a
/// window there reports that it has no trackpad gestures.
struct XInputLibrary: @unchecked Sendable {
    // @unchecked Sendable: C function pointers into a library that stays loaded.
    typealias QueryVersion =
        @convention(c) (
            OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
        ) -> Int32
    typealias SelectEvents = @convention(c) (OpaquePointer?, Window, UnsafeMutablePointer<XIEventMask>?, Int32) -> Int32
    typealias QueryDevice =
        @convention(c) (
            OpaquePointer?, Int32, UnsafeMutablePointer<Int32>?
        ) -> UnsafeMutablePointer<XIDeviceInfo>?
    typealias FreeDeviceInfo = @convention(c) (UnsafeMutablePointer<XIDeviceInfo>?) -> Void

    let queryVersion: QueryVersion
    let selectEvents: SelectEvents
    let queryDevice: QueryDevice
    let freeDeviceInfo: FreeDeviceInfo

    /// libXi, or nil where it cannot be loaded (never unloaded once it is).
    static let shared: XInputLibrary? = {
        guard let handle = dlopen("libXi.so.6", RTLD_LAZY | RTLD_LOCAL) ?? dlopen("libXi.so", RTLD_LAZY | RTLD_LOCAL)
        else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let queryVersion = symbol("XIQueryVersion", as: QueryVersion.self),
            let selectEvents = symbol("XISelectEvents", as: SelectEvents.self),
            let queryDevice = symbol("XIQueryDevice", as: QueryDevice.self),
            let freeDeviceInfo = symbol("XIFreeDeviceInfo", as: FreeDeviceInfo.self)
        else {
            dlclose(handle)
            return nil
        }
        return XInputLibrary(
            queryVersion: queryVersion, selectEvents: selectEvents, queryDevice: queryDevice,
            freeDeviceInfo: freeDeviceInfo)
    }()
}
