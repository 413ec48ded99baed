#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The work a second thread runs, handed to it through `pthread_create`'s context pointer.
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

/// The stack a helper thread gets: what the caller's thread typically has on Linux, so work
/// moved to it meets the same recursion bounds.
private let helperStackSize = 8 << 20

/// Runs `second` on a new thread while `first` runs on this one, and returns once both have.
/// When no thread can be started, `second` runs here after `first`. The two must not touch
/// the same mutable state.
func concurrently(_ first: () -> Void, _ second: () -> Void) {
    withoutActuallyEscaping(second) { second in
        let work = Unmanaged.passRetained(ThreadWork(second))
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, helperStackSize)
        defer { pthread_attr_destroy(&attributes) }
        #if canImport(Darwin)
        var thread: pthread_t? = nil
        #else
        var thread = pthread_t()
        #endif
        // The thread starts with every signal blocked (it inherits this thread's mask), so
        // the host's signals keep going to the host's own threads.
        var all = sigset_t(), previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        let started = pthread_create(&thread, &attributes, { context in runThreadWork(context) }, work.toOpaque()) == 0
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        first()
        if started {
            #if canImport(Darwin)
            if let thread { pthread_join(thread, nil) }
            #else
            pthread_join(thread, nil)
            #endif
        } else {
            work.takeRetainedValue().body()
        }
    }
}
