import Foundation

/// Starts child processes one at a time across the test process. Foundation's `Process.run()` on
/// Linux is not safe to call from several threads at once (concurrent launches were seen to crash in
/// its argument and environment copying), so every test that starts a program goes through here;
/// only the launch is serialised, the programs then run side by side.
public enum ProcessLaunch {
    private static let lock = NSLock()

    /// Calls `process.run()` while no other test is launching a process.
    public static func run(_ process: Process) throws {
        lock.lock()
        defer { lock.unlock() }
        try process.run()
    }
}
