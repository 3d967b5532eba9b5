#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AirdateLocking
public import Foundation

/// A child process started with `posix_spawn`, for tests that run the package's programs.
///
/// Tests do not use Foundation's `Process`: on Linux its `run()` crashed now and then (SIGSEGV in a
/// `memcpy`) while other threads of the test process opened and closed files. `posix_spawn` does the
/// whole start in the C library: the child's standard streams are opened *in the child* from file
/// paths, every other descriptor is closed there, and the parent creates no pipe and walks no
/// descriptor table. Output goes to files, so no pipe can fill up and no thread blocks reading one.
public final class SpawnedProcess: Sendable {
    /// Where one of the child's standard streams comes from or goes to.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A file: read for standard input; created or truncated for output.
        case file(String)
    }

    /// The child's process identifier.
    public let pid: pid_t
    /// The exit status once reaped.
    private let reaped = LockBox<Int32?>(nil)
    /// The command, as a hang names it.
    private let command: String

    /// Starts `executable` (an absolute path) with `arguments` and exactly `environment`.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String],
        directory: String? = nil, input: Stream = .null, output: Stream = .null, error: Stream = .null
    ) throws {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        if let directory {
            // Before the opens, so that relative stream paths mean what they would to the child.
            #if canImport(Darwin)
            let status = posix_spawn_file_actions_addchdir_np(&actions, directory)
            #else
            let status = GNUSpawnActions.addChdir.map { $0(&actions, directory) } ?? ENOSYS
            #endif
            guard status == 0 else { throw SpawnError(executable: executable, code: status, step: "chdir to \(directory)") }
        }
        for (descriptor, stream, flags) in [(Int32(0), input, O_RDONLY), (1, output, O_WRONLY | O_CREAT | O_TRUNC), (2, error, O_WRONLY | O_CREAT | O_TRUNC)] {
            let path: String
            switch stream {
            case .null: path = "/dev/null"
            case .file(let file): path = file
            }
            let status = posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, 0o644)
            guard status == 0 else { throw SpawnError(executable: executable, code: status, step: "open \(path)") }
        }
        #if !canImport(Darwin)
        // Only descriptors 0–2 (set up above) reach the child; Darwin does this with
        // POSIX_SPAWN_CLOEXEC_DEFAULT below.
        _ = GNUSpawnActions.addCloseFrom.map { $0(&actions, 3) }
        #endif
        // The child starts with default signal handling, whatever the test runner installed.
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noneBlocked = sigset_t()
        sigemptyset(&noneBlocked)
        posix_spawnattr_setsigmask(&attributes, &noneBlocked)
        #if canImport(Darwin)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        #else
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        #endif

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw SpawnError(executable: executable, code: status, step: "start") }
        pid = child
        command = ([URL(fileURLWithPath: executable).lastPathComponent] + arguments).joined(separator: " ")
    }

    /// Whether the child is still running (it is reaped as soon as it has ended).
    public var isRunning: Bool { poll() == nil }

    /// Sends `signal` to the child unless it has already been reaped.
    public func kill(_ signal: Int32 = SIGKILL) {
        let pid = pid
        reaped.withLock { reaped in
            if reaped == nil { _ = Foundation.kill(pid, signal) }
        }
    }

    /// Waits for the child to end and returns its exit status (128 + the signal's number if a signal
    /// ended it). The wait polls without blocking a thread (Swift's concurrency has few of them) and
    /// is bounded: past `bound` the child is killed and ``HangError`` names `what` (by default the
    /// command). Cancelling the waiting task kills the child too.
    public func wait(within bound: Duration = hangBound, what: String? = nil) async throws -> Int32 {
        let clock = ContinuousClock()
        let deadline = clock.now + bound
        var pause = 1
        while true {
            if let status = poll() { return status }
            if clock.now >= deadline {
                kill(SIGKILL)
                throw HangError(what ?? "the process `\(command)` to end", after: bound)
            }
            do {
                try await Task.sleep(for: .milliseconds(pause))
            } catch {
                kill(SIGKILL)
                throw error
            }
            pause = min(pause * 2, 20)
        }
    }

    /// The exit status if the child has ended; reaps it the first time.
    private func poll() -> Int32? {
        let pid = pid
        return reaped.withLock { reaped -> Int32? in
            if let reaped { return reaped }
            var raw: Int32 = 0
            let result = waitpid(pid, &raw, WNOHANG)
            if result == 0 { return nil }
            if result < 0 {
                // Nobody else waits for these children, so this is ECHILD after an outside reap.
                reaped = -1
                return reaped
            }
            let signal = raw & 0x7f
            reaped = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
            return reaped
        }
    }
}

#if !canImport(Darwin)
/// glibc's `posix_spawn_file_actions_addchdir_np` and `…_addclosefrom_np` (2.29 and 2.34), looked up
/// at run time: Swift imports `<spawn.h>` without `_GNU_SOURCE`, which hides their declarations.
private enum GNUSpawnActions {
    typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    static let addChdir: AddChdir? = lookUp("posix_spawn_file_actions_addchdir_np")
    static let addCloseFrom: AddCloseFrom? = lookUp("posix_spawn_file_actions_addclosefrom_np")

    private static func lookUp<Function>(_ name: String) -> Function? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }
}
#endif

/// `posix_spawn` or one of its set-up steps failed.
public struct SpawnError: Error, CustomStringConvertible {
    /// The program that was to start.
    public var executable: String
    /// The `errno` value.
    public var code: Int32
    /// What failed.
    public var step: String

    public var description: String {
        "could not start \(executable) (\(step)): \(String(cString: strerror(code)))"
    }
}
