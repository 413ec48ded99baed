#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The work a thread `concurrently` starts runs, handed to it through `pthread_create`'s
/// context pointer.
private final class ThreadWork: @unchecked Sendable {  // read by the thread it is handed to, then by none
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// The body of a thread `concurrently` starts: runs its `ThreadWork` and lets it go. (The
/// context is optional on Linux and not on Darwin; a function taking an optional serves both.)
private func runThreadWork(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<ThreadWork>.fromOpaque(context).takeRetainedValue().body()
    return nil
}

/// The stack a thread `concurrently` starts gets: what the caller's thread typically has on
/// Linux, so work moved to it meets the same recursion bounds.
private let helperStackSize = 8 << 20

/// Runs `first` and `second` on two new threads, and returns once both have. The calling
/// thread only waits: the Swift runtime's locks know a thread by an id each thread keeps
/// once read, and in a child made by fork() the thread that forked still holds its parent's
/// id; a runtime lock it contended with another thread would then never be taken (both
/// threads would spin), so it never runs beside one. Threads started here read their own.
/// When a thread cannot be started, its work runs here, after the other thread is done.
/// The two must not touch the same mutable state.
package func concurrently(_ first: () -> Void, _ second: () -> Void) {
    withoutActuallyEscaping(first) { first in
        withoutActuallyEscaping(second) { second in
            // The threads start with every signal blocked (they inherit this thread's mask),
            // so the host's signals keep going to the host's own threads.
            var all = sigset_t(), previous = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_SETMASK, &all, &previous)
            let one = startThread(first)
            let two = one == nil ? nil : startThread(second)
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            if let one { pthread_join(one, nil) } else { first() }
            if let two { pthread_join(two, nil) } else { second() }
        }
    }
}

/// A thread running `body`, or nil when none could be started (`body` is then not run).
private func startThread(_ body: @escaping () -> Void) -> pthread_t? {
    let work = Unmanaged.passRetained(ThreadWork(body))
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, helperStackSize)
    defer { pthread_attr_destroy(&attributes) }
    #if canImport(Darwin)
    var thread: pthread_t? = nil
    #else
    var thread = pthread_t()
    #endif
    guard pthread_create(&thread, &attributes, { context in runThreadWork(context) }, work.toOpaque()) == 0 else {
        work.release()
        return nil
    }
    return thread
}
