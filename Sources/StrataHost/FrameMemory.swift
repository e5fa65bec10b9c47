internal import CStrataRuntime

/// The process's malloc, tuned once for a frame loop when the first host is
/// made: every frame allocates and frees the same memory again (the
/// rasterizer's bins and scenes, path bitmaps, instance data), and glibc by
/// default hands a freed heap top or a large block back to the kernel at
/// once, so the next frame faults the same pages in again. On
/// `android_spacehub`'s small passes that was 100 page faults a frame. Kept:
/// up to 128 MB of freed heap, blocks up to 32 MB from the heap. glibc's own
/// `MALLOC_*_` variables and `GLIBC_TUNABLES` turn this off.
package enum FrameMemory {
    /// Whether the tuning was applied (it is asked for once).
    package static let tuned: Bool = strata_keep_freed_heap(128 << 20, 32 << 20, 16 << 20) != 0
}
