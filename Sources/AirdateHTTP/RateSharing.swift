public import Foundation

/// Where the processes of one user meet to share their ``RateBudget``s: a server counts the
/// requests of a machine, not of one process, so two copies of a tool (or an app and its widget)
/// must draw on one budget or they overrun the limit together.
///
/// By default (``perUser``) every process of the user shares through a small folder of the user's
/// own — `$XDG_RUNTIME_DIR/airdate/rate` where that exists (Linux), otherwise `airdate/rate` in the
/// user's caches folder (`~/.cache` on Linux, `~/Library/Caches` on Apple platforms) — whether or
/// not the clients keep a disk cache. ``folder(_:)`` names another folder (an app group's
/// container, so that an iOS app and its extensions share); ``thisProcess`` keeps the budget to
/// the process.
///
/// ```swift
/// var configuration = TVMaze.defaultConfiguration
/// configuration.rateSharing = .folder(appGroup.appendingPathComponent("rate"))
/// ```
public struct RateSharing: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case perUser
        case folder(URL)
        case thisProcess
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// Every process of the user shares one budget per host, through ``perUserFolder(environment:)``
    /// (the default). A client timed by a clock other than `ContinuousClock` (a test clock) keeps a
    /// budget of its own instead.
    public static let perUser = RateSharing(.perUser)

    /// The processes that name `folder` share one budget per host through it (created if missing).
    public static func folder(_ folder: URL) -> RateSharing {
        RateSharing(.folder(folder))
    }

    /// The budget is this process's alone: clients of one host in the process still share it.
    public static let thisProcess = RateSharing(.thisProcess)

    /// The folder the budgets are shared through, or `nil` for ``thisProcess`` (and for
    /// ``perUser`` on a system where the user has no runtime or caches folder).
    public var folder: URL? {
        switch kind {
        case .perUser: return Self.perUserFolder()
        case .folder(let folder): return folder
        case .thisProcess: return nil
        }
    }

    /// Whether the folder was named explicitly (``folder(_:)``), as opposed to the user's default.
    var isExplicitFolder: Bool {
        if case .folder = kind { return true }
        return false
    }

    /// `$XDG_RUNTIME_DIR/airdate/rate` when `XDG_RUNTIME_DIR` names a folder, otherwise
    /// `airdate/rate` in the user's caches folder; `nil` when there is neither.
    ///
    /// - Parameter environment: the variables to read (the process's by default).
    public static func perUserFolder(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL? {
        var isFolder: ObjCBool = false
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"),
           FileManager.default.fileExists(atPath: runtime, isDirectory: &isFolder), isFolder.boolValue {
            return URL(fileURLWithPath: runtime, isDirectory: true)
                .appendingPathComponent("airdate", isDirectory: true).appendingPathComponent("rate", isDirectory: true)
        }
        guard let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first else { return nil }
        return caches.appendingPathComponent("airdate", isDirectory: true).appendingPathComponent("rate", isDirectory: true)
    }

    /// `per user`, `folder /path`, `this process`.
    public var description: String {
        switch kind {
        case .perUser: return "per user"
        case .folder(let folder): return "folder \(folder.path)"
        case .thisProcess: return "this process"
        }
    }
}
