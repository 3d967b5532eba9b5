import AirdateCore
import Benchmark
import Foundation
import WatchOrder

// Merge: 100,000 episodes of 50 shows, weekly episodes with shared days, "Part N" titles and a
// crossover rule every 100 days. Store: a full refresh of those episodes in a database file that
// already holds them (every row upserted) while watched marks exist; and ten marks, each followed
// by the up-next value its observation emits for it.

/// 50 shows × 2,000 episodes, deterministic. Shows air on one of 7 weekdays, so about 7 shows share
/// each day; every 50th episode is a "Part N" of an event.
func generatedLists(shows: Int = 50, episodesPerShow: Int = 2_000) -> [EpisodeList] {
    let start = CalendarDay(daysSince1970: 0)
    return (0..<shows).map { showIndex in
        let show = Show(name: "Show \(showIndex)")
        let episodes = (0..<episodesPerShow).map { index in
            let season = index / 20 + 1
            let number = index % 20 + 1
            let title = index % 50 == 0 ? "Event \(index / 50), Part \(showIndex % 5 + 1)" : "Episode \(index)"
            return Episode(
                showID: show.id, season: season, number: number, overall: index + 1, title: title,
                airDay: start.adding(days: showIndex % 7 + index * 7))
        }
        return EpisodeList(show: show, episodes: episodes)
    }
}

/// One crossover sequence every 100 weeks across five shows that air on the same weekday.
func generatedRules(episodesPerShow: Int = 2_000) -> [OrderingRule] {
    stride(from: 0, to: episodesPerShow, by: 100).map { index in
        .sequence(name: "Crossover \(index)", episodes: [0, 7, 14, 21, 28].map { show in
            EpisodeReference(show: "show-\(show)", season: index / 20 + 1, episode: index % 20 + 1)
        })
    }
}

let benchmarks: @Sendable () -> Void = {
    let lists = generatedLists()
    let rules = generatedRules()
    let priority = (0..<50).map { "show-\($0)" }

    Benchmark(
        "merge 100,000 episodes of 50 shows",
        configuration: .init(metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal], maxIterations: 20)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try WatchList.merge(lists, rules: rules, showPriority: priority))
        }
    }

    Benchmark(
        "store full refresh 100,000 episodes of 50 shows",
        configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(30), maxIterations: 5)
    ) { benchmark in
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watchorder-bench-\(UUID().uuidString)")
        let store = try WatchOrderStore(path: folder.appendingPathComponent("watch.sqlite").path)
        try await store.refresh(lists)
        try await store.watch(lists.flatMap { $0.episodes.prefix(500).map(\.id) })
        benchmark.startMeasurement()
        try await store.refresh(lists)
        benchmark.stopMeasurement()
        try? FileManager.default.removeItem(at: folder)
    }

    Benchmark(
        "observeUpNext 10 marks, each to its new value, 100,000 episodes of 50 shows",
        configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 5)
    ) { benchmark in
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watchorder-bench-\(UUID().uuidString)")
        let store = try WatchOrderStore(path: folder.appendingPathComponent("watch.sqlite").path)
        try await store.refresh(lists)
        try await store.setRules(rules)
        try await store.setShowPriority(priority)
        // Far in the future: every episode has aired, so each mark moves "next" on.
        let clock = ViewerClock.fixed(at: Date(timeIntervalSince1970: 4_000_000_000), timeZone: .gmt)
        var upNext = store.observeUpNext(at: clock).makeAsyncIterator()
        guard var next = try await upNext.next()?.next else { return }
        benchmark.startMeasurement()
        for _ in 0..<10 {
            try await store.watch([next.id])
            guard let value = try await upNext.next()?.next else { break }
            next = value
        }
        benchmark.stopMeasurement()
        try? FileManager.default.removeItem(at: folder)
    }
}
