import Foundation
import Synchronization

/// A job allocates and frees buffers of several megabytes for every photo (decoded pixels,
/// Cairo surfaces, encoded JPEGs). By default glibc maps each from the kernel and unmaps it when
/// freed, so the next photo faults fresh zeroed pages in again: about a quarter of a job's CPU
/// time went there. Served from the heap and kept on free, the same pages are reused; the peak
/// stays what one photo per thread needs. What a finished stage freed goes back at its end
/// (`giveBackFreed`), so the next stage's peak does not stand on the last one's.
public enum MemoryReuse {
    // <malloc.h> is not in Swift's Glibc module: mallopt, two of its parameters and malloc_trim, declared here.
    @_silgen_name("mallopt") private static func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
    @_silgen_name("malloc_trim") private static func mallocTrim(_ pad: Int) -> Int32
    private static let trimThreshold: Int32 = -1
    private static let mmapThreshold: Int32 = -3
    private static let keeping = Mutex(false)

    public static func keepFreedBuffers() {
        keeping.withLock { $0 = true }
        // 32 MB is glibc's largest mmap threshold on 64-bit machines.
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(trimThreshold, 256 << 20)
    }

    /// A set of volumes, once they are made: its EPUB is written while each volume's PDF is
    /// checked, and both free buffers of 128 KB to a few MB (streams, pages' text) all along.
    /// Served from heaps the volumes left full of small holes, they stood on about 25 MB more
    /// than mapped buffers do (issue 37; `folio-bench --volumes`). Mapped, each goes back when
    /// freed, for about 2 % more CPU. 128 KB is where glibc's own threshold starts (set, it
    /// stays there, which a job that keeps freed buffers undoes at its end: `endJob`).
    static func mapLargeBuffers() {
        _ = mallopt(mmapThreshold, 128 << 10)
    }

    /// After a job: buffers kept again, if the program keeps them, for the next job.
    static func endJob() {
        if keeping.withLock({ $0 }) { keepFreedBuffers() }
    }

    /// Every free page of every thread's heap back to the kernel: between the stages of a set,
    /// whose measuring, volumes and checks each free far more than the next one reuses.
    static func giveBackFreed() {
        _ = mallocTrim(0)
    }
}
