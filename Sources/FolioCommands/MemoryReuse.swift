import Foundation

/// A job allocates and frees buffers of several megabytes for every photo (decoded pixels,
/// Cairo surfaces, encoded JPEGs). By default glibc maps each from the kernel and unmaps it when
/// freed, so the next photo faults fresh zeroed pages in again: about a quarter of a job's CPU
/// time went there. Served from the heap and kept on free, the same pages are reused; the peak
/// stays what one photo per thread needs.
enum MemoryReuse {
    // <malloc.h> is not in Swift's Glibc module: mallopt and its two parameters, declared here.
    @_silgen_name("mallopt") private static func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
    private static let trimThreshold: Int32 = -1
    private static let mmapThreshold: Int32 = -3

    static func keepFreedBuffers() {
        // 32 MB is glibc's largest mmap threshold on 64-bit machines.
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(trimThreshold, 256 << 20)
    }
}
