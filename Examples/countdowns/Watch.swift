import AirdateCore
import ArgumentParser
import CommandLineSupport
import CountdownKit
import Foundation
import AirdateStore

/// `countdowns watch`: a live view that redraws once a second and at once when the database changes,
/// whichever process changed it.
struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a live, ticking view (Ctrl-C to stop).",
        discussion: """
        On a terminal each frame replaces the last (and the heading is bold, unless NO_COLOR is set). \
        When standard output is a pipe or a file, frames follow one another, separated by an empty \
        line, with no terminal control codes.
        """)

    @OptionGroup var common: CommonOptions
    @Option(help: "Only countdowns with this tag.") var tag: String?
    @Option(help: "Group by \(Input.groupingNames).") var group: String?
    @Option(parsing: .unconditional, help: "Stop after this many redraws, counting the ticks and each change (default: run until interrupted).") var frames: Int?
    @Option(parsing: .unconditionalSingleValue, help: "Also remind this many minutes before each countdown (repeatable).") var remind: [Int] = []

    func run() async throws {
        if let frames { try Input.check(frames, option: "--frames", in: 1...Int.max) }
        for minutes in remind { try Input.check(minutes, option: "--remind", in: CommonOptions.reminderMinutes) }
        let zone = try common.reference().timeZone
        let grouping = try Input.grouping(group, option: "--group")
        var filter: CountdownFilter = .scope(.active)
        if let tag {
            guard let value = CountdownTag(tag) else { throw Input.invalid("--tag", tag, expected: "a tag that is not only white space") }
            filter = .and([filter, .hasTag(value)])
        }
        let terminal = Terminal.current()
        let store = try common.openStore()

        // The latest snapshot from the store's observation, shared with the drawing loop. The
        // observation also sees countdowns other processes add (within a quarter of a second), and
        // each change redraws at once instead of at the next tick.
        let latest = Snapshot()
        await latest.set(try await store.all())
        let (redraws, redraw) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let following = Task {
            do {
                for try await countdowns in store.observe() {
                    await latest.set(countdowns)
                    redraw.yield()
                }
            } catch {
                await latest.alert("No longer following the database: \((error as? any LocalizedError)?.errorDescription ?? "\(error)")")
                redraw.yield()
            }
        }
        // Reminders: due, and `--remind` minutes before, following the same database.
        let viewerClock = ViewerClock.system(timeZone: zone)
        let scheduler = try ReminderScheduler(clock: viewerClock, leadTimes: remind.map { .seconds($0 * 60) })
        let scheduling = Task { try await scheduler.follow(store.observe()) }
        let alerting = Task {
            for await reminder in scheduler.reminders {
                let when: String
                switch reminder.kind {
                case .due: when = "is due now"
                case .ahead(let lead):
                    let minutes = lead.components.seconds / 60
                    when = "is \(minutes) minute\(minutes == 1 ? "" : "s") away"
                }
                // The bell only where a person hears it.
                await latest.alert("\(terminal.controlsScreen ? "\u{7}" : "")⏰ \(reminder.countdown.title) \(when)")
            }
        }
        // Once a second, so that the times tick.
        let ticking = Task {
            let clock = ContinuousClock()
            var next = clock.now
            while !Task.isCancelled {
                redraw.yield()
                next = next.advanced(by: .seconds(1))
                try await clock.sleep(until: next, tolerance: .milliseconds(50))
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
        for await _ in redraws {
            if let frames, frame >= frames { break }
            let reference = viewerClock.frozen()
            let shown = CountdownSort(.date).sorted(filter.filter(await latest.countdowns, at: reference), in: zone)
            // On a terminal: home and clear, then the frame; elsewhere frames are separated by an empty line.
            var screen = terminal.controlsScreen ? "\u{1B}[H\u{1B}[2J" : (frame > 0 ? "\n" : "")
            screen += terminal.bold("countdowns — \(LocalDateTime(containing: reference.now, in: zone)) \(zone.identifier)") + "\n\n"
            screen += Rendering.lines(shown, grouping: grouping, at: reference, withSeconds: true).joined(separator: "\n")
            let alerts = await latest.alerts
            if !alerts.isEmpty { screen += "\n\n" + alerts.joined(separator: "\n") }
            // Written at once (not buffered), so that a pipe sees each frame as it is drawn.
            FileHandle.standardOutput.write(Data((screen + "\n").utf8))
            frame += 1
        }
    }
}

/// The newest list of countdowns seen, and the latest reminders.
actor Snapshot {
    private(set) var countdowns: [Countdown] = []
    private(set) var alerts: [String] = []
    func set(_ value: [Countdown]) { countdowns = value }
    func alert(_ line: String) { alerts = Array((alerts + [line]).suffix(5)) }
}
