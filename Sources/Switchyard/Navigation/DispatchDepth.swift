#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How deep dispatches are nested on the calling thread. A handler may dispatch (a link's
/// `?next=` opening another link), and each level keeps a few KiB of stack, so a URL that
/// nests itself could otherwise run the thread out of stack and kill the process. The count
/// is per thread, so that it holds across routers and across the C and Python entry points.
enum DispatchDepth {
    /// Nested dispatches allowed on one thread: at about 4 KiB of stack a level, 32 levels
    /// fit in a 512 KiB thread stack with room left for the handlers' own frames.
    static let limit = 32

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static var current: Int {
        get { Int(bitPattern: pthread_getspecific(key)) }
        set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
    }

    /// Runs `body` one level deeper, or throws a limit error when that would pass `limit`.
    static func enter<R>(_ body: () throws -> R) throws -> R {
        let depth = current
        guard depth < limit else {
            throw SwitchyardError(.limit, "dispatch depth limit: dispatches nest at most \(limit) deep on one thread "
                                  + "(a handler that dispatches a link, which dispatches another...)")
        }
        current = depth + 1
        defer { current = depth }
        return try body()
    }
}
