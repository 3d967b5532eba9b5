import AirdateCore
import ArgumentParser
import CommandLineSupport
import CountdownKit
import Foundation
import AirdateStore

/// `countdowns live`: a live view that redraws once a second and at once when the database changes,
/// whichever process changed it.
struct Live: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a live, ticking view (Ctrl-C to stop).",
        discussion: """
        On a terminal each frame replaces the last, once a second; the heading is bold unless NO_COLOR \
        is set (NO_COLOR removes colour only: the view still redraws). When standard output is a pipe \
        or a file, frames follow one another, separated by an empty line, with no terminal control \
        codes. A frame that would repeat the last one is not drawn. Lines fit the terminal's width.
        """)

    @OptionGroup var common: CommonOptions
    @Option(help: "Only countdowns with this tag.") var tag: String?
    @Option(help: "Group by \(Input.groupingNames).") var group: String?
    @Option(parsing: .unconditional, help: "Stop after this many redraws, counting the ticks and each change (default: run until interrupted).") var frames: Int?
    @Option(parsing: .unconditionalSingleValue, help: "Also remind this many minutes before each countdown (repeatable).") var remind: [Int] = []

    func run() async throws {
        if let frames { try Input.check(frames, option: "--frames", in: 1...Int.max) }
        for minutes in remind { try Input.check(minutes, option: "--remind", in: CommonOptions.reminderMinutes) }
        let viewerClock = try common.clock()
        let zone = viewerClock.timeZone
        let userZone = common.userZone
        let grouping = try Input.grouping(group, option: "--group")
        var filter: CountdownFilter = .scope(.active)
        if let tag { filter = .and([filter, .hasTag(try Input.tag(tag, option: "--tag"))]) }
        let terminal = Terminal.current()
        // A view: the database is read and followed, never written, and never created.
        guard let store = try common.openExistingStore() else {
            print("(no countdowns) — add one with `countdowns add TITLE YYYY-MM-DD`.")
            return
        }

        // The latest snapshot from the store's observation, shared with the drawing loop. The
        // observation also sees countdowns other processes add (within a quarter of a second), and
        // each change redraws at once instead of at the next tick; its first value (the list already
        // read) and values equal to the last draw nothing.
        let latest = Snapshot()
        _ = await latest.set(try await store.all())
        let (redraws, redraw) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let following = Task {
            do {
                for try await countdowns in store.observe() {
                    if await latest.set(countdowns) { redraw.yield() }
                }
            } catch {
                await latest.alert("No longer following the database: \(ErrorLine.text(for: error))")
                redraw.yield()
            }
        }
        // Reminders: due, and `--remind` minutes before, following the same database.
        let scheduler = try ReminderScheduler(clock: viewerClock.inTimeZone(userZone), leadTimes: remind.map { .seconds($0 * 60) })
        let scheduling = Task { try await scheduler.follow(store.observe()) }
        let alerting = Task {
            for await reminder in scheduler.reminders {
                let when: String
                switch reminder.kind {
                case .due: when = "is due now"
                case .ahead(let lead):
                    when = "is \(Plural.count(Int(lead.components.seconds / 60), "minute")) away"
                }
                // The bell only where a person hears it.
                await latest.alert("\(terminal.controlsScreen ? "\u{7}" : "")⏰ \(reminder.countdown.title.terminalSafe) \(when)")
                redraw.yield()
            }
        }
        // Once a second, on the second of the viewer's clock, so that the times tick.
        let ticking = Task {
            while !Task.isCancelled {
                redraw.yield()
                let now = viewerClock.now.timeIntervalSince1970
                try await viewerClock.sleep(until: Date(timeIntervalSince1970: now.rounded(.down) + 1))
            }
        }
        defer {
            following.cancel()
            scheduling.cancel()
            alerting.cancel()
            ticking.cancel()
            redraw.finish()
        }

        var frame = 0
        var lastScreen = ""
        for await _ in redraws {
            if let frames, frame >= frames { break }
            let reference = viewerClock.frozen()
            let archiveClock = reference.inTimeZone(userZone)
            let current = await latest.countdowns.map { $0.current(at: archiveClock) }
            let shown = CountdownSort(.date).sorted(filter.filter(current, at: reference), in: zone)
            let width = Terminal.current().lineWidth
            var body = terminal.bold("countdowns — \(Self.heading(reference))".fitted(toWidth: width)) + "\n\n"
            body += Rendering.lines(shown, grouping: grouping, at: reference, userZone: userZone, withSeconds: true, width: width)
                .joined(separator: "\n")
            let alerts = await latest.alerts
            if !alerts.isEmpty { body += "\n\n" + alerts.map { $0.fitted(toWidth: width) }.joined(separator: "\n") }
            // The same picture twice (a change and a tick within one second) is drawn once.
            guard body != lastScreen else { continue }
            lastScreen = body
            // On a terminal: home and clear, then the frame; elsewhere frames are separated by an empty line.
            let screen = (terminal.controlsScreen ? "\u{1B}[H\u{1B}[2J" : (frame > 0 ? "\n" : "")) + body
            // Written at once (not buffered), so that a pipe sees each frame as it is drawn.
            FileHandle.standardOutput.write(Data((screen + "\n").utf8))
            frame += 1
        }
    }

    /// `2026-11-24 10:00:00 Europe/Berlin`.
    static func heading(_ clock: ViewerClock) -> String {
        let local = LocalDateTime(containing: clock.now, in: clock.timeZone)
        return "\(local.day) \(local.time.description.count == 5 ? local.time.description + ":00" : local.time.description) \(clock.timeZone.identifier)"
    }
}

/// The newest list of countdowns seen, and the latest reminders.
actor Snapshot {
    private(set) var countdowns: [Countdown] = []
    private(set) var alerts: [String] = []
    /// Keeps `value`; whether it differs from the last one.
    func set(_ value: [Countdown]) -> Bool {
        guard value != countdowns else { return false }
        countdowns = value
        return true
    }
    func alert(_ line: String) { alerts = Array((alerts + [line]).suffix(5)) }
}

/// `countdowns watch`: the former spelling of `live`, still understood and left out of the help
/// ("watch" means recording a watch everywhere else).
struct WatchAlias: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: Live.configuration.abstract, shouldDisplay: false)

    @OptionGroup var live: Live

    func run() async throws {
        try await live.run()
    }
}
